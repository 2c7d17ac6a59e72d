// SPDX-License-Identifier: GPL-2.0-only
/* The report as JSON, under the original tool's keys plus added ones. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mdscounters.h"
#include "report.h"
#include "sidebyside.h"
#include "utf8safe.h"

struct json_object *report_json_number(double value)
{
	struct json_object *obj;

	if (!isfinite(value))
		return NULL;
	obj = json_object_new_double(value);
	json_object_set_serializer(obj, json_object_double_to_json_string,
				   (void *)"%.6g", NULL);
	return obj;
}

static void add(struct json_object *obj, const char *key,
		struct json_object *value)
{
	json_object_object_add(obj, key, value);
}

struct json_object *report_json_text(const char *s)
{
	struct json_object *obj;
	char *safe;

	if (!s || !(safe = utf8_safe(s)))
		return NULL;
	obj = json_object_new_string(safe);
	free(safe);
	return obj;
}

static struct json_object *client_labels(const struct bench_options *o)
{
	struct json_object *list = json_object_new_array();
	unsigned int i;

	for (i = 0; i < o->clients.count; i++)
		json_object_array_add(list,
			report_json_text(o->clients.hosts[i].label));
	return list;
}

static struct json_object *configuration(const struct bench_report *report)
{
	const struct bench_options *o = report->o;
	struct json_object *c = json_object_new_object();

	add(c, "threads", json_object_new_int64(o->threads));
	add(c, "iterations", json_object_new_int64(o->iterations));
	add(c, "files", json_object_new_int64(o->files));
	add(c, "file_size", json_object_new_int64((int64_t)o->size));
	add(c, "block_size", json_object_new_int64((int64_t)o->block_size));
	add(c, "filesystem", report_json_text(o->fs));
	add(c, "root", report_json_text(o->root_path));
	add(c, "subdirectory", report_json_text(report->subdir));
	add(c, "uid", json_object_new_int(o->uid));
	add(c, "gid", json_object_new_int(o->gid));
	add(c, "fsync_every", json_object_new_int64((int64_t)o->fsync_every));
	add(c, "prefix", report_json_text(o->prefix));
	add(c, "dir_prefix", report_json_text(o->dir_prefix));
	add(c, "per_thread_mount", json_object_new_boolean(o->per_thread_mount));
	add(c, "duration_sec", json_object_new_int64(o->duration));
	if (o->client_oc != -1)
		add(c, "client_oc", json_object_new_int(o->client_oc));
	if (o->client_oc_size)
		add(c, "client_oc_size", json_object_new_int64((int64_t)o->client_oc_size));
	if (o->msgr_workers)
		add(c, "ms_async_op_threads", json_object_new_int64(o->msgr_workers));
	add(c, "async_io", json_object_new_boolean(o->async_io));
	if (o->async_io) {
		add(c, "queue_depth", json_object_new_int64(o->queue_depth));
		add(c, "async_path", json_object_new_string(async_path_name(o)));
		add(c, "async_path_reason",
		    json_object_new_string(async_path_reason(o)));
	}
	add(c, "async_write_fsync", json_object_new_boolean(o->async_write_fsync));
	add(c, "shared_file", json_object_new_boolean(o->shared_file));
	add(c, "lazy_io", json_object_new_boolean(o->lazy_io));
	if (o->clients.count)
		add(c, "clients", client_labels(o));
	/* Named when it is not the engine alone, as before --via. */
	if (o->via.count > 1 || report->via != VIA_LIBCEPHFS)
		add(c, "client", json_object_new_string(via_name(report->via)));
	if (o->size) {
		add(c, "verify", json_object_new_string(o->no_verify ? "off" : "crc32c"));
		add(c, "final_flush", json_object_new_boolean(!o->no_final_flush));
	}
	return c;
}

/* Each counter the dump has: {"count": N, "avg_ms": mean} (a mean only
 * for latencies with samples). */
static struct json_object *client_counters(const struct client_counters *c)
{
	struct json_object *all = json_object_new_object(), *one;
	const struct counter_value *v;
	int i;

