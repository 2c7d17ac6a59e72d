// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "utf8safe.h"

/* Layout, in SVG user units (pixels at 100%). */
#define WIDTH		1000
#define LEFT		90	/* room for the y tick labels and axis title */
#define RIGHT		30
#define TOP		90	/* title and legend */
#define PANEL_HEIGHT	240
#define PANEL_GAP	80	/* x tick labels and axis title of the panel above */
#define BOTTOM		60
#define MAX_POINTS	800	/* more steps than this are averaged in groups */
#define MAX_MARKERS	120	/* beyond this, markers would hide the line */

static const char *const phase_colors[] = {
	[PHASE_WRITE] = "#1f77b4",
	[PHASE_READ] = "#d95f02",
};
/* --via: a line colour per client, the bands still per phase. */
static const char *const client_colors[] = {
	[VIA_LIBCEPHFS] = "#1b9e77",
	[VIA_FUSE] = "#7570b3",
	[VIA_KERNEL] = "#e7298a",
};
static const char *const band_colors[] = {
	[PHASE_WRITE] = "#e3eef8",
	[PHASE_READ] = "#fbe7d7",
};

/* What one panel shows, from a step's summed rate. */
struct panel {
	const char *title;
	double (*value)(const struct plot *p, double rate);
};

static double mebibytes_per_sec(const struct plot *p, double kib_per_sec)
{
	return kib_per_sec / 1024.0;
}

static double files_per_sec(const struct plot *p, double rate)
{
	/* Bandwidth over the file size; size 0 logs one I/O per file. */
	return p->file_size ? rate * 1024.0 / (double)p->file_size : rate;
}

static const struct panel bandwidth_panel = { "Bandwidth (MiB/s)", mebibytes_per_sec };
static const struct panel file_rate_panel = { "File rate (files/s)", files_per_sec };

