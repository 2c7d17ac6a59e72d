#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench/vs-original without a cluster: it skips with the reason when no
# original is given, refuses one that is not a program, reads the
# original's final report, and sets medians against the round-by-round
# ratios it prints.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/bench.sh"
VS=$top_srcdir/bench/vs-original

"$VS" >"$TMP/out" 2>"$TMP/err"
is "no original: exit 0" $? 0
like "... and says why it did nothing" "$(cat "$TMP/out")" \
	"^bench-vs-original: skipped: no original to compare with"

"$VS" --original="$TMP/missing" >"$TMP/out" 2>"$TMP/err"
is "an original that is not a program: exit 1" $? 1
like "... naming it" "$(cat "$TMP/err")" "$TMP/missing is not an executable"

# vs PYTHON: run PYTHON with the script loaded as module m.
vs() { bench_py vs-original "$1"; }

cat >"$TMP/report" <<'REPORT'
Write Throughput Statistics (1 runs):
  Mean:    141.243 MB/s
  Std Dev: 0 MB/s

File Reads (Opens) Statistics (3 runs):
  Mean:    2919.71 files/s
  Std Dev: 12.5 files/s
REPORT
is "the original's final report: the mean of each statistic" \
	"$(vs "print(sorted(m.report_means(open('$TMP/report').read()).items()))")" \
	"[('File Reads (Opens)', 2919.71), ('Write Throughput', 141.243)]"

# Three rounds: ours reads faster in rounds 1 and 3, its wall time is
# longer in all three.
runs="{'original': [{'Read Throughput': 100.0, 'wall': 1.0},
                    {'Read Throughput': 200.0, 'wall': 2.0},
                    {'Read Throughput': 100.0, 'wall': 1.0}],
       'ours':     [{'Read Throughput': 110.0, 'wall': 1.2},
                    {'Read Throughput': 180.0, 'wall': 2.2},
                    {'Read Throughput': 120.0, 'wall': 1.1}]}"
is "medians of each tool and their ratio" \
	"$(vs "r = m.summarize($runs)['Read Throughput']; print(r['original'], r['ours'], round(r['ratio'], 2))")" \
	"100.0 120.0 1.2"
is "the ratio round by round" \
	"$(vs "print([round(x, 2) for x in m.summarize($runs)['Read Throughput']['paired']])")" \
	"[1.1, 0.9, 1.2]"
vs "m.print_cell(1, 'cell', {'load': 0.5, 'medians': m.summarize($runs)})" >"$TMP/cell"
like "a rate: target, verdict, the rounds' range, rounds ours did better" \
	"$(grep 'Read Throughput' "$TMP/cell")" ">= 1.00 PASS +0.90-1.20 +2/3$"
like "wall time: lower is better, at most 1.2" \
	"$(grep 'wall time' "$TMP/cell")" "<= 1.20 PASS +1.10-1.20 +0/3$"
like "... the cell's heading gives the load at its start" \
	"$(head -2 "$TMP/cell" | tail -1)" "^1\. cell \(load 0\.50 at its start\)"

# The grid: 4 thread counts by 6 sizes, 64 KiB blocks too from 1 MiB
# up (3 sizes), and two counts of many empty files.
is "the grid: 4 x (6 + 3) cells and 2 of many files" \
	"$(vs "print(len(m.CELLS))")" 38
is "a cell: block size the smaller of the size and 4 MiB, data bounded" \
	"$(vs "print(' '.join(m.cell(8, 64 << 20, 4 << 20)[1]))")" \
	"--threads 8 --files 8 --size 64M --block-size 4M"
is "--quick's cells are cells of the grid" \
	"$(vs "print(all(c in m.CELLS for c in m.QUICK))")" True
"$VS" --original=/bin/true --cells=1,39 >"$TMP/out" 2>"$TMP/err"
is "a cell number outside the grid: exit 2" $? 2
like "... naming it" "$(tail -n 1 "$TMP/err")" "--cells: '1,39' is not a list of cell numbers 1-38"

# Misses: only what misses its target, with the cell and the rounds.
vs "m.print_misses({'a': {'medians': m.summarize($runs)}})" >"$TMP/misses"
is "misses: a wall time of 1.20 and reads of 1.20 meet their targets: none" \
	"$(head -2 "$TMP/misses" | tail -1)" "misses: 0 in 0 of 1 cells, 0 of them in every round"