	for (i = 0; i < CLIENT_COUNTERS; i++) {
		v = &c->values[i];
		if (!v->present)
			continue;
		one = json_object_new_object();
		add(one, "count", json_object_new_int64((int64_t)v->count));
		if (v->timed && v->count)
			add(one, "avg_ms", report_json_number(v->avg_ms));
		add(all, client_counter_keys[i], one);
	}
	return all;
}

/* A latency in ns as the report's ms; null without I/O to measure. */
static struct json_object *latency_ms(uint64_t ns, uint64_t ios)
{
	return ios ? report_json_number(ns / 1e6) : NULL;
}

/*
 * --latency-intervals: each interval's I/Os, IOPS and latency
 * percentiles; "unlogged_ios" the phase's I/Os in no interval (each
 * job's last, partial one, and through --clients its last window:
 * intervals.h).
 */
static struct json_object *intervals(const struct bench_options *o,
				     const struct phase_result *r)
{
	const struct interval_series *s = &r->intervals;
	struct json_object *obj = json_object_new_object(), *list, *one, *lat;
	const struct interval_sample *w;
	size_t i;

	add(obj, "interval_ms", json_object_new_int64(o->interval_ms));
	add(obj, "unlogged_ios", json_object_new_int64(
		(int64_t)(r->latency.samples > s->logged_ios ?
			  r->latency.samples - s->logged_ios : 0)));
	list = json_object_new_array();
	for (i = 0; i < s->count; i++) {
		w = &s->samples[i];
		one = json_object_new_object();
		add(one, "end_sec", report_json_number(w->end_sec));
		add(one, "ios", json_object_new_int64((int64_t)w->ios));
		add(one, "iops", report_json_number(w->ios * 1000.0 / o->interval_ms));
		lat = json_object_new_object();
		add(lat, "min", latency_ms(w->min_ns, w->ios));
		add(lat, "p50", latency_ms(w->p50_ns, w->ios));
		add(lat, "p99", latency_ms(w->p99_ns, w->ios));
		add(lat, "p99_9", latency_ms(w->p999_ns, w->ios));
		add(lat, "max", latency_ms(w->max_ns, w->ios));
		add(one, "latency_ms", lat);
		json_object_array_add(list, one);
	}
	add(obj, "samples", list);
	return obj;
}

static void add_count(struct json_object *obj, const char *key, uint64_t n)
{
	add(obj, key, json_object_new_int64((int64_t)n));
}

static struct json_object *mds_rank(const struct mds_rank_stats *r)
{
	struct json_object *rank = json_object_new_object(), *ops, *op;
	double mean_ms = 0;
	unsigned int i;

	add(rank, "rank", json_object_new_int(r->rank));
	if (*r->error) {
		add(rank, "error", report_json_text(r->error));
		return rank;
	}
	ops = json_object_new_object();
	for (i = 0; i < r->nr_ops; i++) {
		op = json_object_new_object();
		add_count(op, "count", r->ops[i].count);
		add(op, "avg_ms", report_json_number(r->ops[i].mean_ms));
		add(ops, r->ops[i].name, op);
		mean_ms += r->ops[i].count * r->ops[i].mean_ms;
	}
	add_count(rank, "requests", r->requests);
	add(rank, "avg_ms", report_json_number(r->requests ? mean_ms / r->requests : 0));
	add(rank, "ops", ops);
	if (r->caps_seen) {
		add_count(rank, "caps_end", r->caps_end);
		add_count(rank, "caps_peak", r->caps_peak);
		add_count(rank, "sessions", r->sessions);
	}
	add_count(rank, "caps_revoked", r->caps_revoked);
	add_count(rank, "cache_inodes", r->cache_inodes);
	add_count(rank, "cache_bytes", r->cache_bytes);
	return rank;
}

static struct json_object *mds_drop(const struct mds_phase_stats *s)
{
	struct json_object *drop = json_object_new_object(), *ranks, *rank;
	const struct mds_drop *d;
	unsigned int i;

