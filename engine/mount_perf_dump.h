/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs_perf_dump: the perf counters of a mount, written as it unmounts.
 * The functions return 0 or -errno.
 */
#ifndef FIO_CEPHFS_MOUNT_PERF_DUMP_H
#define FIO_CEPHFS_MOUNT_PERF_DUMP_H

#include <stddef.h>

struct cephfs_mount;

/* Before mounting: where the dump goes (@path) and the counters come from. */
int cephfs_perf_dump_setup(struct cephfs_mount *m, const char *path,
			   const char **failed, char *why, size_t why_len);
/* After ceph_release(), or a failed mount. */
void cephfs_perf_dump_teardown(struct cephfs_mount *m);
/* Before unmounting: the counters, as JSON, to the dump's path. */
int cephfs_write_perf_dump(struct cephfs_mount *m);

#endif
