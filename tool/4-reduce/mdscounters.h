/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The MDS's side of a phase from what its commands print (the JSON of
 * `perf dump`, `session ls`, `cache status` and `cache drop`, as
 * ceph_mds_command returns them): pure functions, no cluster.
 */
#ifndef CEPHFS_TOOL_MDSCOUNTERS_H
#define CEPHFS_TOOL_MDSCOUNTERS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipeline.h"

/*
 * Into @r, what the rank served between the perf dumps @before and
 * @after: each mds_server req_<op>_latency with requests between them,
 * with their mean latency, and the caps it revoked.  0, -EINVAL when
 * either is not a perf dump of an MDS, -ENOMEM.
 */
int mds_requests_delta(struct json_object *before, struct json_object *after,
		       struct mds_rank_stats *r);

/* Into @r, the cache's size: inodes from the perf dump @after, bytes from
 * `cache status` @status; a figure the document lacks stays 0. */
void mds_cache_size(struct json_object *after, struct json_object *status,
		    struct mds_rank_stats *r);

/*
 * The caps the sessions of `session ls` @sessions whose client metadata
 * has MDS_RUN_METADATA_KEY = @run hold, in @caps, and how many there
 * are; false when there is none.
 */
bool mds_run_caps(struct json_object *sessions, const char *run,
		  uint64_t *caps, unsigned int *count);

/* The samples of the run's caps on one rank, as they come. */
struct mds_caps_samples {
	bool seen;
	uint64_t last, previous, peak;
	unsigned int last_sessions, previous_sessions;
};

void mds_caps_sample(struct mds_caps_samples *s, uint64_t caps,
		     unsigned int sessions);

/*
 * Into @r, the caps at the phase's end and the most.  The sessions go
 * when fio unmounts, after they give back their caps: a last sample with
 * fewer caps than the one before caught that, and the one before is the
 * phase's end.
 */
void mds_caps_result(const struct mds_caps_samples *s,
		     struct mds_rank_stats *r);

/* What `cache drop`'s document @doc says it did; -EINVAL when it is
 * none (then @d->error says so). */
int mds_drop_of(struct json_object *doc, struct mds_drop *d);

/* All requests of every rank; NAN-free mean over them in @mean_ms (0
 * without requests). */
uint64_t mds_phase_requests(const struct mds_phase_stats *s, double *mean_ms);

void mds_phase_stats_free(struct mds_phase_stats *s);

#endif
