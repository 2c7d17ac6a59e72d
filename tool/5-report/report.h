/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The report in the original tool's shape (text) and keys (JSON), with
 * IOPS, latency, client CPU and (--perf-dump) client counters added after
 * the documented blocks.
 */
#ifndef CEPHFS_TOOL_REPORT_H
#define CEPHFS_TOOL_REPORT_H

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>

#include "fioresult.h"
#include "options.h"
#include "pipeline.h"
#include "stats.h"
#include "via.h"

/* The four statistics of the final report, in the original's order. */
enum summary_kind {
	SUMMARY_WRITE_THROUGHPUT,
	SUMMARY_READ_THROUGHPUT,
	SUMMARY_FILE_CREATES,
	SUMMARY_FILE_READS,
	SUMMARY_KINDS,
};

/* The original's block titles, also its JSON keys. */
extern const char *const summary_titles[SUMMARY_KINDS];
extern const char *const summary_units[SUMMARY_KINDS];

/* Throughput blocks do not apply to size 0. */
bool summary_applies(const struct bench_options *o, enum summary_kind kind);

/* Over the iterations whose phase succeeded. */
struct summary summarize_report(const struct bench_report *report,
				enum summary_kind kind);

/* Which asynchronous path the engine takes, "native" or "emulated", and
 * why (the call it uses, or what this libcephfs lacks). */
const char *async_path_name(const struct bench_options *o);
const char *async_path_reason(const struct bench_options *o);

/* The heading of one client's run under --via. */
void report_client_start(FILE *out, enum via_client via,
			 const struct bench_options *o);
void report_configuration(FILE *out, const struct bench_options *o,
			  const char *subdir);
/* "Filesystem Statistics (@when iterations):", or why there are none. */
void report_fs_stats(FILE *out, const char *when, const struct fs_stats *s);
void report_iteration_start(FILE *out, unsigned int number, unsigned int of);
void report_phase_start(FILE *out, enum phase phase);
void report_phase(FILE *out, const struct bench_options *o, enum phase phase,
		  const struct phase_result *r);
/* A line per client host under the phase's aggregate line. */
void report_hosts(FILE *out, const struct bench_options *o,
		  const struct phase_result *hosts);
/* Why --perf-dump cannot give each phase's client counters, or NULL. */
const char *client_counters_unavailable(const struct bench_options *o);

/* The rest of @report's total: the tool's own parsing and reporting. */
double time_budget_other(const struct bench_report *report);

/* --verbose: the time budget, once the run is cleaned up. */
void report_time_budget(FILE *out, const struct bench_report *report);

/* "*** Final Report ***", the statistics and the added per-phase figures
 * (with --perf-dump, the client counters too). */
void report_final(FILE *out, const struct bench_report *report);

/* The whole report as a JSON document with a final newline; the caller
 * frees it.  NULL when out of memory. */
char *report_json(const struct bench_report *report);

/* --via with more than one client: a document with each client's report
 * under "clients" and the side by side figures; as report_json. */
char *report_json_clients(const struct bench_report *const *reports,
			  unsigned int n);

/* @value to six significant digits, as the text report prints it; NULL
 * (JSON's null) for NaN and infinity, which JSON has not. */
struct json_object *report_json_number(double value);

/* A name or message from the user or the cluster, whatever its bytes, as
 * a JSON string of valid UTF-8 (escaped as utf8safe.h says); NULL (JSON's
 * null) for NULL. */
struct json_object *report_json_text(const char *s);

/* @root as pretty JSON text with a final newline (malloc'd, NULL when out
 * of memory); @root is freed. */
char *report_json_serialize(struct json_object *root);

#endif
