// SPDX-License-Identifier: GPL-2.0-only
/*
 * IO500's result lines, byte for byte as IO500/io500's main.c prints them
 * (" %20s %15s %s : time %.3f seconds%s" after "[RESULT]" or "[      ]",
 * "[SCORE ] Bandwidth %f GiB/s : IOPS %f kiops : TOTAL %f%s"), the
 * reasons of an INVALID run, and the JSON report.
 */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io500_options.h"
#include "io500_report.h"
#include "io500_score.h"
#include "tap.h"

#define GIB (1ULL << 30)

/* What @print wrote, as one string (malloc'd). */
#define CAPTURE(text, call)						\
	do {								\
		size_t capture_len;					\
		FILE *out = open_memstream(&(text), &capture_len);	\
		call;							\
		fclose(out);						\
	} while (0)

/* @text as expected, then freed. */
static void is_output(char *text, const char *want, const char *name)
{
	is_str(text, want, name);
	free(text);
}

static const struct io500_host_share two_hosts[] = {
	{ "hostA:8765", 384 * GIB, 299.5 },
	{ "hostB:8765", 216 * GIB, 300 },
};

static struct io500_phase_result results[IO500_PHASES] = {
	[IO500_IOR_EASY_WRITE] = { .ran = true, .seconds = 300, .amount = 600 * GIB,
				   .stonewall_hit = true, .hosts = two_hosts, .nr_hosts = 2 },
	[IO500_MDTEST_HARD_READ] = { .ran = true, .seconds = 100, .amount = 0 },
	[IO500_FIND] = { .ran = true, .seconds = 40, .amount = 4000000, .matched = 33000 },
	[IO500_IOR_RND4K_EASY_READ] = { .ran = true, .seconds = 300, .amount = 3 * GIB,
					.error = "short read" },
};

static void phase_lines(struct io500_score *s)
{
	char *text;

	io500_score_init(s, IO500_STONEWALL_RULE);
	io500_score_add(s, IO500_IOR_EASY_WRITE, &results[IO500_IOR_EASY_WRITE]);
	io500_score_add(s, IO500_MDTEST_HARD_READ, &results[IO500_MDTEST_HARD_READ]);
	io500_score_add(s, IO500_FIND, &results[IO500_FIND]);
	io500_score_add(s, IO500_IOR_RND4K_EASY_READ, &results[IO500_IOR_RND4K_EASY_READ]);

	CAPTURE(text, io500_print_phase(out, IO500_IOR_EASY_WRITE,
					&results[IO500_IOR_EASY_WRITE], s));
	is_output(text, "[RESULT]       ior-easy-write        2.000000 GiB/s : time 300.000 seconds\n",
	       "an ior phase: name right-aligned in 20, figure in 15, GiB/s");
	/* hostA: 384 GiB / 299.5 s = 1.282137 GiB/s, 64% of 600 GiB. */
	CAPTURE(text, io500_print_hosts(out, IO500_IOR_EASY_WRITE,
					&results[IO500_IOR_EASY_WRITE]));
	is_output(text,
	       "[HOST  ]       ior-easy-write        1.282137 GiB/s : time 299.500 seconds : hostA:8765 64.0%\n"
	       "[HOST  ]       ior-easy-write        0.720000 GiB/s : time 300.000 seconds : hostB:8765 36.0%\n",
	       "each host's figure over its own time, and its share");
	CAPTURE(text, io500_print_hosts(out, IO500_FIND, &results[IO500_FIND]));
	is_output(text, "", "... nothing for a phase of one host");
	CAPTURE(text, io500_print_phase(out, IO500_FIND, &results[IO500_FIND], s));
	is_output(text, "[RESULT]                 find      100.000000 kIOPS : time 40.000 seconds\n",
	       "find in kIOPS");
	CAPTURE(text, io500_print_phase(out, IO500_MDTEST_HARD_READ,
					&results[IO500_MDTEST_HARD_READ], s));
	is_output(text, "[RESULT]     mdtest-hard-read        0.000000 kIOPS : time 100.000 seconds [INVALID]\n",
	       "an INVALID phase is marked after its time");
	CAPTURE(text, io500_print_phase(out, IO500_IOR_RND4K_EASY_READ,
					&results[IO500_IOR_RND4K_EASY_READ], s));
	is_output(text, "[      ]  ior-rnd4K-easy-read        0.010000 GiB/s : time 300.000 seconds [INVALID]\n",
	       "the unscored extra under \"[      ]\"");
}

