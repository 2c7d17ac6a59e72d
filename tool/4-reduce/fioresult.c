// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fioresult.h"
#include "intervals.h"

size_t fio_output_split(const char *text, size_t len,
			void (*doc)(struct json_object *, void *),
			void (*line)(const char *, size_t, void *), void *ctx)
{
	struct json_tokener *tok;
	struct json_object *obj;
	const char *eol;
	size_t pos = 0;

	while (pos < len) {
		if (text[pos] == '{') {
			tok = json_tokener_new();
			if (!tok)
				break;
			obj = json_tokener_parse_ex(tok, text + pos, (int)(len - pos));
			if (json_tokener_get_error(tok) == json_tokener_continue) {
				json_tokener_free(tok);
				break;
			}
			if (obj) {
				pos += json_tokener_get_parse_end(tok);
				json_tokener_free(tok);
				doc(obj, ctx);
				json_object_put(obj);
				continue;
			}
			json_tokener_free(tok);
		}
		eol = memchr(text + pos, '\n', len - pos);
		if (!eol)
			break;
		if (eol > text + pos)
			line(text + pos, (size_t)(eol - (text + pos)), ctx);
		pos = (size_t)(eol - text) + 1;
	}
	return pos;
}

static struct json_object *member(struct json_object *obj, const char *key)
{
	struct json_object *value = NULL;

	json_object_object_get_ex(obj, key, &value);
	return value;
}

/* A document's "jobs" array; NULL when it has none, or something else. */
static struct json_object *jobs_of(struct json_object *doc)
{
	struct json_object *jobs = member(doc, "jobs");

	return json_object_is_type(jobs, json_type_array) ? jobs : NULL;
}

static uint64_t member_u64(struct json_object *obj, const char *key)
{
	return (uint64_t)json_object_get_int64(member(obj, key));
}

static const char *ddir_key(const struct phase_plan *plan)
{
	return plan->phase == PHASE_WRITE ? "write" : "read";
}

/* Files a job completed: a data job works through its files in order. */
static double job_files(struct json_object *ddir, const struct phase_plan *plan)
{
	if (!plan->size)
		return (double)member_u64(ddir, "total_ios");
	return (double)member_u64(ddir, "io_bytes") / (double)plan->size;
}

/*
 * The files a job completed in whole.  fio's counters have 64 bits and a
 * file count here 32: a damaged document's count beyond that is clamped,
 * as converting it would be undefined.
 */
static unsigned int job_whole_files(struct json_object *ddir,
				    const struct phase_plan *plan)
{
	double files = job_files(ddir, plan);

	return files < UINT_MAX ? (unsigned int)files : UINT_MAX;
}

/* Files in the sense of the report: a shared file is one, all its parts. */
static unsigned int plan_jobs_per_file(const struct phase_plan *plan)
{
	return plan->jobs_per_file ? plan->jobs_per_file : 1;
}

/* The files of the @job-th job: its thread's, the threads without files
 * having no job. */
static unsigned int job_plan_files(const struct phase_plan *plan, size_t job)
{
	unsigned int t;

	for (t = 0; t < plan->threads; t++)
		if (plan->files[t] && !job--)
			return plan->files[t];
	return 0;
}

/* A job cycling through its files moves each more than once: it has done
 * as many files as it has, once each. */
static double at_most_planned(double files, const struct phase_plan *plan,
			      size_t job)
{
	double planned = job_plan_files(plan, job);

	return plan->cycles && files > planned ? planned : files;
}

static bool totals_of_jobs(struct json_object *jobs,
			   const struct phase_plan *plan,
			   struct phase_totals *totals)
{
	struct json_object *ddir;
	unsigned int runtime;
	size_t i, n;

	memset(totals, 0, sizeof(*totals));
	if (!jobs)
		return false;
	n = json_object_array_length(jobs);
	for (i = 0; i < n; i++) {
		ddir = member(json_object_array_get_idx(jobs, i), ddir_key(plan));
		/* Metadata operations count a fake block each: no data moved. */
		if (plan->size)
			totals->bytes += member_u64(ddir, "io_bytes");
		totals->ios += member_u64(ddir, "total_ios");
		totals->files += at_most_planned(job_files(ddir, plan), plan, i);
		totals->whole_files += (unsigned int)at_most_planned(
			job_whole_files(ddir, plan), plan, i);
		runtime = (unsigned int)member_u64(ddir, "runtime");
		if (runtime > totals->runtime_ms)
			totals->runtime_ms = runtime;
	}
	totals->files /= plan_jobs_per_file(plan);
	totals->whole_files /= plan_jobs_per_file(plan);
	return n > 0;
}

