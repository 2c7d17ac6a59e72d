# SPDX-License-Identifier: GPL-2.0-only
# Shared helpers for the shell TAP tests (sourced, POSIX sh).
#
# Environment from the test harness (t/local.mk): top_srcdir, top_builddir,
# FIO, ENGINE_SO, pkglibdir, SANDBOX_DIR, CEPHFS_UTIL.  Run by hand, a test
# falls back to the build tree it lives in (and the default pkglibdir).

: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
: "${FIO:=fio}"
: "${ENGINE_SO:=$top_builddir/engine/.libs/fio-cephfs.so}"
: "${pkglibdir:=/usr/local/lib/fio-cephfs}"
: "${SANDBOX_DIR:=$top_builddir/t/sandbox}"
: "${CEPHFS_UTIL:=$top_builddir/t/cephfs-util}"
: "${TEST_WRAPPER:=}"

tap_count=0
tap_failed=0
TEST_NAME=$(basename "$0" .t)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/$TEST_NAME.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Time bounds: each is the sum of the configured timeouts that the case
# can go through, plus TIME_MARGIN seconds for what no timeout bounds --
# starting fio and libcephfs, exiting, the sandbox's own commands -- on a
# loaded, shared machine (a CPU-bound process on one core, or a second
# cluster beside this one).  Never one machine's measured speed.
: "${TIME_MARGIN:=15}"

# within DESCRIPTION ELAPSED CONFIGURED: passes when ELAPSED seconds are
# under CONFIGURED + TIME_MARGIN.
within() {
	ok $([ "$2" -lt $(( $3 + TIME_MARGIN )) ]; echo $?) \
		"$1 within $(( $3 + TIME_MARGIN )) s: $3 s of timeouts + $TIME_MARGIN s margin (took ${2}s)"
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

bail_out() {
	echo "Bail out! $*"
	exit 1
}

# fio drops files in its working directory (verify state of an ended
# verify job): keep them in $TMP, out of the build tree that distcheck
# expects clean.
cd "$TMP" || bail_out "cannot enter $TMP"

diag() { printf '%s\n' "$@" | sed 's/^/# /' >&2; }

ok() {
	tap_count=$((tap_count + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_count - $2"
	else
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_count - $2"
	fi
}

# run_ok DESCRIPTION CMD...: passes when CMD exits 0.
run_ok() {
	desc=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	ok $rc "$desc"
	[ $rc = 0 ] || { diag "exit $rc: $*"; cat "$TMP/out" "$TMP/err" | tail -n 20 | diag_stream; }
	return $rc
}

# is DESCRIPTION GOT EXPECTED
is() {
	if [ "$2" = "$3" ]; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "got:      '$2'" "expected: '$3'"
	fi
}

# like DESCRIPTION TEXT REGEX (grep -E)
like() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "'$2'" "does not match /$3/"
	fi
}

diag_stream() { sed 's/^/# /' >&2; }

# skip COUNT REASON: COUNT tests that cannot run here, and why.
skip() {
	n=$1
	shift
	while [ "$n" -gt 0 ]; do
		tap_count=$((tap_count + 1))
		echo "ok $tap_count # SKIP $*"
		n=$((n - 1))
	done
}

# have CALL: config.h's name for CALL, as configure's AC_CHECK_FUNCS makes it.
have() { echo "HAVE_$1" | tr '[:lower:]' '[:upper:]'; }

# configured CALL: whether configure found libcephfs' CALL, so the engine
# was built to use it.
configured() {
	grep -q "^#define $(have "$1") 1" "$top_builddir/config.h"
}

# Whether the engine offers cephfs_async=native.
native_async() { configured ceph_ll_nonblocking_readv_writev; }

# exported CALL: whether the libcephfs the engine loads defines CALL, asked
# of that library (scripts/libcephfs-exports), not of configure; sets
# LIBCEPHFS to its path.  A library that cannot be looked at bails out:
# "could not look" is no "absent".
exported() {
	LIBCEPHFS=$("$top_srcdir/scripts/libcephfs-exports" "$ENGINE_SO" "$1" 2>"$TMP/exported.err")
	case $? in
	0) return 0 ;;
	1) return 1 ;;
	esac
	bail_out "cannot tell whether libcephfs has $1: $(cat "$TMP/exported.err")"
}

