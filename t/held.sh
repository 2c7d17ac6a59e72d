# SPDX-License-Identifier: GPL-2.0-only
# Looking at the running client and at the MDS's sessions, from outside
# the engine: jobs are held with their mounts up while the test looks
# (sourced after t/lib.sh).
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"

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
