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

#include "pipeline.h"

/* The report's JSON keys and text labels. */
extern const char *const client_counter_keys[CLIENT_COUNTERS];
extern const char *const client_counter_labels[CLIENT_COUNTERS];

/* The figures of @dump, a perf dump document (NULL or any other JSON:
 * no figure present). */
void client_counters_of(struct json_object *dump, struct client_counters *c);

#endif
