#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_clip_to_size: a file whose size is not a multiple of the block
# size ends in a short block, as the original cephfs-tool writes it;
# without it fio writes the last block whole, past the size.  fio counts
# the bytes moved; random jobs, and a short block too small for verify's
# headers, are refused before any I/O.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
MiB=1048576

# tail_fio JSON ARGS...: 2 MiB blocks, clipped, sequential.
tail_fio() {
	out=$1
	shift
	cephfs_fio "$out" --bs=2m --cephfs_clip_to_size=1 "$@"
}
bytes() { json_eval "$1" "sum(j['$2']['io_bytes'] for j in d['jobs'])"; }
ios() { json_eval "$1" "sum(j['$2']['total_ios'] for j in d['jobs'])"; }

cephfs_fio "$TMP/plain.json" --name=plain --filename="$d/plain" --rw=write \
	--bs=2m --filesize=3m
ok $? "without the option: fio runs"
is "... and writes the last block whole, past the size" \
	"$(size_of "$d/plain")" $((4 * MiB))

tail_fio "$TMP/w.json" --name=w --filename_format="$d/w.\$filenum" \
	--nrfiles=2 --rw=write --filesize=3m --verify=crc32c --verify_state_save=0
ok $? "3 MiB files in 2 MiB blocks, written and verified"
is "the first file is 3 MiB" "$(size_of "$d/w.0")" $((3 * MiB))
is "so is the second" "$(size_of "$d/w.1")" $((3 * MiB))
is "fio counts files x size written" "$(bytes "$TMP/w.json" write)" $((6 * MiB))
is "... in 2 blocks a file" "$(ios "$TMP/w.json" write)" 4
is "... and read back by verify" "$(bytes "$TMP/w.json" read)" $((6 * MiB))

tail_fio "$TMP/r.json" --name=r --filename_format="$d/w.\$filenum" \
	--nrfiles=2 --rw=read --filesize=3m --verify=crc32c --verify_state_save=0
ok $? "a read job verifies the files, short last blocks too"
is "... reading exactly files x size" "$(bytes "$TMP/r.json" read)" $((6 * MiB))

tail_fio "$TMP/one.json" --name=one --filename="$d/one" --rw=write \
	--filesize=$((2 * MiB + 1))
ok $? "1 byte past a block"
is "... the file is 2 MiB + 1" "$(size_of "$d/one")" $((2 * MiB + 1))
is "... fio counts 2 MiB + 1" "$(bytes "$TMP/one.json" write)" $((2 * MiB + 1))

# iodepth > 1: the asynchronous path (emulated where native is missing).
tail_fio "$TMP/q.json" --name=q --filename_format="$d/q.\$filenum" \
	--nrfiles=2 --rw=write --filesize=3m --iodepth=4
ok $? "iodepth 4"
is "... both files 3 MiB" "$(size_of "$d/q.0") $(size_of "$d/q.1")" \
	"$((3 * MiB)) $((3 * MiB))"
is "... fio counts files x size" "$(bytes "$TMP/q.json" write)" $((6 * MiB))

tail_fio "$TMP/rand.json" --name=rand --filename="$d/w.0" --rw=randread \
	--filesize=3m
rc=$?
ok $([ $rc != 0 ]; echo $?) "a random job is refused"
like "... saying why" "$(cat "$TMP/fio.err")" \
	"cephfs_clip_to_size is for sequential I/O"

tail_fio "$TMP/v.json" --name=v --filename="$d/v" --rw=write \
	--filesize=$((2 * MiB + 1)) --verify=crc32c --verify_state_save=0
rc=$?
ok $([ $rc != 0 ]; echo $?) "verify with a 1-byte last block is refused"
like "... naming the file and the block" "$(cat "$TMP/fio.err")" \
	"cephfs_clip_to_size: $d/v ends in a short block of 1 bytes, which cannot hold verify's headers"
"$CEPHFS_UTIL" exists "$d/v"
is "... before anything is written" $? 1
done_testing
