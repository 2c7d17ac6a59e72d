#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Mount sharing: threads of one fio process share one mount per
# configuration, cephfs_mount_per_job gives each its own, processes mount
# their own, a later stonewall group mounts afresh (cold reads), an
# unmount right after the last open does not wait for the client's tick,
# and a job forked while thread jobs hold mounts refuses instead of hanging.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
. "$top_srcdir/t/held.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

# The mounts a fio process makes are the MDS's sessions whose client
# metadata names its pid (or a job process's, below it), counted while
# every job holds at exec_prerun, after the engine's init has mounted:
# held, no job can finish and unmount before the next one mounts, so
# sharing is never a matter of timing.  Each wait is bounded by the mount
# timeout (cephfs_mount_timeout, 30 s) + TIME_MARGIN.
MOUNT_TIMEOUT=30
sessions() { held_sessions | wc -l; }
pids() { held_sessions | cut -d' ' -f2 | sort -u | wc -l; }

# four_jobs CASE NAME ARGS...: four jobs writing and verifying a file
# each, held mounted; two tests.
four_jobs() {
	case=$1 name=$2
	shift 2
	held_fio "$TMP/$name.json" --name=$name --numjobs=4 \
		--filename_format="$d/$name.\$jobnum" --rw=write --bs=64k \
		--size=256k --verify=crc32c "$(hold_option prerun $name)" "$@"
	wait_held "$case: all four hold, mounted" 4 $MOUNT_TIMEOUT
}
four_done() {
	release_held
	is "$1: fio succeeds, every job verified its file" \
		"$rc $(json_eval "$held_json" "sum(j['read']['io_bytes'] for j in d['jobs'])")" "0 1048576"
}

four_jobs "threads" shared --thread
is "threads: the MDS has one session of fio's" "$(sessions)" 1
four_done "threads"

four_jobs "threads, cephfs_mount_per_job=1" own --thread --cephfs_mount_per_job=1
is "own mounts: four sessions, all of fio's one process" "$(sessions) $(pids)" "4 1"
four_done "own mounts"

four_jobs "processes" proc
is "processes: four sessions, one per job process" "$(sessions) $(pids)" "4 4"
four_done "processes"

# The mount cache's key is every setting: jobs differing in one get a
# mount each, which the client's own configuration (its admin socket's
# config get) shows; jobs alike share theirs.
held_fio "$TMP/keys.json" --thread --rw=write --bs=4k --size=4k \
	"$(hold_option prerun k)" --filename_format="$d/keys.\$jobname.\$jobnum" \
	--name=default --numjobs=2 \
	--name=ocsize --numjobs=2 --cephfs_client_oc_size=8M \
	--name=set --numjobs=2 --cephfs_set=client_oc_max_dirty=1048576
wait_held "three settings, two jobs each: all six hold, mounted" 6 $MOUNT_TIMEOUT
is "... the MDS has three sessions of fio's" "$(sessions)" 3
is "... each client configured as its pair of jobs: client_oc_size, client_oc_max_dirty" \
	"$(for sock in $(held_sockets); do
		echo "$(client_config "$sock" client_oc_size) $(client_config "$sock" client_oc_max_dirty)"
	done | sort | tr '\n' ,)" \
	"209715200 1048576,209715200 104857600,8388608 104857600,"
release_held
is "... fio succeeds" $rc 0

# A later stonewall group mounts afresh: the read group's session is
# another than the write group's, which has closed.
held_fio "$TMP/group.json" --thread --filesize=256k --bs=64k \
	--filename_format="$d/group.\$jobnum" --verify=crc32c \
	--name=write --numjobs=2 --rw=write --do_verify=0 "$(hold_option prerun write)" \
	--name=read --numjobs=2 --rw=read --stonewall "$(hold_option prerun read)"
