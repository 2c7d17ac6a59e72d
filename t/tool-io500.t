#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs-tool io500 on the sandbox with a short stonewall: all twelve
# scored phases in IO500's order and the three scores, INVALID for a
# stonewall other than 300 s; each write phase's figure is what the
# cluster holds, counted independently on a ceph-fuse mount while the
# run is held at mdtest-easy-stat (the writes and find done, nothing
# removed yet); the wear-out leaves every process with as much as the
# one that did most; the reads, stats and deletes cover exactly that;
# find's counts are find(1)'s.  Interrupted at a phase, the run leaves
# nothing, in CephFS or in TMPDIR.  On two fio servers (--clients), each
# process reads another host's files, and each phase gives each host's
# share; --rnd4k adds IO500's unscored ior-rnd4K-easy-read.
# --drop-caches runs its command before each phase, a failure a warning;
# a signal while it runs stops it and the run, leaving nothing.
# --bind-to-core puts each process, its mount's threads too, on a CPU.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/fuse.sh"
. "$top_srcdir/t/servers.sh"
need_cluster
need_fuse
cephfs_testdir
trap 'stop_servers; unmount_fuse; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT
TOOL="$top_builddir/tool/cephfs-tool"
mount_fuse || bail_out "ceph-fuse did not mount the sandbox's filesystem"
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR" 755 &&
"$CEPHFS_UTIL" put "$CEPHFS_DIR/keep" 10 || bail_out "cannot prepare $CEPHFS_DIR"

STONEWALL=2
PROCESSES=2

# start_io500 ARGS...: the tool in the background on this test's
# directory, pid in $pid, TMPDIR $TMP/tmp (emptied first).
start_io500() {
	rm -rf "$TMP/tmp"
	mkdir "$TMP/tmp"
	TMPDIR=$TMP/tmp "$TOOL" io500 --fs "$CEPHFS_FS" --fio "$FIO" \
		--engine "$ENGINE_SO" --dir "$CEPHFS_DIR" \
		--stonewall-time $STONEWALL --processes $PROCESSES "$@" \
		>"$TMP/out" 2>"$TMP/err" &
	pid=$!
}

# at_step WHAT: the run's fio works on WHAT ("mdtest-easy stat"), the
# first line of the job file it runs.
at_step() {
	for at_file in "$TMP"/tmp/cephfs-tool.*/io500.fio; do
		[ -f "$at_file" ] && head -n 1 "$at_file" | grep -q "^; cephfs-tool io500: $1\$" &&
			pgrep -P $pid >/dev/null && return 0
	done
	return 1
}

# The run directory the tool names on stderr.
run_dir() {
	sed -n "s|^cephfs-tool io500: this run works in \([^ ]*\) and .*|\1|p" "$TMP/err"
}

# A phase's figure in the JSON: phase NAME's KEY.
phase() {
	json_eval "$TMP/io500.json" "[p for p in d['phases'] if p['name'] == '$1'][0]['$2']"
}

# interrupt_at CONFIGURED WHAT CMD...: once CMD succeeds (await
# CONFIGURED; its output dropped), SIGINT to the run, which exits 130;
# CMD never succeeding fails as "the run reached WHAT", and the run is
# stopped all the same.
interrupt_at() {
	interrupt_bound=$1 interrupt_what=$2
	shift 2
	if await "$interrupt_bound" "$@" >/dev/null; then
		kill -INT $pid
		wait $pid
		is "SIGINT at $interrupt_what: exit 130" $? 130
	else
		ok 1 "the run reached $interrupt_what"
		kill -INT $pid
		wait $pid
	fi
}

# --- A whole run, held at mdtest-easy-stat to count what it wrote -------
# mdtest's n is more than the stonewall lets a process do: the stonewall
# stops those phases, the wear-out follows.
start_io500 --ior-easy-transfer-size 4K --ior-easy-block-size 16M \
	--ior-hard-segment-count 4000 --mdtest-easy-n 1000000 \
	--mdtest-hard-n 1000000 --json "$TMP/io500.json"
