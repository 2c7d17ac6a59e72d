// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fiolog.h"

static bool add_sample(struct rate_steps *r, double msec, double value)
{
	size_t step = (size_t)lround(msec / FIO_LOG_MSEC), i;
	double *grown;

	if (step >= r->steps) {
		grown = realloc(r->sum, (step + 1) * sizeof(*grown));
		if (!grown)
			return false;
		for (i = r->steps; i <= step; i++)
			grown[i] = NAN;
		r->sum = grown;
		r->steps = step + 1;
	}
	r->sum[step] = isnan(r->sum[step]) ? value : r->sum[step] + value;
	return true;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return NULL;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n < 0) {
		free(text);
		return strdup("");
	}
	return text;
}

/*
 * What a log of the tool's names holds: "_bw." a bandwidth log, "_clat."
 * the completion latencies the metadata engines log themselves (fio's
 * per-I/O statistics are off for them); fio's "_lat." and "_slat." logs
 * beside it are only removed.  -1: not one of the tool's logs.
 */
static int log_kind(const char *name)
{
	if (strncmp(name, RATE_LOG_NAME, strlen(RATE_LOG_NAME)))
		return -1;
	if (strstr(name, "_bw."))
		return IO_LOG_BYTES;
	if (strstr(name, "_clat."))
		return IO_LOG_OPS;
	return strstr(name, "_lat.") || strstr(name, "_slat.") ? IO_LOG_NONE : -1;
}

/* Call @add on each of the tool's logs in @dir whose name starts with
 * @prefix; @remove: unlink each once read. */
static bool each_log(const char *dir, const char *prefix, bool remove,
		     bool (*add)(const char *text, enum io_log_kind kind,
				 void *ctx),
		     void *ctx, unsigned int *found)
{
	DIR *d = opendir(dir);
	char path[PATH_MAX], *text;
	struct dirent *de;
	bool ok = d != NULL;
	int kind;

	while (ok && (de = readdir(d))) {
		kind = log_kind(de->d_name);
		if (kind < 0 || strncmp(de->d_name, prefix, strlen(prefix)))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (kind != IO_LOG_NONE) {
			text = slurp(path);
			ok = text && add(text, (enum io_log_kind)kind, ctx);
			free(text);
			(*found)++;
		}
		if (remove)
			unlink(path);
	}
	if (d)
		closedir(d);
	return ok;
}

/* One line of a per-I/O log: completion (ms), value, bytes. */
static bool io_line(const char *line, double *msec, double *value,
		    double *bytes)
{
	int ddir;

	return sscanf(line, "%lf, %lf, %d, %lf,", msec, value, &ddir, bytes) == 4 &&
	       *msec >= 0 && *value >= 0 && *bytes >= 0;
}

/* Call @each on every line of @text; false at the first it refuses. */
static bool each_line(const char *text, enum io_log_kind kind,
		      bool (*each)(const char *, enum io_log_kind, void *),
		      void *ctx)
{
	const char *line, *eol;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (eol != line && !each(line, kind, ctx))
			return false;
	}
	return true;
}

static bool span_line(const char *line, enum io_log_kind kind, void *ctx)
{
	struct io_span *s = ctx;
	double msec, value, bytes, issue;

	if (!io_line(line, &msec, &value, &bytes))
		return false;
	/* A bandwidth log's value is bytes * 10^6 / ns, so the I/O's
	 * latency in ms is bytes / value (unknown for a value of 0: the
	 * completion stands in); a latency log's value is ns. */
	if (kind == IO_LOG_OPS)
		issue = msec - value / 1e6;
	else
		issue = value > 0 ? msec - bytes / value : msec;
	if (!s->ios || issue < s->first_issue_ms)
		s->first_issue_ms = issue;
	if (!s->ios || msec > s->last_done_ms)
		s->last_done_ms = msec;
	s->bytes += (uint64_t)bytes;
	s->ios++;
	return true;
}

bool io_span_add_log(struct io_span *s, const char *text, enum io_log_kind kind)
{
	return each_line(text, kind, span_line, s);
}

static bool add_span(const char *text, enum io_log_kind kind, void *ctx)
{
	return io_span_add_log(ctx, text, kind);
}

bool io_span_collect(struct io_span *s, const char *dir, const char *prefix,
		     unsigned int jobs)
{
	unsigned int found = 0;

	return each_log(dir, prefix, false, add_span, s, &found) && found &&
	       found == jobs;
}

struct io_steps {
	struct rate_steps *r;
	double base_ms;
};

static bool step_line(const char *line, enum io_log_kind kind, void *ctx)
{
	const struct io_steps *st = ctx;
	double msec, value, bytes, step_sec = FIO_LOG_MSEC / 1000.0;

	if (!io_line(line, &msec, &value, &bytes))
		return false;
	/* Step k covers ((k-1)..k] steps from the base: its end is the
	 * completion rounded up. */
	msec = ceil((msec - st->base_ms) / FIO_LOG_MSEC) * FIO_LOG_MSEC;
	return add_sample(st->r, msec > 0 ? msec : 0,
			  kind == IO_LOG_OPS ? 1 / step_sec : bytes / 1024.0 / step_sec);
}

bool rate_steps_add_io_log(struct rate_steps *r, const char *text,
			   enum io_log_kind kind, double base_ms)
{
	struct io_steps st = { r, base_ms };

	return each_line(text, kind, step_line, &st);
}

static bool add_io_steps(const char *text, enum io_log_kind kind, void *ctx)
{
	const struct io_steps *st = ctx;

	return rate_steps_add_io_log(st->r, text, kind, st->base_ms);
}

bool rate_steps_collect_io(struct rate_steps *r, const char *dir,
			   const char *prefix, double base_ms)
{
	struct io_steps st = { r, base_ms };
	unsigned int found = 0;
	size_t i;

	if (!each_log(dir, prefix, false, add_io_steps, &st, &found))
		return false;
	/* Every I/O is in the logs: a step none completed in moved nothing. */
	for (i = 0; i < r->steps; i++)
		if (isnan(r->sum[i]))
			r->sum[i] = 0;
	return true;
}

static bool ignore(const char *text, enum io_log_kind kind, void *ctx)
{
	(void)text;
	(void)kind;
	(void)ctx;
	return true;
}

void rate_logs_remove(const char *dir)
{
	unsigned int found = 0;

	each_log(dir, RATE_LOG_NAME, true, ignore, NULL, &found);
}

void rate_steps_free(struct rate_steps *r)
{
	free(r->sum);
	r->sum = NULL;
	r->steps = 0;
}
