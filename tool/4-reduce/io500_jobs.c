// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "io500_jobs.h"
#include "io500_plan.h"

static struct json_object *member(struct json_object *obj, const char *key)
{
	struct json_object *value = NULL;

	json_object_object_get_ex(obj, key, &value);
	return value;
}

static uint64_t member_u64(struct json_object *obj, const char *key)
{
	return (uint64_t)json_object_get_int64(member(obj, key));
}

/* The rank of job name "r<rank>", or -1 for any other name. */
static long rank_of(const char *name)
{
	size_t prefix = strlen(IO500_SECTION_PREFIX);
	unsigned long rank;
	char *end;

	if (!name || strncmp(name, IO500_SECTION_PREFIX, prefix) ||
	    name[prefix] < '0' || name[prefix] > '9')
		return -1;
	errno = 0;
	rank = strtoul(name + prefix, &end, 10);
	if (*end || errno || rank > UINT_MAX)
		return -1;
	return (long)rank;
}

unsigned int io500_jobs_of(struct json_object *doc, unsigned int ranks,
			   struct io500_rank_done *done)
{
	struct json_object *jobs = member(doc, "jobs"), *job;
	struct io500_rank_done *d;
	unsigned int found = 0;
	size_t i, n;
	long rank;

	memset(done, 0, ranks * sizeof(*done));
	if (!json_object_is_type(jobs, json_type_array))
		jobs = member(doc, "client_stats");
	if (!json_object_is_type(jobs, json_type_array))
		return 0;
	n = json_object_array_length(jobs);
	for (i = 0; i < n; i++) {
		job = json_object_array_get_idx(jobs, i);
		rank = rank_of(json_object_get_string(member(job, "jobname")));
		if (rank < 0 || (unsigned long)rank >= ranks)
			continue;
		d = &done[rank];
		d->ran = true;
		d->units = member_u64(member(job, "read"), "total_ios") +
			   member_u64(member(job, "write"), "total_ios");
		d->seconds = member_u64(job, "job_runtime") / 1000.0;
		d->error = (int)json_object_get_int(member(job, "error"));
		found++;
	}
	return found;
}
