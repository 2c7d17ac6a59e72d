#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# mdtest's operations beyond files: mkdir, rmdir, rename (and back),
# readdir, and creates that write cephfs_create_bytes; one latency sample
# per operation, counts that match what is in the filesystem afterwards,
# nothing left behind; the IO500 job files (jobs/mdtest-*.fio) as shipped.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
n=10

# md OP ARGS...: 2 jobs x 5 names $d/md/JOB/dFILE, one operation on each.
md() {
	op=$1
	shift
	md_fio $op 5 "$d/md/\$jobnum/d\$filenum" "$@"
}
samples() {
	json_eval "$TMP/$1.json" "sum(j['read']['clat_ns']['N'] + j['write']['clat_ns']['N'] for j in d['jobs'])"
}
names() { { "$CEPHFS_UTIL" ls "$d/md/0"; "$CEPHFS_UTIL" ls "$d/md/1"; } | sort | tr '\n' ' '; }
dirs="d0 d0 d1 d1 d2 d2 d3 d3 d4 d4 "

md mkdir
ok $? "mkdir $n directories, their parents made as for create"
is "mkdir: one sample per directory" "$(samples mkdir)" $n
is "mkdir: the directories exist" "$(names)" "$dirs"
is "mkdir: they are directories" "$("$CEPHFS_UTIL" stat "$d/md/1/d4" | cut -d' ' -f3)" 755

md readdir --rw=read
ok $? "readdir of each job's directory"
is "readdir: one sample per entry, an entry per file" "$(samples readdir)" $n
is "readdir: IOPS counted as entries/s" \
	"$(json_eval "$TMP/readdir.json" "all(j['read']['iops'] > 0 for j in d['jobs'])")" True
md readdir --rw=read --nrfiles=6
ok $([ $? != 0 ]; echo $?) "readdir of more entries than the directory has fails"
like "readdir: says where the directory ended" "$(cat "$TMP/fio.err")" \
	"^cephfs: readdir: ceph_readdir\($d/md/[01]\): end of the directory after 5 entries, short of the job's 6 files"

# renames OP FROM TO: OP renames every FROM name to TO; again, it fails
# naming the missing source.
renames() {
	op=$1 from=$2 to=$3
	md $op
	ok $? "$op $n directories"
	is "$op: one sample per name" "$(samples $op)" $n
	is "$op: every NAME$to exists, no NAME$from is left" "$(names)" \
		"$(for name in $dirs; do printf '%s ' "${name%$from}$to"; done)"
	md $op
	ok $([ $? != 0 ]; echo $?) "$op again: a missing source fails"
	like "$op: names the missing source and ENOENT" "$(cat "$TMP/fio.err")" \
		"^cephfs: $op: ceph_rename\($d/md/[01]/d0$from\): No such file or directory$"
}
renames rename '' .renamed
renames rename_back .renamed ''

"$CEPHFS_UTIL" put "$d/md/1/d3/f" 1
md rmdir
ok $([ $? != 0 ]; echo $?) "rmdir of a non-empty directory fails"
like "rmdir: names it and ENOTEMPTY" "$(cat "$TMP/fio.err")" \
	"^cephfs: rmdir: ceph_rmdir\($d/md/1/d3\): Directory not empty$"
"$CEPHFS_UTIL" rmtree "$d/md"
md mkdir --cephfs_new_dir=1
ok $? "mkdir with cephfs_new_dir: each job makes its directory first"
md rmdir
ok $? "rmdir $n directories"
is "rmdir: one sample per directory" "$(samples rmdir)" $n
"$CEPHFS_UTIL" exists "$d/md"
is "rmdir: nothing left, not even the directories it emptied" $? 1
md mkdir --unlink=1
ok $? "mkdir with unlink=1"
"$CEPHFS_UTIL" exists "$d/md"
is "unlink=1 after mkdir removes the directories and their parents" $? 1

# create_bytes: the job's buffer contents, checked by a verifying read.
bytes=3901
hard() {
	name=$1
	shift
	cephfs_fio "$TMP/$name.json" --thread --name=$name --numjobs=2 \
		--nrfiles=5 --filename_format="$d/hard/\$jobnum.\$filenum" \
		--openfiles=1 --file_service_type=sequential "$@"
}
hard create --rw=write --bs=4k --cephfs_op=create \
	--cephfs_create_bytes=$bytes --buffer_pattern=0x5eed1e55
ok $? "create $n files writing $bytes bytes each"
is "create_bytes: one sample per file" "$(samples create)" $n
is "create_bytes: each file has $bytes bytes" \
	"$(for f in 0.0 0.4 1.0 1.4; do "$CEPHFS_UTIL" stat "$d/hard/$f" | cut -d' ' -f4; done | sort -u)" $bytes
hard read --rw=read --bs=$bytes --filesize=$bytes --verify=pattern \
	--verify_pattern=0x5eed1e55
ok $? "a read phase verifies the bytes against the pattern written"
is "... reading all of them" \
	"$(json_eval "$TMP/read.json" "sum(j['read']['io_bytes'] for j in d['jobs'])")" $((n * bytes))
hard read --rw=read --bs=$bytes --filesize=$bytes --verify=pattern \
	--verify_pattern=0x0badf00d
ok $([ $? != 0 ]; echo $?) "... and fails against another pattern"
hard stat --rw=read --bs=4k --cephfs_op=stat --cephfs_create_bytes=$bytes
ok $([ $? != 0 ]; echo $?) "cephfs_create_bytes with cephfs_op=stat is refused"
like "... saying it is for create only" "$(cat "$TMP/fio.err")" \
	"^cephfs: cephfs_create_bytes=$bytes is for cephfs_op=create only$"
hard unlink --rw=write --bs=4k --cephfs_op=unlink
"$CEPHFS_UTIL" exists "$d/hard"
is "unlink after create_bytes: nothing left" $? 1

# The shipped job files, as shipped (their own directories at the top).
job_file() {
	LD_LIBRARY_PATH="$top_builddir/engine" $TEST_WRAPPER "$FIO" \
		--output-format=json --output="$TMP/$1.json" \
		"$top_srcdir/jobs/$1.fio" >"$TMP/fio.out" 2>"$TMP/fio.err"
}
phases() {
	json_eval "$TMP/$1.json" "' '.join('%s:%d' % (j['jobname'], j['read']['clat_ns']['N'] + j['write']['clat_ns']['N']) for j in d['jobs'])"
}
job_file mdtest-easy
ok $? "jobs/mdtest-easy.fio runs"
is "mdtest-easy: 4 x 1000 files in each phase" "$(phases mdtest-easy)" \
	"create:4000 stat:4000 remove:4000"
"$CEPHFS_UTIL" exists /mdtest-easy
is "mdtest-easy: nothing left" $? 1
job_file mdtest-hard
ok $? "jobs/mdtest-hard.fio runs"
is "mdtest-hard: 4 x 500 files in each phase" "$(phases mdtest-hard)" \
	"create:2000 stat:2000 read:2000 remove:2000"
is "mdtest-hard: the read phase read $bytes bytes of each" \
	"$(json_eval "$TMP/mdtest-hard.json" "d['jobs'][2]['read']['io_bytes']")" $((2000 * bytes))
"$CEPHFS_UTIL" exists /mdtest-hard
is "mdtest-hard: nothing left" $? 1
done_testing
