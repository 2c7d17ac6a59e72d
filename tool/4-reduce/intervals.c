// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "intervals.h"

uint64_t plat_idx_to_val(unsigned int idx)
{
	unsigned int error_bits;
	uint64_t base, k;

	/* Below twice the bucket count, every bit is kept: bucket = value. */
	if (idx < (FIO_PLAT_VAL << 1))
		return idx;
	error_bits = (idx >> FIO_PLAT_BITS) - 1;
	base = (uint64_t)1 << (error_bits + FIO_PLAT_BITS);
	k = idx % FIO_PLAT_VAL;
	return base + (uint64_t)((k + 0.5) * (double)((uint64_t)1 << error_bits));
}

unsigned int plat_val_to_idx(uint64_t ns)
{
	unsigned int msb = ns ? 63 - (unsigned int)__builtin_clzll(ns) : 0;
	unsigned int error_bits, idx;

	/* Up to the bucket bits, every bit is kept. */
	if (msb <= FIO_PLAT_BITS)
		return (unsigned int)ns;
	error_bits = msb - FIO_PLAT_BITS;
	idx = ((error_bits + 1) << FIO_PLAT_BITS) +
	      (unsigned int)((FIO_PLAT_VAL - 1) & (ns >> error_bits));
	return idx < FIO_PLAT_NR - 1 ? idx : FIO_PLAT_NR - 1;
}

bool hist_line_parse(const char *line, double *msec, uint64_t *bins)
{
	const char *c = line;
	char *end;
	unsigned int i;

	*msec = strtod(c, &end);
	if (end == c || *end != ',' || *msec < 0)
		return false;
	/* The direction and block size, unused: a phase has one direction. */
	for (i = 0; i < 2; i++) {
		c = end + 1;
		strtoull(c, &end, 10);
		if (end == c || *end != ',')
			return false;
	}
	for (i = 0; i < FIO_PLAT_NR; i++) {
		if (*end != ',')
			return false;
		c = end + 1;
		while (*c == ' ')
			c++;
		if (*c < '0' || *c > '9')
			return false;
		bins[i] = strtoull(c, &end, 10);
	}
	return !*end || *end == '\n';
}

static uint64_t percentile(const uint64_t *bins, uint64_t ios, long double pct)
{
	uint64_t sum = 0;
	unsigned int i;

	for (i = 0; i < FIO_PLAT_NR; i++) {
		sum += bins[i];
		if (bins[i] && (long double)sum >= pct / 100.0L * ios)
			return plat_idx_to_val(i);
	}
	return 0;
}

void hist_summarize(const uint64_t *bins, struct interval_sample *s)
{
	unsigned int i;

	s->ios = 0;
	s->min_ns = s->p50_ns = s->p99_ns = s->p999_ns = s->max_ns = 0;
	for (i = 0; i < FIO_PLAT_NR; i++) {
		if (!bins[i])
			continue;
		if (!s->ios)
			s->min_ns = plat_idx_to_val(i);
		s->max_ns = plat_idx_to_val(i);
		s->ios += bins[i];
	}
	if (!s->ios)
		return;
	s->p50_ns = percentile(bins, s->ios, 50.0L);
	s->p99_ns = percentile(bins, s->ios, 99.0L);
	s->p999_ns = percentile(bins, s->ios, 99.9L);
}

/* One log being read: its next window, not yet counted. */
struct pending_window {
	FILE *f;
	char *line;
	size_t cap;
	bool has;
	size_t index;			/* the interval it counts in */
	uint64_t bins[FIO_PLAT_NR];
	/* Through fio --client: the two lines before, as sent, and the
	 * line after. */
	bool sent;
	uint64_t sent1[FIO_PLAT_NR];
	uint64_t sent2[FIO_PLAT_NR];
	char *ahead;
	size_t ahead_cap;
	bool ahead_read;
	bool has_ahead;
};

