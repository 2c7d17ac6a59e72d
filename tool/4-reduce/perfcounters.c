// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <string.h>

#include "perfcounters.h"

const char *const client_counter_keys[CLIENT_COUNTERS] = {
	[COUNTER_MDS_REQUESTS] = "mds_requests",
	[COUNTER_READS] = "reads",
	[COUNTER_WRITES] = "writes",
	[COUNTER_FSYNCS] = "fsyncs",
	[COUNTER_OSD_OPS] = "osd_ops",
	[COUNTER_OSD_READS] = "osd_reads",
	[COUNTER_OSD_WRITES] = "osd_writes",
	[COUNTER_CACHE_HITS] = "cache_hits",
	[COUNTER_CACHE_MISSES] = "cache_misses",
};

const char *const client_counter_labels[CLIENT_COUNTERS] = {
	[COUNTER_MDS_REQUESTS] = "MDS requests",
	[COUNTER_READS] = "reads",
	[COUNTER_WRITES] = "writes",
	[COUNTER_FSYNCS] = "fsyncs",
	[COUNTER_OSD_OPS] = "OSD ops",
	[COUNTER_OSD_READS] = "OSD reads",
	[COUNTER_OSD_WRITES] = "OSD writes",
	[COUNTER_CACHE_HITS] = "cache hits",
	[COUNTER_CACHE_MISSES] = "cache misses",
};

struct counter_source {
	enum client_counter counter;
	const char *section;
	const char *name;
};

/*
 * Where each figure comes from, the preferred source first (the README
 * lists them per Ceph version).  The objecter times its ops since Ceph 20
 * (op_latency, all ops together); Ceph 16 only counts them.  Not client's
 * rdops and wrops: Ceph 16 names both "rdops", and a JSON reader keeps
 * the second, the writes.
 */
static const struct counter_source sources[] = {
	{ COUNTER_MDS_REQUESTS, "client", "lat" },
	{ COUNTER_READS, "client", "rdlat" },
	{ COUNTER_WRITES, "client", "wrlat" },
	{ COUNTER_FSYNCS, "client", "fsync" },
	{ COUNTER_OSD_OPS, "objecter", "op_latency" },
	{ COUNTER_OSD_OPS, "objecter", "op" },
	{ COUNTER_OSD_READS, "objecter", "op_r" },
	{ COUNTER_OSD_WRITES, "objecter", "op_w" },
	{ COUNTER_CACHE_HITS, "objectcacher-libcephfs", "cache_ops_hit" },
	{ COUNTER_CACHE_MISSES, "objectcacher-libcephfs", "cache_ops_miss" },
};

static bool count_of(struct json_object *obj, uint64_t *count)
{
	int64_t n;

	if (!json_object_is_type(obj, json_type_int))
		return false;
	n = json_object_get_int64(obj);
	if (n < 0)
		return false;
	*count = (uint64_t)n;
	return true;
}

/* A plain counter, or a latency: {"avgcount": N, "sum": seconds, ...}. */
static bool value_of(struct json_object *obj, struct counter_value *v)
{
	struct json_object *count, *sum;

	if (count_of(obj, &v->count)) {
		v->timed = false;
		return true;
	}
	if (!json_object_object_get_ex(obj, "avgcount", &count) ||
	    !json_object_object_get_ex(obj, "sum", &sum) ||
	    !count_of(count, &v->count) ||
	    !(json_object_is_type(sum, json_type_double) ||
	      json_object_is_type(sum, json_type_int)))
		return false;
	v->timed = true;
	v->avg_ms = v->count ? json_object_get_double(sum) / v->count * 1e3 : 0;
	return true;
}

void client_counters_of(struct json_object *dump, struct client_counters *c)
{
	struct counter_value *v;
	struct json_object *section, *obj;
	size_t i;

	memset(c->values, 0, sizeof(c->values));
	for (i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
		v = &c->values[sources[i].counter];
		if (v->present ||
		    !json_object_object_get_ex(dump, sources[i].section, &section) ||
		    !json_object_object_get_ex(section, sources[i].name, &obj))
			continue;
		v->present = value_of(obj, v);
	}
}
