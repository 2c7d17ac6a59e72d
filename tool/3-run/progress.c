// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "progress.h"

void progress_init(struct progress *p, const struct bench_options *o,
		   enum phase phase, unsigned int planned_files)
{
	memset(p, 0, sizeof(*p));
	p->o = o;
	p->phase = phase;
	p->planned_files = planned_files;
	p->last_step = 0;
	p->latency = o->latency_intervals;
}

static double percent_done(const struct progress *p,
			   const struct phase_totals *now, bool finished)
{
	double pct = 0, timed;

	if (finished)
		return 100;
	if (p->planned_files > 0)
		pct = 100 * now->files / p->planned_files;
	if (p->o->duration) {
		timed = now->runtime_ms / (10.0 * p->o->duration);
		if (timed > pct)
			pct = timed;
	}
	return pct > 100 ? 100 : pct;
}

static void format_eta(char *buf, size_t len, double seconds)
{
	unsigned long s = seconds > 0 ? (unsigned long)(seconds + 0.5) : 0;

	if (s >= 3600)
		snprintf(buf, len, "%luh:%02lum:%02lus", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%02lum:%02lus", s / 60, s % 60);
}

/* Seconds left at the current file rate, or to the --duration cap. */
static double eta_seconds(const struct progress *p,
			  const struct phase_totals *now, double files_rate,
			  bool finished)
{
	double eta = 0, left;

	if (finished)
		return 0;
	if (files_rate > 0)
		eta = (p->planned_files - now->files) / files_rate;
	if (p->o->duration) {
		left = p->o->duration - now->runtime_ms / 1000.0;
		if (files_rate <= 0 || left < eta)
			eta = left;
	}
	return eta;
}

/* The IOPS and p99 since the line before, or the phase's when @finished. */
static void put_latency(struct progress *p, const struct phase_totals *now,
			const struct phase_totals *since, double seconds,
			bool finished, char dir, char *line, size_t len)
{
	uint64_t delta[FIO_PLAT_NR], before;
	struct interval_sample w;
	unsigned int i;

	for (i = 0; i < FIO_PLAT_NR; i++) {
		before = since == &p->previous ? p->previous_bins[i] : 0;
		delta[i] = p->bins[i] > before ? p->bins[i] - before : 0;
	}
	hist_summarize(delta, &w);
	snprintf(line, len, "[%c=%.0f IOPS][p99=%.3f ms]", dir,
		 seconds > 0 ? (double)(now->ios - since->ios) / seconds : 0,
		 (finished ? p->phase_p99_ns : w.p99_ns) / 1e6);
}

bool progress_update(struct progress *p, const struct phase_totals *now,
		     bool finished, char *line, size_t len)
{
	static const struct phase_totals start;
	const struct phase_totals *since = &p->previous;
	char dir = p->phase == PHASE_WRITE ? 'w' : 'r';
	double pct = percent_done(p, now, finished), seconds, mbps, files_rate;
	char eta[32];
	int step = (int)(pct / p->o->progress_interval), n = 0;

	if (step <= p->last_step)
		return false;
	/* The rate since the last document; the average at the end. */
	if (finished || now->runtime_ms <= since->runtime_ms)
		since = &start;
	seconds = (now->runtime_ms - since->runtime_ms) / 1000.0;
	mbps = seconds > 0 ? (double)(now->bytes - since->bytes) / 1048576.0 / seconds : 0;
	files_rate = seconds > 0 ? (now->files - since->files) / seconds : 0;
	format_eta(eta, sizeof(eta), eta_seconds(p, now, files_rate, finished));

	n = snprintf(line, len, "[%d%%]", (int)pct);
	if (p->o->size)
		n += snprintf(line + n, len - (size_t)n, "[%c=%.1f MiB/s]", dir, mbps);
	n += snprintf(line + n, len - (size_t)n, "[%c=%.1f files/s][eta %s]", dir,
		      files_rate, eta);
	if (p->latency && (size_t)n < len)
		put_latency(p, now, since, seconds, finished, dir, line + n,
			    len - (size_t)n);
	p->last_step = step;
	p->previous = *now;
	memcpy(p->previous_bins, p->bins, sizeof(p->bins));
	return true;
}
