// SPDX-License-Identifier: GPL-2.0-only
/*
 * The MDS's side of a phase from what its commands print, on real
 * documents (t/data/mds-*-ceph16.json: `ceph tell mds.a` perf dump before
 * and after a cephfs-tool bench run of 16 files of 4 KiB with
 * --mds-stats --duration 4, its session list during the write phase,
 * cache status after, cache drop after it, on the sandbox cluster of Ceph
 * 16.2.15) and on malformed ones.
 */
#include "config.h"

#include <errno.h>
#include <math.h>

#include "mdscounters.h"
#include "tap.h"

static struct json_object *doc_of(const char *name)
{
	char *text = read_data(name, NULL);
	struct json_object *doc = json_tokener_parse(text);

	if (!doc) {
		printf("Bail out! %s is not JSON\n", name);
		exit(1);
	}
	free(text);
	return doc;
}

static const struct mds_op *op_of(const struct mds_rank_stats *r,
				  const char *name)
{
	unsigned int i;

	for (i = 0; i < r->nr_ops; i++)
		if (!strcmp(r->ops[i].name, name))
			return &r->ops[i];
	return NULL;
}

/* The deltas, as t/data's two dumps give them (computed apart from the
 * tool, from the dumps' avgcount and sum). */
static void test_requests(void)
{
	static const struct { const char *name; uint64_t count; double mean_ms; } want[] = {
		{ "create", 16, 0.104529125 },
		{ "getattr", 3, 0.126483 },
		{ "lookup", 17, 0.06250217647058827 },
		{ "mkdir", 2, 1.6761739999999998 },
		{ "rmdir", 1, 0.423704 },
		{ "setxattr", 1, 0.23069299999999998 },
	};
	struct json_object *before = doc_of("mds-perf-ceph16-before.json");
	struct json_object *after = doc_of("mds-perf-ceph16-after.json");
	struct json_object *status = doc_of("mds-cache-status-ceph16.json");
	struct mds_rank_stats r = { 0 };
	const struct mds_op *op;
	size_t i;

	is_int(mds_requests_delta(before, after, &r), 0, "the two dumps: their deltas");
	is_int(r.nr_ops, sizeof(want) / sizeof(*want),
	       "... the six operations with requests between them, no other");
	for (i = 0; i < sizeof(want) / sizeof(*want); i++) {
		op = op_of(&r, want[i].name);
		ok(op && op->count == want[i].count &&
		   fabs(op->mean_ms - want[i].mean_ms) < 1e-9,
		   "... %s: %llu requests, mean %g ms (got %llu, %g)", want[i].name,
		   (unsigned long long)want[i].count, want[i].mean_ms,
		   op ? (unsigned long long)op->count : 0, op ? op->mean_ms : NAN);
	}
	is_int(r.requests, 40, "... 40 requests in all");
	is_int(r.caps_revoked, 4, "... 4 caps revoked (mds.ceph_cap_op_revoke)");
	mds_cache_size(after, status, &r);
	is_int(r.cache_inodes, 27, "... the cache: 27 inodes (mds.inodes)");
	is_int(r.cache_bytes, 105893, "... and 105893 bytes (cache status)");
	free(r.ops);

	r = (struct mds_rank_stats){ 0 };
	is_int(mds_requests_delta(after, before, &r), 0,
	       "counters that went back (a restarted MDS): no error");
	is_int(r.nr_ops + r.requests + r.caps_revoked, 0, "... and no requests");
	json_object_put(before);
	json_object_put(after);
	json_object_put(status);
}

