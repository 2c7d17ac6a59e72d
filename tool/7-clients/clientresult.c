// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "clientresult.h"

static const char *string_member(struct json_object *obj, const char *key)
{
	struct json_object *value;

	if (!json_object_object_get_ex(obj, key, &value))
		return "";
	return json_object_get_string(value);
}

/* The host's jobs of this phase; "All clients" carries the first host's
 * name and port, so the job name tells it apart. */
static bool is_host_job(struct json_object *entry, const char *section,
			const struct client_host *h)
{
	struct json_object *port;

	return !strcmp(string_member(entry, "jobname"), section) &&
	       !strcmp(string_member(entry, "hostname"), h->host) &&
	       json_object_object_get_ex(entry, "port", &port) &&
	       json_object_get_int(port) == (int)h->port;
}

static void no_results(struct phase_result *r, const struct fio_output *out)
{
	const char *message = *out->engine ? out->engine : out->fio;

	memset(r, 0, sizeof(*r));
	r->ran = r->failed = true;
	snprintf(r->error, sizeof(r->error), "no results from this host%s%.450s",
		 *message ? "; " : "", message);
}

static void reduce_host(const struct fio_output *out, struct json_object *stats,
			const struct client_host *h, const struct phase_plan *plan,
			struct json_object *all_jobs, struct phase_result *r,
			unsigned int *completed)
{
	struct json_object *jobs = json_object_new_array(), *entry;
	size_t i, n = stats ? json_object_array_length(stats) : 0;
	unsigned int t;

	for (i = 0; i < n; i++) {
		entry = json_object_array_get_idx(stats, i);
		if (!is_host_job(entry, phase_section(plan->phase), h))
			continue;
		json_object_array_add(jobs, json_object_get(entry));
		json_object_array_add(all_jobs, json_object_get(entry));
	}
	if (json_object_array_length(jobs)) {
		reduce_planned_jobs(jobs, out, 0, plan, r, completed);
	} else {
		no_results(r, out);
		for (t = 0; completed && t < plan->threads; t++)
			completed[t] = 0;
	}
	json_object_put(jobs);
}

/* The aggregate names the first host that failed: its figures are missing. */
static void fail_on_host(struct phase_result *aggregate,
			 const struct client_list *clients,
			 const struct phase_result *hosts)
{
	unsigned int i, failed = 0, first = 0;

	for (i = clients->count; i-- > 0;) {
		if (hosts[i].failed) {
			failed++;
			first = i;
		}
	}
	if (!failed)
		return;
	aggregate->failed = true;
	if (failed > 1)
		snprintf(aggregate->error, sizeof(aggregate->error),
			 "client host %.200s: %.250s (and %u more hosts)",
			 clients->hosts[first].label, hosts[first].error, failed - 1);
	else
		snprintf(aggregate->error, sizeof(aggregate->error),
			 "client host %.200s: %.280s", clients->hosts[first].label,
			 hosts[first].error);
}

/*
 * fio's time for a host is its longest job's, each job timed from its own
 * start: where the jobs started apart, the last I/O completes after the
 * first start plus that time, and the host's time runs to it.
 */
static void place_host(struct phase_result *host, const struct io_span *span)
{
	host->start_ms = span->first_issue_ms;
	host->end_ms = host->start_ms + host->seconds * 1000.0;
	if (span->last_done_ms <= host->end_ms)
		return;
	host->end_ms = span->last_done_ms;
	host->seconds = (host->end_ms - host->start_ms) / 1000.0;
	phase_rates(host);
}

void aggregate_hosts(struct phase_result *aggregate, struct phase_result *hosts,
		     const struct io_span *spans, unsigned int n)
{
	unsigned int i;

	aggregate->totals.bytes = aggregate->totals.ios = 0;
	aggregate->totals.files = aggregate->totals.whole_files = 0;
	aggregate->files = aggregate->planned_files = 0;
	for (i = 0; i < n; i++) {
		place_host(&hosts[i], &spans[i]);
		if (!i || hosts[i].start_ms < aggregate->start_ms)
			aggregate->start_ms = hosts[i].start_ms;
		if (!i || hosts[i].end_ms > aggregate->end_ms)
			aggregate->end_ms = hosts[i].end_ms;
		aggregate->totals.bytes += hosts[i].totals.bytes;
		aggregate->totals.ios += hosts[i].totals.ios;
		aggregate->totals.files += hosts[i].totals.files;
		aggregate->totals.whole_files += hosts[i].totals.whole_files;
		aggregate->files += hosts[i].files;
		aggregate->planned_files += hosts[i].planned_files;
	}
	aggregate->seconds = (aggregate->end_ms - aggregate->start_ms) / 1000.0;
	phase_rates(aggregate);
}

/* Without a host's per-I/O logs its place in time is unknown. */
static void fail_without_span(struct phase_result *aggregate,
			      const struct client_list *clients,
			      const struct io_span *spans)
{
	unsigned int i;

	for (i = 0; i < clients->count; i++) {
		if (spans[i].ios)
			continue;
		aggregate->failed = true;
		snprintf(aggregate->error, sizeof(aggregate->error),
			 "client host %.200s: not every job's per-I/O log came back from its fio server: the aggregate's time span is unknown",
			 clients->hosts[i].label);
		return;
	}
}

void reduce_client_phase(const struct fio_output *out, int fio_status,
			 const struct client_list *clients,
			 const struct phase_plan *plans,
			 const struct io_span *spans,
			 struct phase_result *hosts,
			 struct phase_result *aggregate,
			 unsigned int *const *completed)
{
	struct json_object *stats = NULL, *all_jobs = json_object_new_array();
	unsigned int i;

	/* A damaged document may hold anything there. */
	if (out->last &&
	    (!json_object_object_get_ex(out->last, "client_stats", &stats) ||
	     !json_object_is_type(stats, json_type_array)))
		stats = NULL;
	for (i = 0; i < clients->count; i++)
		reduce_host(out, stats, &clients->hosts[i], &plans[i], all_jobs,
			    &hosts[i], completed ? completed[i] : NULL);
	reduce_jobs(json_object_array_length(all_jobs) ? all_jobs : NULL, out,
		    fio_status, &plans[0], aggregate, NULL);
	json_object_put(all_jobs);
	fail_on_host(aggregate, clients, hosts);
	if (!aggregate->failed)
		fail_without_span(aggregate, clients, spans);
	if (!aggregate->failed)
		aggregate_hosts(aggregate, hosts, spans, clients->count);
}
