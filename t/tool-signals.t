#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Ctrl-C (SIGINT), SIGTERM, SIGHUP, SIGQUIT and SIGPIPE (the report piped
# into `head -n 1`): fio is stopped, no fio is left behind, the run
# directory is removed (kept with --no-cleanup) and so is the tool's
# folder in TMPDIR, exit 128 + the signal.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

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
	dir=$(named_run_dir)
	[ -n "$fio_pid" ] && [ -n "$dir" ] &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" 2>/dev/null | grep -q .
}

# start_run ARGS...: a long run in the background, its pid in $pid, its
# TMPDIR $TMP/tmp (emptied first).
start_run() {
	rm -rf "$TMP/tmp"
	mkdir "$TMP/tmp"
	TMPDIR=$TMP/tmp "$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" \
		--engine "$ENGINE_SO" --root-path "$CEPHFS_DIR" --threads 2 \
		--files 100000 --size 64K --block-size 4K --fsync-every 4K \
		--duration 60 --mount-timeout $MOUNT_TIMEOUT "$@" 2>"$TMP/err" &
	pid=$!
}

# interrupt SIGNAL ARGS...: start a long run, signal it once fio works
# (signal_when: $rc, $elapsed).
interrupt() {
	sig=$1
	shift
	start_run "$@" >"$TMP/out"
	signal_when $MOUNT_TIMEOUT fio_creating $sig $pid "fio was creating files (fio's mount timeout)" \
		$((2 * MOUNT_TIMEOUT))
}

# nothing_left SIGNAL: after the run SIGNAL stopped, no fio, no run
# directory, no folder in TMPDIR.
nothing_left() {
	ok $(kill -0 "$fio_pid" 2>/dev/null; [ $? != 0 ]; echo $?) \
		"$1: no fio left behind (pid $fio_pid)"
	siblings_intact "after $1"
	is "$1: nothing left in TMPDIR" "$(ls -A "$TMP/tmp")" ""
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

is "... nothing left in TMPDIR" "$(ls -A "$TMP/tmp")" ""
like "before the run, stderr says where it works and how to remove that if it is killed" \
	"$(head -n 1 "$TMP/err")" \
	"^cephfs-tool: this run works in $CEPHFS_DIR/bench_run_[0-9a-f]{4} and $TMP/tmp/cephfs-tool\\.[A-Za-z0-9]{6}; if it is killed, remove them with: cephfs-tool --fs $CEPHFS_FS --root-path $CEPHFS_DIR cleanup $CEPHFS_DIR/bench_run_[0-9a-f]{4}; rm -r --one-file-system $TMP/tmp/cephfs-tool\\.[A-Za-z0-9]{6}\$"

# Each of these stops the run the same way, exit 128 + its number.
for stop in TERM:143 HUP:129 QUIT:131; do
	interrupt ${stop%:*}
	is "SIG${stop%:*}: exit ${stop#*:}" $rc ${stop#*:}
	within "... stopped by fio's unmount and the cleanup's mount, two mount timeouts," \
		"$elapsed" $((2 * MOUNT_TIMEOUT))
	like "... the report says the phase was interrupted" "$(grep '^  Write:' "$TMP/out")" \
		'^  Write: FAILED: interrupted'
	nothing_left SIG${stop%:*}
done

# The report piped into `head -n 1`, whose reader then goes: the tool's
# next write, a progress line (one each 1 % of the 60 s phase, with fio's
# status each second), raises SIGPIPE.  The reader holds the pipe until
# fio is creating files, so that the SIGPIPE comes in the write phase on
# any machine (head alone may go before fio has made a file, or the tool
# end before a look at the cluster sees one).  Through a FIFO, so that
# $! is the tool's pid and its status is its own.  The reader's sleep
# outlasts the await below and no more, so a test that aborts before the
# kill leaves it for seconds, not minutes.
mkfifo "$TMP/report"
{ head -n 1 >"$TMP/head"; exec sleep $((MOUNT_TIMEOUT + TIME_MARGIN + 10)); } <"$TMP/report" &
reader=$!
start_run --progress --progress-interval 1 >"$TMP/report"
await $MOUNT_TIMEOUT fio_creating
ok $? "SIGPIPE: fio was creating files when the report's reader went (within $MOUNT_TIMEOUT s + $TIME_MARGIN s margin)"
kill $reader
pipe_start=$(date +%s)
await $((2 * MOUNT_TIMEOUT)) exited $pid || kill_tree $pid
wait $pid
rc=$?
wait
is "... exit 141" $rc 141
within "... stopped by fio's unmount and the cleanup's mount, two mount timeouts," \
	$(( $(date +%s) - pipe_start )) $((2 * MOUNT_TIMEOUT))
is "... head got the report's first line" "$(cat "$TMP/head")" "Benchmark Configuration:"
nothing_left SIGPIPE

interrupt INT --no-cleanup
is "SIGINT with --no-cleanup: exit 130" $rc 130
dir=$(run_dir)
ok $("$CEPHFS_UTIL" exists "$CEPHFS_DIR/$dir"; echo $?) "the run directory stays"
done_testing
