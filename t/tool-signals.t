#!/bin/sh
# Ctrl-C (SIGINT) and SIGTERM: fio is stopped, no fio is left behind, the
# run directory is removed (kept with --no-cleanup), exit 130 / 143.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
plan 16

# The runs' mount timeout: fio's unmount and the cleanup's mount each wait
# at most that long, so an interrupted run ends within twice it (and the
# margin), well before its 60 s phase would.  The margin also covers the
# cleanup's removal of what was written, which no timeout bounds: an fsync
# after each block keeps that small (empty files ran to thousands by the
# signal, and their cleanup past 35 s at load 5-8).
MOUNT_TIMEOUT=10

# fio_creating: the run's fio is working: its write phase has made the run
# directory and files in it; fio's pid in $fio_pid.
fio_creating() {
	fio_pid=$(pgrep -P $pid)
	dir=$(run_dir)
	[ -n "$fio_pid" ] && [ -n "$dir" ] &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" 2>/dev/null | grep -q .
}

# interrupt SIGNAL ARGS...: start a long run, signal it once fio works
# (signal_when: $rc, $elapsed).
interrupt() {
	sig=$1
	shift
	"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
		--root-path "$CEPHFS_DIR" --threads 2 --files 100000 --size 64K \
		--block-size 4K --fsync-every 4K --duration 60 \
		--mount-timeout $MOUNT_TIMEOUT "$@" \
		>"$TMP/out" 2>"$TMP/err" &
	pid=$!
	signal_when $MOUNT_TIMEOUT fio_creating $sig $pid "fio was creating files (fio's mount timeout)" \
		$((2 * MOUNT_TIMEOUT))
}

interrupt INT
is "SIGINT: exit 130" $rc 130
ok $(kill -0 "$fio_pid" 2>/dev/null; [ $? != 0 ]; echo $?) "no fio left behind (pid $fio_pid)"
within "stopped by fio's unmount and the cleanup's mount, two mount timeouts," \
	"$elapsed" $((2 * MOUNT_TIMEOUT))
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
