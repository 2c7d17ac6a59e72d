#!/bin/sh
# Ctrl-C (SIGINT) and SIGTERM: fio is stopped, no fio is left behind, the
# run directory is removed (kept with --no-cleanup), exit 130 / 143.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
plan 14

# interrupt SIGNAL ARGS...: start a long run, signal it once fio works.
interrupt() {
	sig=$1
	shift
	"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
		--root-path "$CEPHFS_DIR" --threads 2 --files 100000 --size 0 \
		--duration 60 "$@" >"$TMP/out" 2>"$TMP/err" &
	pid=$!
	fio_pid=
	for i in $(seq 50); do
		fio_pid=$(pgrep -P $pid)
		[ -n "$fio_pid" ] && break
		sleep 0.2
	done
	# fio works once the write phase has made the run directory: on a
	# loaded machine fio may take seconds to get there, so wait for it
	# (at most the mount timeout + TIME_MARGIN) rather than a fixed time.
	for i in $(seq $(( (30 + TIME_MARGIN) * 5 ))); do
		dir=$(run_dir)
		[ -n "$dir" ] && "$CEPHFS_UTIL" exists "$CEPHFS_DIR/$dir" && break
		sleep 0.2
	done
	start=$(date +%s)
	kill -$sig $pid
	wait $pid
	rc=$?
	elapsed=$(( $(date +%s) - start ))
}

interrupt INT
is "SIGINT: exit 130" $rc 130
ok $([ -n "$fio_pid" ]; echo $?) "fio was running (pid $fio_pid)"
ok $(kill -0 "$fio_pid" 2>/dev/null; [ $? != 0 ]; echo $?) "no fio left behind"
# Cut short: under half the 60 s --duration, whatever the machine.
ok $([ $elapsed -lt 30 ]; echo $?) "stopped in ${elapsed}s, under half the 60 s phase"
like "the report says the phase was interrupted" "$(grep '^  Write:' "$TMP/out")" \
	'^  Write: FAILED: interrupted'
is "... and cleans up" "$(tail -n 1 "$TMP/out")" "Cleaning up..."
siblings_intact "after SIGINT"

interrupt TERM
is "SIGTERM: exit 143" $rc 143
ok $(kill -0 "$fio_pid" 2>/dev/null; [ $? != 0 ]; echo $?) "no fio left behind"
siblings_intact "after SIGTERM"

interrupt INT --no-cleanup
is "SIGINT with --no-cleanup: exit 130" $rc 130
dir=$(run_dir)
ok $("$CEPHFS_UTIL" exists "$CEPHFS_DIR/$dir"; echo $?) "the run directory stays"
done_testing
