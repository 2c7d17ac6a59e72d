#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# iodepth > 1, through both async paths (cephfs_async=native where
# libcephfs has ceph_ll_nonblocking_readv_writev, and emulated): up to
# iodepth I/Os in flight, verified data, syncs ordered after their writes,
# errors with the right errno, honest latencies, and a clean stop with I/O
# in flight.  The native path really is libcephfs' call: the engine imports
# it and runs iodepth 64 on no more threads than iodepth 2.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
job() { json_eval "$TMP/$1.json" "d['jobs'][0]$2"; }
# Tests run for each path by async_cases.
CASES_PER_PATH=13

# randwrite at iodepth $2, then verify.
verified_randwrite() {
	cephfs_fio "$TMP/$1.json" --name=$1 --filename="$d/$1" \
		--rw=randwrite --bs=4k --size=2m --iodepth=$2 --verify=crc32c \
		$async
	ok $? "$3randwrite iodepth=$2, then verify"
	is "$3iodepth=$2: every block written and verified" \
		"$(job $1 "['write']['io_bytes']") $(job $1 "['read']['io_bytes']")" \
		"2097152 2097152"
}

# SIGINT with 32 I/Os in flight: fio stops and exits promptly.  The
# signal goes once fio's first per-second report shows writes running
# (after its mount: the mount timeout, 10 s here): a libcephfs call that is
# still mounting or creating the file cannot be interrupted.  Then fio
# waits for the I/Os in flight (the op timeout, 10 s) and unmounts (the
# session close: the mount timeout).
interrupted() {
	$TEST_WRAPPER "$FIO" --ioengine=external:"$ENGINE_SO" \
		--cephfs_fs="$CEPHFS_FS" $async --name=intr \
		--filename="$d/$1-intr" --rw=randwrite --bs=4k --size=8m \
		--iodepth=32 --time_based --runtime=120 --status-interval=1 \
		--cephfs_mount_timeout=10 --cephfs_op_timeout=10 \
		>"$TMP/intr.out" 2>&1 &
	signal_when 10 reports_writes INT $! "fio reported writes ($1; its mount timeout)" \
		$((10 + 10))
	within "$1: fio exits after SIGINT with I/O in flight, the op and mount timeouts," \
		"$elapsed" $((10 + 10))
	like "$1: it reports the interrupted run" \
		"$(sed -n '/terminating on signal/,$p' "$TMP/intr.out")" "WRITE: bw="
}
reports_writes() { grep -q 'write: IOPS=' "$TMP/intr.out"; }

# The file the latency cases read.
cephfs_fio "$TMP/fill.json" --name=fill --filename="$d/lat" --rw=write \
	--bs=1m --size=2m

# Issue times: with one submitter for 16 slots, the wait for it is
# queueing, not device time.  Natively there is no such wait, and the
# issue time is taken at submission.
latencies() {
	threads=
	[ $1 = native ] || threads=--cephfs_async_threads=1
	cephfs_fio "$TMP/$1-lat.json" --name=lat --filename="$d/lat" \
		--rw=randread --bs=4k --size=2m --io_size=1m --direct=1 \
		--iodepth=16 $async $threads
	ok $? "$1: iodepth=16 random reads${threads:+ on one submitter thread}"
	clat=$(job $1-lat "['read']['clat_ns']['mean']")
	lat=$(job $1-lat "['read']['lat_ns']['mean']")
	diag "$1 iodepth=16${threads:+ on 1 thread}: clat mean ${clat%.*} ns, total lat ${lat%.*} ns (iodepth=1: clat ${clat1%.*} ns)"
	if [ $1 = native ]; then
		# An issue time left unset or stale from the io_u's last use
		# would put clat at or beyond the total latency.
		ok $(python3 -c "import sys; sys.exit(0 if 0 < $clat < $lat else 1)"; echo $?) \
			"native: completion latency counts from submission, within the total latency"
	else
		# Were issue times taken when fio queued, clat would be close to lat.
		ok $(python3 -c "import sys; sys.exit(0 if $lat > 4 * $clat else 1)"; echo $?) \
			"emulated: completion latency excludes the wait for a submitter; total latency includes it"
	fi
}

# The same cases through one path ($CASES_PER_PATH tests).
async_cases() {
	async=--cephfs_async=$1
	verified_randwrite $1-qd16 16 "$1: "
	verified_randwrite $1-qd128 128 "$1: "
	is "$1: iodepth=128 kept more than 64 in flight most of the time" \
		"$(job $1-qd128 "['iodepth_level']['>=64'] > 50")" True

	cephfs_fio "$TMP/$1-rw.json" --name=rw --filename="$d/$1-randrw" \
		--rw=randrw --bs=4k --size=2m --iodepth=32 --verify=crc32c \
		--verify_backlog=64 $async
	ok $? "$1: randrw iodepth=32 with verify"

	cephfs_fio "$TMP/$1-sync.json" --name=sync --filename="$d/$1-sync" \
		--rw=write --bs=4k --size=256k --iodepth=16 --fsync=8 \
		--verify=crc32c $async
	ok $? "$1: writes with fsync=8 at iodepth=16, verified"
	# As many syncs as one at a time issues: none lost in the queue (fio
	# may issue more with queued I/O, re-issuing while the write count
	# stays on a multiple, as with its posixaio and io_uring engines).
	is "$1: at least as many fsyncs as at iodepth=1 ($syncs1)" \
		"$(job $1-sync "['sync']['total_ios'] >= $syncs1 > 0")" True

	latencies $1
	interrupted $1
}

