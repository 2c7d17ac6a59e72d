// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sidebyside.h"

/* Which latency figure of a phase. */
enum latency_figure {
	LATENCY_MEAN,
	LATENCY_P99,
};

/* The mean over the iterations whose phase succeeded; NAN for none. */
static double mean_latency_ms(const struct bench_report *r, enum phase phase,
			      enum latency_figure figure)
{
	const struct phase_result *p;
	double total = 0;
	unsigned int i, runs = 0;

	for (i = 0; i < r->started; i++) {
		p = phase == PHASE_WRITE ? &r->iterations[i].write :
					   &r->iterations[i].read;
		if (!p->ran || p->failed)
			continue;
		total += figure == LATENCY_MEAN ? p->latency.mean_ns / 1e6 :
						  (double)p->latency.p99_ns / 1e6;
		runs++;
	}
	return runs ? total / runs : NAN;
}

static double summary_mean(const struct bench_report *r, enum summary_kind kind)
{
	struct summary s = summarize_report(r, kind);

	return s.runs ? s.mean : NAN;
}

/* A phase's operation: data phases write and read, size 0 creates and
 * opens. */
static const char *operation(const struct bench_options *o, enum phase phase)
{
	if (phase == PHASE_WRITE)
		return o->size ? "Write" : "Create";
	return o->size ? "Read" : "Open";
}

static void fill_ratios(struct side_metric *m, unsigned int n,
			unsigned int reference)
{
	double base = m->value[reference];
	unsigned int c;

	for (c = 0; c < n; c++)
		m->ratio[c] = isfinite(base) && base > 0 ? m->value[c] / base : NAN;
}

unsigned int side_by_side_reference(const struct bench_report *const *reports,
				 unsigned int n)
{
	unsigned int reference = via_reference(&reports[0]->o->via);

	return reference < n ? reference : 0;
}

unsigned int side_by_side(const struct bench_report *const *reports,
			  unsigned int n, struct side_metric *rows)
{
	const struct bench_options *o = reports[0]->o;
	unsigned int reference = side_by_side_reference(reports, n), count = 0, c;
	enum latency_figure figure;
	enum phase phase;
	int kind;

	for (kind = 0; kind < SUMMARY_KINDS; kind++) {
		if (!summary_applies(o, kind))
			continue;
		snprintf(rows[count].name, sizeof(rows[count].name), "%s",
			 summary_titles[kind]);
		rows[count].unit = summary_units[kind];
		for (c = 0; c < n; c++)
			rows[count].value[c] = summary_mean(reports[c], kind);
		fill_ratios(&rows[count++], n, reference);
	}
	for (phase = PHASE_WRITE; phase <= PHASE_READ; phase++) {
		for (figure = LATENCY_MEAN; figure <= LATENCY_P99; figure++) {
			snprintf(rows[count].name, sizeof(rows[count].name),
				 "%s Latency %s", operation(o, phase),
				 figure == LATENCY_MEAN ? "Mean" : "p99");
			rows[count].unit = "ms";
			for (c = 0; c < n; c++)
				rows[count].value[c] =
					mean_latency_ms(reports[c], phase, figure);
			fill_ratios(&rows[count++], n, reference);
		}
	}
	return count;
}

void report_side_by_side(FILE *out, const struct bench_report *const *reports,
			 unsigned int n)
{
	struct side_metric rows[SIDE_METRICS];
	unsigned int count = side_by_side(reports, n, rows), i, c;
	char label[sizeof(rows[0].name) + 16];

	fprintf(out, "\n*** Side by Side (mean over iterations; ratio to %s) ***\n\n",
		via_name(reports[side_by_side_reference(reports, n)]->via));
	fprintf(out, "%-34s", "");
	for (c = 0; c < n; c++)
		fprintf(out, " %20s", via_name(reports[c]->via));
	fputc('\n', out);
	for (i = 0; i < count; i++) {
		snprintf(label, sizeof(label), "%.47s (%.10s)", rows[i].name,
			 rows[i].unit);
		fprintf(out, "%-34s", label);
		for (c = 0; c < n; c++) {
			if (!isfinite(rows[i].value[c]))
				fprintf(out, " %20s", "-");
			else if (!isfinite(rows[i].ratio[c]))
				fprintf(out, " %20.6g", rows[i].value[c]);
			else
				fprintf(out, " %11.6g (%5.2fx)", rows[i].value[c],
					rows[i].ratio[c]);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
}
