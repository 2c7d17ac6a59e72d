#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fio lays out the files a job reads before its clock starts; the engine
# does it through libcephfs, by fio's rules: a read job on a new directory
# gets its files written to the size it reads, with fio's buffer contents,
# saying "Laying out IO file" as fio does, outside the timed run; files
# already whole are left alone (a verify written by one job still verifies
# in the next); allow_file_create=0 still fails on a missing file;
# create_only lays out and stops; file_append starts at the end; an
# interrupted layout leaves no file; cephfs_root confines it; pre_read
# reads through libcephfs.  Jobs fio would hang in or size by the local
# filesystem are refused before they run.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
# With --output-format=json,normal fio's JSON follows its text in one
# file; a job's own messages reach that file when the job is a thread
# (a job process's are lost with --output, fio's own notes as well).
laid_out() { grep -c "Laying out IO file" "$1"; }
read_bytes() {
	sed -n '/^{$/,/^}$/p' "$1" >"$1.only"
	json_eval "$1.only" "sum(j['read']['io_bytes'] for j in d['jobs'])"
}

cephfs_fio "$TMP/r.json" --output-format=json,normal --thread --name=r \
	--filename="$d/new/r" --rw=read --bs=64k --size=1m
ok $? "a read job on a file in a new directory runs"
is "... which it lays out, saying so as fio does" "$(laid_out "$TMP/r.json")" 1
is "... to the size it reads" "$(size_of "$d/new/r")" 1048576
is "... and reads all of it" "$(read_bytes "$TMP/r.json")" 1048576

cephfs_fio "$TMP/p.json" --output-format=json,normal --name=p \
	--filename="$d/pattern" --rw=randread --bs=4k --size=64k \
	--buffer_pattern=0xdeadbeef
ok $? "a layout with buffer_pattern runs"
is "... and writes fio's buffer contents: the pattern" \
	"$("$CEPHFS_UTIL" cat "$d/pattern" | od -An -tx1 -N8 | tr -d ' ')" \
	deadbeefdeadbeef

cephfs_fio "$TMP/w.json" --name=w --filename="$d/v" --rw=write --bs=64k \
	--size=1m --verify=crc32c --do_verify=0
ok $? "a write job with verify"
cephfs_fio "$TMP/v.json" --output-format=json,normal --thread --name=v \
	--filename="$d/v" --rw=read --bs=64k --size=1m --verify=crc32c
ok $? "... then a read job verifying the same file passes"
is "... which was whole, so not laid out again" "$(laid_out "$TMP/v.json")" 0

cephfs_fio "$TMP/a.json" --name=a --filename="$d/absent" --rw=read \
	--bs=4k --size=64k --allow_file_create=0
ok $([ $? != 0 ]; echo $?) "allow_file_create=0 on a missing file fails, as before"
like "... naming it" "$(cat "$TMP/fio.err")" "ceph_ll_open\\($d/absent\\): No such file"
is "... and creates nothing" "$("$CEPHFS_UTIL" exists "$d/absent"; echo $?)" 1

cephfs_fio "$TMP/o.json" --output-format=json,normal --name=o \
	--filename="$d/over" --rw=randwrite --bs=4k --size=256k --overwrite=1 \
	--io_size=16k
ok $? "overwrite=1: a write job lays its file out first, as fio does"
is "... to its whole size" "$(size_of "$d/over")" 262144

cephfs_fio "$TMP/co.json" --name=co --filename="$d/co" --rw=read --bs=64k \
	--size=256k --create_only=1
ok $? "create_only=1: the job only lays out"
is "... its file, whole" "$(size_of "$d/co")" 262144

append() {
	cephfs_fio "$TMP/ap.json" --name=ap --filename="$d/ap" --rw=write \
		--bs=4k --size=8k --file_append=1
}
head8k() { "$CEPHFS_UTIL" cat "$d/ap" | head -c 8192 | md5sum; }
append
ok $? "file_append=1 on a new file writes it"
first=$(head8k)
append
is "... and again appends after its end" "$(size_of "$d/ap")" 16384
is "... keeping what was there" "$(head8k)" "$first"

cephfs_fio "$TMP/pr.json" --name=pr --filename="$d/new/r" --rw=read \
	--bs=64k --size=1m --pre_read=1
ok $? "pre_read=1 runs (it read f->fd, which this engine has not)"

"$CEPHFS_UTIL" mkdir "$d/lim" 755
"$CEPHFS_UTIL" mkdir "$d/outside" 755
"$CEPHFS_UTIL" symlink ../outside "$d/lim/away"
cephfs_fio "$TMP/c.json" --name=c --cephfs_root="$d/lim" --filename=away/f \
	--rw=read --bs=4k --size=64k
ok $([ $? != 0 ]; echo $?) "a layout through a link leading out of cephfs_root is refused"
is "... and writes nothing there" "$("$CEPHFS_UTIL" ls "$d/outside")" ""

# Interrupted: the layout writes 1 GiB (seconds on the sandbox); SIGINT
# once fio says it began.  Its bound: the mount timeout, as the engine's
# mount comes first, and the layout's own stop at the next block.
timeout=$(( 30 + TIME_MARGIN ))
$TEST_WRAPPER "$FIO" --ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
	--name=big --filename="$d/big" --rw=read --bs=4m --size=1g \
	--cephfs_mount_timeout=30 >"$TMP/big.out" 2>&1 &
pid=$!
i=0
until grep -q "Laying out IO file" "$TMP/big.out" || [ $i -ge $(( timeout * 10 )) ]; do
	sleep 0.1
	i=$((i + 1))