	add(drop, "seconds", report_json_number(s->drop_sec));
	ranks = json_object_new_array();
	for (i = 0; i < s->nr_drops; i++) {
		d = &s->drops[i];
		rank = json_object_new_object();
		add(rank, "rank", json_object_new_int(d->rank));
		if (d->done) {
			add_count(rank, "trimmed", d->trimmed);
			add_count(rank, "caps_recalled", d->recalled);
			add(rank, "mds_sec", report_json_number(d->mds_sec));
		}
		if (*d->error)
			add(rank, "error", report_json_text(d->error));
		json_object_array_add(ranks, rank);
	}
	add(drop, "ranks", ranks);
	return drop;
}

/* --mds-stats, --drop-caches: the MDS's side of the phase; the totals
 * over the ranks are what compare compares. */
static struct json_object *mds(const struct mds_phase_stats *s)
{
	struct json_object *obj = json_object_new_object(), *ranks;
	uint64_t requests, peak = 0;
	double mean_ms;
	unsigned int i;

	if (s->dropped)
		add(obj, "cache_drop", mds_drop(s));
	if (!s->taken) {
		if (*s->missing)
			add(obj, "error", report_json_text(s->missing));
		return obj;
	}
	requests = mds_phase_requests(s, &mean_ms);
	ranks = json_object_new_array();
	for (i = 0; i < s->nr_ranks; i++) {
		json_object_array_add(ranks, mds_rank(&s->ranks[i]));
		peak += s->ranks[i].caps_peak;
	}
	add_count(obj, "requests", requests);
	add(obj, "avg_ms", report_json_number(mean_ms));
	add_count(obj, "caps_peak", peak);
	add(obj, "ranks", ranks);
	return obj;
}

static struct json_object *phase(const struct bench_options *o,
				 const struct phase_result *r)
{
	struct json_object *p = json_object_new_object(), *lat, *cpu;

	if (r->mds)
		add(p, "mds", mds(r->mds));
	if (r->failed) {
		add(p, "failed", json_object_new_boolean(true));
		add(p, "error", report_json_text(r->error));
		return p;
	}
	if (o->size)
		add(p, "throughput_mbps", report_json_number(r->mbps));
	add(p, "files_per_sec", report_json_number(r->files_per_sec));
	add(p, "duration_sec", report_json_number(r->seconds));
	/* Beyond the original. */
	add(p, "files", json_object_new_int64(r->files));
	add(p, "files_planned", json_object_new_int64(r->planned_files));
	add(p, "bytes", json_object_new_int64((int64_t)r->totals.bytes));
	add(p, "iops", report_json_number(r->iops));
	lat = json_object_new_object();
	add(lat, "mean", report_json_number(r->latency.mean_ns / 1e6));
	add(lat, "p50", report_json_number(r->latency.p50_ns / 1e6));
	add(lat, "p99", report_json_number(r->latency.p99_ns / 1e6));
	add(lat, "p99_9", report_json_number(r->latency.p999_ns / 1e6));
	add(lat, "max", report_json_number(r->latency.max_ns / 1e6));
	add(p, "latency_ms", lat);
	if (o->latency_intervals)
		add(p, "intervals", intervals(o, r));
	/* The local fio's CPU and mount: with --clients fio works on other
	 * hosts, and the phase's place on their clock makes the aggregate. */
	if (o->clients.count)
		return p;
	cpu = json_object_new_object();
	add(cpu, "usr_sec", report_json_number(r->usr_sec));
	add(cpu, "sys_sec", report_json_number(r->sys_sec));
	add(p, "cpu", cpu);
	if (r->counters.dumped)
		add(p, "client_counters", client_counters(&r->counters));
	return p;
}

/*
 * With --clients, a phase and where it lay in time: seconds from the
 * aggregate's start (@aggregate, the first host's start) to @r's start and
 * end, which make the aggregate's time.
 */
