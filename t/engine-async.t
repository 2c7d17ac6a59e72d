#!/bin/sh
# iodepth > 1: up to iodepth I/Os in flight through submitter threads,
# verified data, syncs ordered after their writes, errors with the right
# errno, honest latencies, and a clean stop with I/O in flight.
. "$(dirname "$0")/lib.sh"
need_cluster
cephfs_testdir
plan 20
d=$CEPHFS_DIR
job() { json_eval "$TMP/$1.json" "d['jobs'][0]$2"; }

for qd in 1 16 128; do
	cephfs_fio "$TMP/qd$qd.json" --name=qd$qd --filename="$d/qd$qd" \
		--rw=randwrite --bs=4k --size=2m --iodepth=$qd --verify=crc32c
	ok $? "randwrite iodepth=$qd, then verify"
	is "iodepth=$qd: every block written and verified" \
		"$(job qd$qd "['write']['io_bytes']") $(job qd$qd "['read']['io_bytes']")" \
		"2097152 2097152"
done
is "iodepth=128 kept more than 64 in flight most of the time" \
	"$(job qd128 "['iodepth_level']['>=64'] > 50")" True

cephfs_fio "$TMP/rw.json" --name=rw --filename="$d/randrw" --rw=randrw \
	--bs=4k --size=2m --iodepth=32 --verify=crc32c --verify_backlog=64
ok $? "randrw iodepth=32 with verify"

cephfs_fio "$TMP/sync.json" --name=sync --filename="$d/sync" --rw=write \
	--bs=4k --size=256k --iodepth=16 --fsync=8 --verify=crc32c
ok $? "writes with fsync=8 at iodepth=16, verified"
# fio issues an fsync= sync before the write that follows each 8th, so 64
# writes get 7 with psync; with queued I/O fio 3.33 re-issues syncs while
# the write count stays on a multiple (its posixaio engine too), fio 3.41
# does not.  So expect at least as many as psync gives the same local job.
"$FIO" --output-format=json --output="$TMP/psync.json" \
	--name=psync --ioengine=psync --filename="$TMP/psync" --rw=write \
	--bs=4k --size=256k --fsync=8 >/dev/null 2>&1
psync_syncs=$(json_eval "$TMP/psync.json" "d['jobs'][0]['sync']['total_ios']")
is "at least as many fsyncs as psync gives the same job ($psync_syncs)" \
	"$(job sync "['sync']['total_ios'] >= $psync_syncs > 0")" True

# A CephFS quota makes writes fail inside the submitter threads.  The
# client checks a write against the directory's recursive size, which the
# MDS updates lazily, so the quota is smaller than the first write.
"$CEPHFS_UTIL" mkdir "$d/quota" 755
"$CEPHFS_UTIL" setxattr "$d/quota" ceph.quota.max_bytes 4096
for qd in 1 16; do
	cephfs_fio "$TMP/q$qd.json" --name=q$qd --filename="$d/quota/f$qd" \
		--rw=write --bs=64k --size=1m --iodepth=$qd
	ok $([ $? != 0 ]; echo $?) "iodepth=$qd: writing past a quota fails"
	is "iodepth=$qd: fio reports EDQUOT" "$(job q$qd "['error']")" 122
	like "iodepth=$qd: the error names call and file" "$(cat "$TMP/fio.err")" \
		"ceph_ll_write\\($d/quota/f$qd\\): Disk quota exceeded"
done

# One submitter for 16 slots: the wait for it is queueing, not device time.
cephfs_fio "$TMP/fill.json" --name=fill --filename="$d/lat" --rw=write \
	--bs=1m --size=2m
cephfs_fio "$TMP/lat1.json" --name=lat1 --filename="$d/lat" --rw=randread \
	--bs=4k --size=2m --io_size=1m --direct=1 --iodepth=1
cephfs_fio "$TMP/lat16.json" --name=lat16 --filename="$d/lat" --rw=randread \
	--bs=4k --size=2m --io_size=1m --direct=1 --iodepth=16 --cephfs_async_threads=1
ok $? "iodepth=16 on one submitter thread"
clat1=$(job lat1 "['read']['clat_ns']['mean']")
clat16=$(job lat16 "['read']['clat_ns']['mean']")
lat16=$(job lat16 "['read']['lat_ns']['mean']")
diag "clat mean: iodepth=1 ${clat1%.*} ns, iodepth=16 on 1 thread ${clat16%.*} ns (total lat ${lat16%.*} ns)"
# Were issue times taken when fio queued, clat would be close to lat.
ok $(python3 -c "import sys; sys.exit(0 if $lat16 > 4 * $clat16 else 1)"; echo $?) \
	"completion latency excludes the wait for a submitter; total latency includes it"

# SIGINT with 32 I/Os in flight: fio stops and exits promptly (within
# half the 60 s runtime, so the interrupt, not the runtime, ended it).
$TEST_WRAPPER "$FIO" --ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
	--name=intr --filename="$d/intr" --rw=randwrite --bs=4k --size=8m \
	--iodepth=32 --time_based --runtime=60 >"$TMP/intr.out" 2>&1 &
pid=$!
sleep 3
kill -INT $pid
start=$(date +%s)
while kill -0 $pid 2>/dev/null && [ $(( $(date +%s) - start )) -lt 30 ]; do
	sleep 0.2
done
kill -0 $pid 2>/dev/null
ok $([ $? != 0 ]; echo $?) "fio exits within 30 s of SIGINT with I/O in flight"
kill -KILL $pid 2>/dev/null
wait $pid
like "it reports the interrupted run" "$(cat "$TMP/intr.out")" "WRITE: bw="
done_testing
