/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The "client counters" of the report: a few of libcephfs' perf counters
 * (the JSON document `perf dump` prints, which the engine writes for
 * --perf-dump) that say where a phase's time went.  Counter names differ
 * between Ceph versions: each figure is taken from the first of its
 * sources that the dump has.
 */
#ifndef CEPHFS_TOOL_PERFCOUNTERS_H
#define CEPHFS_TOOL_PERFCOUNTERS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

/* The figures, in the order the report shows them. */
enum client_counter {
	COUNTER_MDS_REQUESTS,
	COUNTER_READS,
	COUNTER_WRITES,
	COUNTER_FSYNCS,
	COUNTER_OSD_OPS,
	COUNTER_OSD_READS,
	COUNTER_OSD_WRITES,
	COUNTER_CACHE_HITS,
	COUNTER_CACHE_MISSES,
	CLIENT_COUNTERS,
};

/* The report's JSON keys and text labels. */
extern const char *const client_counter_keys[CLIENT_COUNTERS];
extern const char *const client_counter_labels[CLIENT_COUNTERS];

struct counter_value {
	bool present;			/* the dump has a source for it */
	bool timed;			/* a latency counter: avg_ms applies */
	uint64_t count;
	double avg_ms;			/* timed, and count > 0 */
};

struct client_counters {
	bool dumped;			/* a dump was read for the phase */
	char missing[256];		/* when not: why, one line */
	struct counter_value values[CLIENT_COUNTERS];
};

/* The figures of @dump, a perf dump document (NULL or any other JSON:
 * no figure present). */
void client_counters_of(struct json_object *dump, struct client_counters *c);

#endif
