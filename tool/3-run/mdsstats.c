// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <json-c/json.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mdscounters.h"
#include "mdsstats.h"
#include "mount_cache.h"
#include "rundir.h"

/* Between two samples of the run's caps: a `session ls` per rank. */
#define MDS_SAMPLE_MS 500

/* A rank as ceph_mds_command takes it: "FS:RANK", or "RANK" in the
 * filesystem a client mounts by default. */
#define MDS_SPEC_LEN 280

struct mds_rank {
	int rank;
	char spec[MDS_SPEC_LEN];
	struct json_object *before;	/* perf dump at the phase's start */
	struct mds_caps_samples caps;	/* the sampler's */
	char error[256];		/* of the perf dump at the start */
};

struct mds_stats {
	struct cephfs_mount m;		/* the handle, under the stall watchdog */
	unsigned int drop_timeout;	/* seconds; 0: the MDS's default */
	struct mds_rank *ranks;
	unsigned int nr_ranks;
	const char *run;		/* the tag of the phase's sessions */
	pthread_t sampler;
	bool sampling;
	bool stop;			/* lock */
	pthread_mutex_t lock;
	pthread_cond_t wake;
};

/*
 * The command @prefix (with @args, the rest of its JSON object: "" or
 * ", \"key\": value") on @spec; its output parsed in @doc (NULL when the
 * caller wants none).  0, or -errno with @error saying why in the MDS's
 * words.
 */
static int command(struct mds_stats *s, const char *spec, const char *prefix,
		   const char *args, struct json_object **doc, char *error,
		   size_t len)
{
	char *out = NULL, *outs = NULL, json[128];
	size_t out_len = 0, outs_len = 0;
	const char *cmd[] = { json };
	int ret;

	snprintf(json, sizeof(json), "{\"prefix\": \"%s\", \"format\": \"json\"%s}",
		 prefix, args);
	cephfs_call_begin(&s->m);
	ret = ceph_mds_command(s->m.cmount, spec, cmd, 1, NULL, 0, &out, &out_len,
			       &outs, &outs_len);
	cephfs_call_end(&s->m);
	if (ret) {
		snprintf(error, len, "mds %s: %s: %s%s%.*s%s", spec, prefix,
			 strerror(-ret), outs_len ? " (" : "", (int)outs_len,
			 outs ? outs : "", outs_len ? ")" : "");
	} else if (doc) {
		*doc = out_len ? json_tokener_parse(out) : NULL;
		if (!*doc) {
			snprintf(error, len, "mds %s: %s: the answer is not JSON",
				 spec, prefix);
			ret = -EINVAL;
		}
	}
	if (out)
		ceph_buffer_free(out);
	if (outs)
		ceph_buffer_free(outs);
	return ret;
}

/* The filesystem the handle's mounts would mount, if one is named. */
static const char *fs_name(const struct bench_options *o,
			   struct ceph_mount_info *cmount, char *buf,
			   size_t len)
{
	static const char *const keys[] = { "client_fs", "client_mds_namespace" };
	size_t i;

	if (o->fs)
		return o->fs;
	for (i = 0; i < sizeof(keys) / sizeof(*keys); i++)
		if (!ceph_conf_get(cmount, keys[i], buf, len) && *buf)
			return buf;
	return NULL;
}

/*
 * The ranks that are in the filesystem, from 0 up to the first one the
 * client's map has not ("Rank not found": ENOENT); each asked its
 * status, so a key without the MDS's 'allow *' fails here.
 */
