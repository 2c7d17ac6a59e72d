# SPDX-License-Identifier: GPL-2.0-only
# Faults a test injects into the process under test: a signal once what
# it needs has been seen, a kill of a whole process tree (sourced after
# t/lib.sh).
. "$top_srcdir/t/timing.sh"

# kill_tree PID: SIGKILL to PID and all its descendants (a killed tool's
# fio would go on creating files, and its job processes with it).
kill_tree() {
	kt_children=$(pgrep -P "$1")
	kill -KILL "$1" 2>/dev/null
	for kt_child in $kt_children; do
		kill_tree "$kt_child"
	done
}

# signal_when CONFIGURED COND SIGNAL PID WHAT ENDS: send SIGNAL to PID (a
# background child) once COND holds, within CONFIGURED + TIME_MARGIN s,
# with a test saying so (WHAT: what COND sees); then wait for PID's end,
# at most ENDS (the timeouts its exit goes through) + TIME_MARGIN s, and
# kill it past that.  Its exit status in $rc, the seconds from the signal
# to its end in $elapsed.  When COND never held, no signal goes: the test
# fails, PID and its descendants are killed, and rc and elapsed are "none".
signal_when() {
	sw_pid=$4
	await "$1" "$2"
	sw_seen=$?
	ok $sw_seen "SIG$3 sent once $5 (within $1 s + $TIME_MARGIN s margin)"
	if [ $sw_seen != 0 ]; then
		kill_tree $sw_pid
		wait $sw_pid
		rc=none elapsed=none
		return 1
	fi
	sw_start=$(date +%s)
	kill -$3 $sw_pid
	await "$6" exited $sw_pid || kill_tree $sw_pid
	wait $sw_pid
	rc=$?
	elapsed=$(( $(date +%s) - sw_start ))
}
