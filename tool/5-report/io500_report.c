// SPDX-License-Identifier: GPL-2.0-only
/* IO500's result lines (IO500/io500 src/main.c) and the run as JSON. */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>

#include "io500_report.h"
#include "report.h"

static const char *const invalid_mark = " [INVALID]";

/* main.c prints "GiB/s" for the phases whose name starts with 'i'. */
static const char *unit_of(enum io500_phase p)
{
	return io500_phase_infos[p].bytes ? "GiB/s" : "kIOPS";
}

void io500_print_phase(FILE *out, enum io500_phase p,
		       const struct io500_phase_result *r,
		       const struct io500_score *s)
{
	char figure[40];

	snprintf(figure, sizeof(figure), "%f", s->figure[p]);
	fprintf(out, "%s %20s %15s %s : time %.3f seconds%s\n",
		io500_phase_infos[p].group > IO500_NO_SCORE ? "[RESULT]" : "[      ]",
		io500_phase_infos[p].name, figure, unit_of(p), r->seconds,
		s->phase_valid[p] ? "" : invalid_mark);
}

void io500_print_hosts(FILE *out, enum io500_phase p,
		       const struct io500_phase_result *r)
{
	struct io500_phase_result host;
	char figure[40];
	unsigned int i;

	if (r->nr_hosts < 2)
		return;
	for (i = 0; i < r->nr_hosts; i++) {
		host = (struct io500_phase_result){
			.ran = true, .seconds = r->hosts[i].seconds,
			.amount = r->hosts[i].amount,
		};
		snprintf(figure, sizeof(figure), "%f", io500_phase_figure(p, &host));
		fprintf(out, "[HOST  ] %20s %15s %s : time %.3f seconds : %s %.1f%%\n",
			io500_phase_infos[p].name, figure, unit_of(p),
			r->hosts[i].seconds, r->hosts[i].host,
			r->amount ? 100.0 * (double)r->hosts[i].amount /
				    (double)r->amount : 0);
	}
}

void io500_print_score(FILE *out, const struct io500_score *s)
{
	unsigned int i;

	fprintf(out, "[SCORE ] Bandwidth %f GiB/s : IOPS %f kiops : TOTAL %f%s\n",
		s->bw, s->md, s->total, s->valid ? "" : invalid_mark);
	for (i = 0; i < s->nr_reasons; i++)
		fprintf(out, "[INVALID] %s\n", s->reasons[i]);
}

static void add(struct json_object *obj, const char *key,
		struct json_object *value)
{
	json_object_object_add(obj, key, value);
}

static struct json_object *parameters(const struct io500_options *o)
{
	struct json_object *c = json_object_new_object();

	add(c, "stonewall_time", json_object_new_int64(o->stonewall_time));
	add(c, "processes", json_object_new_int64(o->processes));
	add(c, "hosts", json_object_new_int64(o->bench.clients.count ?
					       o->bench.clients.count : 1));
	add(c, "dir", report_json_text(o->dir));
	add(c, "filesystem", report_json_text(o->bench.fs));
	add(c, "ior_easy_transfer_size",
	    json_object_new_int64((int64_t)o->ior_easy_transfer_size));
	add(c, "ior_easy_block_size",
	    json_object_new_int64((int64_t)o->ior_easy_block_size));
	add(c, "ior_hard_transfer_size", json_object_new_int64(IO500_IOR_HARD_TRANSFER));
	add(c, "ior_hard_segment_count", json_object_new_int64(o->ior_hard_segment_count));
	add(c, "mdtest_easy_n", json_object_new_int64(o->mdtest_easy_n));
	add(c, "mdtest_hard_n", json_object_new_int64(o->mdtest_hard_n));
	add(c, "mdtest_hard_bytes", json_object_new_int64(IO500_MDTEST_HARD_BYTES));
	add(c, "find_name", json_object_new_string(IO500_FIND_NAME));
	add(c, "rnd4k", json_object_new_boolean(o->rnd4k));
	add(c, "bind_to_core", json_object_new_boolean(o->bind_to_core));
	add(c, "drop_caches_cmd",
	    o->drop_caches ? report_json_text(o->drop_caches_cmd) : NULL);
	return c;
}

static struct json_object *host_shares(const struct io500_phase_result *r)
{
	struct json_object *list = json_object_new_array(), *h;
	unsigned int i;

	for (i = 0; i < r->nr_hosts; i++) {
		h = json_object_new_object();
		add(h, "host", report_json_text(r->hosts[i].host));
		add(h, "amount", json_object_new_int64((int64_t)r->hosts[i].amount));
		add(h, "seconds", report_json_number(r->hosts[i].seconds));
		add(h, "share", report_json_number(r->amount ?
			(double)r->hosts[i].amount / (double)r->amount : 0));
		json_object_array_add(list, h);
	}
	return list;
}

static struct json_object *phase(enum io500_phase p,
				 const struct io500_phase_result *r,
				 const struct io500_score *s)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "name", json_object_new_string(io500_phase_infos[p].name));
	add(obj, "scored", json_object_new_boolean(io500_phase_infos[p].group !=
						   IO500_NO_SCORE));
	add(obj, "seconds", report_json_number(r->seconds));
	add(obj, io500_phase_infos[p].bytes ? "bytes" : "items",
	    json_object_new_int64((int64_t)r->amount));
	if (p == IO500_FIND)
		add(obj, "matched", json_object_new_int64((int64_t)r->matched));
	add(obj, "figure", report_json_number(s->figure[p]));
	add(obj, "unit", json_object_new_string(unit_of(p)));
	add(obj, "valid", json_object_new_boolean(s->phase_valid[p]));
	if (io500_phase_infos[p].write)
		add(obj, "stonewall_hit", json_object_new_boolean(r->stonewall_hit));
	if (r->error)
		add(obj, "error", report_json_text(r->error));
	add(obj, "hosts", host_shares(r));
	return obj;
}

char *io500_report_json(const struct io500_options *o,
			const struct io500_phase_result *results,
			const struct io500_score *s)
{
	struct json_object *root = json_object_new_object();
	struct json_object *phases = json_object_new_array();
	struct json_object *reasons = json_object_new_array();
	struct json_object *scores = json_object_new_object();
	unsigned int p;

	add(root, "parameters", parameters(o));
	for (p = 0; p < IO500_PHASES; p++)
		if (s->added[p] && results[p].ran)
			json_object_array_add(phases,
				phase((enum io500_phase)p, &results[p], s));
	add(root, "phases", phases);
	add(scores, "bandwidth_gib_s", report_json_number(s->bw));
	add(scores, "iops_kiops", report_json_number(s->md));
	add(scores, "total", report_json_number(s->total));
	add(root, "score", scores);
	add(root, "valid", json_object_new_boolean(s->valid));
	for (p = 0; p < s->nr_reasons; p++)
		json_object_array_add(reasons, report_json_text(s->reasons[p]));
	add(root, "reasons", reasons);
	return report_json_serialize(root);
}
