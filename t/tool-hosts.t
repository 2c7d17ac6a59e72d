#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --clients across hosts that are hosts (t/hosts.sh): two network
# namespaces on a private bridge, a fio server in each on its own address,
# a private cluster listening on the bridge's address.  The report and the
# JSON name each host by its address.  A host whose link goes down during
# a phase stops answering (no reset): the run ends within fio's own
# timeout for a silent server plus the configured ones, names the host,
# gives no figure for the phase, and leaves nothing behind.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
. "$top_srcdir/t/servers.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"
. "$top_srcdir/t/hosts.sh"
need_cluster
trap 'hosts_down; rm -rf "$TMP"' EXIT
hosts_up 2 || unavailable "$hosts_unavailable"
hosts_sandbox
tool_root
trap 'stop_servers; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1
"$top_srcdir/scripts/ceph-sandbox" stop "$PRIVATE_SANDBOX" >/dev/null 2>&1
hosts_down; rm -rf "$TMP"' EXIT

host_server 1 h1
host_server 2 h2
a1=${h1%:*} a2=${h2%:*}

bench --clients "$h1,$h2" --threads 2 --files 16 --size 256K --block-size 64K \
	--json "$TMP/a.json" --no-cleanup
is "two namespace hosts: exit 0" $rc 0
dir=$(run_dir)
files_in() { "$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/$1" | wc -l; }
is "each host wrote its 8 files in its own directory, named by its address" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort | tr '\n' ' ')| $(files_in ${a1}_8765) $(files_in ${a2}_8765)" \
	"${a1}_8765 ${a2}_8765 | 8 8"
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"
hosts_listed 2 16 "$h1" "$h2"
is "... with a line per phase for each" "$(host_lines "$h1") $(host_lines "$h2")" "2 2"
is "JSON: the hosts by address; each phase's files, the hosts' sum" \
	"$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
it = d["iterations"][0]
print(d["configuration"]["clients"], [c["host"] for c in it["clients"]],
      [(it[p]["files"], sum(c[p]["files"] for c in it["clients"])) for p in ("write", "read")])' "$TMP/a.json")" \
	"['$h1', '$h2'] ['$h1', '$h2'] [(16, 16), (16, 16)]"

# Host 1's link goes down once both hosts are writing: its server stops
# answering.  fio --client gives up on a server whose ETA requests go
# unanswered, FIO_NET_CLIENT_TIMEOUT (5 s, fio's server.h) each, at the
# seventh in a row (client.c's handle_cmd_timeout), one ETA period
# (0.9 s) apart; the other host's phase has ended by then (--duration,
# shorter).  Then the tool's cleanup mount, one mount timeout, and its
# removal of host 1's files, whose caps the silent client holds until the
# MDS marks its session stale (session_timeout, set here, at least 30 s)
# and takes them back.
FIO_SILENT_SERVER=42
MOUNT_TIMEOUT=10
DURATION=20
SESSION_TIMEOUT=30
ceph fs set "$CEPHFS_FS" session_timeout $SESSION_TIMEOUT >/dev/null 2>"$TMP/set.err" ||
	bail_out "cannot set session_timeout: $(cat "$TMP/set.err")"
"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
	--root-path "$CEPHFS_DIR" --clients "$h1,$h2" --threads 2 --files 100000 \
	--size 64K --block-size 4K --fsync-every 4K --duration $DURATION \
	--mount-timeout $MOUNT_TIMEOUT --op-timeout $MOUNT_TIMEOUT \
	--json "$TMP/down.json" >"$TMP/out" 2>"$TMP/err" &
pid=$!
hosts_writing() {
	dir=$(run_dir)
	[ -n "$dir" ] &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/${a1}_8765" 2>/dev/null | grep -q . &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/${a2}_8765" 2>/dev/null | grep -q .
}
await $MOUNT_TIMEOUT hosts_writing
ok $? "both hosts writing (within their $MOUNT_TIMEOUT s mount timeout + $TIME_MARGIN s margin)"
start=$(date +%s)
host_link 1 down
bound=$((FIO_SILENT_SERVER + MOUNT_TIMEOUT + SESSION_TIMEOUT))
await $bound exited $pid || kill_tree $pid
wait $pid
rc=$?
elapsed=$(( $(date +%s) - start ))
host_link 1 up
is "a host whose link went down mid-phase: exit 1" $rc 1
within "... the run ended: fio's ${FIO_SILENT_SERVER} s for a silent server, the cleanup's mount and session timeouts," \
	$elapsed $bound
write_failed_by "$h1" "$TMP/down.json"
like "... for want of its results: fio timed its server out" \
	"$(grep '^  Write:' "$TMP/out")" "no results from this host; .*timeout on SEND_ETA"
stop_servers
siblings_intact "a host's link down mid-phase"
# The silent host's job (a child of its server, which stop_servers does
# not signal) ends by the engine's watchdog, twice the op timeout, and
# its unmount, one mount timeout.
no_server_left() { ! pgrep -f -- "--server=ip:($(host_addr 1)|$(host_addr 2)),8765\$" >/dev/null; }
await $((3 * MOUNT_TIMEOUT)) no_server_left
ok $? "no fio server or job left (within twice the op and once the mount timeout + $TIME_MARGIN s margin)"
matrix_row "client host's link down during a cephfs-tool write phase (2 hosts, no reset)" \
	"exit 1 within $((bound + TIME_MARGIN)) s, phase FAILED naming the host, no figures, nothing left" $elapsed
done_testing
