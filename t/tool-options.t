#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Mount and run settings reaching the engine and the cluster:
# --per-thread-mount, --async-io, --uid/--gid, --no-cleanup, --perf-dump
# (and its client counters in the report),
# --duration on a workload that does not finish in time.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/held.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# fio as the tool runs it, but each job of a phase holds after its I/O
# (hold_option postrun PHASE), and fio's own JSON document stays as
# $TMP/fio-PHASE.json.  Held, a phase has mounted (--mount-timeout, 30 s)
# and done its I/O, each OSD op bounded by --op-timeout (120 s).
HOLD_TIMEOUTS=$((30 + 120))
cat >"$TMP/held-fio" <<EOF
#!/bin/sh
section= output=
for a in "\$@"; do
	case \$a in
	--section=*) section=\${a#--section=} ;;
	--output=*) output=\${a#--output=} ;;
	esac
	job=\$a
done
[ -n "\$section" ] || exec "$FIO" "\$@"
sed "/^\\[global\\]\\\$/a $(hold_option postrun '$section' | sed 's/^--//')" "\$job" \
	>"$TMP/held/\$section.fio"
# The tool's command ends with the job file: the held one instead.
n=\$# i=0
for a in "\$@"; do
	[ \$i = 0 ] && set --
	i=\$((i + 1))
	[ \$i = \$n ] || set -- "\$@" "\$a"
done
"$FIO" "\$@" "$TMP/held/\$section.fio"
rc=\$?
# fio notes each exec_ hook before its JSON document.
sed '/^{\$/,\$!d' "\$output" >"$TMP/fio-\$section.json"
exit \$rc
EOF
chmod +x "$TMP/held-fio"
# held_bench ARGS...: bench in the background through held-fio, with
# TMPDIR $TMP/asok, where the engine makes its admin sockets for
# --perf-dump (without ceph_get_perf_counters; with it the clients have
# the sandbox's); release_held gives its exit status.
mkdir "$TMP/asok"
held_bench() {
	held_setup
	(FIO=$TMP/held-fio; TMPDIR=$TMP/asok; export TMPDIR; bench "$@"; exit $rc) &
	held_pid=$!
}
# unheld_bench ARGS...: bench through held-fio, its jobs not waiting.
unheld_bench() {
	held_setup
	touch "$TMP/held/go"
	fio_saved=$FIO
	FIO=$TMP/held-fio
	bench "$@"
	FIO=$fio_saved
}

held_bench --threads 3 --files 7 --size 64K --per-thread-mount \
	--uid 1000 --gid 1001 --client-oc 0 --client-oc-size 8M --msgr-workers 2 \
	--client-readahead-max-bytes 2M --no-cleanup --perf-dump "$TMP/ptm-perf.json"
wait_held "--per-thread-mount: the write phase's three jobs hold, mounted" 3 $HOLD_TIMEOUTS write
is "... each mounts on its own: three MDS sessions" "$(held_sessions | wc -l)" 3
is "the overrides reach each running client (config get client_oc, client_oc_size, ms_async_op_threads)" \
	"$(for sock in $(ls "$TMP"/asok/fio-cephfs.*/client.asok 2>/dev/null; held_sockets); do
		echo "$(client_config "$sock" client_oc) $(client_config "$sock" client_oc_size) $(client_config "$sock" ms_async_op_threads)"
	done | tr '\n' ,)" "false 8388608 2,false 8388608 2,false 8388608 2,"
is "... and --client-readahead-max-bytes 2M (config get client_readahead_max_bytes)" \
	"$(for sock in $(ls "$TMP"/asok/fio-cephfs.*/client.asok 2>/dev/null; held_sockets); do
		client_config "$sock" client_readahead_max_bytes
	done | tr '\n' ,)" "2097152,2097152,2097152,"
let_go write
wait_held "the read phase's three jobs hold, mounted" 3 $HOLD_TIMEOUTS read
is "... three MDS sessions" "$(held_sessions | wc -l)" 3
release_held
is "--per-thread-mount, --uid/--gid, overrides, --no-cleanup: exit 0" $rc 0
like "the configuration says per-thread mounts" "$(cat "$TMP/out")" '  Per-Thread Mount: yes'
like "no client counters from one of several mounts, saying why" "$(cat "$TMP/out")" \
	"^Client Counters: none \\(with --per-thread-mount each thread's mount writes the dump over the last one's\\)$"
is "configuration lines for the overrides" \
	"$(grep -E '^  (client_oc|ms_async_op_threads)' "$TMP/out")" "  client_oc: 0
  client_oc_size: 8388608
  ms_async_op_threads: 2"
