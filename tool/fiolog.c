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

bool rate_steps_add_log(struct rate_steps *r, const char *text)
{
	const char *line, *eol;
	double msec, value;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (eol == line)
			continue;
		if (sscanf(line, "%lf, %lf,", &msec, &value) != 2 || msec < 0 ||
		    !add_sample(r, msec, value))
			return false;
	}
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

static bool is_rate_log(const char *name)
{
	return !strncmp(name, RATE_LOG_NAME, strlen(RATE_LOG_NAME)) &&
	       (strstr(name, "_bw.") || strstr(name, "_iops."));
}

/* Call @add on each rate log in @dir whose name starts with @prefix;
 * @remove: unlink each once read. */
static bool each_log(const char *dir, const char *prefix, bool remove,
		     bool (*add)(const char *text, void *ctx), void *ctx,
		     unsigned int *found)
{
	DIR *d = opendir(dir);
	char path[PATH_MAX], *text;
	struct dirent *de;
	bool ok = d != NULL;

	while (ok && (de = readdir(d))) {
		if (!is_rate_log(de->d_name) ||
		    strncmp(de->d_name, prefix, strlen(prefix)))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		text = slurp(path);
		ok = text && add(text, ctx);
		free(text);
		if (remove)
			unlink(path);
		(*found)++;
	}
	if (d)
		closedir(d);
	return ok;
}

static bool add_averaged(const char *text, void *ctx)
{
	return rate_steps_add_log(ctx, text);
}

bool rate_steps_collect(struct rate_steps *r, const char *dir)
{
	unsigned int found = 0;

	return each_log(dir, RATE_LOG_NAME, true, add_averaged, r, &found);
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
static bool each_line(const char *text, bool (*each)(const char *, void *),
		      void *ctx)
{
	const char *line, *eol;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (eol != line && !each(line, ctx))
			return false;
	}
	return true;
}

static bool span_line(const char *line, void *ctx)
{
	struct io_span *s = ctx;
	double msec, value, bytes, issue;

	if (!io_line(line, &msec, &value, &bytes))
		return false;
	/* A bandwidth log's value is bytes * 10^6 / ns, so its latency in
	 * ms bytes / value; an IOPS log's value is 1 and its latency
	 * unknown (as is a bandwidth below 2): the completion stands in. */
	issue = value > 1 ? msec - bytes / value : msec;
	if (!s->ios || issue < s->first_issue_ms)
		s->first_issue_ms = issue;
	if (!s->ios || msec > s->last_done_ms)
		s->last_done_ms = msec;
	s->bytes += (uint64_t)bytes;
	s->ios++;
	return true;
}

bool io_span_add_log(struct io_span *s, const char *text)
{
	return each_line(text, span_line, s);
}

static bool add_span(const char *text, void *ctx)
{
	return io_span_add_log(ctx, text);
}

bool io_span_collect(struct io_span *s, const char *dir, const char *prefix)
{
	unsigned int found = 0;

	return each_log(dir, prefix, false, add_span, s, &found) && found;
}

struct io_steps {
	struct rate_steps *r;
	double base_ms;
	bool size0;
};

static bool step_line(const char *line, void *ctx)
{
	const struct io_steps *st = ctx;
	double msec, value, bytes, step_sec = FIO_LOG_MSEC / 1000.0;

	if (!io_line(line, &msec, &value, &bytes))
		return false;
	/* Step k covers ((k-1)..k] steps from the base: its end is the
	 * completion rounded up. */
	msec = ceil((msec - st->base_ms) / FIO_LOG_MSEC) * FIO_LOG_MSEC;
	return add_sample(st->r, msec > 0 ? msec : 0,
			  st->size0 ? 1 / step_sec : bytes / 1024.0 / step_sec);
}

bool rate_steps_add_io_log(struct rate_steps *r, const char *text,
			   double base_ms, bool size0)
{
	struct io_steps st = { r, base_ms, size0 };

	return each_line(text, step_line, &st);
}

static bool add_io_steps(const char *text, void *ctx)
{
	const struct io_steps *st = ctx;

	return rate_steps_add_io_log(st->r, text, st->base_ms, st->size0);
}

bool rate_steps_collect_io(struct rate_steps *r, const char *dir,
			   double base_ms, bool size0)
{
	struct io_steps st = { r, base_ms, size0 };
	unsigned int found = 0;

	return each_log(dir, RATE_LOG_NAME, true, add_io_steps, &st, &found);
}

void rate_steps_free(struct rate_steps *r)
{
	free(r->sum);
	r->sum = NULL;
	r->steps = 0;
}

static bool ignore(const char *text, void *ctx)
{
	(void)text;
	(void)ctx;
	return true;
}

void rate_logs_remove(const char *dir)
{
	unsigned int found = 0;

	each_log(dir, RATE_LOG_NAME, true, ignore, NULL, &found);
}
