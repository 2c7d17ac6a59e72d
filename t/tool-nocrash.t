#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# No --root-path crashes the tool: every spelling works in the directory it
# names, through libcephfs and through ceph-fuse, or is refused before
# the run naming the option; the smallest blocks verify takes run.  (The
# sizes refused for verify need no cluster: tool-usage.)
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
d=$CEPHFS_DIR
"$CEPHFS_UTIL" mkdir "$d/r" 755
# The tool's temporary directories (and ceph-fuse's mount point) go here.
export TMPDIR="$TMP"

# "//" segfaulted the tool in ceph_mkdir (rundir_create); the others
# failed to mount.  At the filesystem's top the run cleans up after
# itself.
for root in // /// /./; do
	at "$root" --files 2 --size 64K
	is "--root-path $root: exit 0" $rc 0
	like "... the report names the directory" "$(cat "$TMP/out")" '^  Root: /$'
	is "... the run directory is gone" \
		"$("$CEPHFS_UTIL" exists "/$(run_dir)"; echo $?)" 1
	matrix_row "cephfs-tool: --root-path $root" "runs in /, cleans up" $elapsed
done

# Below the top, the run directory is kept to be looked at; ceph-fuse
# mounts client_mountpoint, the same directory.
fuse=
if [ -c /dev/fuse ] && command -v ceph-fuse >/dev/null; then
	fuse="$d//r/./|--via=fuse"
else
	skip 3 "no /dev/fuse or ceph-fuse here"
fi
for row in "/$d/r|" "$d//r|" "$d/./r/|" "$d/r/|" "$d/r//.//|" $fuse; do
	root=${row%%|*} via=${row#*|}
	# shellcheck disable=SC2086 # via is no option or one with its value
	at "$root" $via --files 2 --size 64K --no-cleanup
	is "$via --root-path $root: exit 0" $rc 0
	like "... the report names the directory" "$(cat "$TMP/out")" "^  Root: $d/r\$"
	dir=$(run_dir)
	is "... the files are under $d/r" "$(listing "$d/r/$dir")" \
		"benchmark_0_0 benchmark_0_1 "
	"$CEPHFS_UTIL" rmtree "$d/r/$dir"
	matrix_row "cephfs-tool: $via --root-path $root" "runs in $d/r" $elapsed
done

for root in /.. "$d/.." "$d/../x" "$d/r/.."; do
	at "$root" --files 2 --size 64K
	is "--root-path $root: exit 2, one line naming it" \
		"$rc $(wc -l <"$TMP/err") $(cat "$TMP/err")" \
		"2 1 cephfs-tool: --root-path: invalid value '$root' (a '..' component: give the directory without it)"
	matrix_row "cephfs-tool: --root-path $root" "exit 2, one line" $elapsed
done

# The smallest blocks verify's header fits in, and anything without
# verify, run and verify (fio aborted on --size 1 before).
tool_constant min ../engine/clip.h CEPHFS_VERIFY_BLOCK_MIN
for sizes in "--size $min" "--size 4K --block-size $min" \
	"--size $((min * 3)) --block-size $((min * 2))" \
	"--size 1 --no-verify" "--size 4K --block-size 1 --no-verify" \
	"--size $((min + 1)) --block-size $min --no-verify"; do
	# shellcheck disable=SC2086 # sizes is several options
	at "$d/r" --files 2 $sizes
	is "$sizes: exit 0" $rc 0
	is "... and leaves nothing in the root" "$(listing "$d/r")" ""
	matrix_row "cephfs-tool: $sizes" "runs, leaves nothing" $elapsed
done
done_testing
