/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The filesystem statistics of the report (statvfs through ceph_statfs, at
 * --root-path).  They are context for the figures, not figures of the run:
 * failing to take them warns on stderr and the report says why there are
 * none, but does not fail a run whose iterations succeeded.
 */
#ifndef CEPHFS_TOOL_FSSTATS_H
#define CEPHFS_TOOL_FSSTATS_H

#include "mount_cache.h"
#include "report.h"

/* Say on stderr that there are no statistics @when, and why (@s->error). */
void fs_stats_warn(const char *when, const struct fs_stats *s);

/* Take @s on the mount @m; @when ("before", "after") names them in the
 * warning. */
void fs_stats_take(struct cephfs_mount *m, const char *when,
		   struct fs_stats *s);

#endif