struct plot_series *plot_add_series(struct plot *p, enum via_client client,
				    enum phase phase, unsigned int iteration,
				    double start_sec, double end_sec,
				    double mean_rate)
{
	struct plot_series *grown;

	grown = realloc(p->series, (p->count + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	p->series = grown;
	grown += p->count++;
	*grown = (struct plot_series){ client, phase, iteration, start_sec,
					end_sec, mean_rate, { NULL, 0 }, NULL,
					NULL };
	return grown;
}

void plot_free(struct plot *p)
{
	size_t i;

	for (i = 0; i < p->count; i++)
		rate_steps_free(&p->series[i].rates);
	free(p->series);
	p->series = NULL;
	p->count = 0;
}

static double series_end(const struct plot_series *s)
{
	return s->end_sec;
}

static size_t logged_steps(const struct plot_series *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->rates.steps; i++)
		n += !isnan(s->rates.sum[i]);
	return n;
}

/*
 * A phase shorter than two log steps has at most one sample, which
 * draws no line: it is drawn flat at its reported rate instead.
 */
static bool drawn_as_mean(const struct plot_series *s)
{
	return logged_steps(s) < 2 && !isnan(s->mean_rate);
}

/* A step of 1, 2 or 5 times a power of ten giving about @ticks ticks. */
static double tick_step(double range, int ticks)
{
	double raw = range / ticks, magnitude = pow(10, floor(log10(raw)));
	double f = raw / magnitude;

	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
}

/* Groups of steps averaged into one point, so no series has too many. */
static size_t group_of(const struct plot_series *s)
{
	return (s->rates.steps + MAX_POINTS - 1) / MAX_POINTS;
}

/* The average of the logged steps in group @g, NAN when none was. */
static double group_rate(const struct plot_series *s, size_t g, size_t group)
{
	double sum = 0;
	size_t i, n = 0;

	for (i = g * group; i < (g + 1) * group && i < s->rates.steps; i++) {
		if (!isnan(s->rates.sum[i])) {
			sum += s->rates.sum[i];
			n++;
		}
	}
	return n ? sum / (double)n : NAN;
}

/* A step's end, the last one's no later than the phase's. */
static double group_time(const struct plot_series *s, size_t g, size_t group)
{
	double last = (double)((g + 1) * group < s->rates.steps ?
			       (g + 1) * group - 1 : s->rates.steps - 1);
	double t = s->start_sec + last * FIO_LOG_MSEC / 1000.0;

	return t < s->end_sec ? t : s->end_sec;
}

static double panel_max(const struct plot *p, const struct panel *panel)
{
	double max = 0, v;
	size_t i, g, group;

	for (i = 0; i < p->count; i++) {
		if (drawn_as_mean(&p->series[i]) &&
		    panel->value(p, p->series[i].mean_rate) > max)
			max = panel->value(p, p->series[i].mean_rate);
		group = group_of(&p->series[i]);
		for (g = 0; g * group < p->series[i].rates.steps; g++) {
			v = group_rate(&p->series[i], g, group);
			if (!isnan(v) && panel->value(p, v) > max)
				max = panel->value(p, v);
		}
	}
	return max;
}

/* Maps data to the drawing area of one panel. */
struct frame {
	double top;
	double x_max;
	double y_max;
};

static double x_of(const struct frame *f, double t)
{
	return LEFT + t / f->x_max * (WIDTH - LEFT - RIGHT);
}

static double y_of(const struct frame *f, double v)
{
	return f->top + PANEL_HEIGHT - v / f->y_max * PANEL_HEIGHT;
}

static const char *line_color(const struct plot *p, const struct plot_series *s)
{
	return p->by_client ? client_colors[s->client] : phase_colors[s->phase];
}

static const char *phase_letter(enum phase phase)
{
	return phase == PHASE_WRITE ? "W" : "R";
}

static const char *phase_name(enum phase phase)
{
	return phase == PHASE_WRITE ? "Write" : "Read";
}

/* Each phase a shaded band, so phases stand apart even without samples. */
static void draw_bands(FILE *out, const struct plot *p, const struct frame *f,
		       bool labels)
{
	const struct plot_series *s;
	double x0, x1;
	size_t i;

	for (i = 0; i < p->count; i++) {
		s = &p->series[i];
		if (s->host)
			continue;
		x0 = x_of(f, s->start_sec);
		x1 = x_of(f, series_end(s));
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
			x0, f->top, x1 - x0 > 1 ? x1 - x0 : 1, PANEL_HEIGHT,
			band_colors[s->phase]);
		if (labels)
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"phase\" fill=\"%s\">%s%u</text>\n",
				(x0 + x1) / 2, f->top - 6, phase_colors[s->phase],
				phase_letter(s->phase), s->iteration);
	}
}

static void draw_axes(FILE *out, const struct frame *f, const char *title)
{
	double step, v;

	step = tick_step(f->y_max, 5);
	for (v = 0; v <= f->y_max * (1 + 1e-9); v += step) {
		fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n",
			LEFT, WIDTH - RIGHT, y_of(f, v), y_of(f, v));
		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			LEFT - 8, y_of(f, v) + 4, v);
	}
	step = tick_step(f->x_max, 10);
	for (v = 0; v <= f->x_max * (1 + 1e-9); v += step) {
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n",
			x_of(f, v), x_of(f, v), f->top + PANEL_HEIGHT,
			f->top + PANEL_HEIGHT + 5);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
			x_of(f, v), f->top + PANEL_HEIGHT + 20, v);
	}
	fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" class=\"frame\"/>\n",
		LEFT, f->top, WIDTH - LEFT - RIGHT, PANEL_HEIGHT);
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 %d %.1f)\" class=\"label\">%s</text>\n",
		22, f->top + PANEL_HEIGHT / 2, 22, f->top + PANEL_HEIGHT / 2, title);
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" class=\"label\">Time since the benchmark started (s)</text>\n",
		(LEFT + WIDTH - RIGHT) / 2, f->top + PANEL_HEIGHT + 42);
}

static void draw_mean(FILE *out, const struct plot *p, const struct panel *panel,
		      const struct frame *f, const struct plot_series *s)
{
	double y = y_of(f, panel->value(p, s->mean_rate));

	fprintf(out, "<polyline class=\"rate mean%s\" stroke=\"%s\" points=\"%.1f,%.1f %.1f,%.1f\"/>\n",
		s->host ? " host" : "", line_color(p, s), x_of(f, s->start_sec), y,
		x_of(f, series_end(s)), y);
}

