#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --clients: two fio servers on loopback, started here and stopped at the
# end, run the bench at once, each in its own directory; the aggregate is all
# hosts' bytes over the first start to the last end (IOR's).  A host that is down, or up but failing, gives an
# error naming it, exit 1 and no figures passed off as a whole run.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
. "$top_srcdir/t/servers.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

trap 'stop_servers; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT

start_server p1
start_server p2
h1=127.0.0.1:$p1 h2=localhost:$p2

bench --clients "$h1,$h2" --threads 2 --files 6 --size 256K --block-size 64K \
	--no-cleanup
is "two client hosts: exit 0" $rc 0
dir=$(run_dir)
is "each host wrote in its own directory" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort | tr '\n' ' ')" \
	"127.0.0.1_${p1} localhost_${p2} "
# --files is the total: 6 over 4 threads, the first host's two take one more.
is "... its share of the 6 files in all" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/127.0.0.1_$p1" | sort | tr '\n' ' ')|$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/localhost_$p2" | sort | tr '\n' ' ')" \
	"benchmark_0_0 benchmark_0_1 benchmark_1_0 benchmark_1_1 |benchmark_0_0 benchmark_1_0 "
is "... as the report says" "$(grep -E '^  Files: .*bytes|^    .*: [0-9]+ files$' "$TMP/out")" \
	"  Files: 6 | Size: 262144 bytes
    $h1: 4 files
    $h2: 2 files"
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"

# The tool's own temporary directory, to see it removed with the logs.
mkdir "$TMP/tool-tmp"
TMPDIR=$TMP/tool-tmp
export TMPDIR
bench --clients "$h1,$h2" --threads 2 --files 24 --size 1M --block-size 256K \
	--iterations 2 --json "$TMP/c.json" --plot "$TMP/c.svg"
is "two iterations on two hosts: exit 0" $rc 0
hosts_listed 2 24 "$h1" "$h2"
is "a line per phase and iteration for $h1" "$(host_lines "$h1")" 4
is "... and for $h2" "$(host_lines "$h2")" 4
is "each host line follows its phase's aggregate line" \
	"$(grep -A2 -E '^  (Write|Read): ' "$TMP/out" | grep -vc -- '^--$')" 12
is "no client CPU in the details: fio ran elsewhere" "$(grep -c 'CPU s:' "$TMP/out")" 0
sums=$(python3 - "$TMP/c.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["configuration"]["clients"])
for it in d["iterations"]:
    for phase in ("write", "read"):
        agg = it[phase]
        hosts = [c[phase] for c in it["clients"]]
        # IOR's and IO500's aggregate: the totals over the time from the
        # first host's start to the last host's end, each host placed on
        # the clock by its own figures.
        # (figures to 6 digits: 1e-5 apart at most)
        span = max(h["end_sec"] for h in hosts) - min(h["start_sec"] for h in hosts)
        for h in hosts:
            if abs(h["end_sec"] - h["start_sec"] - h["duration_sec"]) > 1e-5:
                print("mismatch", it["number"], phase, "host duration")
        if abs(agg["duration_sec"] - span) > 1e-5 * span:
            print("mismatch", it["number"], phase, "span", agg["duration_sec"], span)
        for key in ("files", "bytes"):
            if agg[key] != sum(h[key] for h in hosts):
                print("mismatch", it["number"], phase, key)
        for key, total in (("throughput_mbps", agg["bytes"] / 2**20),
                           ("files_per_sec", agg["files"])):
            if abs(agg[key] - total / span) > 1e-4 * agg[key]:
                print("mismatch", it["number"], phase, key, agg[key], total / span)
        print(phase, agg["files"], [c["host"] for c in it["clients"]])
PY
)
is "JSON: aggregate files and bytes the hosts' sums, rates those over the span" "$sums" \
	"['$h1', '$h2']
write 24 ['$h1', '$h2']
read 24 ['$h1', '$h2']
write 24 ['$h1', '$h2']
read 24 ['$h1', '$h2']"
is "the statistics count both iterations" \
	"$(grep -c 'Statistics (2 runs):' "$TMP/out")" 4