bool phase_latency_bins(struct json_object *doc, const struct phase_plan *plan,
			uint64_t *bins)
{
	struct json_object *jobs = jobs_of(doc), *job_bins;
	size_t i, n = jobs ? json_object_array_length(jobs) : 0;
	bool found = false;

	memset(bins, 0, FIO_PLAT_NR * sizeof(*bins));
	for (i = 0; i < n; i++) {
		job_bins = member(member(member(json_object_array_get_idx(jobs, i),
						ddir_key(plan)), "clat_ns"), "bins");
		if (!json_object_is_type(job_bins, json_type_object))
			continue;
		found = true;
		/* Each key is its bucket's value, which names the bucket. */
		json_object_object_foreach(job_bins, key, value)
			bins[plat_val_to_idx(strtoull(key, NULL, 10))] +=
				(uint64_t)json_object_get_int64(value);
	}
	return found;
}

bool phase_totals_of(struct json_object *doc, const struct phase_plan *plan,
		     struct phase_totals *totals)
{
	return totals_of_jobs(jobs_of(doc), plan, totals);
}

struct bin {
	uint64_t value_ns;
	uint64_t count;
};

static int compare_bins(const void *a, const void *b)
{
	const struct bin *x = a, *y = b;

	return x->value_ns < y->value_ns ? -1 : x->value_ns > y->value_ns;
}

/*
 * As fio computes a percentile: the first bin the running count reaches.
 * A bin's value may lie above the largest sample in it; no percentile
 * is shown above the exact maximum.
 */
static uint64_t percentile(const struct bin *bins, size_t n,
			   const struct latency *lat, double pct)
{
	uint64_t sum = 0, value = n ? bins[n - 1].value_ns : 0;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += bins[i].count;
		if ((long double)sum >= (long double)pct / 100.0L * lat->samples) {
			value = bins[i].value_ns;
			break;
		}
	}
	return value < lat->max_ns ? value : lat->max_ns;
}

/* Merge the jobs' completion latency histograms (json+ "bins"). */
static void merge_latency(struct json_object *jobs, const struct phase_plan *plan,
			  struct latency *lat)
{
	struct bin *bins = NULL, *grown;
	size_t nbins = 0, i, n = json_object_array_length(jobs);
	struct json_object *clat, *job_bins;
	double weighted = 0;
	uint64_t samples, max;

	memset(lat, 0, sizeof(*lat));
	for (i = 0; i < n; i++) {
		clat = member(member(json_object_array_get_idx(jobs, i),
				     ddir_key(plan)), "clat_ns");
		samples = member_u64(clat, "N");
		if (!samples)
			continue;
		lat->samples += samples;
		weighted += json_object_get_double(member(clat, "mean")) * (double)samples;
		max = member_u64(clat, "max");
		if (max > lat->max_ns)
			lat->max_ns = max;
		job_bins = member(clat, "bins");
		/* Plain json output, or a damaged one, has no bins to merge. */
		if (!json_object_is_type(job_bins, json_type_object))
			continue;
		grown = realloc(bins, (nbins + (size_t)json_object_object_length(job_bins) + 1) *
				sizeof(*bins));
		if (!grown)
			break;
		bins = grown;
		json_object_object_foreach(job_bins, key, value) {
			bins[nbins].value_ns = strtoull(key, NULL, 10);
			bins[nbins].count = (uint64_t)json_object_get_int64(value);
			nbins++;
		}
	}
	if (lat->samples)
		lat->mean_ns = weighted / (double)lat->samples;
	if (lat->samples && nbins) {
		qsort(bins, nbins, sizeof(*bins), compare_bins);
		lat->p50_ns = percentile(bins, nbins, lat, 50.0);
		lat->p99_ns = percentile(bins, nbins, lat, 99.0);
		lat->p999_ns = percentile(bins, nbins, lat, 99.9);
	}
	free(bins);
}