# iodepth=1 is synchronous whatever cephfs_async says.
async=
verified_randwrite qd1 1 ""
cephfs_fio "$TMP/sync1.json" --name=sync1 --filename="$d/sync1" \
	--rw=write --bs=4k --size=256k --fsync=8
ok $? "writes with fsync=8 at iodepth=1"
syncs1=$(job sync1 "['sync']['total_ios']")
cephfs_fio "$TMP/lat1.json" --name=lat1 --filename="$d/lat" --rw=randread \
	--bs=4k --size=2m --io_size=1m --direct=1 --iodepth=1
clat1=$(job lat1 "['read']['clat_ns']['mean']")

async_cases emulated
if native_async; then
	async_cases native
else
	without ceph_ll_nonblocking_readv_writev $CASES_PER_PATH
fi

imports=no
nm -D "$ENGINE_SO" | grep -q ' U ceph_ll_nonblocking_readv_writev$' && imports=yes
native_async && found=yes || found=no
is "the engine imports ceph_ll_nonblocking_readv_writev exactly where configure found it" \
	$imports $found

# most_threads ARGS...: the most threads fio (its jobs as threads) had
# while running ARGS.
most_threads() {
	$TEST_WRAPPER "$FIO" --thread --ioengine=external:"$ENGINE_SO" \
		--cephfs_fs="$CEPHFS_FS" --name=threads --filename="$d/lat" \
		--rw=randread --bs=4k --size=2m --time_based --runtime=3 \
		"$@" >"$TMP/threads.out" 2>&1 &
	pid=$!
	most=0
	while kill -0 $pid 2>/dev/null; do
		n=$(awk '/^Threads:/ { print $2 }' /proc/$pid/status 2>/dev/null)
		[ "${n:-0}" -gt $most ] && most=$n
		sleep 0.1
	done
	wait $pid || diag "fio $*: exit $?"
	echo $most
}

if native_async; then
	native2=$(most_threads --iodepth=2 --cephfs_async=native)
	native64=$(most_threads --iodepth=64 --cephfs_async=native)
	emulated64=$(most_threads --iodepth=64 --cephfs_async=emulated)
	diag "threads: native iodepth=2 $native2, iodepth=64 $native64; emulated iodepth=64 $emulated64"
	# libcephfs' own threads do not depend on the depth; allow a few
	# that come and go (messenger, finisher) between two runs.
	ok $([ $native64 -gt 0 ] && [ $native64 -le $((native2 + 4)) ]; echo $?) \
		"native: iodepth=64 runs on no more threads than iodepth=2 ($native64, $native2)"
	ok $([ $emulated64 -ge $((native64 + 60)) ]; echo $?) \
		"emulated: iodepth=64 adds a submitter thread per slot ($emulated64 against $native64)"
	skip 2 "this libcephfs has ceph_ll_nonblocking_readv_writev"
else
	without ceph_ll_nonblocking_readv_writev 2
	cephfs_fio "$TMP/refused.json" --name=refused --filename="$d/refused" \
		--rw=write --bs=4k --size=64k --iodepth=4 --cephfs_async=native
	ok $([ $? != 0 ]; echo $?) "cephfs_async=native is refused without the call"
	like "... saying why" "$(cat "$TMP/fio.err")" \
		"cephfs_async=native: this libcephfs has no ceph_ll_nonblocking_readv_writev"
fi
# A CephFS quota makes writes fail.  The client checks a write against
# the directory's recursive size, which the MDS updates lazily, so the
# quota is smaller than the first write.  (A job failing with EDQUOT
# flushes and unmounts as usual: the next job's create there does not
# wait; t/fault-cluster.t checks that.)
quota_write() {
	cephfs_fio "$TMP/$1.json" --name=$1 --filename="$d/quota/$1" \
		--rw=write --bs=64k --size=1m --iodepth=$2 $async
	ok $([ $? != 0 ]; echo $?) "$4iodepth=$2: writing past a quota fails"
	is "$4iodepth=$2: fio reports EDQUOT" "$(job $1 "['error']")" 122
	like "$4iodepth=$2: the error names call and file" "$(cat "$TMP/fio.err")" \
		"$3\\($d/quota/$1\\): Disk quota exceeded"
}
"$CEPHFS_UTIL" mkdir "$d/quota" 755
"$CEPHFS_UTIL" setxattr "$d/quota" ceph.quota.max_bytes 4096
async=
quota_write q1 1 ceph_ll_writev ""
async=--cephfs_async=emulated
quota_write emulated-q16 16 ceph_ll_writev "emulated: "
if native_async; then
	async=--cephfs_async=native
	quota_write native-q16 16 ceph_ll_nonblocking_readv_writev "native: "
else
	without ceph_ll_nonblocking_readv_writev 3
fi
# Wait that out here, untimed, rather than in the next test.
cephfs_fio "$TMP/settle.json" --name=settle --filename="$d/settle" \
	--rw=write --bs=4k --size=4k
done_testing