static int find_ranks(struct mds_stats *s, const struct bench_options *o,
		      char *error, size_t len)
{
	char fs[256], spec[MDS_SPEC_LEN];
	const char *name = fs_name(o, s->m.cmount, fs, sizeof(fs));
	struct mds_rank *ranks;
	int rank, ret;

	for (rank = 0;; rank++) {
		if (name)
			snprintf(spec, sizeof(spec), "%s:%d", name, rank);
		else
			snprintf(spec, sizeof(spec), "%d", rank);
		ret = command(s, spec, "status", "", NULL, error, len);
		if (ret == -ENOENT && rank)
			return 0;
		if (ret)
			return ret;
		ranks = realloc(s->ranks, (s->nr_ranks + 1) * sizeof(*ranks));
		if (!ranks) {
			snprintf(error, len, "out of memory");
			return -ENOMEM;
		}
		s->ranks = ranks;
		s->ranks[s->nr_ranks++] = (struct mds_rank){ .rank = rank };
		snprintf(s->ranks[s->nr_ranks - 1].spec, MDS_SPEC_LEN, "%s", spec);
	}
}

static int mds_connect(struct mds_stats *s, const struct bench_options *o,
		   char *error, size_t len)
{
	struct cephfs_mount_config cfg;
	struct ceph_mount_info *cmount;
	const char *failed = "ceph_create";
	char why[256] = "";
	int ret;

	options_mount_config(o, &cfg);
	ret = ceph_create(&cmount, o->id);
	if (ret)
		goto fail;
	ret = cephfs_mount_configure(cmount, &cfg, &failed, why, sizeof(why));
	if (!ret)
		ret = cephfs_keyring_check(cmount, &failed, why, sizeof(why));
	if (!ret) {
		failed = "ceph_init";
		ret = ceph_init(cmount);
		if (ret)
			cephfs_explain_mount_error(cmount, &cfg, ret, failed, why,
						   sizeof(why));
	}
	if (ret) {
		ceph_release(cmount);
		goto fail;
	}
	s->m.cmount = cmount;
	s->m.op_timeout = o->op_timeout;
	s->drop_timeout = o->op_timeout;
	if (o->op_timeout && (ret = cephfs_watchdog_start(&s->m))) {
		failed = "pthread_create";
		s->m.op_timeout = 0;
		goto fail;
	}
	return 0;
fail:
	cephfs_mount_error(&cfg, ret, failed, why, error, len);
	return ret;
}

int mds_stats_open(const struct bench_options *o, struct mds_stats **out,
		   char *error, size_t len)
{
	struct mds_stats *s = calloc(1, sizeof(*s));
	pthread_condattr_t attr;
	int ret;

	*out = NULL;
	if (!s) {
		snprintf(error, len, "out of memory");
		return -ENOMEM;
	}
	pthread_mutex_init(&s->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&s->wake, &attr);
	pthread_condattr_destroy(&attr);
	ret = mds_connect(s, o, error, len);
	if (!ret)
		ret = find_ranks(s, o, error, len);
	if (ret) {
		mds_stats_close(s);
		return ret;
	}
	*out = s;
	return 0;
}

void mds_stats_close(struct mds_stats *s)
{
	unsigned int i;

	if (!s)
		return;
	for (i = 0; i < s->nr_ranks; i++)
		json_object_put(s->ranks[i].before);
	if (s->m.cmount) {
		cephfs_call_begin(&s->m);
		ceph_shutdown(s->m.cmount);
		cephfs_call_end(&s->m);
		cephfs_watchdog_stop(&s->m);
	}
	pthread_cond_destroy(&s->wake);
	pthread_mutex_destroy(&s->lock);
	free(s->ranks);
	free(s);
}

/* One sample of the run's caps on every rank; a rank that does not
 * answer leaves its figures as they were. */
static void sample_caps(struct mds_stats *s)
{
	struct json_object *sessions;
	unsigned int i, count;
	char error[256];
	uint64_t caps;

	for (i = 0; i < s->nr_ranks; i++) {
		if (command(s, s->ranks[i].spec, "session ls", "", &sessions,
			    error, sizeof(error)))
			continue;
		if (mds_run_caps(sessions, s->run, &caps, &count))
			mds_caps_sample(&s->ranks[i].caps, caps, count);
		json_object_put(sessions);
	}
}

