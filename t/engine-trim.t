#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Trim punches holes (fallocate PUNCH_HOLE|KEEP_SIZE): the range reads back
# as zeros and the size stays; fio's fallocate= preallocates new files, as
# far as this Ceph client can: newer clients (Tentacle, late Squid) refuse
# plain preallocation (mode 0) with EOPNOTSUPP, and then native falls back
# to none, as fio documents, while posix still gives the file its size.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

cephfs_fio "$TMP/w.json" --name=w --filename="$d/trim" --rw=write --bs=64k --size=1m
ok $? "write 1 MiB"
cephfs_fio "$TMP/t.json" --name=t --filename="$d/trim" --rw=trim --bs=64k --size=1m
ok $? "trim it all"
is "fio counts the trimmed bytes" "$(json_eval "$TMP/t.json" "d['jobs'][0]['trim']['io_bytes']")" 1048576
is "size is kept" "$(size_of "$d/trim")" 1048576
# iodepth > 1 takes the async path (native on Ceph 20), where a
# trim once went to the read/write call and crashed fio (Ceph 20).
cephfs_fio "$TMP/tq.json" --name=tq --filename="$d/trim" --rw=randtrim \
	--bs=4k --size=1m --iodepth=16
ok $? "trim at iodepth 16 runs"
is "... every block of it" "$(json_eval "$TMP/tq.json" "d['jobs'][0]['trim']['io_bytes']")" 1048576
cephfs_fio "$TMP/z.json" --name=z --filename="$d/trim" --rw=read --bs=64k \
	--size=1m --verify=pattern --verify_pattern=0
ok $? "the trimmed range reads back as zeros"

if "$CEPHFS_UTIL" fallocate "$d/probe" 4096 2>"$TMP/probe.err"; then
	native_size=1048576 native_does="preallocation sets the size"
elif grep -q "Operation not supported" "$TMP/probe.err"; then
	diag "this client refuses plain preallocation: $(cat "$TMP/probe.err")"
	native_size=65536 native_does="no preallocation here: the writes set the size"
else
	bail_out "cephfs-util fallocate: $(cat "$TMP/probe.err")"
fi
cephfs_fio "$TMP/fa.json" --name=fa --filename="$d/falloc" --rw=write \
	--bs=64k --size=1m --io_size=64k --fallocate=native
ok $? "fallocate=native on a new file"
is "fallocate=native: $native_does" "$(size_of "$d/falloc")" "$native_size"
cephfs_fio "$TMP/fp.json" --name=fp --filename="$d/fposix" --rw=write \
	--bs=64k --size=1m --io_size=64k --fallocate=posix
ok $? "fallocate=posix on a new file"
is "fallocate=posix sets the size" "$(size_of "$d/fposix")" 1048576

cephfs_fio "$TMP/fk.json" --name=fk --filename="$d/fkeep" --rw=write \
	--bs=64k --size=1m --io_size=64k --fallocate=keep
is "fallocate=keep leaves the size to the writes" \
	"$(size_of "$d/fkeep")" 65536
done_testing
