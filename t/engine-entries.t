#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_entries: a fio file is a directory of N entries, the I/O at
# offset k x bs acting on entry k.  Each operation does to the cluster
# what it says (the entries present and absent, listed with cephfs-util,
# not through fio); runtime= stops a create, and offset=/size= then do
# exactly the entries asked; bad values are refused before any entry is
# done, naming the option.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
"$CEPHFS_UTIL" mkdir "$d" 755

# ent NAME OP ARGS...: cephfs_op=OP on the entries of $d/ent, 2 jobs
# (threads) whose entries are f.JOB.K; fio's JSON in $TMP/NAME.json.
ent() {
	name=$1 op=$2
	shift 2
	cephfs_fio "$TMP/$name.json" --thread --name=$name --numjobs=2 \
		--filename="$d/ent" --bs=4k --cephfs_op=$op \
		--cephfs_entry_format='f.$jobnum.$entry' "$@"
}
done_ios() { json_eval "$TMP/$1.json" "sum(j['read']['total_ios'] + j['write']['total_ios'] for j in d['jobs'])"; }
samples() { json_eval "$TMP/$1.json" "sum(j['read']['clat_ns']['N'] + j['write']['clat_ns']['N'] for j in d['jobs'])"; }
# listing DIR: its entries, sorted, on one line.
listing() { "$CEPHFS_UTIL" ls "$1" | sort | tr '\n' ' '; }
# names FORMAT FIRST LAST: FORMAT (printf, one %d) for FIRST..LAST, sorted.
names() { seq "$2" "$3" | while read -r k; do printf "$1\n" "$k"; done; }
both() { { names "f.0.%d" "$1" "$2"; names "f.1.%d" "$1" "$2"; } | sort | tr '\n' ' '; }

ent create create --rw=write --cephfs_entries=300 --cephfs_new_dir=1
ok $? "create: 2 jobs x 300 entries in one directory"
is "create: one I/O and one sample per entry" "$(done_ios create) $(samples create)" "600 600"
is "create: the directory holds exactly f.JOB.0 to f.JOB.299" "$(listing "$d/ent")" "$(both 0 299)"
is "create: empty files" "$(size_of "$d/ent/f.1.299")" 0
ent create create --rw=write --cephfs_entries=300
ok $([ $? != 0 ]; echo $?) "create again fails: the entries exist"
like "... naming the entry and EEXIST" "$(cat "$TMP/fio.err")" \
	"^cephfs: create: ceph_ll_create\($d/ent/f\.[01]\.0\): File exists$"

ent stat stat --rw=read --cephfs_entries=300
ok $? "stat every entry"
is "stat: 600 entries" "$(done_ios stat) $(samples stat)" "600 600"
ent open open --rw=read --cephfs_entries=300
ok $? "open every entry"
is "open: 600 entries" "$(done_ios open) $(samples open)" "600 600"

# Entries 100 to 199 of each job: offset=100 x bs, size=100 x bs.
ent unlink unlink --rw=write --cephfs_entries=300 --offset=400k --size=400k
ok $? "unlink entries 100 to 199 (offset=, size=)"
is "unlink: 200 entries" "$(done_ios unlink)" 200
is "unlink: exactly those are gone" "$(listing "$d/ent")" \
	"$({ names "f.0.%d" 0 99; names "f.0.%d" 200 299; names "f.1.%d" 0 99; names "f.1.%d" 200 299; } | sort | tr '\n' ' ')"
"$CEPHFS_UTIL" exists "$d/ent"
is "unlink: the directory, not emptied, stays" $? 0
ent stat stat --rw=read --cephfs_entries=300 --offset=396k --size=8k
ok $([ $? != 0 ]; echo $?) "stat of entries 99 and 100 fails at 100"
like "... naming it and ENOENT" "$(cat "$TMP/fio.err")" \
	"^cephfs: stat: ceph_statx\($d/ent/f\.[01]\.100\): No such file or directory$"
ent unlink unlink --rw=randwrite --cephfs_entries=100
ok $? "unlink entries 0 to 99 in random order"
ent unlink2 unlink --rw=write --cephfs_entries=300 --offset=800k
ok $? "unlink entries 200 to 299 (offset= alone)"
is "... 200 of them" "$(done_ios unlink2)" 200
"$CEPHFS_UTIL" exists "$d/ent"
is "unlink: the emptied directory goes at the end" $? 1

# readfile: mdtest -E -e 3901 on files written as mdtest -w 3901 writes.
ent wfile create --rw=write --bs=3901 --cephfs_entries=50 \
	--cephfs_create_bytes=3901 --cephfs_new_dir=1
ok $? "create 2 x 50 entries of 3901 bytes"
is "... each 3901 bytes" "$(size_of "$d/ent/f.0.49")" 3901
ent readfile readfile --rw=read --bs=3901 --cephfs_entries=50
ok $? "readfile every entry, 3901 bytes each"
is "readfile: 100 entries, a sample each" "$(done_ios readfile) $(samples readfile)" "100 100"
ent readfile readfile --rw=read --bs=3902 --cephfs_entries=50
ok $([ $? != 0 ]; echo $?) "readfile of more bytes than an entry has fails"
like "... saying the read was short" "$(cat "$TMP/fio.err")" \
	"^cephfs: readfile: ceph_ll_readv?\($d/ent/f\.[01]\.0\): 3901 bytes, short of bs=3902: the file is shorter$"
cephfs_fio "$TMP/rf.json" --name=rf --filename_format="$d/ent/f.0.\$filenum" \
	--nrfiles=50 --rw=read --bs=3901 --openfiles=1 \
	--file_service_type=sequential --cephfs_op=readfile
