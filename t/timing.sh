# SPDX-License-Identifier: GPL-2.0-only
# Time bounds and waits (sourced after t/lib.sh).

# Time bounds: each is the sum of the configured timeouts that the case
# can go through, plus TIME_MARGIN seconds for what no timeout bounds --
# starting fio and libcephfs, exiting, the sandbox's own commands -- on a
# loaded, shared machine (a CPU-bound process on one core, or a second
# cluster beside this one).  Never one machine's measured speed.
: "${TIME_MARGIN:=15}"

# within DESCRIPTION ELAPSED CONFIGURED: passes when ELAPSED seconds are
# under CONFIGURED + TIME_MARGIN.
within() {
	ok $([ "$2" -lt $(( $3 + TIME_MARGIN )) ]; echo $?) \
		"$1 within $(( $3 + TIME_MARGIN )) s: $3 s of timeouts + $TIME_MARGIN s margin (took ${2}s)"
}

# Waiting for a precondition, and when things happened.
# A fault or a signal goes once what it needs has been seen, never after a
# fixed sleep; each wait is bounded by the configured timeouts of what it
# waits for, plus TIME_MARGIN, and not seeing it is a failure.

# await CONFIGURED CMD...: run CMD every 0.1 s until it succeeds, for at
# most CONFIGURED + TIME_MARGIN seconds; status 1 if it never did.
await() {
	await_end=$(( $(date +%s) + $1 + TIME_MARGIN ))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$await_end" ] || return 1
		sleep 0.1
	done
}

# exited PID: the process (a child of this shell) has ended.
exited() {
	! kill -0 "$1" 2>/dev/null
}

# now_ms: the wall clock in milliseconds, the clock of fio's logs with
# log_unix_epoch=1 and of the Ceph daemons' log lines.
now_ms() {
	date +%s%3N
}