like "--plot: a series per phase, from both hosts' logs" \
	"$(svg_summary "$TMP/c.svg" 2>&1 | tr '\n' ' ')" \
	'^bandwidth write1 read1 write2 read2 drawn: [1-4] file-rate write1 read1 write2 read2 drawn: [1-4] $'
is "... each host's line too, each adding up to its phase's figures" \
	"$(svg_against_json "$TMP/c.svg" "$TMP/c.json")" "checked 24"
is "... and the tool's directory, logs and all, removed" "$(ls "$TMP/tool-tmp")" ""
siblings_intact "two client hosts"

start=$(date +%s)
bench --clients "$h1,127.0.0.1:1" --files 4 --size 64K
elapsed=$(( $(date +%s) - start ))
is "a client host that is down: exit 1" $rc 1
like "... one line naming it" "$(cat "$TMP/err")" \
	'^cephfs-tool: client host 127\.0\.0\.1:1: cannot connect to its fio server: Connection refused'
# (refused at once; the probe's own bound is PROBE_TIMEOUT_SEC, 10 s)
within "... before any phase," $elapsed 10
is "... before any report or run directory" "$(cat "$TMP/out")|$(left_in_root)" \
	"|bench_run_sibling keep "

# Up, but its jobs cannot reach the cluster: the phase fails, naming it.
start_server p3 CEPH_CONF="$TMP/none.conf"
h3=127.0.0.1:$p3
bench --clients "$h1,$h3" --files 4 --size 64K --json "$TMP/f.json"
is "a client host whose jobs fail: exit 1" $rc 1
write_failed_by "$h3" "$TMP/f.json"
siblings_intact "a failing client host"

# Ctrl-C: fio --client tells the servers to stop their jobs.  The signal
# goes once both hosts' jobs are creating files (after their mounts: the
# mount timeout); the run then ends within fio's unmount and the cleanup's
# mount, one mount timeout each, well before its 60 s phase would, and the
# cleanup's removal of what was written, which no timeout bounds: an fsync
# after each block keeps that small (30 files a host by the signal; empty
# files were 2,600 and 1,700, and their cleanup ran past 35 s at load 20).
MOUNT_TIMEOUT=10
"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
	--root-path "$CEPHFS_DIR" --clients "$h1,$h2" --threads 2 --files 100000 \
	--size 64K --block-size 4K --fsync-every 4K --duration 60 \
	--mount-timeout $MOUNT_TIMEOUT \
	>"$TMP/out" 2>"$TMP/err" &
pid=$!
hosts_creating() {
	dir=$(run_dir)
	[ -n "$dir" ] &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/127.0.0.1_$p1" 2>/dev/null | grep -q . &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/localhost_$p2" 2>/dev/null | grep -q .
}
signal_when $MOUNT_TIMEOUT hosts_creating INT $pid \
	"both hosts' jobs were creating files (their mount timeout)" $((2 * MOUNT_TIMEOUT))
is "SIGINT during a phase on two hosts: exit 130" $rc 130
within "... stopped by the unmount and the cleanup's mount, two mount timeouts," \
	"$elapsed" $((2 * MOUNT_TIMEOUT))
is "... the phase and each host say interrupted" \
	"$(grep -c 'FAILED: interrupted' "$TMP/out")" 3
# A server's job may still be unmounting when the tool has exited.
servers_idle() {
	for server in $server_pids; do
		[ -z "$(pgrep -P $server)" ] || return 1
	done
}
await $MOUNT_TIMEOUT servers_idle
ok $? "... no job left running on a server (within the $MOUNT_TIMEOUT s mount timeout + $TIME_MARGIN s margin)"
siblings_intact "SIGINT on two hosts"

stop_servers
left=
for port in $p1 $p2 $p3; do
	pgrep -f -- "--server=ip:127.0.0.1,$port\$" >/dev/null && left="$left $port"
done
is "no fio server left behind" "$left" ""
done_testing
