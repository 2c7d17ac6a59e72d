#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Data path: writes land where fio asks and read back verified, through
# nested directories, several files per job and filename_format; a new
# file keeps the job's size; short transfers and errors surface.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/timing.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

for v in crc32c md5; do
	cephfs_fio "$TMP/w.json" --name=w --filename="$d/$v/a/b/c/file" \
		--rw=write --bs=64k --size=1m --verify=$v --do_verify=0
	ok $? "write with $v headers into nested new directories"
	is "a new file is written in full ($v)" \
		"$(json_eval "$TMP/w.json" "d['jobs'][0]['write']['io_bytes']")" 1048576
	cephfs_fio "$TMP/r.json" --name=r --filename="$d/$v/a/b/c/file" \
		--rw=read --bs=64k --size=1m --verify=$v
	ok $? "cold read verifies every $v block"
done
is "file size on CephFS" "$("$CEPHFS_UTIL" stat "$d/crc32c/a/b/c/file" | cut -d' ' -f4)" 1048576

cephfs_fio "$TMP/rw.json" --name=rw --filename="$d/randrw" --rw=randrw \
	--bs=4k --size=512k --verify=crc32c --verify_backlog=16
ok $? "randrw with verify"
is "randrw moved data both ways" \
	"$(json_eval "$TMP/rw.json" "d['jobs'][0]['read']['io_bytes'] > 0 and d['jobs'][0]['write']['io_bytes'] > 0")" True

cephfs_fio "$TMP/multi.json" --thread --name=multi --numjobs=2 --nrfiles=3 \
	--filesize=128k --bs=32k --rw=write \
	--filename_format="$d/multi/\$jobnum.\$filenum"
ok $? "two jobs of three files each via filename_format"
is "six files, each complete" \
	"$("$CEPHFS_UTIL" ls "$d/multi" | sort | tr '\n' ' ')" "0.0 0.1 0.2 1.0 1.1 1.2 "
is "bytes written by both jobs" \
	"$(json_eval "$TMP/multi.json" "sum(j['write']['io_bytes'] for j in d['jobs'])")" 786432

# allow_file_create=0: files that must exist as they are, so no layout
# (t/engine-layout.t) makes them whole first.
"$CEPHFS_UTIL" put "$d/short" 100000
cephfs_fio "$TMP/short.json" --name=short --filename="$d/short" --rw=read \
	--bs=64k --size=1m --allow_file_create=0
ok $([ $? != 0 ]; echo $?) "reading past the end of a short file is an error, not success"
is "the short read is reported as EIO" \
	"$(json_eval "$TMP/short.json" "d['jobs'][0]['error']")" 5

cephfs_fio "$TMP/enoent.json" --name=enoent --filename="$d/missing" --rw=read \
	--bs=4k --size=4k --allow_file_create=0
ok $([ $? != 0 ]; echo $?) "reading a file that does not exist fails"
like "ENOENT names the call and file" "$(cat "$TMP/fio.err")" "ceph_ll_open\\($d/missing\\).*No such file"

# An existing file opens with one walk of its whole path, not with a walk
# to its directory and a lookup there: each libcephfs call takes the
# client lock once more and, at debug_client's default in-memory level,
# adds a log entry.  Checking that the directory stays inside cephfs_root
# costs once per directory, no walk; a symbolic link at the end is
# resolved inside the mount, and a read through one verifies.
"$CEPHFS_UTIL" symlink crc32c/a/b/c/file "$d/link"
(CEPH_ARGS="$CEPH_ARGS --debug-client=3 --log-file=$TMP/walk.log" \
	cephfs_fio "$TMP/walk.json" --name=walk --nrfiles=3 --filesize=128k \
	--bs=32k --rw=read --filename_format="$d/multi/1.\$filenum")
ok $? "a job reads three existing files"
is "one walk per file, no lookup" \
	"$(grep -c ' ll_walk ' "$TMP/walk.log") $(grep -c ' ll_lookup' "$TMP/walk.log")" "3 0"
cephfs_fio "$TMP/link.json" --name=link --filename="$d/link" \
	--rw=read --bs=64k --size=1m --verify=crc32c
ok $? "a read through a symbolic link verifies what was written"
# Each read and write adds one entry to the client's log, as ceph_read
# and ceph_write do; ceph_ll_read and ceph_ll_write add two.  The log is
# kept in memory at debug_client's default level, and each entry costs
# its formatting and a wakeup of the log thread (4 KiB reads from the
# client's cache: a quarter more a second with one).  Reads add two where
# libcephfs has the nonblocking call (Ceph 20): the engine reads with
# ceph_ll_read there, which read cold blocks faster than ceph_ll_readv.
# Counted as the entries of a job of 64 blocks less those of a job of
# one, to the nearest whole entry a block: the others (lookups, caps)
# differ by a few from run to run.
client_entries() {
	rm -f "$TMP/entries.log"
	(CEPH_ARGS="$CEPH_ARGS --debug-client=3 --log-file=$TMP/entries.log" \
		cephfs_fio "$TMP/entries.json" --name=entries --rw=$1 \
		--filename="$d/entries" --bs=4k --size=$2) ||
		{ echo "fio failed: $(tail -n 1 "$TMP/fio.err")"; return; }
	grep -c ' client\.[0-9]' "$TMP/entries.log"
}
for rw in write read; do
	one=$(client_entries $rw 4k)
	blocks=$(client_entries $rw 256k)
	case "$one$blocks" in
	*[!0-9]*) per_block="$one $blocks" ;;
	*) per_block=$(((blocks - one + 31) / 63)) ;;
	esac
	expected=1
	[ $rw = read ] && native_async && expected=2
	is "$rw: client log entries a block (64 blocks: $blocks, 1: $one)" \
		"$per_block" $expected