static void draw_line(FILE *out, const struct plot *p, const struct panel *panel,
		      const struct frame *f, const struct plot_series *s)
{
	size_t g, group = group_of(s), points = 0;
	double v;

	if (drawn_as_mean(s)) {
		draw_mean(out, p, panel, f, s);
		return;
	}
	fprintf(out, "<polyline class=\"rate%s\" stroke=\"%s\" points=\"",
		s->host ? " host" : "", line_color(p, s));
	for (g = 0; g * group < s->rates.steps; g++) {
		v = group_rate(s, g, group);
		if (isnan(v))
			continue;
		fprintf(out, "%s%.1f,%.1f", points++ ? " " : "",
			x_of(f, group_time(s, g, group)), y_of(f, panel->value(p, v)));
	}
	fprintf(out, "\"/>\n");
	if (points > MAX_MARKERS || s->host)
		return;
	for (g = 0; g * group < s->rates.steps; g++) {
		v = group_rate(s, g, group);
		if (!isnan(v))
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				x_of(f, group_time(s, g, group)),
				y_of(f, panel->value(p, v)), line_color(p, s));
	}
}

/* Defined with the legend, where it always was. */
static bool put_escaped(FILE *out, const char *text);

/*
 * The series' steps as data: where it starts (data-start-sec), the step
 * (data-step-sec) and each step's rate in the panel's unit (data-rates),
 * so that what the line shows can be checked against the phase's figures:
 * the rates times the step add up to its MiB (or files).
 */
static void put_steps(FILE *out, const struct plot *p, const struct panel *panel,
		      const struct plot_series *s)
{
	size_t i;

	fprintf(out, " data-start-sec=\"%.6f\" data-end-sec=\"%.6f\" data-step-sec=\"%g\" data-rates=\"",
		s->start_sec, s->end_sec, FIO_LOG_MSEC / 1000.0);
	for (i = 0; i < s->rates.steps; i++)
		fprintf(out, "%s%.9g", i ? " " : "",
			isnan(s->rates.sum[i]) ? 0 : panel->value(p, s->rates.sum[i]));
	fputc('"', out);
}

/* False when out of memory. */
static bool draw_panel(FILE *out, const struct plot *p, const struct panel *panel,
		       const char *name, double top, double x_max, bool phase_labels)
{
	struct frame f = { top, x_max, panel_max(p, panel) * 1.1 };
	size_t i;

	if (f.y_max <= 0)
		f.y_max = 1;
	/* Round the top up to a tick, so the highest gridline is the frame. */
	f.y_max = ceil(f.y_max / tick_step(f.y_max, 5)) * tick_step(f.y_max, 5);
	fprintf(out, "<g class=\"panel\" data-panel=\"%s\">\n", name);
	draw_bands(out, p, &f, phase_labels);
	draw_axes(out, &f, panel->title);
	for (i = 0; i < p->count; i++) {
		fprintf(out, "<g class=\"series\" data-phase=\"%s\" data-iteration=\"%u\"",
			phase_section(p->series[i].phase), p->series[i].iteration);
		if (p->series[i].host) {
			fprintf(out, " data-host=\"");
			if (!put_escaped(out, p->series[i].host))
				return false;
			fputc('"', out);
		}
		put_steps(out, p, panel, &p->series[i]);
		fprintf(out, "><title>%s, iteration %u", phase_name(p->series[i].phase),
			p->series[i].iteration);
		if (p->series[i].host) {
			fprintf(out, ", client host ");
			if (!put_escaped(out, p->series[i].host))
				return false;
		}
		fprintf(out, "%s</title>\n", drawn_as_mean(&p->series[i]) ?
			": its mean rate, the phase being shorter than two steps" : "");
		draw_line(out, p, panel, &f, &p->series[i]);
		fprintf(out, "</g>\n");
	}
	fprintf(out, "</g>\n");
	return true;
}

/* A panel of --latency-intervals: one value per interval with I/O. */
struct interval_panel {
	const char *name;
	const char *title;
	double (*value)(const struct interval_series *s, size_t k);
};

