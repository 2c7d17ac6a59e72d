#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The chain end to end: fio loads the built engine, lists its options, and
# a tiny job writes a file on the sandbox CephFS and reads it back.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir

"$FIO" --enghelp="$ENGINE_SO" >"$TMP/help" 2>&1
ok $? "fio --enghelp loads the engine"
for opt in cephfs_conf cephfs_fs cephfs_root cephfs_op cephfs_mount_timeout; do
	grep -q "^$opt" "$TMP/help"
	ok $? "--enghelp lists $opt"
done

run_ok "write + verified read through ioengine=external:" \
	"$FIO" --name=smoke --ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
	--filename="$CEPHFS_DIR/smoke" --rw=write --bs=64k --size=1m \
	--verify=crc32c --do_verify=1

# Plain ioengine=cephfs, found on the loader path as installs do it.
run_ok "plain ioengine=cephfs reads the file back" \
	env LD_LIBRARY_PATH="$top_builddir/engine" "$FIO" --name=smoke --ioengine=cephfs --cephfs_fs="$CEPHFS_FS" \
	--filename="$CEPHFS_DIR/smoke" --rw=read --bs=64k --size=1m
done_testing