if await 300 at_step "mdtest-easy stat"; then
	kill -STOP $pid
	run=$CEPHFS_FUSE_DIR$(run_dir)
	easy_sizes=$(for r in $(seq 0 $((PROCESSES - 1))); do
		stat -c %s "$run/ior-easy/ior_file_easy.$r"; done | sort -u | tr '\n' ' ')
	easy_bytes=$(cat "$run"/ior-easy/* | wc -c)
	hard_bytes=$(stat -c %s "$run/ior-hard/file")
	md_easy_counts=$(for r in $(seq 0 $((PROCESSES - 1))); do
		ls "$run/mdtest-easy/$r" | wc -l; done | sort -u | tr '\n' ' ')
	md_easy=$(find "$run/mdtest-easy" -type f | wc -l)
	md_easy_empty=$(find "$run/mdtest-easy" -type f -size +0c | wc -l)
	md_hard=$(find "$run/mdtest-hard" -type f | wc -l)
	md_hard_3901=$(find "$run/mdtest-hard" -type f -size 3901c | wc -l)
	md_hard_rank0=$(ls "$run/mdtest-hard" | grep -c '^file\.mdtest\.0\.')
	checked=$(find "$run" ! -type d | wc -l)
	matched=$(find "$run" ! -type d -name '*01*' -size 3901c | wc -l)
	kill -CONT $pid
else
	ok 1 "the run reached mdtest-easy-stat"
	kill -INT $pid
fi
wait $pid
rc=$?
is "the run exits 0" $rc 0
[ $rc = 0 ] || tail -n 5 "$TMP/err" | diag_stream

is "all twelve scored phases in IO500's order, then the score" \
	"$(sed -n 's/^\[RESULT\] *\([a-z-]*\) .*/\1/p; s/^\[SCORE \].*/score/p' "$TMP/out" | tr '\n' ' ')" \
	"ior-easy-write mdtest-easy-write ior-hard-write mdtest-hard-write find ior-easy-read mdtest-easy-stat ior-hard-read mdtest-hard-stat mdtest-easy-delete mdtest-hard-read mdtest-hard-delete score "
like "each in GiB/s or kIOPS, with its time" \
	"$(grep -c '^\[RESULT\] *[a-z-]* *[0-9.]* \(GiB/s\|kIOPS\) : time [0-9.]* seconds' "$TMP/out")" '^12$'
like "the score: bandwidth, IOPS and total, INVALID" "$(grep '^\[SCORE \]' "$TMP/out")" \
	'^\[SCORE \] Bandwidth [0-9.]+ GiB/s : IOPS [0-9.]+ kiops : TOTAL [0-9.]+ \[INVALID\]$'
like "... for the stonewall of ${STONEWALL}s, not IO500's 300" \
	"$(grep '^\[INVALID\]' "$TMP/out" | head -n 1)" "^\\[INVALID\\] .*${STONEWALL}.*300"

# What the cluster held, against the figures.
like "ior-easy: every process's file as long (the wear-out)" "$easy_sizes" '^[0-9]+ $'
is "ior-easy-write's bytes are the files'" "$(phase ior-easy-write bytes)" "$easy_bytes"
is "ior-easy-read read them all" "$(phase ior-easy-read bytes)" "$easy_bytes"
is "ior-hard-write's bytes are the shared file's" "$(phase ior-hard-write bytes)" "$hard_bytes"
is "... whole transfers of every process: 47008 x processes x segments" \
	"$(( hard_bytes % (47008 * PROCESSES) ))" 0
is "ior-hard-read read them all" "$(phase ior-hard-read bytes)" "$hard_bytes"
like "mdtest-easy: every process's directory as full (the wear-out)" "$md_easy_counts" '^[0-9]+ $'
is "mdtest-easy-write's files are the directories'" "$(phase mdtest-easy-write items)" "$md_easy"
is "... all empty" "$md_easy_empty" 0
is "mdtest-easy-stat and -delete: each of them" \
	"$(phase mdtest-easy-stat items) $(phase mdtest-easy-delete items)" "$md_easy $md_easy"
is "mdtest-hard-write's files are the shared directory's" "$(phase mdtest-hard-write items)" "$md_hard"
is "... all 3901 bytes" "$md_hard_3901" "$md_hard"
is "... every process as many (the wear-out)" "$(( md_hard_rank0 * PROCESSES ))" "$md_hard"
is "mdtest-hard-stat, -read and -delete: each of them" \
	"$(phase mdtest-hard-stat items) $(phase mdtest-hard-read items) $(phase mdtest-hard-delete items)" \
	"$md_hard $md_hard $md_hard"
is "the stonewall stopped mdtest-easy-write and mdtest-hard-write" \
	"$(phase mdtest-easy-write stonewall_hit) $(phase mdtest-hard-write stonewall_hit)" "True True"
ok $([ "$(phase mdtest-easy-write seconds | cut -d. -f1)" -ge $STONEWALL ]; echo $?) \
	"... which took the stonewall and the wear-out"
is "find checked what find(1) lists" "$(phase find items)" "$checked"
is "... and matched what it matches (-name '*01*' -size 3901c)" "$(phase find matched)" "$matched"
ok $([ "$matched" -gt 0 ]; echo $?) "... some files ($matched)"
is "the run is INVALID in the JSON too" "$(json_eval "$TMP/io500.json" "d['valid']")" False
is "nothing of the run is left" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR")" keep
is "... nor in TMPDIR" "$(ls -A "$TMP/tmp")" ""

# --- Interrupted at a phase: nothing is left ------------------------------
# SIGINT once fio works on the phase: exit 130, the run directory and the
# tool's folder gone, the file beside them kept.  The phases: the first,
# with the run directory just made; a directory per process half filled;
# the shared directory half filled; everything written and some removed.
# Each run's phases are small but the mdtest phase it stops in, which the
# stonewall stops.
for step in "ior-easy write" "mdtest-easy write" "mdtest-hard write" \
	    "mdtest-easy delete"; do
	case $step in
	mdtest-easy*) easy_n=1000000 hard_n=300 ;;
	mdtest-hard*) easy_n=300 hard_n=1000000 ;;
	*) easy_n=300 hard_n=300 ;;
	esac
	start_io500 --ior-easy-transfer-size 64K --ior-easy-block-size 8M \
		--ior-hard-segment-count 300 --mdtest-easy-n $easy_n \
		--mdtest-hard-n $hard_n
	interrupt_at 300 "$step" at_step "$step"
	is "... nothing of the run is left" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR")" keep
	is "... nor in TMPDIR" "$(ls -A "$TMP/tmp")" ""
	ok $(pgrep -f "$TMP/tmp/cephfs-tool" >/dev/null; [ $? = 1 ]; echo $?) "... nor a fio"