# missed CALL: a failed test, for a CALL the library has that configure
# did not find.
missed() {
	ok 1 "$1: $LIBCEPHFS has it, but configure did not find it (no $(have "$1") in config.h)"
}

# without CALL COUNT: the COUNT tests that need CALL, in a build without it
# (config.h).  Skipped, with the reason, where the libcephfs the engine
# loads truly lacks CALL; failed, naming CALL, where it has CALL and
# configure missed it.
without() {
	if exported "$1"; then
		n=$2
		while [ "$n" -gt 0 ]; do
			missed "$1"
			n=$((n - 1))
		done
	else
		skip "$2" "this libcephfs lacks $1"
	fi
}

# lacks CALL: one test, for a build without CALL whose cases take another
# way instead of skipping: passes where the libcephfs the engine loads
# truly lacks CALL, fails naming it where configure missed it.
lacks() {
	if exported "$1"; then
		missed "$1"
	else
		ok 0 "$LIBCEPHFS lacks $1, as configure found"
	fi
}

# done_testing: the plan, the count of the cases that ran, as a test's last
# command; its status fails the test for a failed case.  A test that ends
# before it (a bail_out, a crash, a kill on timeout) has no plan, which
# the TAP driver reports as an error: nobody counts cases by hand.
done_testing() {
	echo "1..$tap_count"
	[ "$tap_failed" = 0 ]
}

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

# json_eval FILE EXPR: a Python expression over the JSON document `d`,
# e.g. json_eval out.json "sum(j['write']['io_bytes'] for j in d['jobs'])".
# fio 3.42 flushes a job process's messages (its "fio: pid=N, err=..."
# line) into --output before the JSON: the document is what starts at the
# first line that is "{", as cephfs-tool reads fio's output too.
json_eval() {
	python3 -c 'import json, sys
text = open(sys.argv[1]).read()
start = 0 if text.startswith("{") else text.find("\n{") + 1
d = json.JSONDecoder().raw_decode(text[start:])[0]
print(eval(sys.argv[2]))' "$1" "$2"
}

# doc/reliability.md's matrix is made from the test run: a test calls
# matrix_row after the assertions of one case, and scripts/reliability-matrix
# turns every t/*.matrix of the build into the table.
MATRIX_FILE=$top_builddir/t/$TEST_NAME.matrix
matrix_failed=0

# matrix_row CASE EXPECTED SECONDS: pass when the assertions since the last
# row all passed.
matrix_row() {
	[ -n "${matrix_started:-}" ] || { : >"$MATRIX_FILE"; matrix_started=1; }
	result=pass
	[ "$tap_failed" = "$matrix_failed" ] || result=FAIL
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$result" >>"$MATRIX_FILE"
	matrix_failed=$tap_failed
}

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

# fio servers on loopback for fio --client, stopped by stop_servers (call
# it from the test's EXIT trap).
server_pids=
listening() { [ -n "$(ss -Hltn "sport = :$1")" ]; }

# start_server VAR [ENV...]: a fio server on loopback, on the first port
# that nothing listens on of 20 from a random start below the ephemeral
# range (fio binds with SO_REUSEPORT: it would share a busy port rather
# than fail, and CI runs each platform's suite at once), its port in VAR.
start_server() {
	var=$1
	shift
	first=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 12000))
	for port in $(seq $first $((first + 19))); do
		listening $port && continue
		env "$@" "$FIO" --server=ip:127.0.0.1,$port \
			>"$TMP/server-$port.log" 2>&1 &
		server_pids="$server_pids $!"
		# (no configured timeout bounds fio's start: the margin does)
		if await 0 listening $port; then
			eval "$var=$port"
			return 0
		fi
		bail_out "fio --server on port $port: $(cat "$TMP/server-$port.log")"
	done
	bail_out "no free port for a fio server in $first-$((first + 19))"
}

