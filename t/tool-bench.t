#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The documented examples, scaled down: 8 threads and 3 iterations of data
# files, then 2^12 files of size 0 (with --progress); --json -.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

count() { grep -Ec -- "$1" "$TMP/out"; }

bench --threads 8 --iterations 3 --files 32 --size 256K --block-size 64K
is "data example exits 0" $rc 0
is "report starts with the configuration" "$(head -n 3 "$TMP/out")" "Benchmark Configuration:
  Threads: 8 | Iterations: 3
  Files: 32 | Size: 262144 bytes"
like "subdirectory: dir-prefix and 4 hex digits" "$(run_dir)" '^bench_run_[0-9a-f]{4}$'
is "UID and GID lines" "$(grep -E '^  [UG]ID:' "$TMP/out")" "  UID: -1
  GID: -1"
is "three iteration headers" "$(count '^--- Iteration [123] of 3 ---$')" 3
is "three write lines" "$(count '^  Write: [0-9.e+]+ MiB/s, [0-9.e+]+ files/s \([0-9.]+s\)$')" 3
is "three read lines" "$(count '^  Read:  [0-9.e+]+ MiB/s, [0-9.e+]+ files/s \([0-9.]+s\)$')" 3
is "the four statistics blocks, in order" \
	"$(grep 'Statistics ([0-9]* runs)' "$TMP/out")" "Write Throughput Statistics (3 runs):
Read Throughput Statistics (3 runs):
File Creates Statistics (3 runs):
File Reads (Opens) Statistics (3 runs):"
is "each block: mean, std dev, min, max" "$(count '^  (Mean:   |Std Dev:|Min:    |Max:    ) [0-9.e+]+ (MiB|files)/s$')" 16
is "added per-phase figures, after the blocks" \
	"$(sed -n '/^Per-Phase Details/,$p' "$TMP/out" | grep -c 'IOPS | latency ms: mean')" 6
is "ends with the cleanup" "$(tail -n 1 "$TMP/out")" "Cleaning up..."
siblings_intact "data example"

bench --threads 8 --iterations 3 --files 4096 --size 0 --progress
is "size-0 example exits 0" $rc 0
like "size 0 configuration" "$(sed -n 3p "$TMP/out")" '^  Files: 4096 \| Size: 0 bytes$'
is "size 0: no throughput anywhere" "$(count 'MB/s|MiB/s')" 0
is "size 0: file rates per phase" "$(count '^  (Write: |Read:  )[0-9.e+]+ files/s \([0-9.]+s\)$')" 6
is "size 0: the two file rate blocks only" "$(grep 'Statistics ([0-9]* runs)' "$TMP/out")" \
	"File Creates Statistics (3 runs):
File Reads (Opens) Statistics (3 runs):"
progress=$(grep -E '^\[' "$TMP/out")
ok $([ "$(echo "$progress" | wc -l)" -ge 6 ]; echo $?) "progress lines in every phase"
is "progress lines keep the [N%]...[eta ...] shape" \
	"$(echo "$progress" | grep -Evc '^\[[0-9]+%\]\[[wr]=[0-9.]+ files/s\]\[eta [0-9]+m:[0-9]{2}s\]$')" 0
is "each phase's progress ends at 100%" "$(echo "$progress" | grep -c '^\[100%\]')" 6
siblings_intact "size-0 example"

bench --files 4 --size 64K --json -
is "--json - exits 0" $rc 0
is "stdout is one JSON document" "$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(sorted(d))' <"$TMP/out")" \
	"['configuration', 'filesystem_stats', 'iterations', 'summary', 'time_budget']"
is "the original's keys" "$(python3 -c 'import json,sys
d = json.load(sys.stdin)
c = d["configuration"]
print(c["threads"], c["iterations"], c["files"], c["file_size"], c["filesystem"], c["uid"], c["gid"])
w = d["iterations"][0]["write"]
print(sorted(k for k in w if k in ("throughput_mbps", "files_per_sec", "duration_sec")))
print(sorted(d["summary"]), d["summary"]["Write Throughput"]["runs"])' <"$TMP/out")" \
	"1 1 4 65536 $CEPHFS_FS -1 -1
['duration_sec', 'files_per_sec', 'throughput_mbps']
['File Creates', 'File Reads (Opens)', 'Read Throughput', 'Write Throughput'] 1"
like "the line naming where the run works, then the text report went to stderr" \
	"$(head -n 2 "$TMP/err" | sed 's/^cephfs-tool: this run works in .*/(where)/' | tr '\n' ' ')" \
	'^\(where\) Benchmark Configuration: $'
is "subdirectory in both" "$(python3 -c 'import json,sys; print(json.load(sys.stdin)["configuration"]["subdirectory"])' <"$TMP/out")" "$(run_dir)"
like "the report's last line on stderr" "$(tail -n 1 "$TMP/err")" '^Cleaning up...$'
siblings_intact "--json -"

# As after the set-up: the build tree's tool with neither --engine nor
# CEPHFS_TOOL_ENGINE loads the engine built beside it (t/uninstalled.t
# checks the choice).
(unset CEPHFS_TOOL_ENGINE
 $TEST_WRAPPER "$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" \
	--root-path "$CEPHFS_DIR" --files 4 --size 64K >"$TMP/out" 2>"$TMP/err")
is "no --engine, no CEPHFS_TOOL_ENGINE: exit 0" $? 0
is "... a write and a read line" "$(count '^  (Write: |Read:  )[0-9.e+]+ MiB/s')" 2
siblings_intact "the default engine"
done_testing