dir=$(run_dir)
like "the report says where the files stay" "$(tail -n 1 "$TMP/out")" \
	"^Leaving the files in $CEPHFS_DIR/$dir \\(--no-cleanup\\)$"
is "--no-cleanup: all the files remain, named as the original names them" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort | tr '\n' ' ')" \
	"benchmark_0_0 benchmark_0_1 benchmark_0_2 benchmark_1_0 benchmark_1_1 benchmark_2_0 benchmark_2_1 "
like "the files belong to uid 1000, gid 1001, and hold their data" \
	"$("$CEPHFS_UTIL" stat "$CEPHFS_DIR/$dir/benchmark_2_1")" '^1000 1001 [0-7]+ 65536$'
like "so does the run directory" "$("$CEPHFS_UTIL" stat "$CEPHFS_DIR/$dir")" '^1000 1001 '
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"

# 32 blocks a file: with one file open at a time, fio cannot have more of
# a file's blocks in flight than it has (16-block files peaked at 16).
unheld_bench --threads 2 --files 6 --size 512K --block-size 16K --async-io \
	--queue-depth 32 --perf-dump "$TMP/perf.json" --json "$TMP/async.json"
is "--async-io --queue-depth 32 --perf-dump exits 0" $rc 0
# The path the engine takes: native where configure found the call.
ASYNC_PATH=emulated
native_async && ASYNC_PATH=native
is "configuration: async I/O, the engine's path and the depth" \
	"$(grep -E '^  (Async I/O|Queue Depth):' "$TMP/out" | sed 's/ (\(native\|emulated\): .*)$/ (\1)/')" \
	"  Async I/O: enabled ($ASYNC_PATH)
  Queue Depth: 32"
is "fio had 32 I/Os in flight in each job of both phases (its own iodepth_level)" \
	"$(for phase in write read; do json_eval "$TMP/fio-$phase.json" "[j['iodepth_level']['32'] > 0 for j in d['jobs']]"; done | tr '\n' ' ')" \
	"[True, True] [True, True] "
like "async reads verified" "$(grep '^  Read:' "$TMP/out")" '^  Read:  [0-9.e+]+ MiB/s'
is "the perf dump is JSON with a client section" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("client" in d)' "$TMP/perf.json" 2>&1)" True
# 6 files of 32 blocks: each phase's own mount counted its 192 calls.
like "the report's client counters: the write phase's mount wrote 192 blocks" \
	"$(sed -n '/^Client Counters/,/^$/p' "$TMP/out")" \
	'^  Iteration 1 Write: MDS requests [0-9]+, avg [0-9.e+-]+ ms \| reads 0 \| writes 192, avg [0-9.e+-]+ ms \| fsyncs [0-9]+'
like "  ... and the read phase's read them" \
	"$(sed -n '/^Client Counters/,/^$/p' "$TMP/out")" \
	'^  Iteration 1 Read:  MDS requests [0-9]+, avg [0-9.e+-]+ ms \| reads 192, avg [0-9.e+-]+ ms \| writes 0 \|'
is "the JSON report has them per phase" \
	"$(json_eval "$TMP/async.json" "[(p['client_counters']['writes']['count'], p['client_counters']['reads']['count']) for p in (d['iterations'][0]['write'], d['iterations'][0]['read'])]")" \
	"[(192, 0), (0, 192)]"
is "the dump left in PATH is the last phase's, as the block's last line" \
	"$(json_eval "$TMP/perf.json" "d['client']['rdlat']['avgcount']")" 192

# fsync after every write: slow enough that 2 s do not write 1000 files
# (uncapped, 10 s or more on the sandbox).
unheld_bench --threads 2 --files 1000 --size 256K --block-size 64K --fsync-every 64K \
	--duration 2 --json "$TMP/d.json"
is "--duration 2 exits 0" $rc 0
like "configuration: the cap" "$(cat "$TMP/out")" '  Duration: 2s per phase'
json() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$TMP/d.json" "$1"; }
written=$(json 'd["iterations"][0]["write"]["files"]')
ok $([ "$written" -gt 0 ] && [ "$written" -lt 1000 ]; echo $?) \
	"the write phase stopped early ($written of 1000 files)"
took=$(json 'd["iterations"][0]["write"]["duration_sec"]')
# fio checks the time between I/Os and then syncs the open files: a loaded
# machine runs over, by no more than the margin.
ok $(json 'int(not 1.9 <= d["iterations"][0]["write"]["duration_sec"] < 2 + '$TIME_MARGIN')') \
	"the write phase stopped after its 2 s --duration, within $TIME_MARGIN s margin (${took}s)"