static double interval_iops(const struct interval_series *s, size_t k)
{
	return (double)s->samples[k].ios * 1000.0 / s->interval_ms;
}

static double interval_p99_ms(const struct interval_series *s, size_t k)
{
	return s->samples[k].ios ? s->samples[k].p99_ns / 1e6 : NAN;
}

static const struct interval_panel interval_panels[] = {
	{ "iops", "IOPS", interval_iops },
	{ "p99", "Latency p99 (ms)", interval_p99_ms },
};

static double interval_max(const struct plot *p, const struct interval_panel *panel)
{
	const struct interval_series *s;
	double max = 0, v;
	size_t i, k;

	for (i = 0; i < p->count; i++) {
		s = p->series[i].intervals;
		for (k = 0; s && k < s->count; k++) {
			v = panel->value(s, k);
			if (!isnan(v) && v > max)
				max = v;
		}
	}
	return max;
}

/*
 * One series' intervals: a point at each interval's end, its values as
 * data (data-interval-sec, data-values: NAN as "-" where none), so the
 * IOPS times the interval add up to what fio logged.
 */
static bool draw_intervals(FILE *out, const struct plot *p,
			   const struct interval_panel *panel,
			   const struct frame *f, const struct plot_series *ps)
{
	const struct interval_series *s = ps->intervals;
	size_t k, points = 0;
	double v;

	fprintf(out, "<g class=\"series\" data-phase=\"%s\" data-iteration=\"%u\"",
		phase_section(ps->phase), ps->iteration);
	if (ps->host) {
		fprintf(out, " data-host=\"");
		if (!put_escaped(out, ps->host))
			return false;
		fputc('"', out);
	}
	fprintf(out, " data-start-sec=\"%.6f\" data-interval-sec=\"%g\" data-values=\"",
		ps->start_sec, s->interval_ms / 1000.0);
	for (k = 0; k < s->count; k++) {
		v = panel->value(s, k);
		if (isnan(v))
			fprintf(out, "%s-", k ? " " : "");
		else
			fprintf(out, "%s%.9g", k ? " " : "", v);
	}
	fprintf(out, "\"><title>%s, iteration %u</title>\n", phase_name(ps->phase),
		ps->iteration);
	fprintf(out, "<polyline class=\"rate%s\" stroke=\"%s\" points=\"",
		ps->host ? " host" : "", line_color(p, ps));
	for (k = 0; k < s->count; k++) {
		v = panel->value(s, k);
		if (!isnan(v))
			fprintf(out, "%s%.1f,%.1f", points++ ? " " : "",
				x_of(f, ps->start_sec + s->samples[k].end_sec),
				y_of(f, v));
	}
	fprintf(out, "\"/>\n</g>\n");
	return true;
}

static bool draw_interval_panel(FILE *out, const struct plot *p,
				const struct interval_panel *panel, double top,
				double x_max)
{
	struct frame f = { top, x_max, interval_max(p, panel) * 1.1 };
	size_t i;

	if (f.y_max <= 0)
		f.y_max = 1;
	f.y_max = ceil(f.y_max / tick_step(f.y_max, 5)) * tick_step(f.y_max, 5);
	fprintf(out, "<g class=\"panel\" data-panel=\"%s\">\n", panel->name);
	draw_bands(out, p, &f, false);
	draw_axes(out, &f, panel->title);
	for (i = 0; i < p->count; i++)
		if (p->series[i].intervals &&
		    !draw_intervals(out, p, panel, &f, &p->series[i]))
			return false;
	fprintf(out, "</g>\n");
	return true;
}

/* Any bytes as XML text: UTF-8 (utf8safe.h), then XML's own escapes;
 * false when out of memory. */
static bool put_escaped(FILE *out, const char *text)
{
	char *safe = utf8_safe(text), *c;

	if (!safe)
		return false;
	for (c = safe; *c; c++) {
		if (*c == '&')
			fputs("&amp;", out);
		else if (*c == '"')
			fputs("&quot;", out);
		else if (*c == '<')
			fputs("&lt;", out);
		else if (*c == '>')
			fputs("&gt;", out);
		else
			fputc(*c, out);
	}
	free(safe);
	return true;
}

