#!/bin/sh
# Trim punches holes (fallocate PUNCH_HOLE|KEEP_SIZE): the range reads back
# as zeros and the size stays; fio's fallocate= preallocates new files.
. "$(dirname "$0")/lib.sh"
need_cluster
cephfs_testdir
plan 8
d=$CEPHFS_DIR

cephfs_fio "$TMP/w.json" --name=w --filename="$d/trim" --rw=write --bs=64k --size=1m
ok $? "write 1 MiB"
cephfs_fio "$TMP/t.json" --name=t --filename="$d/trim" --rw=trim --bs=64k --size=1m
ok $? "trim it all"
is "fio counts the trimmed bytes" "$(json_eval "$TMP/t.json" "d['jobs'][0]['trim']['io_bytes']")" 1048576
is "size is kept" "$("$CEPHFS_UTIL" stat "$d/trim" | cut -d' ' -f4)" 1048576
cephfs_fio "$TMP/z.json" --name=z --filename="$d/trim" --rw=read --bs=64k \
	--size=1m --verify=pattern --verify_pattern=0
ok $? "the trimmed range reads back as zeros"

cephfs_fio "$TMP/fa.json" --name=fa --filename="$d/falloc" --rw=write \
	--bs=64k --size=1m --io_size=64k --fallocate=native
ok $? "fallocate=native on a new file"
is "preallocation sets the size" "$("$CEPHFS_UTIL" stat "$d/falloc" | cut -d' ' -f4)" 1048576

cephfs_fio "$TMP/fk.json" --name=fk --filename="$d/fkeep" --rw=write \
	--bs=64k --size=1m --io_size=64k --fallocate=keep
is "fallocate=keep leaves the size to the writes" \
	"$("$CEPHFS_UTIL" stat "$d/fkeep" | cut -d' ' -f4)" 65536
done_testing
