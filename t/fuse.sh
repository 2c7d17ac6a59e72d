# SPDX-License-Identifier: GPL-2.0-only
# A ceph-fuse mount of the sandbox's filesystem, beside libcephfs, for an
# independent look at what a test made (sourced after t/lib.sh and
# t/cluster.sh's need_cluster).
. "$top_srcdir/t/timing.sh"

# need_fuse: skip the whole test where ceph-fuse cannot mount.
need_fuse() {
	[ -c /dev/fuse ] || skip_all "no /dev/fuse here for ceph-fuse"
	command -v ceph-fuse >/dev/null || skip_all "no ceph-fuse (package ceph-fuse)"
}

# mount_fuse: ceph-fuse of the sandbox's filesystem at $CEPHFS_FUSE_DIR
# ($TMP/fuse), as jobs/via-fuse.fio's header mounts it, up
# within the mount timeout.  unmount_fuse goes in the test's exit trap.
fuse_pid=
CEPHFS_FUSE_DIR=$TMP/fuse
export CEPHFS_FUSE_DIR
fuse_mounted() {
	awk -v dir="$CEPHFS_FUSE_DIR" '$5 == dir { up = 1 } END { exit !up }' /proc/self/mountinfo
}
mount_fuse() {
	mkdir -p "$CEPHFS_FUSE_DIR"
	ceph-fuse -f --client_fs="$CEPHFS_FS" "$CEPHFS_FUSE_DIR" >"$TMP/ceph-fuse.log" 2>&1 &
	fuse_pid=$!
	await 30 fuse_mounted || { tail -n 5 "$TMP/ceph-fuse.log" | diag_stream; return 1; }
}
# unmount_fuse: and ceph-fuse gone, within its shutdown timeout.
unmount_fuse() {
	[ -n "$fuse_pid" ] || return 0
	umount "$CEPHFS_FUSE_DIR" 2>/dev/null || umount -l "$CEPHFS_FUSE_DIR"
	await 30 exited $fuse_pid || kill -KILL $fuse_pid
	wait $fuse_pid
	fuse_pid=
}