static bool read_nonblank_line(FILE *f, char **line, size_t *cap)
{
	while (getline(line, cap, f) >= 0)
		if ((*line)[0] != '\n')
			return true;
	return false;
}

/*
 * The next window's line of @p into p->line; false at the end.  A log
 * through fio --client ends a line early: fio's server queues the last
 * packet of a compressed log before it finishes the stream (server.c,
 * fio_append_iolog_gz, 3.33 to 3.42), so the end of its last window can
 * be lost, and fio --client writes what its buffer held there instead.
 */
static bool next_window_line(struct pending_window *p)
{
	char *line = p->line;
	size_t cap = p->cap;

	if (!p->sent)
		return read_nonblank_line(p->f, &p->line, &p->cap);
	if (!p->ahead_read) {
		p->has_ahead = read_nonblank_line(p->f, &p->ahead, &p->ahead_cap);
		p->ahead_read = true;
	}
	if (!p->has_ahead)
		return false;
	p->line = p->ahead;
	p->cap = p->ahead_cap;
	p->ahead = line;
	p->ahead_cap = cap;
	p->has_ahead = read_nonblank_line(p->f, &p->ahead, &p->ahead_cap);
	return p->has_ahead;
}

/*
 * fio's server (server.c, 3.33 to 3.42) sends each window as its
 * cumulative histogram less the previous window's entry, which it has
 * already overwritten with what it sent: line k is C(k) - line (k-1).
 * So C(k) = line k + line (k-1), and window k, C(k) - C(k-1), is line k
 * less line (k-2).  False where that would be negative (not such a log).
 */
static bool undo_server_subtraction(struct pending_window *p)
{
	unsigned int b;
	uint64_t sent;

	for (b = 0; b < FIO_PLAT_NR; b++) {
		sent = p->bins[b];
		if (sent < p->sent2[b])
			return false;
		p->bins[b] = sent - p->sent2[b];
		p->sent2[b] = p->sent1[b];
		p->sent1[b] = sent;
	}
	return true;
}

/* Read @p's next window: 1, 0 at the end, -1 on a malformed line. */
static int read_window(struct pending_window *p, double base_ms,
		       unsigned int interval_ms)
{
	double msec, k;

	if (!next_window_line(p))
		return 0;
	if (!hist_line_parse(p->line, &msec, p->bins) ||
	    (p->sent && !undo_server_subtraction(p)))
		return -1;
	k = round((msec - base_ms) / interval_ms);
	p->index = k >= 1 ? (size_t)k : 1;
	return 1;
}

static bool append_sample(struct interval_series *s, const uint64_t *bins)
{
	struct interval_sample *grown;

	grown = realloc(s->samples, (s->count + 1) * sizeof(*grown));
	if (!grown)
		return false;
	s->samples = grown;
	grown += s->count++;
	hist_summarize(bins, grown);
	grown->end_sec = (double)s->count * s->interval_ms / 1000.0;
	s->logged_ios += grown->ios;
	return true;
}

/* The interval the earliest pending window counts in; 0: none is left. */
static size_t next_index(const struct pending_window *p, size_t n)
{
	size_t i, index = 0;

	for (i = 0; i < n; i++)
		if (p[i].has && (!index || p[i].index < index))
			index = p[i].index;
	return index;
}

/* Merge every window counting in interval @index (or, on a clock that
 * went back, before it) into @bins; false on a malformed line. */
static bool merge_windows(struct pending_window *p, size_t n, size_t index,
			  double base_ms, unsigned int interval_ms,
			  uint64_t *bins)
{
	unsigned int b;
	size_t i;
	int got;

	memset(bins, 0, FIO_PLAT_NR * sizeof(*bins));
	for (i = 0; i < n; i++) {
		while (p[i].has && p[i].index <= index) {
			for (b = 0; b < FIO_PLAT_NR; b++)
				bins[b] += p[i].bins[b];
			got = read_window(&p[i], base_ms, interval_ms);
			if (got < 0)
				return false;
			p[i].has = got > 0;
		}
	}
	return true;
}