static void keep_last_doc(struct json_object *doc, void *ctx)
{
	struct fio_output *st = ctx;

	json_object_put(st->last);
	st->last = json_object_get(doc);
}

static void keep_first(char *dst, size_t dst_len, const char *line, size_t len)
{
	if (!*dst)
		snprintf(dst, dst_len, "%.*s", (int)len, line);
}

/*
 * fio and the engine say what went wrong in lines of their own; fio's
 * servers send them to `fio --client` as "<hostname> fio: ...".
 */
static void keep_message(const char *line, size_t len, void *ctx)
{
	struct fio_output *st = ctx;
	const char *text = line, *end;
	size_t text_len = len;

	end = *line == '<' ? memmem(line, len, "> ", 2) : NULL;
	if (end) {
		text = end + 2;
		text_len = len - (size_t)(text - line);
	}
	if (memmem(line, len, "verify failed", 13))
		keep_first(st->verify, sizeof(st->verify), line, len);
	else if (text_len > 8 && !memcmp(text, "cephfs: ", 8))
		keep_first(st->engine, sizeof(st->engine), line, len);
	else if (text_len > 5 && !memcmp(text, "fio: ", 5))
		keep_first(st->fio, sizeof(st->fio), line, len);
	/* fio --client's word on a server it lost, without "fio: ". */
	else if (text_len > 7 && !memcmp(text, "client", 6) &&
		 (memmem(text, text_len, " disconnected", 13) ||
		  memmem(text, text_len, ": timeout on ", 13)))
		keep_first(st->fio, sizeof(st->fio), line, len);
}

static void scan_messages(struct fio_output *st, const char *text)
{
	const char *eol;

	for (; text && *text; text = eol + 1) {
		eol = strchrnul(text, '\n');
		keep_message(text, (size_t)(eol - text), st);
		if (!*eol)
			break;
	}
}

static int first_job_error(struct json_object *jobs)
{
	size_t i, n = json_object_array_length(jobs);
	int error;

	for (i = 0; i < n; i++) {
		error = json_object_get_int(member(json_object_array_get_idx(jobs, i),
						   "error"));
		if (error)
			return error;
	}
	return 0;
}

static void explain_failure(struct phase_result *r, const struct fio_output *st,
			    struct json_object *jobs, int fio_status, int job_error)
{
	const char *message = *st->verify ? st->verify :
			      *st->engine ? st->engine : st->fio;
	char status[EXIT_STATUS_TEXT_MAX];

	r->failed = true;
	if (*message)
		snprintf(r->error, sizeof(r->error), "%s", message);
	else if (job_error)
		snprintf(r->error, sizeof(r->error), "fio job error %d (%s)",
			 job_error, strerror(job_error));
	else if (fio_status) {
		exit_status_text(status, sizeof(status), fio_status);
		snprintf(r->error, sizeof(r->error), "fio %s", status);
	}
	else if (jobs)
		snprintf(r->error, sizeof(r->error), "fio did no I/O");
	else
		snprintf(r->error, sizeof(r->error), "fio wrote no results");
}

static void per_thread_files(struct json_object *jobs,
			     const struct phase_plan *plan,
			     unsigned int *completed)
{
	size_t job = 0, n = json_object_array_length(jobs);
	unsigned int t;

	for (t = 0; t < plan->threads; t++) {
		completed[t] = 0;
		if (!plan->files[t] || job >= n)
			continue;
		completed[t] = job_whole_files(
			member(json_object_array_get_idx(jobs, job++),
			       ddir_key(plan)), plan);
		/* Never more than planned: the read phase reads these. */
		if (completed[t] > plan->files[t])
			completed[t] = plan->files[t];
	}
}

void fio_output_parse(struct fio_output *out, const char *output,
		      size_t output_len, const char *stderr_text)
{
	size_t used;

	memset(out, 0, sizeof(*out));
	used = fio_output_split(output, output_len, keep_last_doc, keep_message, out);
	if (used < output_len)
		keep_message(output + used, output_len - used, out);
	scan_messages(out, stderr_text);
}