static struct json_object *placed_phase(const struct bench_options *o,
					const struct phase_result *r,
					const struct phase_result *aggregate)
{
	struct json_object *p = phase(o, r);

	if (r->failed || aggregate->failed)
		return p;
	add(p, "start_sec",
	    report_json_number((r->start_ms - aggregate->start_ms) / 1000.0));
	add(p, "end_sec",
	    report_json_number((r->end_ms - aggregate->start_ms) / 1000.0));
	return p;
}

/* Each host's figures beside the aggregate ones. */
static struct json_object *hosts(const struct bench_report *report,
				 const struct iteration_result *r)
{
	const struct bench_options *o = report->o;
	struct json_object *list = json_object_new_array(), *host;
	unsigned int i;

	for (i = 0; i < o->clients.count; i++) {
		host = json_object_new_object();
		add(host, "host", report_json_text(o->clients.hosts[i].label));
		if (r->hosts[PHASE_WRITE][i].ran)
			add(host, "write", placed_phase(o, &r->hosts[PHASE_WRITE][i],
							&r->write));
		if (r->hosts[PHASE_READ][i].ran)
			add(host, "read", placed_phase(o, &r->hosts[PHASE_READ][i],
						       &r->read));
		json_object_array_add(list, host);
	}
	return list;
}

static struct json_object *iterations(const struct bench_report *report)
{
	struct json_object *list = json_object_new_array(), *it;
	const struct iteration_result *r;
	unsigned int i;

	for (i = 0; i < report->started; i++) {
		r = &report->iterations[i];
		it = json_object_new_object();
		add(it, "number", json_object_new_int64(i + 1));
		if (r->write.ran && report->o->clients.count)
			add(it, "write", placed_phase(report->o, &r->write, &r->write));
		else if (r->write.ran)
			add(it, "write", phase(report->o, &r->write));
		if (r->read.ran && report->o->clients.count)
			add(it, "read", placed_phase(report->o, &r->read, &r->read));
		else if (r->read.ran)
			add(it, "read", phase(report->o, &r->read));
		if (report->o->clients.count)
			add(it, "clients", hosts(report, r));
		json_object_array_add(list, it);
	}
	return list;
}

static struct json_object *summary(const struct bench_report *report)
{
	struct json_object *all = json_object_new_object(), *one;
	struct summary s;
	int kind;

	for (kind = 0; kind < SUMMARY_KINDS; kind++) {
		if (!summary_applies(report->o, kind))
			continue;
		s = summarize_report(report, kind);
		one = json_object_new_object();
		add(one, "runs", json_object_new_int64((int64_t)s.runs));
		add(one, "mean", report_json_number(s.mean));
		add(one, "stddev", report_json_number(s.stddev));
		add(one, "min", report_json_number(s.min));
		add(one, "max", report_json_number(s.max));
		add(one, "unit", json_object_new_string(summary_units[kind]));
		add(all, summary_titles[kind], one);
	}
	return all;
}

/* Upstream's keys, or {"error": why} when they could not be taken. */
static struct json_object *fs_stats(const struct fs_stats *s)
{
	struct json_object *obj = json_object_new_object();

	if (*s->error) {
		add(obj, "error", report_json_text(s->error));
		return obj;
	}
	add(obj, "block_size", json_object_new_int64((int64_t)s->block_size));
	add(obj, "total_blocks", json_object_new_int64((int64_t)s->total_blocks));
	add(obj, "free_blocks", json_object_new_int64((int64_t)s->free_blocks));
	add(obj, "files", json_object_new_int64((int64_t)s->files));
	return obj;
}

/* At the top level: upstream opens it inside "iterations" by mistake. */
static struct json_object *filesystem_stats(const struct bench_report *report)
{
	struct json_object *obj = json_object_new_object();

	add(obj, "before", fs_stats(&report->fs_before));
	add(obj, "after", fs_stats(&report->fs_after));
	return obj;
}

static void add_seconds(struct json_object *obj, const char *key, double sec)
{
	add(obj, key, report_json_number(sec));
}