done
if grep -q "Laying out IO file" "$TMP/big.out"; then
	# At once: the layout takes only seconds, less than a look at the
	# file's size (a mount of its own) would.
	kill -INT $pid
	wait $pid
	ok 0 "the layout of 1 GiB began (fio said so) within $timeout s"
else
	kill -KILL $pid
	wait $pid
	ok 1 "the layout of 1 GiB began (fio said so) within $timeout s"
fi
is "an interrupted layout leaves no file" "$("$CEPHFS_UTIL" exists "$d/big"; echo $?)" 1
is "... and fio read nothing" "$(grep -c 'READ:' "$TMP/big.out")" 0

cephfs_fio "$TMP/f.json" --name=f --filename="$d/fill" --rw=write --bs=4k \
	--fill_device=1
ok $([ $? != 0 ]; echo $?) "fill_device is refused"
like "... saying why" "$(cat "$TMP/fio.err")" \
	"^cephfs: f: fill_device/fill_fs: fio takes the free space of the local filesystem"

# Jobs sharing a file lay it out once: the first writes it under a lock
# the MDS keeps, the others find it whole (each used to write it, one
# truncating it under another's reads; on Ceph 20 such a job's native
# async I/O then hung).  Each job process logs to a file of its own: only
# one may show writes.  Without the lock 2, 4 and 1 processes wrote.
writers=
shared_bytes=
for run in 1 2 3; do
	rm -f "$TMP"/shared.*.log
	(CEPH_ARGS="$CEPH_ARGS --debug-client=3 --log-file=$TMP/shared.\$pid.log" \
		cephfs_fio "$TMP/shared$run.json" --name=s --filename="$d/shared$run" \
		--rw=read --bs=64k --size=1m --numjobs=4)
	writers="$writers $(grep -l ' pwritev(' "$TMP"/shared.*.log | wc -l)"
	shared_bytes="$shared_bytes $(read_bytes "$TMP/shared$run.json")"
done
is "four jobs reading one new file: one of them laid it out, in each of 3 runs" \
	"$writers" " 1 1 1"
is "... and each run read it four times whole" "$shared_bytes" \
	" 4194304 4194304 4194304"

# fio 3.41 and earlier start an offload job's workers with a race that
# left the job waiting in workqueue_init for ever, deaf to SIGTERM: 3 of 6
# rate-limited reads after a layout on fio 3.33 hung so, before the
# engine's workers waited for their start (engine/offload.c).  The shapes
# that hung, five times each; the engine named in the job's section (after
# --name), as fio's offload needs.  A guard against a hang, not a speed
# bound: the mount timeout (each run moves 64 KiB at 500 IOPS) plus the
# margin; fio's job processes outlive timeout and go by their file name.
offload_bound=$(( 30 + TIME_MARGIN ))
offload_runs=0
offload_done=0
for run in 1 2 3 4 5; do
	for shape in read direct; do
		case $shape in
		read) rw="--rw=read" ;;
		direct) rw="--rw=write --direct=1" ;;
		esac
		name=off-$shape-$run
		timeout -k 5 $offload_bound $TEST_WRAPPER "$FIO" --name=off \
			--ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
			--cephfs_mount_timeout=30 --filename="$d/$name" $rw \
			--bs=4k --size=64k --iodepth=8 --io_submit_mode=offload \
			--rate_iops=500 --output-format=json \
			--output="$TMP/$name.json" >"$TMP/$name.out" 2>&1
		rc=$?
		[ $rc = 124 ] || [ $rc = 137 ] && pkill -KILL -f "$d/$name"
		offload_runs=$((offload_runs + 1))
		sed -n '/^{$/,/^}$/p' "$TMP/$name.json" >"$TMP/$name.only"
		[ $rc = 0 ] && [ "$(json_eval "$TMP/$name.only" \
			"sum(j['read']['io_bytes'] + j['write']['io_bytes'] for j in d['jobs'])")" = 65536 ] &&
			offload_done=$((offload_done + 1))
	done
done
is "rate-limited offload at iodepth 8 (reads after a layout, direct=1 writes) moved its 64 KiB in every run, within $offload_bound s each" \
	"$offload_done of $offload_runs" "$offload_runs of $offload_runs"

# A job waiting for another's layout of their shared file used to have
# the file open, and the MDS then revoked the writer's buffer caps: a
# Ceph 16 or 18 client completed the revocation without waking the write
# waiting for it, and the job hung (butterfly.fio, 1 run in 3; 3 of these
# 5 runs on Ceph 16 before the lock moved to the directory).  A guard
# against a hang, as above: the mount timeout plus the margin.
shared_done=0
for run in 1 2 3 4 5; do
	name=pair-$run
	timeout -k 5 $offload_bound $TEST_WRAPPER "$FIO" \
		--ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
		--cephfs_mount_timeout=30 --filename="$d/$name" --bs=4k \
		--size=4m --name=forward --rw=read --name=backward \
		--rw=read:-8k --output-format=json \
		--output="$TMP/$name.json" >"$TMP/$name.out" 2>&1
	rc=$?
	[ $rc = 124 ] || [ $rc = 137 ] && pkill -KILL -f "$d/$name"
	sed -n '/^{$/,/^}$/p' "$TMP/$name.json" >"$TMP/$name.only"
	[ $rc = 0 ] && [ "$(json_eval "$TMP/$name.only" "len(d['jobs'])")" = 2 ] &&
		shared_done=$((shared_done + 1))
done
is "two jobs reading one new 4 MiB file, laid out in 4 KiB writes, ran in each of 5 runs, within $offload_bound s each" \
	"$shared_done" 5
done_testing