static void test_caps(void)
{
	struct json_object *sessions = doc_of("mds-sessions-ceph16.json");
	struct mds_caps_samples samples = { 0 };
	struct mds_rank_stats r = { 0 };
	unsigned int count;
	uint64_t caps;

	ok(mds_run_caps(sessions, "09bd38b6df0ac36b", &caps, &count) &&
	   caps == 18 && count == 1,
	   "the run's session by its token: 18 caps, 1 session (got %llu, %u)",
	   (unsigned long long)caps, count);
	ok(!mds_run_caps(sessions, "09bd38b6df0ac36c", &caps, &count) &&
	   !caps && !count, "another run's token: no session, no caps");
	mds_caps_result(&samples, &r);
	ok(!r.caps_seen && !r.caps_end && !r.caps_peak, "no sample: none seen");
	mds_caps_sample(&samples, 18, 1);
	mds_caps_result(&samples, &r);
	ok(r.caps_seen && r.caps_end == 18 && r.caps_peak == 18 && r.sessions == 1,
	   "one sample of 18: 18 at the end and at most");
	mds_caps_sample(&samples, 30, 2);
	mds_caps_sample(&samples, 40, 2);
	mds_caps_result(&samples, &r);
	ok(r.caps_end == 40 && r.caps_peak == 40 && r.sessions == 2,
	   "samples 18, 30, 40: 40 at the end and at most");
	mds_caps_sample(&samples, 1, 1);
	mds_caps_result(&samples, &r);
	ok(r.caps_end == 40 && r.caps_peak == 40 && r.sessions == 2,
	   "... then 1 (the caps given back to unmount): still 40 at the end");
	samples = (struct mds_caps_samples){ 0 };
	mds_caps_sample(&samples, 30, 1);
	mds_caps_sample(&samples, 30, 1);
	mds_caps_result(&samples, &r);
	ok(r.caps_end == 30 && r.caps_peak == 30, "samples 30, 30: 30 at the end");
	json_object_put(sessions);
}

static void test_drop(void)
{
	struct json_object *doc = doc_of("mds-cache-drop-ceph16.json");
	struct mds_drop d = { 0 };

	ok(!mds_drop_of(doc, &d) && d.done && d.trimmed == 2 && !d.recalled &&
	   fabs(d.mds_sec - 0.0041923439999999998) < 1e-12 && !*d.error,
	   "cache drop: 2 trimmed, 0 recalled, in the MDS's 0.00419 s");
	json_object_put(doc);
}

/* Anything else is no figure, never a made-up one or a crash. */
static void test_malformed(void)
{
	static const char *const docs[] = {
		"[]", "5", "{ \"mds_server\": 5 }",
		"{ \"mds_server\": { \"req_create_latency\": { \"avgcount\": \"x\", \"sum\": 1 }, \"req__latency\": { \"avgcount\": 3, \"sum\": 1 }, \"req_latency\": 4 }, \"mds\": { \"ceph_cap_op_revoke\": -5, \"inodes\": \"7\" } }",
		"[ { \"num_caps\": 5 }, { \"client_metadata\": { \"cephfs_tool_run\": 7 }, \"num_caps\": 3 }, 4 ]",
		"{ \"trim_cache\": { \"trimmed\": \"2\" }, \"duration\": 1 }",
	};
	struct json_object *empty = json_tokener_parse("{ \"mds_server\": {} }"), *doc;
	struct mds_rank_stats r;
	struct mds_drop d;
	unsigned int count;
	uint64_t caps;
	size_t i;

	for (i = 0; i < sizeof(docs) / sizeof(*docs); i++) {
		doc = json_tokener_parse(docs[i]);
		r = (struct mds_rank_stats){ 0 };
		d = (struct mds_drop){ 0 };
		mds_requests_delta(empty, doc, &r);
		mds_cache_size(doc, doc, &r);
		ok(!r.nr_ops && !r.requests && !r.caps_revoked && !r.cache_inodes &&
		   !r.cache_bytes && !mds_run_caps(doc, "7", &caps, &count) &&
		   mds_drop_of(doc, &d) == -EINVAL && !d.done && *d.error,
		   "malformed %s: no figure", docs[i]);
		free(r.ops);
		json_object_put(doc);
	}
	json_object_put(empty);
}

int main(void)
{
	test_requests();
	test_caps();
	test_drop();
	test_malformed();
	return done_testing();
}