/* Under --via the lines' colours name the clients. */
static void draw_client_legend(FILE *out, const struct plot *p)
{
	bool shown[VIA_CLIENTS] = { false };
	int x = LEFT;
	size_t i;

	for (i = 0; i < p->count; i++) {
		if (shown[p->series[i].client])
			continue;
		shown[p->series[i].client] = true;
		fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"76\" y2=\"76\" class=\"rate\" stroke=\"%s\"/>\n",
			x, x + 22, client_colors[p->series[i].client]);
		fprintf(out, "<text x=\"%d\" y=\"80\">through %s</text>\n", x + 30,
			via_name(p->series[i].client));
		x += 200;
	}
}

/* With --clients, each host's line beside the one of all hosts. */
static void draw_host_legend(FILE *out, const struct plot *p, int x)
{
	size_t i;

	for (i = 0; i < p->count && !p->series[i].host; i++)
		;
	if (i == p->count)
		return;
	fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"54\" y2=\"54\" class=\"rate host\" stroke=\"#333\"/>\n",
		x, x + 22);
	fprintf(out, "<text x=\"%d\" y=\"58\">each client host (thick: all)</text>\n",
		x + 30);
}

static void draw_legend(FILE *out, const struct plot *p)
{
	enum phase phase;
	int x = LEFT;

	if (p->by_client)
		draw_client_legend(out, p);

	for (phase = PHASE_WRITE; phase <= PHASE_READ; phase++, x += 260) {
		fprintf(out, "<rect x=\"%d\" y=\"48\" width=\"22\" height=\"12\" fill=\"%s\"/>\n",
			x, band_colors[phase]);
		fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"54\" y2=\"54\" class=\"rate\" stroke=\"%s\"/>\n",
			x, x + 22, phase_colors[phase]);
		fprintf(out, "<text x=\"%d\" y=\"58\">%s phase %s1, %s2, ... (iteration)</text>\n",
			x + 30, phase_name(phase), phase_letter(phase),
			phase_letter(phase));
	}
	draw_host_legend(out, p, x);
}

int plot_write_svg(FILE *out, const struct plot *p)
{
	int rate_panels = p->file_size ? 2 : 1;
	int panels = rate_panels + (p->intervals ? 2 : 0);
	int height = TOP + panels * PANEL_HEIGHT + (panels - 1) * PANEL_GAP + BOTTOM;
	double x_max = 0;
	size_t i;

	for (i = 0; i < p->count; i++)
		if (series_end(&p->series[i]) > x_max)
			x_max = series_end(&p->series[i]);
	x_max = x_max > 0 ? ceil(x_max / tick_step(x_max, 10)) * tick_step(x_max, 10) : 1;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n",
		WIDTH, height, WIDTH, height);
	fprintf(out, "<style>.grid{stroke:#ddd} .axis{stroke:#333} .frame{fill:none;stroke:#333} "
		".rate{fill:none;stroke-width:2} .mean{stroke-dasharray:6 3} .host{stroke-width:1;stroke-opacity:0.6} .label{font-size:14px} "
		".phase{font-weight:bold} .title{font-size:17px;font-weight:bold}</style>\n");
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text x=\"%d\" y=\"28\" class=\"title\">", LEFT);
	if (!put_escaped(out, p->title))
		return -1;
	fprintf(out, "</text>\n");
	draw_legend(out, p);
	if (p->file_size &&
	    !draw_panel(out, p, &bandwidth_panel, "bandwidth", TOP, x_max, true))
		return -1;
	if (!draw_panel(out, p, &file_rate_panel, "file-rate",
			TOP + (rate_panels - 1) * (PANEL_HEIGHT + PANEL_GAP), x_max,
			rate_panels == 1))
		return -1;
	for (i = 0; p->intervals && i < 2; i++)
		if (!draw_interval_panel(out, p, &interval_panels[i],
					 TOP + (rate_panels + (int)i) * (PANEL_HEIGHT + PANEL_GAP),
					 x_max))
			return -1;
	fprintf(out, "</svg>\n");
	return ferror(out) ? -1 : 0;
}
