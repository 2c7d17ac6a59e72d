#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# IO500's find through libcephfs (tool/3-run/find.c, run by t/cephfs-find)
# counts a tree as an independent listing does, find(1) on a ceph-fuse
# mount: every entry but directories checked, the directories listed, and
# with IO500's criteria (-name '*01*' -size 3901c -newer a timestamp file)
# the same files matched, on 1 and on 4 threads.  A missing root, or a
# directory the walk may not list, is an error naming it, and every thread
# ends.  Under valgrind: no invalid access, no block lost.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/fuse.sh"
need_cluster
need_fuse
cephfs_testdir
trap 'unmount_fuse; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT
CEPHFS_FIND=$top_builddir/t/cephfs-find
mount_fuse || bail_out "ceph-fuse did not mount the sandbox's filesystem"

# The tree, through ceph-fuse: IO500's shapes (a directory per process of
# empty files, one shared directory of 3901-byte files), nesting, a
# directory wider than one readdir request, and entries that miss each
# criterion alone: the name, the size by a byte, the time (older, and
# equal to the timestamp file's, which is not newer).
top=$CEPHFS_FUSE_DIR$CEPHFS_DIR
tree=$top/tree
stamp=$(( $(date +%s) - 1000 ))
mkdir -p "$tree/easy/0" "$tree/easy/1" "$tree/hard" "$tree/deep/a/b/c" \
	"$tree/empty" "$tree/dir01" "$tree/wide" || bail_out "cannot make the tree on $top"
touch -d "@$stamp" "$top/timestampfile"
for i in 0 1; do
	seq 0 120 | sed "s|^|$tree/easy/$i/file.mdtest.$i.|" | xargs touch
done
for i in $(seq 0 120); do
	head -c 3901 /dev/zero >"$tree/hard/file.mdtest.0.$i"
done
head -c 3900 /dev/zero >"$tree/hard/short01"
head -c 3902 /dev/zero >"$tree/hard/long01"
for name in old01 old101; do
	head -c 3901 /dev/zero >"$tree/deep/a/$name"
	touch -d "@$(( stamp - 100 ))" "$tree/deep/a/$name"
done
head -c 3901 /dev/zero >"$tree/deep/a/b/same01"
touch -d "@$stamp" "$tree/deep/a/b/same01"
head -c 3901 /dev/zero >"$tree/deep/a/b/c/new01"
head -c 3901 /dev/zero >"$tree/dir01/inside01"
ln -s "$tree/hard/file.mdtest.0.1" "$tree/deep/link01"
seq 0 2500 | sed "s|^|$tree/wide/w.|" | xargs touch
head -c 3901 /dev/zero >"$tree/wide/w.x01"

# What find(1) counts on the mount, in cephfs-find's words.
listing() {
	printf 'checked %s matched %s dirs %s\n' \
		"$(find "$tree" ! -type d | wc -l)" \
		"$(find "$tree" ! -type d "$@" | wc -l)" \
		"$(find "$tree" -type d | wc -l)"
}
io500=$(listing -name '*01*' -size 3901c -newer "$top/timestampfile")
any=$(listing)
like "the tree's listing matches some files, not all" "$io500" \
	'^checked 2[0-9]{3} matched [1-9][0-9]? dirs 1[0-9]$'
diag "find(1) on ceph-fuse: $io500"

for threads in 1 4; do
	got=$("$CEPHFS_FIND" "$CEPHFS_DIR/tree" $threads -name '*01*' -size 3901 \
		-newer "$CEPHFS_DIR/timestampfile" 2>"$TMP/find.err")
	ok $? "$threads thread(s): IO500's find walks the tree"
	is "... counting as find(1) on ceph-fuse does" "$got" "$io500"
	got=$("$CEPHFS_FIND" "$CEPHFS_DIR/tree" $threads 2>"$TMP/find.err")
	is "$threads thread(s) without criteria: every checked entry matches" "$got" "$any"
done
is "a directory of its own is walked, not checked: an empty one" \
	"$("$CEPHFS_FIND" "$CEPHFS_DIR/tree/empty" 4)" "checked 0 matched 0 dirs 1"

"$CEPHFS_FIND" "$CEPHFS_DIR/missing" 4 >"$TMP/missing.out" 2>"$TMP/missing.err"
is "a missing root fails" $? 2
is "... with one line naming it and ENOENT" "$(cat "$TMP/missing.err")" \
	"cephfs-find: find: cannot open $CEPHFS_DIR/missing: No such file or directory (-2)"
"$CEPHFS_FIND" "$CEPHFS_DIR/timestampfile" 2 >/dev/null 2>"$TMP/notdir.err"
is "a root that is a file fails" $? 2
like "... naming it" "$(cat "$TMP/notdir.err")" \
	"cannot open $CEPHFS_DIR/timestampfile: Not a directory"

# A directory the walk may not list, among others, met in the middle of the
# walk: libcephfs checks permissions as the uid it mounts with.
locked=$top/locked-tree
mkdir -p "$locked/a/b" "$locked/c/d" "$locked/e/no" "$locked/f" &&
	seq 0 300 | sed "s|^|$locked/f/g.|" | xargs touch &&
	chmod 000 "$locked/e/no" || bail_out "cannot make the locked tree"
as_user() { CEPH_ARGS="${CEPH_ARGS:-} --client_mount_uid=65534 --client_mount_gid=65534" "$@"; }
expect_locked="cephfs-find: find: cannot open $CEPHFS_DIR/locked-tree/e/no: Permission denied (-13)"
for threads in 1 4; do
	as_user timeout 120 "$CEPHFS_FIND" "$CEPHFS_DIR/locked-tree" $threads \
		>"$TMP/locked.out" 2>"$TMP/locked.err"
	is "$threads thread(s): a directory it may not list fails the walk" $? 2
	is "... every thread ended, with one line naming it" "$(cat "$TMP/locked.err")" "$expect_locked"
done

# Blank-line-separated records of valgrind's log $1 that match $2.
records() {
	awk -v pat="$2" 'BEGIN { RS = "==[0-9]+== \n" } $0 ~ pat { print; print "----" }' "$1"
}
if command -v valgrind >/dev/null; then
	log=$TMP/vg.log
	got=$(valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 \
		--fullpath-after= --log-file="$log" \
		"$CEPHFS_FIND" "$CEPHFS_DIR/tree" 4 -name '*01*' -size 3901 \
		-newer "$CEPHFS_DIR/timestampfile")
	is "under valgrind, 4 threads count the same" "$got" "$io500"
	invalid=$(records "$log" "Invalid (read|write|free)|uninitialised|Mismatched free")
	is "... with no invalid access or use of uninitialised memory" "$invalid" ""
	leaks=$(records "$log" "definitely lost in loss record" | awk 'BEGIN { RS = "----\n" } /find\.c:/')
	is "... and no block lost from the walk" "$leaks" ""
	log=$TMP/vg-locked.log
	as_user valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 \
		--fullpath-after= --log-file="$log" \
		"$CEPHFS_FIND" "$CEPHFS_DIR/locked-tree" 4 2>"$TMP/locked.err"
	is "under valgrind, the locked directory fails the walk" "$(cat "$TMP/locked.err")" "$expect_locked"
	invalid=$(records "$log" "Invalid (read|write|free)|uninitialised|Mismatched free")
	leaks=$(records "$log" "definitely lost in loss record" | awk 'BEGIN { RS = "----\n" } /find\.c:/')
	is "... with no invalid access and no block lost on the way out" "$invalid$leaks" ""
else
	skip 5 "no valgrind (scripts/install-deps installs it)"
fi
done_testing
