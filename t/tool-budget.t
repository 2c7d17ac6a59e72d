#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The time budget: where a run's time went outside what it times (fio's
# start-up and exit around each phase, ceph-fuse's mounts, preparing,
# emptying between iterations, statistics, cleanup), in the JSON always
# and in the text with --verbose; its parts add up to no more than the
# whole, and the whole to no more than the command took.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# budget_check JSON: each phase's fio process outlasted its timed part,
# the parts add up to the total, and the total is within the command's
# wall time ($elapsed, whole seconds, so one more).
budget_check() {
	json_eval "$1" "(lambda b: ' '.join(str(x) for x in (
	all(p['fio_sec'] >= p['timed_sec'] > 0 for p in b['phases']),
	abs(b['prepare_sec'] + b['between_iterations_sec'] + b['fs_stats_sec'] +
	    b['cleanup_sec'] + b['other_sec'] - b['total_sec'] +
	    sum(p['fio_sec'] + p.get('ceph_fuse_mount_sec', 0) for p in b['phases'])) < 0.01,
	0 < b['total_sec'] <= $elapsed + 1)))(d['time_budget'])"
}

bench --threads 2 --files 4 --size 1M --block-size 256K --iterations 2 \
	-v --json "$TMP/run.json"
is "-v, 2 iterations: exit 0" $rc 0
is "... the JSON's budget has every phase, in order" \
	"$(json_eval "$TMP/run.json" "[(p['iteration'], p['phase']) for p in d['time_budget']['phases']]")" \
	"[(1, 'write'), (1, 'read'), (2, 'write'), (2, 'read')]"
is "... fio outlasts its timed part, the parts make the total, within the command's time" \
	"$(budget_check "$TMP/run.json")" "True True True"
is "... emptying between the iterations is counted" \
	"$(json_eval "$TMP/run.json" "d['time_budget']['between_iterations_sec'] > 0")" True
is "... the text budget after the cleanup, a line per phase" \
	"$(sed -n '/^Cleaning up/,$p' "$TMP/out" | grep -cE '^  Iteration [12] (Write|Read): +fio [0-9.]+ .timed [0-9.]+;')" 4
like "... and its total" "$(tail -n 1 "$TMP/out")" '^  Total: [0-9]+\.[0-9]{3}$'

bench --threads 2 --files 4 --size 1M --block-size 256K
is "without --verbose: exit 0" $rc 0
is "... no budget in the text" "$(grep -c '^Time Budget' "$TMP/out")" 0

bench --verbose --files 20 --size 0 --json "$TMP/md.json"
is "--verbose, size 0: a budget line per phase" \
	"$(grep -cE '^  Iteration 1 (Write|Read): +fio ' "$TMP/out")" 2
is "... its parts make its total" "$(budget_check "$TMP/md.json")" "True True True"

if [ -c /dev/fuse ] && command -v ceph-fuse >/dev/null; then
	bench --via fuse --files 2 --size 1M --block-size 256K --json "$TMP/fuse.json"
	is "--via fuse: exit 0" $rc 0
	is "... each phase's ceph-fuse mount and unmount counted" \
		"$(json_eval "$TMP/fuse.json" "[p['ceph_fuse_mount_sec'] > 0 for p in d['time_budget']['phases']]")" \
		"[True, True]"
	is "... and the parts still make the total" "$(budget_check "$TMP/fuse.json")" "True True True"
else
	skip 3 "no /dev/fuse or ceph-fuse for --via fuse"
fi
done_testing