static void score_lines(struct io500_score *s)
{
	struct io500_score valid;
	char *text;

	io500_score_finish(s);
	CAPTURE(text, io500_print_score(out, s));
	/* BW = 2 (one ior phase above 0); MD = (100)^(1/1) = 100, the
	 * mdtest-hard-read at 0 left out; TOTAL = sqrt(200) = 14.142136. */
	is_output(text,
	       "[SCORE ] Bandwidth 2.000000 GiB/s : IOPS 100.000000 kiops : TOTAL 14.142136 [INVALID]\n"
	       "[INVALID] mdtest-hard-read: the resulting score is 0\n"
	       "[INVALID] ior-rnd4K-easy-read: errors occurred during the phase: short read\n"
	       "[INVALID] mdtest-easy-write: did not run\n"
	       "[INVALID] ior-hard-write: did not run\n"
	       "[INVALID] mdtest-hard-write: did not run\n"
	       "[INVALID] ior-easy-read: did not run\n"
	       "[INVALID] mdtest-easy-stat: did not run\n"
	       "[INVALID] ior-hard-read: did not run\n"
	       "[INVALID] mdtest-hard-stat: did not run\n"
	       "[INVALID] mdtest-easy-delete: did not run\n"
	       "[INVALID] mdtest-hard-delete: did not run\n",
	       "the score line, INVALID, then every reason");

	io500_score_init(&valid, IO500_STONEWALL_RULE);
	valid.bw = 1.189207115;
	valid.md = 10;
	valid.total = 3.448488;
	CAPTURE(text, io500_print_score(out, &valid));
	is_output(text, "[SCORE ] Bandwidth 1.189207 GiB/s : IOPS 10.000000 kiops : TOTAL 3.448488\n",
	       "a valid run's score line alone");
}

static struct json_object *at(struct json_object *obj, const char *key)
{
	struct json_object *value = NULL;

	json_object_object_get_ex(obj, key, &value);
	return value;
}

static void json(const struct io500_score *s)
{
	struct io500_options o;
	struct json_object *root, *phases, *first, *hosts;
	char *text;

	io500_options_init(&o, "fio", "/engine.so");
	o.stonewall_time = 300;
	text = io500_report_json(&o, results, s);
	root = text ? json_tokener_parse(text) : NULL;
	if (!ok(root != NULL, "the JSON report parses")) {
		free(text);
		return;
	}
	phases = at(root, "phases");
	is_int(json_object_array_length(phases), 4, "... every phase that ran, in IO500's order");
	first = json_object_array_get_idx(phases, 0);
	is_str(json_object_get_string(at(first, "name")), "ior-easy-write", "... IO500's name");
	is_int(json_object_get_int64(at(first, "bytes")), (long long)(600 * GIB), "... its bytes");
	is_str(json_object_get_string(at(first, "unit")), "GiB/s", "... its unit");
	ok(json_object_get_double(at(first, "figure")) == 2.0, "... its figure");
	ok(json_object_get_boolean(at(first, "stonewall_hit")), "... the stonewall stopped it");
	hosts = at(first, "hosts");
	is_int(json_object_array_length(hosts), 2, "... each host's share");
	is_str(json_object_get_string(at(json_object_array_get_idx(hosts, 1), "host")),
	       "hostB:8765", "... named");
	ok(json_object_get_double(at(json_object_array_get_idx(hosts, 0), "share")) == 0.64,
	   "... its part of the phase's bytes: 384 / 600 GiB");
	is_int(json_object_get_int64(at(json_object_array_get_idx(phases, 1), "matched")),
	       33000, "find's matches");
	is_str(json_object_get_string(at(json_object_array_get_idx(phases, 3), "error")),
	       "short read", "a phase's error");
	ok(!json_object_get_boolean(at(root, "valid")), "the run's validity");
	is_int(json_object_array_length(at(root, "reasons")), s->nr_reasons, "... every reason");
	ok(json_object_get_double(at(at(root, "score"), "bandwidth_gib_s")) == 2.0 &&
	   json_object_get_double(at(at(root, "score"), "iops_kiops")) == 100.0,
	   "the scores");
	is_int(json_object_get_int64(at(at(root, "parameters"), "ior_hard_segment_count")),
	       10000000, "the parameters, IO500's defaults");
	ok(json_object_object_get_ex(at(root, "parameters"), "drop_caches_cmd", NULL) &&
	   !at(at(root, "parameters"), "drop_caches_cmd"),
	   "... no drop-caches command: null");
	json_object_put(root);
	free(text);
	io500_options_free(&o);
}

int main(void)
{
	struct io500_score s;

	phase_lines(&s);
	score_lines(&s);
	json(&s);
	return done_testing();
}
