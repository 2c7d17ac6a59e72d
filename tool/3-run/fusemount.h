/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ceph-fuse mount of one phase under --via fuse: ceph-fuse runs in
 * the foreground as the tool's child, in its own process group (a
 * terminal's Ctrl-C reaches the tool, which unmounts), and dies with the
 * tool.  A phase mounts afresh, so a read phase reads cold.
 */
#ifndef CEPHFS_TOOL_FUSEMOUNT_H
#define CEPHFS_TOOL_FUSEMOUNT_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "options.h"

struct fuse_mount {
	pid_t pid;			/* ceph-fuse; 0 when not mounted */
	char path[PATH_MAX];
	char log[PATH_MAX];		/* ceph-fuse's stdout and stderr */
	double usr_sec;			/* ceph-fuse's CPU, once it has exited */
	double sys_sec;
};

/*
 * Run the tool (and every fio and ceph-fuse it starts) in a mount
 * namespace of its own, so that no mount outlives it, even when it is
 * killed.  Before any thread starts.  Where that is not allowed (not
 * root), mounts are made where the tool is, and unmounted by it.
 */
void fuse_private_namespace(void);

/*
 * Mount --root-path at @mountpoint, ceph-fuse writing to @log, its session
 * tagged with @run (fuse_args_init); wait until
 * the mount is there.  0, or -1 with one line in @error (ceph-fuse's last
 * line, or the timeout it did not mount within), nothing left mounted.
 */
int fuse_mount_start(struct fuse_mount *m, const struct bench_options *o,
		     const char *mountpoint, const char *log, const char *run,
		     char *error, size_t len);

/* Unmount, and wait for ceph-fuse to exit (killing it when it does not
 * in time).  0, or -1 with one line in @error. */
int fuse_mount_stop(struct fuse_mount *m, const struct bench_options *o,
		    char *error, size_t len);

#endif