wait_held "write group then read group: the write group's two threads hold" 2 $MOUNT_TIMEOUT write
write_session=$(held_sessions)
is "... sharing one session" "$(echo "$write_session" | grep -c .)" 1
let_go write
wait_held "the read group's two threads hold" 2 $MOUNT_TIMEOUT read
read_session=$(held_sessions)
is "... sharing one session, not the write group's" \
	"$(echo "$read_session" | grep -c .) $([ "$read_session" != "$write_session" ]; echo $?)" "1 0"
release_held
is "... and read and verified all the write group wrote" \
	"$rc $(json_eval "$held_json" "sum(j['read']['io_bytes'] for j in d['jobs'])")" "0 524288"

# fio --debug=process shows the engine's lines on fio's normal output (in
# JSON mode they would land in the JSON).
traced_fio() {
	$TEST_WRAPPER "$FIO" --debug=process --ioengine=external:"$ENGINE_SO" \
		--cephfs_fs="$CEPHFS_FS" "$@" >"$TMP/fio.out" 2>"$TMP/fio.err"
}

# A job that unmounts straight after its last open: libcephfs logs "cache
# still has N+M items, waiting" when ceph_unmount finds inodes the last
# MDS reply still holds, and sleeps until the client's next tick.  With
# debug_client=20, before the engine let the dispatcher finish first, 14
# of 20 such unmounts waited; three runs of two give six chances.
runs=0
for run in 1 2 3; do
	(cd "$TMP" && CEPH_ARGS="$CEPH_ARGS --debug-client=20 --log-file=$TMP/client.$run.log" \
		traced_fio --thread --bs=4k --nrfiles=100 \
		--filename_format="$d/tick$run.\$filenum" \
		--name=create --rw=write --cephfs_op=create \
		--name=open --rw=read --cephfs_op=open --stonewall) &&
		runs=$((runs + 1))
done
is "three runs: create then open 100 files with debug_client=20" $runs 3
is "each group unmounted" "$(cat "$TMP"/client.*.log | grep -c ' unmounting$')" 6
is "no unmount waited for the client's tick" \
	"$(cat "$TMP"/client.*.log | grep -c 'cache still has')" 0

# A thread job and a job as a process in one group: fio forks the process
# before any job mounts, so each mounts in its own init.  (While mounts
# were made ahead in fio's setup, the forked job hung in its own mount,
# until fio gave up on it after 300 s.)  Bounded by the two mounts, made
# at once, + TIME_MARGIN; killed past that.
(cd "$TMP" && traced_fio --bs=4k --size=4k --filename_format="$d/mixed.\$jobname" \
	--name=thread --thread --rw=write --name=proc --rw=write) &
mixed=$!
await $MOUNT_TIMEOUT exited $mixed || kill_tree $mixed
wait $mixed
is "a thread job and a process job: both finish within $MOUNT_TIMEOUT s + $TIME_MARGIN s, each with its own mount" \
	"$? $(grep -c 'cephfs: new mount' "$TMP/fio.out")" "0 2"

# A process job forked while a thread job holds its mount (startdelay):
# the child has none of libcephfs's threads and would hang in its own
# mount; it refuses, saying why, and the thread job is unharmed.  Bounded
# by the thread job's 4 s + its mount + TIME_MARGIN.  A fork while the
# thread job mounts waits for that mount (the cache lock is held across
# it): the process job needs only the thread job's init to begin within
# its 2 s start delay.
(cd "$TMP" && traced_fio --bs=4k --size=4k --filename_format="$d/late.\$jobname" \
	--name=thread --thread --rw=write --time_based --runtime=4 --rate_iops=20 \
	--name=proc --rw=write --startdelay=2) &
late=$!
await $((MOUNT_TIMEOUT + 4)) exited $late || kill_tree $late
wait $late
is "a process job forked while a thread job holds a mount: fio fails within $((MOUNT_TIMEOUT + 4)) s + $TIME_MARGIN s, the process job saying why" \
	"$? $(grep -c 'fio forked this job while thread jobs of its main process held libcephfs mounts' "$TMP/fio.err")" "1 1"
is "... and the thread job wrote without error" \
	"$(grep -c '^thread: (groupid=0, jobs=1): err= 0' "$TMP/fio.out")" 1

done_testing
