/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ceph-fuse command that mounts what the engine would mount: the same
 * conf, id, keyring, filesystem, root and client settings, each one
 * argument, so no value is re-read by a shell or split.
 */
#ifndef CEPHFS_TOOL_FUSEARGS_H
#define CEPHFS_TOOL_FUSEARGS_H

#include "options.h"

#define CEPH_FUSE "ceph-fuse"

/* Program, -f, at most 13 settings, the mount point, NULL; and room. */
#define FUSE_ARGS_MAX 20

struct fuse_args {
	char *argv[FUSE_ARGS_MAX];	/* NULL-terminated */
	int count;
};

/* ceph-fuse in the foreground on @mountpoint; with --mds-stats its
 * session carries @run, the run's token, as the engine's mounts do.  0,
 * or -1 when out of memory.  Free with fuse_args_free. */
int fuse_args_init(struct fuse_args *a, const struct bench_options *o,
		   const char *mountpoint, const char *run);

void fuse_args_free(struct fuse_args *a);

/* How long ceph-fuse may take to mount: --mount-timeout, or Ceph's
 * default client_mount_timeout where that is 0. */
unsigned int fuse_mount_timeout(const struct bench_options *o);

#endif
