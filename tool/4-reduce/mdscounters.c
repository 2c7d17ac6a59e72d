// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdscounters.h"

static struct json_object *member(struct json_object *obj, const char *key)
{
	struct json_object *value;

	if (!obj || !json_object_is_type(obj, json_type_object) ||
	    !json_object_object_get_ex(obj, key, &value))
		return NULL;
	return value;
}

static bool is_number(struct json_object *v)
{
	return json_object_is_type(v, json_type_int) ||
	       json_object_is_type(v, json_type_double);
}

static uint64_t count_of(struct json_object *v)
{
	return is_number(v) && json_object_get_int64(v) > 0 ?
	       (uint64_t)json_object_get_int64(v) : 0;
}

/* "create" of "req_create_latency", or NULL for other names. */
static bool op_name(const char *key, char *name, size_t len)
{
	static const char head[] = "req_", tail[] = "_latency";
	size_t n = strlen(key);

	if (strncmp(key, head, sizeof(head) - 1) ||
	    n <= sizeof(head) - 1 + sizeof(tail) - 1 ||
	    strcmp(key + n - (sizeof(tail) - 1), tail))
		return false;
	n -= sizeof(head) - 1 + sizeof(tail) - 1;
	if (n >= len)
		return false;
	memcpy(name, key + sizeof(head) - 1, n);
	name[n] = '\0';
	return true;
}

/* A long-running average's count and sum (seconds); false when it is
 * none. */
static bool average_of(struct json_object *avg, uint64_t *count, double *sum)
{
	struct json_object *c = member(avg, "avgcount"), *s = member(avg, "sum");

	if (!is_number(c) || !is_number(s))
		return false;
	*count = count_of(c);
	*sum = json_object_get_double(s);
	return true;
}

static int add_op(struct mds_rank_stats *r, const char *name, uint64_t count,
		  double sum_sec)
{
	struct mds_op *ops = realloc(r->ops, (r->nr_ops + 1) * sizeof(*ops));

	if (!ops)
		return -ENOMEM;
	r->ops = ops;
	ops = &r->ops[r->nr_ops++];
	snprintf(ops->name, sizeof(ops->name), "%s", name);
	ops->count = count;
	ops->mean_ms = sum_sec / count * 1000.0;
	r->requests += count;
	return 0;
}

int mds_requests_delta(struct json_object *before, struct json_object *after,
		       struct mds_rank_stats *r)
{
	struct json_object *server_before = member(before, "mds_server");
	struct json_object *server_after = member(after, "mds_server");
	uint64_t count_before, count_after;
	double sum_before, sum_after;
	char name[sizeof(r->ops->name)];
	int ret;

	if (!server_before || !server_after ||
	    !json_object_is_type(server_after, json_type_object))
		return -EINVAL;
	json_object_object_foreach(server_after, key, value) {
		if (!op_name(key, name, sizeof(name)) ||
		    !average_of(value, &count_after, &sum_after))
			continue;
		/* A counter new since @before started at zero. */
		if (!average_of(member(server_before, key), &count_before,
				&sum_before))
			count_before = 0, sum_before = 0;
		/* A restarted MDS starts its counters over. */
		if (count_after <= count_before)
			continue;
		ret = add_op(r, name, count_after - count_before,
			     sum_after - sum_before);
		if (ret)
			return ret;
	}
	count_before = count_of(member(member(before, "mds"), "ceph_cap_op_revoke"));
	count_after = count_of(member(member(after, "mds"), "ceph_cap_op_revoke"));
	r->caps_revoked = count_after > count_before ? count_after - count_before : 0;
	return 0;
}

void mds_cache_size(struct json_object *after, struct json_object *status,
		    struct mds_rank_stats *r)
{
	r->cache_inodes = count_of(member(member(after, "mds"), "inodes"));
	r->cache_bytes = count_of(member(member(status, "pool"), "bytes"));
}

bool mds_run_caps(struct json_object *sessions, const char *run,
		  uint64_t *caps, unsigned int *count)
{
	struct json_object *s, *tag;
	size_t i, n;

	*caps = 0;
	*count = 0;
	if (!sessions || !json_object_is_type(sessions, json_type_array))
		return false;
	n = json_object_array_length(sessions);
	for (i = 0; i < n; i++) {
		s = json_object_array_get_idx(sessions, i);
		tag = member(member(s, "client_metadata"), MDS_RUN_METADATA_KEY);
		if (!tag || !json_object_is_type(tag, json_type_string) ||
		    strcmp(json_object_get_string(tag), run))
			continue;
		*caps += count_of(member(s, "num_caps"));
		(*count)++;
	}
	return *count > 0;
}

void mds_caps_sample(struct mds_caps_samples *s, uint64_t caps,
		     unsigned int sessions)
{
	s->previous = s->seen ? s->last : caps;
	s->previous_sessions = s->seen ? s->last_sessions : sessions;
	s->seen = true;
	s->last = caps;
	s->last_sessions = sessions;
	if (caps > s->peak)
		s->peak = caps;
}

void mds_caps_result(const struct mds_caps_samples *s,
		     struct mds_rank_stats *r)
{
	bool unmounting = s->last < s->previous;

	r->caps_seen = s->seen;
	r->caps_peak = s->peak;
	r->caps_end = unmounting ? s->previous : s->last;
	r->sessions = unmounting ? s->previous_sessions : s->last_sessions;
}

int mds_drop_of(struct json_object *doc, struct mds_drop *d)
{
	struct json_object *trimmed = member(member(doc, "trim_cache"), "trimmed");
	struct json_object *recall = member(doc, "client_recall");
	struct json_object *duration = member(doc, "duration");
	struct json_object *code = member(recall, "return_code");

	if (!is_number(trimmed) || !is_number(duration)) {
		snprintf(d->error, sizeof(d->error),
			 "the MDS's answer to cache drop has no trim_cache.trimmed and duration");
		return -EINVAL;
	}
	d->done = true;
	d->trimmed = count_of(trimmed);
	d->recalled = count_of(member(recall, "recalled"));
	d->mds_sec = json_object_get_double(duration);
	/* The client recall may time out, the drop still trimmed. */
	if (is_number(code) && json_object_get_int(code))
		snprintf(d->error, sizeof(d->error), "client recall: %s",
			 json_object_get_string(member(recall, "message")) ?: "failed");
	return 0;
}

uint64_t mds_phase_requests(const struct mds_phase_stats *s, double *mean_ms)
{
	double total_ms = 0;
	uint64_t requests = 0;
	unsigned int i, j;

	for (i = 0; i < s->nr_ranks; i++) {
		for (j = 0; j < s->ranks[i].nr_ops; j++) {
			requests += s->ranks[i].ops[j].count;
			total_ms += s->ranks[i].ops[j].count * s->ranks[i].ops[j].mean_ms;
		}
	}
	*mean_ms = requests ? total_ms / requests : 0;
	return requests;
}

void mds_phase_stats_free(struct mds_phase_stats *s)
{
	unsigned int i;

	if (!s)
		return;
	for (i = 0; i < s->nr_ranks; i++)
		free(s->ranks[i].ops);
	free(s->ranks);
	free(s->drops);
	free(s);
}
