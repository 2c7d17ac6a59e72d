#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Metadata modes: create, stat, open and unlink each file once, one latency
# sample per file, so fio's IOPS is files/s; unlink=1 leaves nothing.
# cephfs_new_dir: the job makes its files' directory, and then creates
# them with one MDS request each instead of two.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
files=50
"$CEPHFS_UTIL" mkdir "$d" 755
"$CEPHFS_UTIL" put "$d/keep" 1

md() {
	op=$1
	shift
	md_fio $op 25 "$d/md/\$jobnum.\$filenum" "$@"
}
samples() { json_eval "$TMP/$1.json" "sum(j['$2']['clat_ns']['N'] for j in d['jobs'])"; }
rate() { json_eval "$TMP/$1.json" "sum(j['$2']['iops'] for j in d['jobs']) > 0"; }

md create
ok $? "create $files files"
is "create: one sample per file" "$(samples create write)" $files
is "create: IOPS counted as files/s" "$(rate create write)" True
is "create: the files exist" "$("$CEPHFS_UTIL" ls "$d/md" | wc -l)" $files
is "create: they are empty" "$("$CEPHFS_UTIL" stat "$d/md/0.0" | cut -d' ' -f4)" 0

md create
ok $([ $? != 0 ]; echo $?) "create again fails: the files exist"
like "create names EEXIST" "$(cat "$TMP/fio.err")" "ceph_ll_create.*File exists"

md stat --rw=read
ok $? "stat $files files"
is "stat: one sample per file" "$(samples stat read)" $files

md open --rw=read
ok $? "open $files files read-only"
is "open: one sample per file" "$(samples open read)" $files

md unlink
ok $? "unlink $files files"
is "unlink: one sample per file" "$(samples unlink write)" $files
"$CEPHFS_UTIL" exists "$d/md"
is "unlink: nothing left, not even the directory it emptied" $? 1

md stat --rw=read
ok $([ $? != 0 ]; echo $?) "stat of removed files fails"

cephfs_fio "$TMP/u.json" --thread --name=u --numjobs=2 --nrfiles=3 \
	--filesize=64k --bs=64k --rw=write --unlink=1 \
	--filename_format="$d/data/\$jobnum.\$filenum"
ok $? "data job with unlink=1"
"$CEPHFS_UTIL" exists "$d/data"
is "unlink=1 leaves no file or directory behind" $? 1
"$CEPHFS_UTIL" exists "$d/keep"
is "a directory still holding other files stays, with them" $? 0
cephfs_fio "$TMP/loop.json" --name=loop --nrfiles=2 --filesize=64k --bs=64k \
	--rw=write --loops=3 --unlink_each_loop=1 --create_on_open=1 \
	--filename_format="$d/loop/\$filenum"
ok $? "three loops with unlink_each_loop=1 and create_on_open=1"
is "each loop rewrote both files" \
	"$(json_eval "$TMP/loop.json" "d['jobs'][0]['write']['io_bytes']")" 393216
is "as with fio's psync engine, the last loop's files stay" \
	"$("$CEPHFS_UTIL" ls "$d/loop" | sort | tr '\n' ' ')" "0 1 "
# MDS requests of a create job into directory $1, from the client's
# perf counters.
mds_requests() {
	dir=$1
	shift
	cephfs_fio "$TMP/nd.json" --thread --name=nd --numjobs=2 --nrfiles=25 \
		--filename_format="$dir/\$jobnum.\$filenum" --rw=write --bs=4k \
		--openfiles=1 --file_service_type=sequential --cephfs_op=create \
		--cephfs_perf_dump="$TMP/nd-perf.json" "$@" &&
		python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["client"]["reply"]["avgcount"])' "$TMP/nd-perf.json"
}
# The other client leaves a file in it: libcephfs takes an empty
# directory whose Fs caps it holds as complete and skips the lookups,
# and whether it gets those caps depends on when that client's session
# went (Ceph 18 gave 55 requests for 50 files once).
"$CEPHFS_UTIL" mkdir "$d/made-before" 755
"$CEPHFS_UTIL" put "$d/made-before/theirs" 1
before=$(mds_requests "$d/made-before")
like "creates in a directory another client made and put a file in: a lookup before each ($before MDS requests for $files files)" \
	"$before" '^[0-9]+$'
ok $([ "$before" -ge $((files * 2)) ]; echo $?) "... twice as many requests as files"
new=$(mds_requests "$d/new" --cephfs_new_dir=1)
ok $? "cephfs_new_dir: two jobs create $files files in the directory they make"
ok $([ "$new" -le $((files + 10)) ]; echo $?) \
	"... one MDS request per file ($new for $files files)"
is "... all the files are there" "$("$CEPHFS_UTIL" ls "$d/new" | wc -l)" $files
mds_requests "$d/new" --cephfs_new_dir=1 >/dev/null
like "cephfs_new_dir on a directory that exists: fails, naming it" \
	"$(cat "$TMP/fio.err")" "^cephfs: nd: ceph_mkdir\($d/new\): File exists$"
done_testing