void fio_output_free(struct fio_output *out)
{
	json_object_put(out->last);
	out->last = NULL;
}

void exit_status_text(char *text, size_t len, int status)
{
	if (status < 0)
		snprintf(text, len, "was killed by signal %d", -status);
	else
		snprintf(text, len, "exited with status %d", status);
}

unsigned int phase_plan_jobs(const struct phase_plan *plan)
{
	unsigned int t, jobs = 0;

	for (t = 0; t < plan->threads; t++)
		jobs += plan->files[t] > 0;
	return jobs;
}

/*
 * Do fio's results fit what the job file asked: one job per thread with
 * files, none with more files done (bytes, or operations for size 0) than
 * planned?  A document that does not is no measurement of this run.
 * false, with @why naming both figures.
 */
static bool matches_plan(struct json_object *jobs, const struct phase_plan *plan,
			 char *why, size_t len)
{
	size_t job = 0, n = json_object_array_length(jobs);
	double files;
	unsigned int t;

	if (n != phase_plan_jobs(plan)) {
		snprintf(why, len, "not the run planned: fio reported %zu jobs, the job file has %u",
			 n, phase_plan_jobs(plan));
		return false;
	}
	for (t = 0; t < plan->threads; t++) {
		if (!plan->files[t])
			continue;
		files = job_files(member(json_object_array_get_idx(jobs, job++),
					 ddir_key(plan)), plan);
		if (files > plan->files[t] && !plan->cycles) {
			snprintf(why, len, "not the run planned: fio reported %.0f files done by thread %u, which has %u",
				 files, t, plan->files[t]);
			return false;
		}
	}
	return true;
}

void reduce_jobs(struct json_object *jobs, const struct fio_output *out,
		 int fio_status, const struct phase_plan *plan,
		 struct phase_result *r, unsigned int *completed)
{
	int job_error = 0;
	unsigned int t;

	memset(r, 0, sizeof(*r));
	r->ran = true;
	for (t = 0; t < plan->threads; t++)
		r->planned_files += plan->files[t];
	r->planned_files /= plan_jobs_per_file(plan);
	if (jobs)
		job_error = first_job_error(jobs);

	if (completed) {
		if (jobs)
			per_thread_files(jobs, plan, completed);
		else
			for (t = 0; t < plan->threads; t++)
				completed[t] = 0;
	}
	if (!jobs || !totals_of_jobs(jobs, plan, &r->totals) ||
	    !r->totals.ios || fio_status || job_error) {
		explain_failure(r, out, jobs, fio_status, job_error);
	} else {
		r->seconds = r->totals.runtime_ms / 1000.0;
		r->files = r->totals.whole_files;
		phase_rates(r);
		merge_latency(jobs, plan, &r->latency);
	}
}

void reduce_planned_jobs(struct json_object *jobs, const struct fio_output *out,
			 int fio_status, const struct phase_plan *plan,
			 struct phase_result *r, unsigned int *completed)
{
	char why[sizeof(r->error)];

	reduce_jobs(jobs, out, fio_status, plan, r, completed);
	if (r->failed || matches_plan(jobs, plan, why, sizeof(why)))
		return;
	*r = (struct phase_result){ .ran = true, .failed = true,
				    .planned_files = r->planned_files };
	snprintf(r->error, sizeof(r->error), "%s", why);
}

void phase_rates(struct phase_result *r)
{
	r->mbps = r->files_per_sec = r->iops = 0;
	if (r->seconds <= 0)
		return;
	r->mbps = (double)r->totals.bytes / 1048576.0 / r->seconds;
	r->files_per_sec = r->files / r->seconds;
	r->iops = (double)r->totals.ios / r->seconds;
}

void reduce_phase(const char *output, size_t output_len, const char *stderr_text,
		  int fio_status, const struct phase_plan *plan,
		  struct phase_result *r, unsigned int *completed)
{
	struct fio_output out;

	fio_output_parse(&out, output, output_len, stderr_text);
	reduce_planned_jobs(out.last ? jobs_of(out.last) : NULL, &out,
			    fio_status, plan, r, completed);
	fio_output_free(&out);
}
