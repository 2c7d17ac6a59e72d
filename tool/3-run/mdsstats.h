/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The MDS's side of each phase (--mds-stats) and the dropping of its
 * caches (--drop-caches), through the client's own connection:
 * ceph_mds_command on a libcephfs handle that connects but does not
 * mount, so it opens no MDS session and makes no MDS request itself.
 * The MDS runs commands only for keys with mds 'allow *'.
 */
#ifndef CEPHFS_TOOL_MDSSTATS_H
#define CEPHFS_TOOL_MDSSTATS_H

#include <stddef.h>

#include "options.h"
#include "pipeline.h"

struct mds_stats;

/*
 * Connect as @o says and find the filesystem's active ranks; 0, or
 * -errno with @error saying why: -EACCES (or -EPERM) when the key may not
 * run MDS commands.
 */
int mds_stats_open(const struct bench_options *o, struct mds_stats **out,
		   char *error, size_t len);
void mds_stats_close(struct mds_stats *s);

/*
 * Before a phase: each rank's counters, and a thread sampling the caps of
 * the sessions whose client metadata carries @run
 * (MDS_RUN_METADATA_KEY, mdscounters.h) until mds_phase_end.
 */
void mds_phase_begin(struct mds_stats *s, const char *run);

/* After it: the phase's figures into @out (@out->missing says why there
 * are none). */
void mds_phase_end(struct mds_stats *s, struct mds_phase_stats *out);

/* `cache drop` on every rank, each waiting at most the op timeout for the
 * clients to give back their caps; into @out, with the time it took. */
void mds_cache_drop(struct mds_stats *s, struct mds_phase_stats *out);

#endif
