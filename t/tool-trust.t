#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What the user gives reaches CephFS byte for byte, a time-capped phase
# does and reports only what it did in its time, and nothing outside the
# run is touched: the cluster rows of issue 20's table (the refusals that
# need no cluster are in tool-usage.t).
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# Roots whose names fio's job-file parser would change: cut at '#', the
# trailing blank stripped.  Each has a sibling of the name fio would make
# of it, which must stay empty.
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR/lim" 755
for name in 'lim#x' 'lim '; do
	"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR/$name" 755
	at "$CEPHFS_DIR/$name" --files 3 --size 64K --no-cleanup
	is "--root-path '.../$name': exit 0" $rc 0
	like "... the report names the root as given" "$(cat "$TMP/out")" "^  Root: $CEPHFS_DIR/$name\$"
	dir=$(run_dir)
	is "... the files are in the run directory under it" \
		"$(listing "$CEPHFS_DIR/$name/$dir")" "benchmark_0_0 benchmark_0_1 benchmark_0_2 "
	is "... and none in '$CEPHFS_DIR/lim'" "$(listing "$CEPHFS_DIR/lim")" ""
	"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$name/$dir"
	at "$CEPHFS_DIR/$name" --files 3 --size 64K
	is "... and a cleaned-up run leaves the root empty" "$rc $(listing "$CEPHFS_DIR/$name")" "0 "
	matrix_row "cephfs-tool: --root-path '/lim$(echo "$name" | cut -c4-)'" \
		"files under the root as given, cleanup leaves it empty" $elapsed
done

# A ${VAR} in a name is no expansion, even with VAR naming a way out.
export ESC=../
at "$CEPHFS_DIR/lim" --files 2 --size 64K --dir-prefix '${ESC}' --no-cleanup
is "--dir-prefix '\${ESC}' with ESC=../: exit 0" $rc 0
dir=$(run_dir)
like "... the run directory is named as given" "$dir" '^\$\{ESC\}[0-9a-f]{4}$'
is "... the files are in it" "$(listing "$CEPHFS_DIR/lim/$dir")" "benchmark_0_0 benchmark_0_1 "
is "... nothing beside the root" "$(listing "$CEPHFS_DIR" | grep -c benchmark_)" 0
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/lim/$dir"
matrix_row "cephfs-tool: --dir-prefix '\${ESC}' with ESC=../" "the run directory named as given" $elapsed

# A conf path reaches libcephfs as given; one too long for a job-file
# line is refused before anything runs, and its tail is no option of fio's.
at "$CEPHFS_DIR" --files 1 --size 64K --conf "$CEPH_CONF#x"
is "--conf '...#x': the run fails" $rc 1
like "... libcephfs was asked for that very file" "$(cat "$TMP/err")" \
	"ceph_conf_read_file: .*'$CEPH_CONF#x'"
x=$(printf '%08157d' 0 | tr 0 x)
at "$CEPHFS_DIR" --files 1 --size 64K --conf "$CEPH_CONF,${x}exec_prerun=touch $TMP/PWNED #"
is "--conf past fio's line length: exit 2" $rc 2
like "... saying why" "$(cat "$TMP/err")" "^cephfs-tool: --conf: too long for fio's job file"
ok $([ ! -e "$TMP/PWNED" ]; echo $?) "... and nothing in it ran"
matrix_row "cephfs-tool: -c 'CONF,<8157 x>exec_prerun=... #'" "exit 2 before the run, nothing ran" $elapsed

# The perf dump goes where it was asked, not to what fio would make of it.
mkdir "$TMP/out.d"
echo keep >"$TMP/out.d/pd"
at "$CEPHFS_DIR" --files 2 --size 64K --perf-dump "$TMP/out.d/pd#x"
is "--perf-dump '.../pd#x': exit 0" $rc 0
ok $(json_eval "$TMP/out.d/pd#x" "0" >/dev/null 2>&1; echo $?) "... the dump is at that path, as JSON"
is "... and '.../pd' is untouched" "$(cat "$TMP/out.d/pd")" keep
matrix_row "cephfs-tool: --perf-dump 'out/pd#x'" "dump at that path, out/pd untouched" $elapsed

# A time-capped write phase: each thread's files are 1 MiB, too many to
# write in 2 s here (600 MB/s at best); the phase stops in its time plus
# what is in flight, creates no file after the limit, and says how far
# it got.
at "$CEPHFS_DIR" --threads 2 --files 4000 --size 1M --block-size 1M \
	--duration 2 --no-cleanup --json "$TMP/d.json"
is "--duration 2 on 4,000 x 1 MiB: exit 0" $rc 0
written=$(json_eval "$TMP/d.json" "d['iterations'][0]['write']['files']")
took=$(json_eval "$TMP/d.json" "d['iterations'][0]['write']['duration_sec']")
ok $(json_eval "$TMP/d.json" "int(not d['iterations'][0]['write']['duration_sec'] < 2 + $TIME_MARGIN)") \
	"the write phase took its 2 s and what was in flight (${took}s, bound 2 + $TIME_MARGIN s)"
dir=$(run_dir)
made=$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | wc -l)
ok $([ "$written" -lt 4000 ] && [ "$made" -ge "$written" ] && [ "$made" -le $((written + 2)) ]; echo $?) \
	"no file was created after the limit ($made made, $written written, 2 threads)"
is "files/s counts what the phase did in its time" \
	"$(json_eval "$TMP/d.json" "round(d['iterations'][0]['write']['files_per_sec'] * d['iterations'][0]['write']['duration_sec'])")" \
	"$written"
is "the JSON says how many files the phase reached of its plan" \
	"$(json_eval "$TMP/d.json" "(d['iterations'][0]['write']['files'], d['iterations'][0]['write']['files_planned'])")" \
	"($written, 4000)"
like "... and so does the report" "$(cat "$TMP/out")" "^  Write: .* files/s \\([0-9.]+s, $written of 4000 files\\)\$"
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"
matrix_row "cephfs-tool: --duration 2 --files 4000 --size 1M --threads 2" \
	"phase ends in 2 s + in flight, no file after the limit" $elapsed
for name in lim 'lim#x' 'lim '; do
	"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$name"
done
# fio holds half a million files of one job (its smalloc pool did not).
at "$CEPHFS_DIR" --files 500000 --size 0 --duration 1 --json "$TMP/many.json"
is "--files 500000 --size 0 --duration 1: exit 0" $rc 0
is "... the whole plan was set up, a part of it done in the second" \
	"$(json_eval "$TMP/many.json" "(d['iterations'][0]['write']['files_planned'], 0 < d['iterations'][0]['write']['files'] < 500000)")" \
	"(500000, True)"
matrix_row "cephfs-tool: --files 500000 --size 0" "runs (fio's files from the heap)" $elapsed
siblings_intact "in the end"
done_testing
