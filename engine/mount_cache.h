/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Mounts of CephFS through libcephfs, shared between the jobs of one fio
 * process that ask for the same mount configuration.
 */
#ifndef FIO_CEPHFS_MOUNT_CACHE_H
#define FIO_CEPHFS_MOUNT_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "mount.h"
#include "mount_config.h"
/* What users of a mount call besides: its failure's message, the
 * watchdog's last words. */
#include "mount_explain.h"
#include "mount_watchdog.h"

/*
 * Get a mounted filesystem for @cfg: the cached one when @shared and one
 * with the same configuration exists, a fresh one otherwise; @users tells
 * how many jobs hold it now.  Returns 0 or -errno; on failure @failed
 * names the libcephfs call that failed and @why (may be empty) explains
 * the errno in Ceph terms.
 */
int cephfs_mount_get(const struct cephfs_mount_config *cfg, bool shared,
		     struct cephfs_mount **out, unsigned int *users,
		     const char **failed, char *why, size_t why_len);

/*
 * Note a libcephfs error of an operation on @m.  A timeout (the
 * cluster stopped answering) or a full cluster means the mount is then torn
 * down without flushing.
 */
void cephfs_mount_note_error(struct cephfs_mount *m, int ret);

/*
 * Drop a reference; the last one unmounts, so the next mount reads cold.
 * Before unmounting it writes the perf counter dump, if the config asked
 * for one: returns 0, or -errno from that (the mount is gone either way).
 */
int cephfs_mount_put(struct cephfs_mount *m);

#endif