slow="{'original': [{'wall': 1.0}, {'wall': 1.0}, {'wall': 1.0}],
       'ours': [{'wall': 1.3}, {'wall': 1.4}, {'wall': 1.25}]}"
vs "m.print_misses({'a': {'medians': m.summarize($runs)}, 'b': {'medians': m.summarize($slow)}})" >"$TMP/misses"
like "... and a wall time of 1.3 is one, named with its cell and rounds" \
	"$(tail -n 1 "$TMP/misses")" "^  2\. b +wall time +1\.30 \(rounds 1\.25-1\.40, on target in 0 of 3; target <= 1\.20\)$"
is "... a miss in every round, counted as such" \
	"$(sed -n 2p "$TMP/misses")" "misses: 1 in 1 of 2 cells, 1 of them in every round"
# Reads of 0.9, 1.1 and 0.95: the median misses, one round meets the target.
noisy="{'original': [{'Read Throughput': 100.0}] * 3,
        'ours': [{'Read Throughput': 90.0}, {'Read Throughput': 110.0}, {'Read Throughput': 95.0}]}"
vs "m.print_misses({'a': {'medians': m.summarize($noisy)}})" >"$TMP/misses"
is "a miss whose rounds reach the target is not one in every round" \
	"$(sed -n 2p "$TMP/misses")" "misses: 1 in 1 of 1 cells, 0 of them in every round"
like "... its line says in how many rounds" \
	"$(tail -n 1 "$TMP/misses")" "0\.95 \(rounds 0\.90-1\.10, on target in 1 of 3; target >= 1\.00\)$"

# Outside the timed phases: the wall time less the per-phase seconds
# both tools print; ours split by its JSON report's time budget.
printf '  Write: 1.5 MB/s, 3 files/s (1.250s)\n  Read:  2 MB/s, 4 files/s (0.500s)\n  Write Throughput: x (9s)\n' >"$TMP/phases"
is "the timed phases' seconds, from the per-phase lines only" \
	"$(vs "print(m.timed_seconds(open('$TMP/phases').read()))")" 1.75
budget="{'prepare_sec': 0.1, 'between_iterations_sec': 0.0, 'fs_stats_sec': 0.05,
         'cleanup_sec': 0.7, 'total_sec': 3.0,
         'phases': [{'fio_outside_timed_sec': 0.3}, {'fio_outside_timed_sec': 0.25}]}"
is "our time budget: fio outside its timing, prepare, statistics and cleanup" \
	"$(vs "print(sorted((k, round(v, 2)) for k, v in m.budget_parts($budget).items()))")" \
	"[('cleanup', 0.75), ('fio', 0.55), ('prepare', 0.1), ('total', 3.0)]"
rounds="{'original': [{'outside': 0.8}, {'outside': 1.0}, {'outside': 0.9}],
         'ours': [{'outside': 1.5, 'wall': 3.2, 'budget': m.budget_parts($budget)}] * 3}"
vs "m.print_overhead(m.overhead($rounds))" >"$TMP/overhead"
like "... printed with the medians, and the tool's own start and exit" \
	"$(cat "$TMP/overhead")" "original 0\.90, ours 1\.50 \(fio's start-up, mount and exit 0\.55; prepare 0\.10; statistics and cleanup 0\.75; the tool's start and exit 0\.20\)$"

# The same work timed: ours stops its write clock before the flush as the
# synchronous original does, and fsyncs each file inside it as the
# asynchronous path of the newest original does.
args="type('A', (), {'original': '/o', 'tool': '/t', 'fio': 'fio', 'engine': '/e', 'async_io': %s})"
is "sync: ours without the final flush, both on the same cluster" \
	"$(vs "c = m.commands($(printf "$args" False), 'ceph.conf', 'cephfs', 'r.json'); print('--no-final-flush' in c['ours'], c['original'][1:5] == c['ours'][1:5])")" \
	"True True"
is "--async-io: ours with the fsync at close, both with --async-io" \
	"$(vs "c = m.commands($(printf "$args" True), 'ceph.conf', 'cephfs', 'r.json'); print('--no-final-flush' in c['ours'], '--async-io' in c['ours'] and '--async-io' in c['original'])")" \
	"False True"
done_testing