static bool read_merged(struct interval_series *s, struct pending_window *p,
			size_t n, double base_ms, unsigned int interval_ms)
{
	uint64_t *bins = calloc(FIO_PLAT_NR, sizeof(*bins));
	bool ok = bins != NULL;
	size_t i, index;
	int got;

	for (i = 0; ok && i < n; i++) {
		got = read_window(&p[i], base_ms, interval_ms);
		ok = got >= 0;
		p[i].has = got > 0;
	}
	while (ok && (index = next_index(p, n))) {
		/* Each interval once, in turn: a window late for its own
		 * counts in the one being filled. */
		if (index <= s->count)
			index = s->count + 1;
		ok = merge_windows(p, n, index, base_ms, interval_ms, bins);
		while (ok && s->count + 1 < index) {
			static const uint64_t none[FIO_PLAT_NR];

			ok = append_sample(s, none);
		}
		ok = ok && append_sample(s, bins);
	}
	free(bins);
	return ok;
}

bool interval_series_read(struct interval_series *s, FILE *const *logs,
			  size_t n, bool sent, double base_ms,
			  unsigned int interval_ms)
{
	struct pending_window *p = calloc(n ? n : 1, sizeof(*p));
	bool ok;
	size_t i;

	if (!p || !interval_ms) {
		free(p);
		return false;
	}
	s->interval_ms = interval_ms;
	for (i = 0; i < n; i++) {
		p[i].f = logs[i];
		p[i].sent = sent;
	}
	ok = read_merged(s, p, n, base_ms, interval_ms);
	for (i = 0; i < n; i++) {
		free(p[i].line);
		free(p[i].ahead);
	}
	free(p);
	return ok;
}

static bool is_hist_log(const char *name, const char *prefix)
{
	return !strncmp(name, prefix, strlen(prefix)) &&
	       strstr(name, "_clat_hist.");
}

/* The paths of the histogram logs in @dir starting with @prefix;
 * @complete false when the directory could not be read whole. */
static char **hist_logs(const char *dir, const char *prefix, size_t *n,
			bool *complete)
{
	DIR *d = opendir(dir);
	char **paths = NULL, **grown;
	struct dirent *de;

	*n = 0;
	*complete = d != NULL;
	while (*complete && (de = readdir(d))) {
		if (!is_hist_log(de->d_name, prefix))
			continue;
		grown = realloc(paths, (*n + 1) * sizeof(*paths));
		if (grown)
			paths = grown;
		*complete = grown &&
			    asprintf(&paths[*n], "%s/%s", dir, de->d_name) >= 0;
		*n += *complete;
	}
	if (d)
		closedir(d);
	return paths;
}

bool interval_series_collect(struct interval_series *s, const char *dir,
			     const char *prefix, unsigned int jobs, bool sent,
			     double base_ms, unsigned int interval_ms)
{
	size_t n, i, opened = 0;
	bool complete;
	char **paths = hist_logs(dir, prefix, &n, &complete);
	FILE **logs = calloc(n ? n : 1, sizeof(*logs));
	bool ok = complete && n && n == jobs && logs;

	for (i = 0; ok && i < n; i++)
		ok = (logs[opened++] = fopen(paths[i], "r")) != NULL;
	ok = ok && interval_series_read(s, logs, n, sent, base_ms, interval_ms);
	for (i = 0; i < opened; i++)
		if (logs[i])
			fclose(logs[i]);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(logs);
	return ok;
}

void latency_logs_remove(const char *dir)
{
	size_t n, i;
	bool complete;
	char **paths = hist_logs(dir, LATENCY_LOG_NAME, &n, &complete);

	for (i = 0; i < n; i++) {
		unlink(paths[i]);
		free(paths[i]);
	}
	free(paths);
}

void interval_series_free(struct interval_series *s)
{
	free(s->samples);
	*s = (struct interval_series){ 0 };
}
