#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every libcephfs failure and every bad engine option ends the job with a
# non-zero exit and one line that says what is wrong; a cluster that does
# not answer fails within the mount timeout instead of hanging.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/matrix.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

# fails DESCRIPTION REGEX FIO-ARGS...: fio exits non-zero, stderr matches.
fails() {
	desc=$1 regex=$2
	shift 2
	start=$(date +%s)
	cephfs_fio "$TMP/e.json" --name=e --filename="$d/e" --rw=write --bs=4k \
		--size=4k "$@"
	ok $([ $? != 0 ]; echo $?) "$desc: fio fails"
	like "$desc: says why" "$(cat "$TMP/fio.err")" "$regex"
	matrix_row "engine: $desc" "fio exits 1, one line naming it" \
		$(( $(date +%s) - start ))
}

fails "unknown filesystem" ": filesystem 'nofs' does not exist$" --cephfs_fs=nofs
fails "missing root path" \
	"root directory '/no/such/dir' does not exist in filesystem '$CEPHFS_FS'" \
	--cephfs_root=/no/such/dir
# A key confined to a directory that is not there yet: its MDS refuses the
# filesystem's top, which must not pass for a missing filesystem.
confined_client "$d/lim"
fails "missing root path, key confined to it" \
	"root directory '$d/lim' does not exist in filesystem '$CEPHFS_FS'" \
	--cephfs_id="$CONFINED_ID" --cephfs_keyring="$CONFINED_KEYRING" \
	--cephfs_root="$d/lim"
fails "unknown filesystem, confined key" ": filesystem 'nofs' does not exist$" \
	--cephfs_id="$CONFINED_ID" --cephfs_keyring="$CONFINED_KEYRING" \
	--cephfs_root="$d/lim" --cephfs_fs=nofs
fails "missing keyring" "no readable keyring for client.admin" \
	--cephfs_keyring="$TMP/missing.keyring"
sed 's/key = .*/key = AQBNxQxnAAAAABAAm1L7vW1pbMb5KIfx1SDBQQ==/' \
	"$SANDBOX_DIR/client.admin.keyring" > "$TMP/wrong.keyring"
fails "key that does not match" "Permission denied: authentication .* refused for client.admin" \
	--cephfs_keyring="$TMP/wrong.keyring"
fails "unknown client id" "authentication .* refused for client.nobody" \
	--cephfs_id=nobody
fails "missing conf file" "ceph_conf_read_file: No such file" \
	--cephfs_conf="$TMP/missing.conf"
printf '[global\nmon host = \n' > "$TMP/broken.conf"
fails "unparsable conf file" "ceph_conf_read_file: " --cephfs_conf="$TMP/broken.conf"
CEPH_ARGS="--keyring=$TMP/missing.keyring" \
	fails "CEPH_ARGS reaches libcephfs" "no readable keyring for client.admin"
fails "unknown setting in cephfs_set" "cannot apply setting 'no_such_option=1' \\(set by cephfs_set\\)" \
	--cephfs_set=client_oc=1,no_such_option=1
fails "a value Ceph refuses, in cephfs_set" \
	"ceph_conf_set: Invalid argument: cannot apply setting 'client_oc_size=18446744073709551615' \\(set by cephfs_set\\)$" \
	--cephfs_set=client_oc_size=18446744073709551615
"$CEPHFS_UTIL" mkdir "$d" 755 && "$CEPHFS_UTIL" put "$d/file" 10 ||
	bail_out "cannot put $d/file"
fails "root path that is a file" \
	"ceph_mount: Not a directory: root '$d/file' is not a directory$" --cephfs_root="$d/file"
mkdir "$TMP/keyring.d"
fails "keyring that is a directory" \
	"keyring: Is a directory: cannot read keyring '$TMP/keyring.d'$" \
	--cephfs_keyring="$TMP/keyring.d"
echo "not a keyring" >"$TMP/garbage.keyring"
fails "keyring that is not a keyring" \
	"ceph_init: (Input/output error|No such file or directory): keyring '$TMP/garbage.keyring' holds no key Ceph can load for client.admin$" \
	--cephfs_keyring="$TMP/garbage.keyring"
# Without ceph_get_perf_counters the dump needs an admin socket in TMPDIR.
if configured ceph_get_perf_counters; then
	skip 2 "ceph_get_perf_counters: no admin socket in TMPDIR"
else
	mkdir "$TMP/\$cluster"
	TMPDIR="$TMP/\$cluster" fails "TMPDIR with \$cluster, with a perf dump" \
		"admin socket: Invalid argument: TMPDIR '$TMP/\\\$cluster' has a '\\\$' at $((${#TMP} + 1)), which Ceph expands" \
		--cephfs_perf_dump="$TMP/pd.json"
fi
# Every number, too big for its type (4294967295 once wrapped to uid -1,
# root; 4294967296 to a timeout of 0) and below its range.
for bad in uid=4294967295 uid=2147483648 uid=-2 gid=4294967295 gid=-2 \
	client_oc=2 client_oc=-2 client_oc_size=-1 msgr_workers=25 \
	msgr_workers=-3 msgr_workers=4294967297 mount_timeout=4294967296 \
	mount_timeout=-1 op_timeout=4294967296 async_threads=1025 \
	async_threads=-1; do
	fails "cephfs_$bad" "^cephfs: cephfs_$bad is out of range" --cephfs_$bad
done
fails "cephfs_create_bytes=4g" \
	"^cephfs: cephfs_create_bytes=4294967296 is out of range \\(0 to 2147483647\\)" \
	--cephfs_create_bytes=4g --cephfs_op=create
fails "number beyond 64 bits" "cephfs_gid=99999999999999999999" \
	--cephfs_gid=99999999999999999999
fails "unparsable cephfs_client_oc_size" "cephfs_client_oc_size=abc" \
	--cephfs_client_oc_size=abc
fails "negative cephfs_op_timeout" "cephfs_op_timeout=-1 is out of range" \
	--cephfs_op_timeout=-1
fails "unparsable cephfs_mount_timeout" "cephfs_mount_timeout" \
	--cephfs_mount_timeout=soon
fails "unknown cephfs_op" "cephfs_op=bogus" --cephfs_op=bogus

# A monitor address nobody listens on: the mount gives up after the timeout.
sed 's/^mon host = .*/mon host = v2:127.0.0.1:1/' "$CEPH_CONF" > "$TMP/dead.conf"
start=$(date +%s)
fails "cluster that does not answer" "did not answer within 3 s" \
	--cephfs_conf="$TMP/dead.conf" --cephfs_mount_timeout=3
elapsed=$(( $(date +%s) - start ))
# (the monitor wait, then at most the session close: twice the timeout)
within "gave up" $elapsed $((2 * 3))
done_testing