# machine_wide NAME CMD...: CMD once no other test on this machine holds
# NAME, in any Debian root too: an abstract unix socket, bound for CMD's
# time, which the roots share with the host (one network namespace).
machine_wide() {
	python3 -c 'import socket, subprocess, sys, time
held = socket.socket(socket.AF_UNIX)
while True:
    try:
        held.bind("\0fio-cephfs-" + sys.argv[1])
        break
    except OSError:
        time.sleep(0.2)
sys.exit(subprocess.call(sys.argv[2:]))' "$@"
}

stop_servers() {
	for pid in $server_pids; do
		kill $pid 2>/dev/null
		wait $pid 2>/dev/null
	done
	server_pids=
}

# Looking at the running client and at the MDS's sessions, from outside
# the engine: jobs are held with their mounts up while the test looks.

# held_setup: a fresh $TMP/held, with the hook the jobs run (a script: a
# job file ends an option's value at its first ';').
held_setup() {
	held_json=
	rm -rf "$TMP/held"
	mkdir -p "$TMP/held/at"
	cat >"$TMP/held/hook" <<EOF
mktemp -p "$TMP/held/at" "\$1.XXXXXX" >/dev/null
while [ ! -e "$TMP/held/go" ] && [ ! -e "$TMP/held/go.\$1" ] && kill -0 $$ 2>/dev/null; do
	sleep 0.05
done
EOF
}

# hold_option PHASE NAME: fio's exec_PHASE for a job to hold at, prerun
# (after the engine's init mounted) or postrun (after the job's I/O, before
# its files close and its mount goes): it marks NAME held in
# $TMP/held/at, then waits for let_go NAME or release_held, or for this
# test to end.  After held_setup.
hold_option() {
	echo "--exec_$1=sh $TMP/held/hook $2"
}

# held_fio JSON ARGS...: cephfs_fio in the background, its shell's pid in
# $held_pid (fio descends from it).
held_fio() {
	held_setup
	held_json=$1
	cephfs_fio "$@" &
	held_pid=$!
}

# held_count [NAME]: how many jobs (named NAME) are holding or have held.
held_count() {
	ls "$TMP/held/at" | grep -c "^${1:-.*}\.......$"
}

# wait_held DESCRIPTION N TIMEOUTS [NAME]: a test that N jobs (named NAME)
# held within TIMEOUTS (the configured seconds they go through) +
# TIME_MARGIN; fio ending first fails it at once.
wait_held() {
	deadline=$(( $(date +%s) + $3 + TIME_MARGIN ))
	while [ "$(held_count "${4:-}")" -lt "$2" ] &&
	      kill -0 "$held_pid" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do
		sleep 0.05
	done
	is "$1 (within $3 s of timeouts + $TIME_MARGIN s margin)" "$(held_count "${4:-}")" "$2"
}

# let_go NAME: the jobs named NAME go on.
let_go() {
	touch "$TMP/held/go.$1"
}

# release_held: let every held job go and wait for fio; its status in $rc.
# fio's notes ("NAME : Saving output of prerun ..." for each exec_ hook)
# come before its JSON document in the output file: they go.
release_held() {
	touch "$TMP/held/go"
	wait "$held_pid"
	rc=$?
	[ -z "$held_json" ] || sed -i '/^{$/,$!d' "$held_json"
}

# descendants_py: a Python function, below(pid), whether a process
# descends from (or is) $held_pid.
descendants_py="
import os
def below(pid, top=int(os.environ['HELD_PID'])):
    while pid > 1:
        if pid == top:
            return True
        try:
            pid = int(open('/proc/%d/stat' % pid).read().rsplit(')', 1)[1].split()[1])
        except OSError:
            return False
    return False
