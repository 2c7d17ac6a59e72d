#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Filesystem statistics (ceph_statfs at --root-path) before and after the
# iterations: in the text report as two blocks, in the JSON at the top
# level, and "after" taken before the cleanup, so it counts the run's files.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

FILES=6
stat_of() {
	json_eval "$TMP/r.json" "d['filesystem_stats']['$1']['$2']"
}
# counted N: the MDS counts N files and directories under the root, itself
# among them (what CephFS's statfs gives as f_files).  It adds new ones to
# their ancestors' counts lazily, within mds_scatter_nudge_interval (5 s
# by default).
counted() {
	[ $(( $("$CEPHFS_UTIL" getxattr "$CEPHFS_DIR" ceph.dir.rfiles) +
	      $("$CEPHFS_UTIL" getxattr "$CEPHFS_DIR" ceph.dir.rsubdirs) )) = $1 ]
}
NUDGE=5

await $NUDGE counted 4
ok $? "the MDS counts the root, the sibling directory and the two files"

bench --files $FILES --size 4K --block-size 4K --json "$TMP/r.json" --no-cleanup
is "a run of $FILES files with --no-cleanup: exit 0" $rc 0
is "... no warning (only the line naming where the run works)" \
	"$(grep -v "^cephfs-tool: this run works in " "$TMP/err")" ""
is "... filesystem_stats at the top level, before and after, the four fields each" \
	"$(json_eval "$TMP/r.json" "[sorted(d['filesystem_stats'][w]) for w in ('before', 'after')]")" \
	"[['block_size', 'files', 'free_blocks', 'total_blocks'], ['block_size', 'files', 'free_blocks', 'total_blocks']]"
# The sandbox has no mgr, so the cluster has no usage figures: its total
# and free blocks are 0 there, as `ceph df` says.
is "... a block size, and free blocks no more than total ones" \
	"$(json_eval "$TMP/r.json" "all(s['block_size'] > 0 and s['free_blocks'] <= s['total_blocks'] for s in d['filesystem_stats'].values())")" \
	True
before=$(stat_of before files)
after=$(stat_of after files)
diag "files before $before, after $after"
# statfs counts the root's recursive files and subdirectories, as the
# xattrs do, on Ceph 16; Ceph 20's counts one more (measured: 5 for 4).
ok $([ $((before - 4)) -ge 0 ] && [ $((before - 4)) -le 1 ]; echo $?) \
	"... before counts what the root held: its 4 (Ceph 16), or one more (Ceph 20; got $before)"
# Taken at once after the run, before the MDS need have counted its files.
ok $([ "$after" -gt "$before" ] && [ "$after" -le $((before + 1 + FILES)) ]; echo $?) \
	"... after counts the run directory at least, its $FILES files at most"
like "... the text report has the block before the iterations" \
	"$(tr '\n' '|' <"$TMP/out")" \
	'\|Filesystem Statistics \(before iterations\):\|  Block Size: [0-9]+ bytes\|  Total Blocks: [0-9]+\|  Free Blocks: [0-9]+\|  Files: '"$before"'\|\|--- Iteration 1 of 1 ---'
like "... and the one after them before the final report" \
	"$(tr '\n' '|' <"$TMP/out")" \
	'\|Filesystem Statistics \(after iterations\):\|  Block Size: [0-9]+ bytes\|  Total Blocks: [0-9]+\|  Free Blocks: [0-9]+\|  Files: '"$after"'\|\|\*\*\* Final Report \*\*\*'

await $NUDGE counted $((4 + 1 + FILES))
ok $? "the MDS counts the run's files in the root"
first=$CEPHFS_DIR/$(run_dir)
bench --files 1 --size 0 --json "$TMP/r.json"
is "a second run: before counts the first one's directory and $FILES files" \
	"$(stat_of before files)" $((before + 1 + FILES))
"$CEPHFS_UTIL" rmtree "$first"

# After a failed phase (here an engine fio cannot load) no "after" mount:
# the failure may have been a lost cluster.
echo "not an engine" >"$TMP/not-an-engine.so"
BENCH_ENGINE=$TMP/not-an-engine.so bench --files 1 --size 0 --json "$TMP/r.json"
is "a failed phase: exit 1, before taken, after not" \
	"$rc $(json_eval "$TMP/r.json" "d['filesystem_stats']['before']['files'] > 0") $(stat_of after error)" \
	"1 True not taken, the run failed"
like "... the block says so" "$(tr '\n' '|' <"$TMP/out")" \
	'\|Filesystem Statistics \(after iterations\):\|  unavailable: not taken, the run failed\|\|'
done_testing