ok $? "readfile without cephfs_entries: one file each"
is "... 50 files" "$(done_ios rf)" 50
ent wunlink unlink --rw=write --bs=3901 --cephfs_entries=50
ok $? "unlink them all"
"$CEPHFS_UTIL" exists "$d/ent"
is "... and the directory" $? 1

# cephfs_escaped (as cephfs-tool writes): a '$' escaped is the user's.
cephfs_fio "$TMP/esc.json" --name=esc --filename="$d/esc%20dir" --bs=4k \
	--rw=write --cephfs_op=create --cephfs_entries=2 --cephfs_escaped=1 \
	--cephfs_entry_format='a%24entry%20$entry'
ok $? "escaped: create 2 entries"
is "... named byte for byte" "$(listing "$d/esc dir")" 'a$entry 0 a$entry 1 '
cephfs_fio "$TMP/esc.json" --name=esc --filename="$d/esc%20dir" --bs=4k \
	--rw=write --cephfs_op=unlink --cephfs_entries=2 --cephfs_escaped=1 \
	--cephfs_entry_format='a%24entry%20$entry'
ok $? "escaped: unlink them"
is "... and the directory" "$("$CEPHFS_UTIL" exists "$d/esc dir"; echo $?)" 1

# A create stopped by runtime=, then continued where it stopped: IO500's
# stonewall and wear-out.  One job; its entries are file.K.
wall() {
	name=$1
	shift
	cephfs_fio "$TMP/$name.json" --name=$name --filename="$d/wall" \
		--bs=4k --cephfs_entries=1000000 "$@"
}
wall wall --rw=write --cephfs_op=create --cephfs_new_dir=1 --runtime=1
ok $? "create of a million entries stopped after 1 s"
done=$(done_ios wall)
ok $([ "$done" -gt 0 ] && [ "$done" -lt 1000000 ]; echo $?) "... having done some ($done)"
is "... exactly file.0 to file.$((done - 1)) are there" "$(listing "$d/wall")" \
	"$(names "file.%d" 0 $((done - 1)) | sort | tr '\n' ' ')"
wall wear --rw=write --cephfs_op=create --offset=$((done * 4096)) --size=$((50 * 4096))
ok $? "create 50 more from entry $done (offset=, size=)"
is "... 50 of them" "$(done_ios wear)" 50
is "... exactly file.0 to file.$((done + 49)) are there" "$(listing "$d/wall")" \
	"$(names "file.%d" 0 $((done + 49)) | sort | tr '\n' ' ')"
wall wunlink --rw=write --cephfs_op=unlink --size=$(((done + 50) * 4096))
ok $? "unlink what the two made"
"$CEPHFS_UTIL" exists "$d/wall"
is "... and the directory" $? 1

# refused OPTIONS PATTERN WHAT: fio fails before any entry is done (the
# create would make $d/bad), saying PATTERN.
refused() {
	cephfs_fio "$TMP/bad.json" --name=bad --filename="$d/bad" --bs=4k \
		--rw=write --cephfs_op=create $1
	ok $([ $? != 0 ]; echo $?) "refused: $3"
	like "... naming the option" "$(cat "$TMP/fio.err")" "$2"
	"$CEPHFS_UTIL" exists "$d/bad"
	is "... nothing made" $? 1
}
refused "--cephfs_entries=-1" \
	"^cephfs: cephfs_entries=-1 is out of range \(0 to 9223372036854775807\)$" "negative"
refused "--cephfs_op=mkdir --cephfs_entries=10" \
	"^cephfs: cephfs_entries=10 is for cephfs_op=create, open, stat, unlink or readfile$" "with mkdir"
refused "--cephfs_entries=10 --bsrange=4k-8k" \
	"^cephfs: bad: cephfs_entries=10 takes one block size" "a block size range"
refused "--cephfs_entries=2251799813685248" \
	"^cephfs: cephfs_entries=2251799813685248: 2251799813685248 x bs=4096 bytes is more than a file of fio's can be \(9223372036854775807 bytes\)$" \
	"entries x bs beyond fio's largest file"
refused "--cephfs_entries=10 --cephfs_entry_format=file" \
	"^cephfs: cephfs_entry_format=file: has no \\\$entry" "a format without \$entry"
refused "--cephfs_entries=10 --cephfs_escaped=1 --cephfs_entry_format=a%2\$entry" \
	"^cephfs: cephfs_entry_format=a%2\\\$entry: malformed escape" "a malformed escape"
refused "--cephfs_entries=10 --cephfs_entry_format=a/\$entry" \
	"^cephfs: cephfs_entry_format=a/\\\$entry: names an entry of the directory: no '/'$" "a '/'"
long=$(printf '%0254d' 0)
refused "--cephfs_entries=11 --cephfs_entry_format=$long\$entry" \
	"^cephfs: cephfs_entry_format=$long\\\$entry: entry 10's name would be 256 bytes, more than a name's 255$" \
	"a name longer than 255 bytes"
refused "--cephfs_entries=10 --offset=2k" \
	"^cephfs: bad: $d/bad: offset=2048 size=38912: not whole entries within cephfs_entries=10 " \
	"an offset= between entries"
refused "--cephfs_entries=10 --size=44k" \
	"^cephfs: bad: $d/bad: offset=0 size=45056: not whole entries within cephfs_entries=10 \(entry k is at offset k x bs=4096: offset and size are multiples of it, their sum at most 40960\)$" \
	"a size= past the last entry"
cephfs_fio "$TMP/long.json" --name=long --filename="$d/long" --bs=4k \
	--rw=write --cephfs_op=create --cephfs_entries=10 \
	--cephfs_entry_format="$long\$entry" --unlink=1
ok $? "names of 255 bytes are taken"
is "... the directory made and emptied again" "$("$CEPHFS_UTIL" exists "$d/long"; echo $?)" 1
done_testing