done

# --- SIGINT while the drop-caches command runs ---------------------------
# The shell waits for the sleep: both go, with the run.
start_io500 --ior-easy-block-size 8M --ior-hard-segment-count 300 \
	--mdtest-easy-n 300 --mdtest-hard-n 300 --drop-caches \
	--drop-caches-cmd "sleep 999.25; true"
interrupt_at 60 "--drop-caches-cmd" pgrep -f "^sleep 999.25"
ok $(pgrep -f "^sleep 999.25" >/dev/null; [ $? = 1 ]; echo $?) "... and is gone"
is "... nothing of the run is left" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR")" keep
is "... nor in TMPDIR" "$(ls -A "$TMP/tmp")" ""

# --- --bind-to-core: process k and its mount's threads on CPU k ---------
# Each mount's first messenger thread, seen while the stonewall holds
# mdtest-easy's creates, is on its process's CPU: the k-th allowed, round
# robin.
msgr_cpus() {
	for task in /proc/$(pgrep -P $pid -x fio | head -n 1)/task/*; do
		[ "$(cat "$task/comm" 2>/dev/null)" = msgr-worker-0 ] &&
			taskset -pc "${task##*/}" | sed 's/.*: //'
	done | sort
}
# Seen once every process has mounted: their CPUs in $seen_cpus.
bound_at_write() {
	at_step "mdtest-easy write" && seen_cpus=$(msgr_cpus) &&
		[ "$(printf '%s\n' "$seen_cpus" | grep -c .)" = $PROCESSES ]
}
want=$(python3 -c "import os; c = sorted(os.sched_getaffinity(0)); print('\n'.join(sorted(str(c[k % len(c)]) for k in range($PROCESSES))))")
seen_cpus=
start_io500 --bind-to-core --ior-easy-block-size 1M \
	--ior-easy-transfer-size 64K --ior-hard-segment-count 300 \
	--mdtest-easy-n 1000000