done

# A time-capped write job: fio's end-of-job fsync opens every file of the
# job, and the engine must not create the ones the job never reached.  The
# 1 MiB files cannot all be written in 1 s here (600 MB/s at best).
for end in fsync_on_close end_fsync; do
	cephfs_fio "$TMP/$end.json" --thread --name=capped --nrfiles=1000 \
		--filesize=1m --bs=1m --rw=write --runtime=1 --$end=1 \
		--filename_format="$d/capped-$end/\$filenum"
	ok $? "a 1 s write job of 1,000 files with $end=1"
	made=$("$CEPHFS_UTIL" ls "$d/capped-$end" | wc -l)
	written=$(json_eval "$TMP/$end.json" "-(-d['jobs'][0]['write']['io_bytes'] // 1048576)")
	ok $([ "$made" -lt 1000 ] && [ "$made" = "$written" ]; echo $?) \
		"$end: only the files written exist ($made files, $written MiB written)"
	ok $([ "$(json_eval "$TMP/$end.json" "d['jobs'][0]['job_runtime']")" -lt $((1000 + TIME_MARGIN * 1000)) ]; echo $?) \
		"$end: the job ends within its runtime + $TIME_MARGIN s"
done

# fio_files come from the heap (FIO_NOFILEHASH), not fio's smalloc pool,
# which 500,000 of them exhausted: fio died at alloc_new_file's assert.
# A filesystem that does not exist ends the job at its mount, after fio
# has made every file.
cephfs_fio "$TMP/many.json" --name=many --nrfiles=500000 --bs=4k --rw=write \
	--filename_format="$d/many/\$filenum" --cephfs_op=create --cephfs_fs=nofs
like "500,000 files of a job are all made, no assertion" \
	"$(cat "$TMP/fio.err")" "filesystem 'nofs' does not exist"
# Without fio's file hash two jobs writing one name still work, in
# threads and in processes.
for mode in --thread --thread=0; do
	cephfs_fio "$TMP/shared.json" $mode --name=shared --numjobs=2 \
		--filename="$d/shared" --rw=write --bs=4k --size=64k
	ok $? "two jobs share one file name ($mode)"
	is "... and both wrote all of it ($mode)" \
		"$(json_eval "$TMP/shared.json" "sum(j['write']['io_bytes'] for j in d['jobs'])")" 131072
done
is "the shared file has the job's size" \
	"$("$CEPHFS_UTIL" stat "$d/shared" | cut -d' ' -f4)" 65536

"$CEPHFS_UTIL" put "$d/ro" 65536
cephfs_fio "$TMP/ro.json" --name=ro --filename="$d/ro" --rw=read --bs=4k \
	--size=64k --readonly
ok $? "readonly read job"
# A job looks the directory it creates in up once and holds it; when the
# directory goes while the job runs, the next create makes it again, as
# the job's first create there did.  5 files a second for 8 s, so that
# the directory goes between two creates with time to spare on a busy
# machine.
cephfs_fio "$TMP/gone.json" --name=gone --rw=write --bs=4k --filesize=4k \
	--nrfiles=40 --openfiles=1 --file_service_type=sequential \
	--rate_iops=5 --filename_format="$d/gone/f.\$filenum" &
writer=$!
waited=0
until "$CEPHFS_UTIL" exists "$d/gone/f.2" >/dev/null 2>&1 || [ $waited -ge 300 ]; do
	sleep 0.1
	waited=$((waited + 1))
done
removed=1
for try in 1 2 3 4 5; do
	"$CEPHFS_UTIL" rmtree "$d/gone" >/dev/null 2>&1 && { removed=0; break; }
done
ok $removed "the directory of a running job's creates is removed"
wait $writer
ok $? "the job goes on creating after its directory went"
left=$("$CEPHFS_UTIL" ls "$d/gone" | wc -l)
ok $([ "$left" -gt 0 ] && [ "$left" -lt 40 ]; echo $?) \
	"... in the directory made again: the files after the removal ($left of 40)"
ok $("$CEPHFS_UTIL" exists "$d/gone/f.39" >/dev/null 2>&1; echo $?) "... the last one among them"
done_testing