# From fio's own JSON: the whole files its jobs wrote, over the longest
# job's time writing.  The report gives 6 significant digits (%.6g), so
# the two agree to within half of the sixth (at most 5e-6 of the value,
# 1e-5 with the float arithmetic): rounding both to 3 decimals
# once told 66.966 from 66.967.
files_rate=$(json 'd["iterations"][0]["write"]["files_per_sec"]')
fio_rate=$(json_eval "$TMP/fio-write.json" "sum(j['write']['io_bytes'] // 262144 for j in d['jobs']) / (max(j['write']['runtime'] for j in d['jobs']) / 1000)")
ok $(python3 -c 'import sys; a, b = map(float, sys.argv[1:]); sys.exit(not abs(a - b) <= 1e-5 * b)' "$files_rate" "$fio_rate"; echo $?) \
	"files/s is the whole files fio wrote over its time writing ($files_rate, from fio's JSON $fio_rate)"
is "the read phase read the completed files (or what it could in 2 s)" \
	"$(json 'd["iterations"][0]["read"]["files"] <= '"$written"' and d["iterations"][0]["read"]["files"] > 0')" True
ok $(json 'int(d["iterations"][0]["read"]["bytes"] % 65536 != 0)') "whole blocks read"
siblings_intact "after --duration"

# --duration cycles through each thread's files until the time is up, as
# the newest upstream does: one pass over these takes milliseconds, and
# each phase still runs its 3 s (fio checks the time between I/Os: a
# loaded machine runs over, by no more than the margin; fio counts the
# 3 s from the job's start, the phase's time from its first operation, a
# few ms later: 2.992 s was seen, 0.1 s under is allowed).  MiB/s counts
# every byte moved, files/s each file once.  Verification is off here:
# the verified read has its own case below.
bench --threads 2 --files 4 --size 256K --block-size 64K --no-verify \
	--duration 3 --json "$TMP/cycle.json"
is "--duration 3 over 4 files of 256 KiB: exit 0" $rc 0
is "each phase ran its 3 s (0.1 s under, $TIME_MARGIN s over at most)" \
	"$(json_eval "$TMP/cycle.json" "[2.9 <= d['iterations'][0][p]['duration_sec'] < 3 + $TIME_MARGIN for p in ('write', 'read')]")" \
	"[True, True]"
is "... each file counted once, every byte moved in whole blocks" \
	"$(json_eval "$TMP/cycle.json" "[(d['iterations'][0][p]['files'], d['iterations'][0][p]['bytes'] % 65536, abs(d['iterations'][0][p]['throughput_mbps'] - d['iterations'][0][p]['bytes'] / 2**20 / d['iterations'][0][p]['duration_sec']) <= 1e-5 * d['iterations'][0][p]['throughput_mbps']) for p in ('write', 'read')]")" \
	"[(4, 0, True), (4, 0, True)]"
# A verified read cycles too where fio lets it (3.37 on); an older fio
# ends it after one pass, and the report must say so, naming the fio.
bench --threads 2 --files 4 --size 256K --block-size 64K \
	--duration 3 --json "$TMP/verified.json"
is "--duration 3, verified: exit 0" $rc 0
read_sec=$(json_eval "$TMP/verified.json" "d['iterations'][0]['read']['duration_sec']")
if grep -q 'the verified read makes one pass (fio-' "$TMP/out"; then
	is "... the report says fio ends the verified read after one pass, and it did (${read_sec}s)" \
		"$(json_eval "$TMP/verified.json" "(d['iterations'][0]['read']['duration_sec'] < 2.9, d['iterations'][0]['read']['bytes'], d['iterations'][0]['read']['files'])")" \
		"(True, 1048576, 4)"
else
	is "... the verified read ran its 3 s (${read_sec}s), each file counted once" \
		"$(json_eval "$TMP/verified.json" "(2.9 <= d['iterations'][0]['read']['duration_sec'] < 3 + $TIME_MARGIN, d['iterations'][0]['read']['bytes'] > 1048576, d['iterations'][0]['read']['files'])")" \
		"(True, True, 4)"
fi
bench --threads 2 --files 20 --size 0 --duration 3 --json "$TMP/cycle0.json"
is "size 0: the opens run their 3 s too (a file is created once)" \
	"$(json_eval "$TMP/cycle0.json" "(2.9 <= d['iterations'][0]['read']['duration_sec'] < 3 + $TIME_MARGIN, d['iterations'][0]['write']['files'], d['iterations'][0]['read']['files'])")" \
	"(True, 20, 20)"

CEPH_ARGS="--keyring=$TMP/no-such-keyring" bench --files 1 --size 64K
is "CEPH_ARGS reaches libcephfs (a missing keyring fails the mount)" $rc 1
like "... and the error says so" "$(cat "$TMP/err")" 'no readable keyring'
siblings_intact "in the end"
done_testing
