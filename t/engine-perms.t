#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_uid/cephfs_gid act as that user (ceph_mount_perms_set): files are
# owned by them, and a directory they cannot write refuses with EACCES.
# ".." above cephfs_root is refused, with a key confined to it as well.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

"$CEPHFS_UTIL" mkdir "$d/open" 777
"$CEPHFS_UTIL" mkdir "$d/closed" 755
as_user() {
	cephfs_fio "$TMP/u.json" --name=u --rw=write --bs=4k --size=4k \
		--cephfs_uid=1000 --cephfs_gid=1000 "$@"
}

as_user --filename="$d/open/mine"
ok $? "uid 1000 writes into a world-writable directory"
is "the file is owned by uid/gid 1000" \
	"$("$CEPHFS_UTIL" stat "$d/open/mine" | cut -d' ' -f1,2)" "1000 1000"

as_user --filename="$d/closed/theirs"
ok $([ $? != 0 ]; echo $?) "uid 1000 cannot create in a root-owned 0755 directory"
is "fio reports EACCES" "$(json_eval "$TMP/u.json" "d['jobs'][0]['error']")" 13
like "the error names the call, file and errno" "$(cat "$TMP/fio.err")" \
	"ceph_ll_open\\($d/closed/theirs\\).*Permission denied"
is "nothing was created" "$("$CEPHFS_UTIL" ls "$d/closed" | wc -l)" 0

"$CEPHFS_UTIL" mkdir "$d/lim" 777
"$CEPHFS_UTIL" mkdir "$d/secret" 777
confined_client "$d/lim"
cephfs_fio "$TMP/c.json" --name=c --rw=write --bs=4k --size=4k \
	--cephfs_id="$CONFINED_ID" --cephfs_keyring="$CONFINED_KEYRING" \
	--cephfs_root="$d/lim" --filename=../secret/x
ok $([ $? != 0 ]; echo $?) "../secret/x is refused with a key confined to the root too"
is "... nothing in the root" "$("$CEPHFS_UTIL" ls "$d/lim")" ""
is "... and nothing in the directory beside it" "$("$CEPHFS_UTIL" ls "$d/secret")" ""
done_testing