static void *sampler_main(void *arg)
{
	struct mds_stats *s = arg;
	struct timespec next;

	pthread_mutex_lock(&s->lock);
	while (!s->stop) {
		pthread_mutex_unlock(&s->lock);
		sample_caps(s);
		clock_gettime(CLOCK_MONOTONIC, &next);
		next.tv_nsec += MDS_SAMPLE_MS * 1000000L;
		next.tv_sec += next.tv_nsec / 1000000000L;
		next.tv_nsec %= 1000000000L;
		pthread_mutex_lock(&s->lock);
		while (!s->stop &&
		       pthread_cond_timedwait(&s->wake, &s->lock, &next) != ETIMEDOUT)
			;
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

void mds_phase_begin(struct mds_stats *s, const char *run)
{
	char error[256];
	unsigned int i;

	for (i = 0; i < s->nr_ranks; i++) {
		json_object_put(s->ranks[i].before);
		s->ranks[i].before = NULL;
		s->ranks[i].caps = (struct mds_caps_samples){ 0 };
		*s->ranks[i].error = '\0';
		if (command(s, s->ranks[i].spec, "perf dump", "",
			    &s->ranks[i].before, error, sizeof(error)))
			snprintf(s->ranks[i].error, sizeof(s->ranks[i].error),
				 "%s", error);
	}
	s->run = run;
	s->stop = false;
	s->sampling = !pthread_create(&s->sampler, NULL, sampler_main, s);
}

static void stop_sampler(struct mds_stats *s)
{
	if (!s->sampling)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = true;
	pthread_cond_signal(&s->wake);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->sampler, NULL);
	s->sampling = false;
}

/* The rank's figures of the phase into @r, or in @r->error why not. */
static void rank_end(struct mds_stats *s, struct mds_rank *rank,
		     struct mds_rank_stats *r)
{
	struct json_object *after = NULL, *status = NULL;
	char error[sizeof(r->error)];

	*r = (struct mds_rank_stats){ .rank = rank->rank };
	mds_caps_result(&rank->caps, r);
	if (*rank->error) {
		snprintf(r->error, sizeof(r->error), "%s", rank->error);
		return;
	}
	if (command(s, rank->spec, "perf dump", "", &after, error,
		    sizeof(error)) ||
	    command(s, rank->spec, "cache status", "", &status, error,
		    sizeof(error)))
		snprintf(r->error, sizeof(r->error), "%s", error);
	else if (mds_requests_delta(rank->before, after, r))
		snprintf(r->error, sizeof(r->error),
			 "the MDS's perf dump has no mds_server counters");
	else
		mds_cache_size(after, status, r);
	json_object_put(after);
	json_object_put(status);
}

void mds_phase_end(struct mds_stats *s, struct mds_phase_stats *out)
{
	unsigned int i;

	stop_sampler(s);
	out->ranks = calloc(s->nr_ranks, sizeof(*out->ranks));
	if (!out->ranks) {
		snprintf(out->missing, sizeof(out->missing), "out of memory");
		return;
	}
	out->nr_ranks = s->nr_ranks;
	for (i = 0; i < s->nr_ranks; i++)
		rank_end(s, &s->ranks[i], &out->ranks[i]);
	out->taken = true;
}

static double now_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void mds_cache_drop(struct mds_stats *s, struct mds_phase_stats *out)
{
	struct json_object *doc;
	char timeout[32] = "";
	double start = now_monotonic();
	struct mds_drop *d;
	unsigned int i;

	out->dropped = true;
	out->drops = calloc(s->nr_ranks, sizeof(*out->drops));
	if (!out->drops)
		return;
	out->nr_drops = s->nr_ranks;
	if (s->drop_timeout)
		snprintf(timeout, sizeof(timeout), ", \"timeout\": %u",
			 s->drop_timeout);
	for (i = 0; i < s->nr_ranks; i++) {
		d = &out->drops[i];
		d->rank = s->ranks[i].rank;
		if (command(s, s->ranks[i].spec, "cache drop", timeout, &doc,
			    d->error, sizeof(d->error)))
			continue;
		mds_drop_of(doc, d);
		json_object_put(doc);
	}
	out->drop_sec = now_monotonic() - start;
}
