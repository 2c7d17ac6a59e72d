# SPDX-License-Identifier: GPL-2.0-only
# The cluster a test runs on: the shared sandbox or a private one, a
# directory and a key of the test's own, fio with the engine under test
# (sourced after t/lib.sh).

# Source the sandbox cluster's environment, or skip the whole test when
# there is none (a failure where CEPHFS_REQUIRE_CLUSTER=1, as in CI).
need_cluster() {
	if [ -f "$SANDBOX_DIR/env" ]; then
		. "$SANDBOX_DIR/env"
		return
	fi
	unavailable "no sandbox cluster in $SANDBOX_DIR (install ceph-mon ceph-osd ceph-mds; see doc/development.md)"
}

# unavailable REASON: skip the whole test for want of what REASON names;
# where CEPHFS_REQUIRE_CLUSTER=1 (CI, whose machine scripts/install-deps
# set up with everything) fail it instead.
unavailable() {
	[ "${CEPHFS_REQUIRE_CLUSTER:-0}" != 1 ] || bail_out "$* and CEPHFS_REQUIRE_CLUSTER=1"
	skip_all "$*"
}

# A CephFS directory private to this test run, removed at exit.
cephfs_testdir() {
	CEPHFS_DIR="/t-$TEST_NAME-$$"
	trap 'rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT
}

# confined_client DIR: a key that may use only DIR of the test filesystem,
# as `ceph fs authorize` makes them (the MDS refuses everything outside
# it): sets CONFINED_ID and CONFINED_KEYRING; the key goes at exit.  Call
# after cephfs_testdir.
confined_client() {
	CONFINED_ID=$TEST_NAME-$$
	CONFINED_KEYRING=$TMP/confined.keyring
	ceph fs authorize "$CEPHFS_FS" "client.$CONFINED_ID" "$1" rw \
		>"$CONFINED_KEYRING" 2>"$TMP/authorize.err" ||
		bail_out "cannot make a key confined to $1: $(cat "$TMP/authorize.err")"
	trap 'ceph auth rm "client.$CONFINED_ID" >/dev/null 2>&1; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT
}

# cephfs_fio JSON_OUT ARGS...: fio with the engine under test and JSON
# results in JSON_OUT; fio's own output goes to $TMP/fio.out and fio.err.
cephfs_fio() {
	out=$1
	shift
	$TEST_WRAPPER "$FIO" --output-format=json --output="$out" \
		--ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" "$@" \
		>"$TMP/fio.out" 2>"$TMP/fio.err"
}

# md_fio OP NRFILES FORMAT ARGS...: cephfs_op=OP once on each of NRFILES
# names a job (FORMAT: fio's filename_format), 2 jobs as threads, one file
# open at a time, in order; fio's JSON in $TMP/OP.json.
md_fio() {
	md_op=$1
	md_files=$2
	md_format=$3
	shift 3
	cephfs_fio "$TMP/$md_op.json" --thread --name=$md_op --numjobs=2 \
		--nrfiles=$md_files --filename_format="$md_format" --rw=write \
		--bs=4k --openfiles=1 --file_service_type=sequential \
		--cephfs_op=$md_op "$@"
}

# size_of PATH: the size of a file on the cluster.
size_of() { "$CEPHFS_UTIL" stat "$1" | cut -d' ' -f4; }

# A private sandbox cluster for tests that crash its daemons or need a
# shape of their own, stopped at exit.  private_sandbox [MEMSTORE_BYTES
# [START_OPTIONS...]] (e.g. "" --mds-ranks 2): stop the previous one, start
# a new one, use it.
private_sandbox() {
	memstore_bytes=${1:-}
	[ $# = 0 ] || shift
	[ -z "${PRIVATE_SANDBOX:-}" ] ||
		"$top_srcdir/scripts/ceph-sandbox" stop "$PRIVATE_SANDBOX" >/dev/null 2>&1
	PRIVATE_SANDBOX=$TMP/sandbox.$(date +%s%N)
	trap '"$top_srcdir/scripts/ceph-sandbox" stop "$PRIVATE_SANDBOX" >/dev/null 2>&1; rm -rf "$TMP"' EXIT
	CEPH_SANDBOX_MEMSTORE_BYTES=$memstore_bytes \
		"$top_srcdir/scripts/ceph-sandbox" start "$@" "$PRIVATE_SANDBOX" \
		>"$TMP/sandbox.log" 2>&1 ||
		bail_out "cannot start a private sandbox: $(tail -n 3 "$TMP/sandbox.log")"
	. "$PRIVATE_SANDBOX/env"
}
