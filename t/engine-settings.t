#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The client settings take effect in the running client, as it says
# itself while the job holds its mount (its admin socket's config get and
# perf dump): cephfs_client_oc (the object cacher's counters),
# cephfs_client_oc_size, cephfs_msgr_workers (the messenger's workers),
# cephfs_client_readahead_max_bytes, cephfs_set; and cephfs_async_threads starts that many submitter threads
# (the kernel's list of the process's threads).
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/held.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
# Held at prerun a job has mounted (cephfs_mount_timeout, 30 s); at
# postrun it has also written 64 KiB, each flush to the OSD bounded by
# cephfs_op_timeout (120 s).
PRERUN_TIMEOUTS=30
POSTRUN_TIMEOUTS=$((30 + 120))

# held_job CASE PHASE TIMEOUTS ARGS...: one job writing 64 KiB, held at
# PHASE; its client's admin socket in $sock, its process in $pid.  Two
# tests.
held_job() {
	case=$1 phase=$2 timeouts=$3
	shift 3
	held_fio "$TMP/job.json" --thread --name=job --filename="$d/job" \
		--rw=write --bs=4k --size=64k "$(hold_option "$phase" job)" "$@"
	wait_held "$case: the job holds its mount at $phase" 1 "$timeouts"
	sock=$(held_sockets)
	pid=$(held_sessions | cut -d' ' -f2)
	is "... one client, with an admin socket" "$(echo "$sock" | grep -c .)" 1
}

# perf EXPR: EXPR over the held client's perf dump `d`.
perf() {
	client_ask "$sock" perf dump >"$TMP/perf.json"
	json_eval "$TMP/perf.json" "$1"
}
workers="sum(k.startswith('AsyncMessenger::Worker-') for k in d)"
cached="d['objectcacher-libcephfs']['data_written']"

held_job "cephfs_client_oc=1, cephfs_client_oc_size=8M, cephfs_msgr_workers=4" \
	postrun $POSTRUN_TIMEOUTS --cephfs_client_oc=1 --cephfs_client_oc_size=8M \
	--cephfs_msgr_workers=4 --cephfs_client_readahead_max_bytes=2M
is "the client's client_oc, client_oc_size, ms_async_op_threads" \
	"$(client_config "$sock" client_oc) $(client_config "$sock" client_oc_size) $(client_config "$sock" ms_async_op_threads)" \
	"true 8388608 4"
is "... and client_readahead_max_bytes (cephfs_client_readahead_max_bytes=2M)" \
	"$(client_config "$sock" client_readahead_max_bytes)" 2097152
is "... its messenger runs 4 workers (perf dump: AsyncMessenger::Worker-N)" "$(perf "$workers")" 4
is "... its object cacher took all 64 KiB written (objectcacher-libcephfs data_written)" \
	"$(perf "$cached")" 65536
release_held
is "... fio succeeds" $rc 0

held_job "cephfs_client_oc=0, cephfs_msgr_workers=1" postrun $POSTRUN_TIMEOUTS \
	--cephfs_client_oc=0 --cephfs_msgr_workers=1
is "the client's client_oc, ms_async_op_threads" \
	"$(client_config "$sock" client_oc) $(client_config "$sock" ms_async_op_threads)" "false 1"
is "... one messenger worker" "$(perf "$workers")" 1
is "... the writes went past the object cacher" "$(perf "$cached")" 0
release_held
is "... fio succeeds" $rc 0

held_job "cephfs_set with two settings" prerun $PRERUN_TIMEOUTS \
	--cephfs_set=client_oc_max_dirty=1048576,client_readahead_max_periods=2
is "the client has both" \
	"$(client_config "$sock" client_oc_max_dirty) $(client_config "$sock" client_readahead_max_periods)" \
	"1048576 2"
release_held

# Threads of fio's process by the name it runs under: the submitter
# threads do not name themselves, libcephfs' threads all do.
unnamed_threads() {
	name=$(cat "/proc/$pid/comm")
	for task in "/proc/$pid/task"/*; do
		[ "$(cat "$task/comm")" = "$name" ] && echo
	done | wc -l
}

held_job "iodepth=1" prerun $PRERUN_TIMEOUTS
base=$(unnamed_threads)
release_held

# threads_beyond_iodepth_1 CASE PHASE TIMEOUTS ARGS...: held at prerun
# (submitters start in the engine's init), the threads a job with ARGS
# has beyond the job without asynchronous I/O, in $extra.
threads_beyond_iodepth_1() {
	held_job "$@" --cephfs_async=emulated
	extra=$(( $(unnamed_threads) - base ))
	release_held
}
threads_beyond_iodepth_1 "iodepth=8, cephfs_async_threads=3" prerun $PRERUN_TIMEOUTS \
	--iodepth=8 --cephfs_async_threads=3
is "... three submitter threads more than at iodepth=1" $extra 3
threads_beyond_iodepth_1 "iodepth=4, cephfs_async_threads=0" prerun $PRERUN_TIMEOUTS \
	--iodepth=4 --cephfs_async_threads=0
is "... one submitter thread per iodepth slot" $extra 4
done_testing
