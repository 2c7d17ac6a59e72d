#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs-tool compare on two real bench --json runs: the same options
# compare (exit 0, a line per metric with its p-value); --threads differing
# is refused naming threads, unless --allow threads.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# Big enough that fio's phase runtimes, in whole milliseconds, differ
# between iterations: with 4 x 64 KiB every read iteration of both runs
# took the same 3 ms once (Ceph 20), no variance to test.
small="--files 4 --size 1M --block-size 256K --iterations 3"
bench --threads 2 $small --json "$TMP/a.json"
is "first run: exit 0" $rc 0
bench --threads 2 $small --json "$TMP/b.json"
is "second run, same options: exit 0" $rc 0
bench --threads 1 $small --json "$TMP/t1.json"
is "third run, --threads 1: exit 0" $rc 0

cd "$TMP" || bail_out "cannot enter $TMP"
"$TOOL" compare a.json b.json >out 2>err
is "same options: exit 0" $? 0
like "names the test and alpha" "$(head -n 1 out)" "^Welch's t-test \(two-sided.*alpha = 0\.05"
# A verdict per metric: its p-value, or the reason there is none when
# every iteration of both runs gave the same figure.
is "a verdict line per metric: a p-value, or no variance to test" \
	"$(grep -c '^  b.json  *mean .* ratio .*\(p = [0-9.e-]*  *\(not \)\{0,1\}significant\|cannot tell (no variance in either run)\)$' out)" 4
ok $([ "$(grep -c '^  b.json  *mean .* ratio .* p = ' out)" -ge 1 ]; echo $?) \
	"... a p-value for one at least"
is "every metric of the report" "$(grep '^[A-Z].*:$' out | tr '\n' ' ')" \
	"Write Throughput (MiB/s): Read Throughput (MiB/s): File Creates (files/s): File Reads (Opens) (files/s): "
is "nothing on stderr" "$(cat err)" ""

"$TOOL" compare a.json t1.json >out 2>err
is "--threads 1 against 2: exit 2" $? 2
is "... one line naming threads and both values" "$(cat err)" \
	"cephfs-tool compare: t1.json: configuration differs from a.json in threads (1 vs 2)"
is "... and nothing compared" "$(cat out)" ""

"$TOOL" compare --allow threads a.json t1.json >text 2>err
"$TOOL" compare --allow threads a.json t1.json --json - >out 2>err
is "--allow threads: exit 0" $? 0
is "--json -: the JSON document alone, 4 metrics, a p-value where the text has one" \
	"$(json_eval out '(d["test"], d["alpha"], d["runs"], len(d["metrics"]), sum(m["p_values"][1] is not None for m in d["metrics"]))')" \
	"('welch-t', 0.05, ['a.json', 't1.json'], 4, $(grep -c ' p = ' text))"

"$TOOL" compare --allow threads,bogus a.json t1.json >out 2>err
is "--allow an unknown field: exit 2" $? 2
is "... naming it" "$(cat err)" \
	"cephfs-tool compare: --allow: unknown configuration field 'bogus'"
cd / || bail_out "cannot leave $TMP"
done_testing
