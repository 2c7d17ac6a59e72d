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
#include "options.h"
#include "report.h"

/* Take @s on the mount @m; @when ("before", "after") names them in the
 * warning. */
void fs_stats_take(struct cephfs_mount *m, const char *when,
		   struct fs_stats *s);

/* Take @s on a mount of their own, with the benchmark's settings, which
 * is then the caller's in @kept (NULL when it failed): the cleanup shares
 * it, and put it goes. */
void fs_stats_take_mounted(const struct bench_options *o, const char *when,
			   struct fs_stats *s, struct cephfs_mount **kept);

#endif
