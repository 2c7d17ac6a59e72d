#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What fio reports for a metadata job, as doc/engine.md says: the
# operations are total_ios, iops and one clat sample a file; io_bytes and
# the text's BW count a block per operation, moved by nothing.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

md() {
	cephfs_fio "$TMP/$1.json" --name=$1 --nrfiles=8 --bs=4k --rw=write \
		--openfiles=1 --file_service_type=sequential --cephfs_op=$1 \
		--filename_format="$d/\$filenum"
}
field() { json_eval "$TMP/$1.json" "d['jobs'][0]['write']$2"; }

md create
ok $? "a create job of 8 files"
is "total_ios: the files created" "$(field create "['total_ios']")" 8
is "clat_ns: one sample a file" "$(field create "['clat_ns']['N']")" 8
is "io_bytes: 8 x bs, though no data moved" "$(field create "['io_bytes']")" 32768
"$FIO" --ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" --name=unlink \
	--nrfiles=8 --bs=4k --rw=write --openfiles=1 --file_service_type=sequential \
	--cephfs_op=unlink --filename_format="$d/\$filenum" >"$TMP/unlink.txt" 2>&1
ok $? "an unlink job of the same files, fio's text output"
like "... its status line: IOPS, and BW of 8 x bs" "$(grep 'write:' "$TMP/unlink.txt")" \
	'write: IOPS=[0-9.k]+, BW=[0-9.]+[KM]iB/s \([0-9.]+[kM]B/s\)\(32\.0KiB/[0-9]+msec\)'
done_testing