static struct json_object *phase_time(unsigned int number, enum phase phase,
				      const struct phase_result *r)
{
	struct json_object *p = json_object_new_object();

	add(p, "iteration", json_object_new_int64(number));
	add(p, "phase", json_object_new_string(phase_section(phase)));
	add_seconds(p, "fio_sec", r->fio_sec);
	add_seconds(p, "timed_sec", r->seconds);
	add_seconds(p, "fio_outside_timed_sec",
		    r->fio_sec > r->seconds ? r->fio_sec - r->seconds : 0);
	if (r->mount_sec > 0)
		add_seconds(p, "ceph_fuse_mount_sec", r->mount_sec);
	return p;
}

/* The tool's own time: what it adds around the phases it times. */
static struct json_object *time_budget(const struct bench_report *report)
{
	const struct time_budget *b = &report->budget;
	struct json_object *obj = json_object_new_object();
	struct json_object *phases = json_object_new_array();
	const struct iteration_result *it;
	unsigned int i;

	add_seconds(obj, "prepare_sec", b->prepare_sec);
	for (i = 0; i < report->started; i++) {
		it = &report->iterations[i];
		if (it->write.ran)
			json_object_array_add(phases, phase_time(i + 1, PHASE_WRITE, &it->write));
		if (it->read.ran)
			json_object_array_add(phases, phase_time(i + 1, PHASE_READ, &it->read));
	}
	add(obj, "phases", phases);
	add_seconds(obj, "between_iterations_sec", b->between_sec);
	add_seconds(obj, "fs_stats_sec", b->fs_stats_sec);
	add_seconds(obj, "cleanup_sec", b->cleanup_sec);
	add_seconds(obj, "other_sec", time_budget_other(report));
	add_seconds(obj, "total_sec", b->total_sec);
	return obj;
}

static struct json_object *report_object(const struct bench_report *report)
{
	struct json_object *root = json_object_new_object();

	add(root, "configuration", configuration(report));
	add(root, "iterations", iterations(report));
	add(root, "summary", summary(report));
	add(root, "filesystem_stats", filesystem_stats(report));
	add(root, "time_budget", time_budget(report));
	return root;
}

/* @root as text with a final newline, and @root freed. */
char *report_json_serialize(struct json_object *root)
{
	char *text;

	if (asprintf(&text, "%s\n", json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		text = NULL;
	json_object_put(root);
	return text;
}

char *report_json(const struct bench_report *report)
{
	return report_json_serialize(report_object(report));
}

/* {"reference": name, "metrics": [{name, unit, per client {mean, ratio}}]} */
static struct json_object *side_by_side_json(const struct bench_report *const *reports,
					     unsigned int n)
{
	struct json_object *root = json_object_new_object();
	struct json_object *list = json_object_new_array(), *row, *one;
	struct side_metric rows[SIDE_METRICS];
	unsigned int count = side_by_side(reports, n, rows), i, c;

	json_object_object_add(root, "reference", json_object_new_string(
		via_name(reports[side_by_side_reference(reports, n)]->via)));
	for (i = 0; i < count; i++) {
		row = json_object_new_object();
		json_object_object_add(row, "name", json_object_new_string(rows[i].name));
		json_object_object_add(row, "unit", json_object_new_string(rows[i].unit));
		for (c = 0; c < n; c++) {
			one = json_object_new_object();
			json_object_object_add(one, "mean", report_json_number(rows[i].value[c]));
			json_object_object_add(one, "ratio", report_json_number(rows[i].ratio[c]));
			json_object_object_add(row, via_name(reports[c]->via), one);
		}
		json_object_array_add(list, row);
	}
	json_object_object_add(root, "metrics", list);
	return root;
}

char *report_json_clients(const struct bench_report *const *reports,
			  unsigned int n)
{
	struct json_object *root = json_object_new_object();
	struct json_object *list = json_object_new_array();
	unsigned int c;

	for (c = 0; c < n; c++)
		json_object_array_add(list, report_object(reports[c]));
	add(root, "clients", list);
	add(root, "side_by_side", side_by_side_json(reports, n));
	return report_json_serialize(root);
}