"

# held_sessions: the MDS's open client sessions (rank 0's session ls) of
# processes descending from $held_pid, one "SESSION-ID PID" a line.
held_sessions() {
	ceph tell "mds.$CEPHFS_FS:0" session ls 2>/dev/null |
		HELD_PID=$held_pid python3 -c "$descendants_py"'
import json, sys
for s in json.load(sys.stdin):
    pid = int(s["client_metadata"].get("pid", 0))
    if s["state"] == "open" and below(pid):
        print(s["id"], pid)'
}

# held_sockets: the admin sockets of the clients (the sandbox's [client]
# admin socket, named by pid) in processes descending from $held_pid.
held_sockets() {
	HELD_PID=$held_pid python3 -c "$descendants_py"'
import glob, re, sys
for path in sorted(glob.glob(sys.argv[1] + "/run/ceph-client.*.asok")):
    m = re.search(r"\.(\d+)\.\d+\.asok$", path)
    if m and below(int(m.group(1))):
        print(path)' "$CEPH_SANDBOX_DIR"
}

# client_ask SOCKET COMMAND...: a running client's answer through its
# admin socket (`ceph daemon` refuses to run with CEPH_ARGS set).
client_ask() {
	sock=$1
	shift
	(unset CEPH_ARGS; ceph --admin-daemon "$sock" "$@" 2>/dev/null)
}

# client_config SOCKET KEY: the value of KEY in the running client.
client_config() {
	client_ask "$1" config get "$2" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"
}

# ---- Timing: waiting for a precondition, and when things happened ----
# A fault or a signal goes once what it needs has been seen, never after a
# fixed sleep; each wait is bounded by the configured timeouts of what it
# waits for, plus TIME_MARGIN, and not seeing it is a failure.

# await CONFIGURED CMD...: run CMD every 0.1 s until it succeeds, for at
# most CONFIGURED + TIME_MARGIN seconds; status 1 if it never did.
await() {
	await_end=$(( $(date +%s) + $1 + TIME_MARGIN ))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$await_end" ] || return 1
		sleep 0.1
	done
}

# exited PID: the process (a child of this shell) has ended.
exited() {
	! kill -0 "$1" 2>/dev/null
}

# now_ms: the wall clock in milliseconds, the clock of fio's logs with
# log_unix_epoch=1 and of the Ceph daemons' log lines.
now_ms() {
	date +%s%3N
}

# kill_tree PID: SIGKILL to PID and all its descendants (a killed tool's
# fio would go on creating files, and its job processes with it).
kill_tree() {
	kt_children=$(pgrep -P "$1")
	kill -KILL "$1" 2>/dev/null
	for kt_child in $kt_children; do
		kill_tree "$kt_child"
	done
}

# signal_when CONFIGURED COND SIGNAL PID WHAT ENDS: send SIGNAL to PID (a
# background child) once COND holds, within CONFIGURED + TIME_MARGIN s,
# with a test saying so (WHAT: what COND sees); then wait for PID's end,
# at most ENDS (the timeouts its exit goes through) + TIME_MARGIN s, and
# kill it past that.  Its exit status in $rc, the seconds from the signal
# to its end in $elapsed.  When COND never held, no signal goes: the test
# fails, PID and its descendants are killed, and rc and elapsed are "none".
signal_when() {
	sw_pid=$4
	await "$1" "$2"
	sw_seen=$?
	ok $sw_seen "SIG$3 sent once $5 (within $1 s + $TIME_MARGIN s margin)"
	if [ $sw_seen != 0 ]; then
		kill_tree $sw_pid
		wait $sw_pid
		rc=none elapsed=none
		return 1
	fi
	sw_start=$(date +%s)
	kill -$3 $sw_pid
	await "$6" exited $sw_pid || kill_tree $sw_pid
	wait $sw_pid
	rc=$?
	elapsed=$(( $(date +%s) - sw_start ))
}