interrupt_at 60 "mdtest-easy write with a mount per process" bound_at_write
is "--bind-to-core: each process's mount on its CPU" "$seen_cpus" "$want"
is "... nothing of the run is left" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR")" keep

# --- On two hosts: fio servers on loopback -------------------------------
start_server port_a
start_server port_b
host_a=127.0.0.1_$port_a host_b=127.0.0.1_$port_b
start_io500 --clients "127.0.0.1:$port_a,127.0.0.1:$port_b" \
	--ior-easy-block-size 8M --ior-hard-segment-count 300 \
	--mdtest-easy-n 300 --mdtest-hard-n 300 --json "$TMP/io500.json" \
	--keep-job "$TMP/job" --rnd4k --drop-caches \
	--drop-caches-cmd "echo drop >>'$TMP/drops'; exit 3"
wait $pid
is "--clients: the run exits 0" $? 0
is "--drop-caches: its command ran before each of the 13 phases" \
	"$(grep -c '^drop$' "$TMP/drops")" 13
is "... each failure a warning naming the phase, the run went on" \
	"$(grep -c "^cephfs-tool io500: warning: before [a-zA-Z0-9-]*: --drop-caches-cmd '.*' exited with status 3\$" "$TMP/err")" 13
is "... the JSON names the command" \
	"$(json_eval "$TMP/io500.json" "d['parameters']['drop_caches_cmd']")" \
	"echo drop >>'$TMP/drops'; exit 3"
is "... all twelve phases, each but find (the tool's own walk) with a line per host" \
	"$(grep -c '^\[RESULT\]' "$TMP/out") $(grep -c '^\[HOST  \]' "$TMP/out")" "12 24"
like "--rnd4k: ior-rnd4K-easy-read after them, unscored" \
	"$(grep -A2 'ior-rnd4K-easy-read' "$TMP/out" | head -n 1)" \
	'^\[      \] *ior-rnd4K-easy-read *[0-9.]+ GiB/s : time [0-9.]+ seconds$'
is "... its bytes whole 4 KiB blocks, under the stonewall" \
	"$(json_eval "$TMP/io500.json" "[(p['bytes'] % 4096, p['seconds'] < $STONEWALL + 1) for p in d['phases'] if p['name'] == 'ior-rnd4K-easy-read']")" \
	"[(0, True)]"
is "... each phase's amount the sum of the hosts' shares" \
	"$(json_eval "$TMP/io500.json" "[p['name'] for p in d['phases'] if p['hosts'] and sum(h['amount'] for h in p['hosts']) != p.get('bytes', p.get('items'))]")" "[]"
# Process r runs on host r mod 2 and reads process (r + 1) mod 4's file.
is "... process 0 (host A) reads process 1's file (host B)" \
	"$(sed -n '/^\[r0\]/,/^$/s|^filename=.*/||p' "$TMP/job.ior-easy-read.$host_a")" ior_file_easy.1
is "... process 3 (host B) reads process 0's (host A)" \
	"$(sed -n '/^\[r3\]/,/^$/s|^filename=.*/||p' "$TMP/job.ior-easy-read.$host_b")" ior_file_easy.0
is "... each process a client of its own, as each of IO500's ranks" \
	"$(grep -c '^cephfs_mount_per_job=1$' "$TMP/job.ior-hard-write.$host_a")" 1
is "... nothing of the run is left" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR")" keep

done_testing
