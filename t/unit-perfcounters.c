// SPDX-License-Identifier: GPL-2.0-only
/*
 * The client counters of the report, from real perf dumps the engine
 * wrote (t/data/perf-ceph{16,20}-{write,read}.json, beside fio's output
 * of the same phases in counters-*: cephfs-tool's write and read phase
 * of 8 files of 1 MiB, 2 threads, 256 KiB blocks, fsync every 512 KiB,
 * on the sandbox cluster of Ceph 16.2.15 with fio 3.33 and of Ceph
 * 20.2.4 with fio 3.41), and from malformed ones.
 */
#include "config.h"

#include <math.h>

#include "perfcounters.h"
#include "tap.h"

static void counters_of_file(const char *name, struct client_counters *c)
{
	char *text = read_data(name, NULL);
	struct json_object *dump = json_tokener_parse(text);

	if (!dump) {
		printf("Bail out! %s is not JSON\n", name);
		exit(1);
	}
	client_counters_of(dump, c);
	json_object_put(dump);
	free(text);
}

/* A figure as the dump should give it: @avg_ms < 0 for a plain count. */
struct expected {
	enum client_counter which;
	uint64_t count;
	double avg_ms;
};

#define PLAIN -1.0

static void check(const struct client_counters *c, const struct expected *want,
		  const char *what)
{
	const struct counter_value *v = &c->values[want->which];
	bool timed = want->avg_ms >= 0;

	ok(v->present && v->timed == timed && v->count == want->count &&
	   (!timed || fabs(v->avg_ms - want->avg_ms) < 1e-6),
	   "%s: %s %llu%s, mean %g ms (got %s%s%llu, %g)", what,
	   client_counter_keys[want->which], (unsigned long long)want->count,
	   timed ? "" : " untimed", want->avg_ms, v->present ? "" : "absent, ",
	   v->timed ? "timed, " : "", (unsigned long long)v->count, v->avg_ms);
}

static void check_dump(const char *name, const struct expected *want, size_t n)
{
	struct client_counters c;
	size_t i;

	counters_of_file(name, &c);
	for (i = 0; i < n; i++)
		check(&c, &want[i], name);
}

#define CHECK_DUMP(name, table) \
	check_dump(name, table, sizeof(table) / sizeof(table[0]))

/*
 * Both versions: the same client and object cache counters.  Ceph 16's
 * "rdops" comes twice, the second the writes (0 in the read phase): the
 * reads come from rdlat.  Ceph 16 has no op_latency: the objecter's op
 * count stands in, untimed.
 */
static void test_ceph16(void)
{
	static const struct expected write[] = {
		{ COUNTER_MDS_REQUESTS, 18, 0.3789983333333333 },
		{ COUNTER_READS, 0, 0 },
		{ COUNTER_WRITES, 32, 0.26652775 },
		{ COUNTER_FSYNCS, 36, 1.4547764166666668 },
		{ COUNTER_OSD_OPS, 18, PLAIN },
		{ COUNTER_OSD_READS, 0, PLAIN },
		{ COUNTER_OSD_WRITES, 18, PLAIN },
		{ COUNTER_CACHE_HITS, 0, PLAIN },
		{ COUNTER_CACHE_MISSES, 0, PLAIN },
	}, read[] = {
		{ COUNTER_MDS_REQUESTS, 10, 0.4420361 },
		{ COUNTER_READS, 32, 1.20932746875 },
		{ COUNTER_WRITES, 0, 0 },
		{ COUNTER_OSD_OPS, 26, PLAIN },
		{ COUNTER_OSD_READS, 24, PLAIN },
		{ COUNTER_OSD_WRITES, 2, PLAIN },
		{ COUNTER_CACHE_HITS, 8, PLAIN },
		{ COUNTER_CACHE_MISSES, 40, PLAIN },
	};

	CHECK_DUMP("perf-ceph16-write.json", write);
	CHECK_DUMP("perf-ceph16-read.json", read);
}

/* Ceph 20 times the objecter's ops: OSD ops have a mean. */
static void test_ceph20(void)
{
	static const struct expected write[] = {
		{ COUNTER_MDS_REQUESTS, 18, 1.2357243333333332 },
		{ COUNTER_WRITES, 32, 0.25069678125 },
		{ COUNTER_FSYNCS, 36, 1.9248548055555557 },
		{ COUNTER_OSD_OPS, 18, 3.111111277777778 },
		{ COUNTER_OSD_WRITES, 18, PLAIN },
	}, read[] = {
		{ COUNTER_MDS_REQUESTS, 11, 0.5860722727272727 },
		{ COUNTER_READS, 32, 0.71139921875 },
		{ COUNTER_OSD_OPS, 26, 0.3076923076923077 },
		{ COUNTER_OSD_READS, 24, PLAIN },
		{ COUNTER_OSD_WRITES, 2, PLAIN },
		{ COUNTER_CACHE_HITS, 8, PLAIN },
		{ COUNTER_CACHE_MISSES, 40, PLAIN },
	};

	CHECK_DUMP("perf-ceph20-write.json", write);
	CHECK_DUMP("perf-ceph20-read.json", read);
}

static int present(const struct client_counters *c)
{
	int i, n = 0;

	for (i = 0; i < CLIENT_COUNTERS; i++)
		n += c->values[i].present;
	return n;
}

/* Anything else is no figure, never a made-up one or a crash. */
static void test_malformed(void)
{
	static const char *const docs[] = {
		"[]",
		"5",
		"{ \"client\": 5 }",
		"{ \"client\": { \"lat\": \"17\", \"rdlat\": -3, \"wrlat\": { \"avgcount\": 4 }, \"fsync\": { \"avgcount\": \"x\", \"sum\": 1.5 } } }",
		"{ \"objecter\": { \"op_latency\": { \"avgcount\": -1, \"sum\": 1 }, \"op\": 2.5, \"op_r\": true, \"op_w\": null } }",
		"{ \"objectcacher-libcephfs\": [ 1, 2 ] }",
	};
	struct client_counters c;
	struct json_object *doc;
	size_t i;

	client_counters_of(NULL, &c);
	is_int(present(&c), 0, "no document: no figure");
	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		doc = json_tokener_parse(docs[i]);
		client_counters_of(doc, &c);
		is_int(present(&c), 0, docs[i]);
		json_object_put(doc);
	}
	doc = json_tokener_parse("{ \"objecter\": { \"op_latency\": \"fast\", \"op\": 7 } }");
	client_counters_of(doc, &c);
	check(&c, &(struct expected){ COUNTER_OSD_OPS, 7, PLAIN },
	      "an unusable op_latency: the op count instead");
	json_object_put(doc);
	doc = json_tokener_parse("{ \"client\": { \"lat\": { \"avgcount\": 0, \"sum\": 0 } } }");
	client_counters_of(doc, &c);
	check(&c, &(struct expected){ COUNTER_MDS_REQUESTS, 0, 0 },
	      "no samples: count 0, no mean to divide");
	json_object_put(doc);
}

int main(void)
{
	test_ceph16();
	test_ceph20();
	test_malformed();
	return done_testing();
}
