// SPDX-License-Identifier: GPL-2.0-only
/*
 * --plot: fio's per-I/O logs summed into steps, and the SVG drawn from
 * them.
 */
#include "config.h"

#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fiolog.h"
#include "plot.h"
#include "tap.h"

/*
 * Two jobs' per-I/O bandwidth logs as fio writes them under
 * log_unix_epoch: completion (ms), bytes * 10^6 / latency (ns),
 * direction, bytes, offset.  1 MiB I/Os of 10 ms each.
 */
static const char job1[] = "1000099, 104857, 1, 1048576, 0\n1000199, 104857, 1, 1048576, 1048576\n"
			   "1000500, 104857, 1, 1048576, 2097152\n";
static const char job2[] = "1000101, 104857, 1, 1048576, 0\n1000200, 104857, 1, 1048576, 1048576\n";

static int near(double got, double want)
{
	return fabs(got - want) <= fabs(want) * 1e-9;
}

static void test_steps(void)
{
	struct rate_steps r = { 0 };

	ok(rate_steps_add_io_log(&r, job1, IO_LOG_BYTES, 1000000) &&
	   rate_steps_add_io_log(&r, job2, IO_LOG_BYTES, 1000000), "two jobs' logs read");
	ok(r.steps == 6, "steps up to the last completion at 500 ms (%zu)", r.steps);
	/* A step is 0.1 s: 1 MiB in it is 10240 KiB/s. */
	ok(near(r.sum[1], 10240) && near(r.sum[2], 3 * 10240),
	   "each I/O in the step it completed in ((k-1)..k], its bytes as KiB/s");
	ok(isnan(r.sum[0]) && isnan(r.sum[3]) && isnan(r.sum[4]) && near(r.sum[5], 10240),
	   "a step no I/O completed in has none added");
	ok(!rate_steps_add_io_log(&r, "fio: something else\n", IO_LOG_BYTES, 0),
	   "a line that is no sample is refused");
	rate_steps_free(&r);
}

static void test_collect(void)
{
	char dir[] = "/tmp/unit-plot.XXXXXX", path[256];
	struct rate_steps r = { 0 }, host = { 0 };
	struct io_span span = { 0 };

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		exit(1);
	}
	/* fio --client names a host's log after the host's address. */
	write_file(dir, "rate-127.0.0.1_8801_bw.1.log.127.0.0.1", job1);
	write_file(dir, "rate-localhost_8802_bw.1.log.localhost", job2);
	write_file(dir, "bench.fio", "[global]\n");
	ok(rate_steps_collect_io(&r, dir, RATE_LOG_NAME, 1000000) &&
	   near(r.sum[2], 3 * 10240) && r.sum[4] == 0,
	   "the logs of every host summed; steps without an I/O are 0");
	ok(rate_steps_collect_io(&host, dir, RATE_LOG_NAME "-localhost_8802_", 1000000) && host.steps == 3 && near(host.sum[2], 2 * 10240),
	   "one host's logs by its prefix");
	io_span_collect(&span, dir, RATE_LOG_NAME "-127.0.0.1_8801_", 1);
	ok(span.bytes == 3 << 20 && fabs(span.first_issue_ms - 1000089) < 0.01,
	   "one host's span: from its first I/O's issue (%g)", span.first_issue_ms);
	ok(!io_span_collect(&span, dir, RATE_LOG_NAME "-127.0.0.1_8801_", 2),
	   "... none where a job's log is missing");
	snprintf(path, sizeof(path), "%s/rate-localhost_8802_bw.1.log.localhost", dir);
	ok(access(path, F_OK) == 0, "logs read are kept for the next reader");
	rate_logs_remove(dir);
	ok(access(path, F_OK) != 0, "... until removed: the next phase's are new");
	snprintf(path, sizeof(path), "%s/bench.fio", dir);
	ok(access(path, F_OK) == 0, "other files are left alone");
	unlink(path);
	rmdir(dir);
	rate_steps_free(&r);
	rate_steps_free(&host);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (; (text = strstr(text, what)); text++)
		n++;
	return n;
}

/* The x,y pairs of a points="..." attribute, from its first point. */
static size_t points_of(const char *points)
{
	size_t n = 0;

	for (; *points && *points != '"'; points++)
		n += *points == ',';
	return n;
}

static char *draw(struct plot *p)
{
	char *svg = NULL;
	size_t len;
	FILE *f = open_memstream(&svg, &len);

	plot_write_svg(f, p);
	fclose(f);
	return svg;
}

/* --latency-intervals: two more panels, a point per interval. */
static void test_interval_panels(void)
{
	struct interval_sample samples[] = {
		{ 0.5, 100, 1000, 2000, 4000000, 5000000, 6000000 },
		{ 1.0, 0, 0, 0, 0, 0, 0 },
		{ 1.5, 50, 1000, 2000, 3000000, 5000000, 6000000 },
	};
	struct interval_series iv = { 500, samples, 3, 150 };
	struct plot p = { .file_size = 1 << 20, .intervals = true };
	struct plot_series *s;
	char *svg;

	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 1, 0.5, 2.0, 30000);
	rate_steps_add_io_log(&s->rates, job1, IO_LOG_BYTES, 1000000);
	s->intervals = &iv;
	plot_add_series(&p, VIA_LIBCEPHFS, PHASE_READ, 1, 2.0, 2.3, 30000);
	svg = draw(&p);
	is_int(count(svg, "<g class=\"panel\""), 4, "bandwidth, file rate, IOPS and p99 panels");
	ok(strstr(svg, "data-panel=\"iops\"") && strstr(svg, ">IOPS</text>") &&
	   strstr(svg, "data-panel=\"p99\"") && strstr(svg, ">Latency p99 (ms)</text>"),
	   "the interval panels named, their axes titled");
	ok(strstr(svg, "data-interval-sec=\"0.5\" data-values=\"200 0 100\"") != NULL,
	   "IOPS per interval as data: its I/Os over the interval");
	ok(strstr(svg, "data-values=\"4 - 3\"") != NULL,
	   "p99 (ms) per interval, none where no I/O completed");
	is_int(count(svg, "data-interval-sec="), 2,
	       "a series with intervals in each of their panels, none for the one without");
	free(svg);
	plot_free(&p);
}

static void test_svg(void)
{
	struct plot p = { .file_size = 1 << 20 };
	struct plot_series *s;
	char *svg, *points, line[64];
	size_t i;

	snprintf(p.title, sizeof(p.title), "run <a> & b");
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 1, 0.5, 1.0, 30000);
	rate_steps_add_io_log(&s->rates, job1, IO_LOG_BYTES, 1000000);
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_READ, 1, 2.0, 2.3, 30000);
	rate_steps_add_io_log(&s->rates, job2, IO_LOG_BYTES, 1000000);
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_READ, 1, 2.0, 2.3, 30000);
	s->host = "load<1>:8765";
	rate_steps_add_io_log(&s->rates, job1, IO_LOG_BYTES, 1000000);
	svg = draw(&p);
	ok(!strncmp(svg, "<?xml", 5) && count(svg, "<svg ") == 1 &&
	   count(svg, "</svg>") == 1, "one SVG document");
	is_int(count(svg, "<g class=\"panel\""), 2, "data: a bandwidth and a file rate panel");
	is_int(count(svg, "<g class=\"series\""), 6, "a series per phase and host in each panel");
	/* The legend's 2, then per panel a band per phase and the frame. */
	is_int(count(svg, "<rect x="), 2 + 2 * (2 + 1), "bands for the phases, not for a host's line");
	ok(strstr(svg, "client host load&lt;1&gt;:8765</title>") &&
	   strstr(svg, "class=\"rate host\"") && strstr(svg, "each client host"),
	   "a host's line: thin, named, in the legend");
	ok(strstr(svg, "data-start-sec=\"0.500000\" data-end-sec=\"1.000000\" data-step-sec=\"0.1\" data-rates=\"0 10 10 0 0 10\"") != NULL,
	   "the series' steps as data, in the panel's unit (MiB/s)");
	ok(strstr(svg, "data-phase=\"read\" data-iteration=\"1\"") != NULL,
	   "series named by phase and iteration");
	ok(strstr(svg, "Bandwidth (MiB/s)") && strstr(svg, "File rate (files/s)") &&
	   strstr(svg, "Time since the benchmark started (s)"), "axis titles with units");
	ok(strstr(svg, ">W1</text>") && strstr(svg, ">R1</text>"), "phase labels");
	ok(strstr(svg, "run &lt;a&gt; &amp; b") != NULL, "the title is escaped");
	free(svg);

	/* XML 1.0 allows neither invalid UTF-8 nor control characters */
	snprintf(p.title, sizeof(p.title), "run \xff\x01\xe2\x82 <a> 50%% \xc3\xa9");
	svg = draw(&p);
	ok(strstr(svg, ">run %FF%01%E2%82 &lt;a&gt; 50%25 \xc3\xa9</text>") != NULL,
	   "bytes that are not UTF-8 and control characters: %%XX, as in the JSON");
	free(svg);

	p.file_size = 0;
	svg = draw(&p);
	is_int(count(svg, "<g class=\"panel\""), 1, "size 0: the file rate panel alone");
	free(svg);
	plot_free(&p);

	/* A long phase: its steps averaged into at most 800 points. */
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 1, 0, 500, 1024);
	for (i = 0; i < 5000; i++) {
		snprintf(line, sizeof(line), "%zu, 1024, 1, 1024, 0\n", (i + 1) * 100);
		rate_steps_add_io_log(&s->rates, line, IO_LOG_BYTES, 0);
	}
	svg = draw(&p);
	points = strstr(svg, "points=\"");
	ok(points && points_of(points + 8) <= 800,
	   "5000 steps drawn as at most 800 points (%zu)", points ? points_of(points + 8) : 0);
	ok(!strstr(svg, "<circle"), "and without markers hiding the line");
	free(svg);
	plot_free(&p);
}

/* The points="..." of the @n-th polyline of @svg, NULL past the last. */
static const char *nth_points(const char *svg, int n)
{
	const char *at = svg;

	for (; (at = strstr(at, "<polyline")); at++)
		if (n-- == 0)
			return strstr(at, "points=\"") + 8;
	return NULL;
}

/* Phases shorter than fio's log step: drawn at their reported rate. */
static void test_short_phases(void)
{
	struct plot p = { .file_size = 1 << 20 };
	struct plot_series *s;
	const char *points;
	double y0 = 0, y1 = -1;
	char *svg;

	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 1, 0, 0.06, 2048);
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_READ, 1, 0.1, 0.25, 4096);
	rate_steps_add_io_log(&s->rates, "1099, 1000, 0, 4096, 0\n", IO_LOG_BYTES, 1000);
	plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 2, 0.3, 0.4, NAN);
	svg = draw(&p);
	points = nth_points(svg, 0);
	ok(points && points_of(points) == 2 && strstr(svg, "class=\"rate mean\""),
	   "no sample: a flat line of two points at the phase's rate");
	ok(points && !strncmp(points, "90.0,", 5),
	   "... from the phase's start (%.12s)", points ? points : "");
	ok(points && sscanf(points, "%*f,%lf %*f,%lf", &y0, &y1) == 2 && y0 == y1,
	   "... level");
	points = nth_points(svg, 1);
	ok(points && points_of(points) == 2, "one sample: the phase's rate too");
	points = nth_points(svg, 2);
	ok(points && *points == '"', "a failed phase (no rate): nothing drawn");
	ok(strstr(svg, "iteration 1: its mean rate") != NULL,
	   "the series says it shows the mean");
	free(svg);
	plot_free(&p);
}

/* --clients: per-I/O logs on the hosts' clock, in steps that add up to
 * the bytes exactly, from the aggregate's start. */
static void test_io_logs(void)
{
	static const char host1[] =
		"1000050, 100000, 1, 4000000, 0\n1000170, 50000, 1, 4000000, 4000000\n";
	static const char host2[] = "1000260, 100000, 1, 1000000, 0\n";
	struct rate_steps r = { 0 };
	struct io_span s = { 0 };
	double kib = 0;
	size_t i;

	ok(io_span_add_log(&s, host1, IO_LOG_BYTES) && io_span_add_log(&s, host2, IO_LOG_BYTES),
	   "per-I/O logs read");
	/* 4000000 bytes at 100000 bytes*10^6/ns took 40 ms: issued at 1000010. */
	ok(fabs(s.first_issue_ms - 1000010) < 1e-6 && s.last_done_ms == 1000260 &&
	   s.bytes == 9000000 && s.ios == 3,
	   "span: first issue (completion less latency) to last completion");
	ok(rate_steps_add_io_log(&r, host1, IO_LOG_BYTES, s.first_issue_ms) &&
	   rate_steps_add_io_log(&r, host2, IO_LOG_BYTES, s.first_issue_ms),
	   "... into steps from the first issue");
	for (i = 0; i < r.steps; i++)
		kib += isnan(r.sum[i]) ? 0 : r.sum[i] * FIO_LOG_MSEC / 1000.0;
	ok(fabs(kib * 1024 - 9000000) < 1e-3 && r.steps == 4,
	   "the steps add up to the bytes (%g KiB in %zu steps)", kib, r.steps);
	rate_steps_free(&r);
	ok(!io_span_add_log(&s, "fio: no log\n", IO_LOG_BYTES),
	   "a line that is no sample is refused");
}

/* Size 0: the engines' own latency samples, one a file, in a "_clat" log;
 * fio's "_slat" log beside it holds its fake blocks' and is not counted. */
static void test_op_logs(void)
{
	static const char ops[] = "2000010, 4000000, 1, 0, 0\n2000150, 1000000, 1, 0, 0\n"
				  "2000151, 500000, 1, 0, 0\n";
	char dir[] = "/tmp/unit-plot.XXXXXX", path[256];
	struct rate_steps r = { 0 };
	struct io_span s = { 0 };

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		exit(1);
	}
	write_file(dir, "rate_clat.1.log", ops);
	write_file(dir, "rate_slat.1.log", ops);
	write_file(dir, "rate_lat.1.log", "");
	ok(io_span_collect(&s, dir, RATE_LOG_NAME "_", 1) && s.ios == 3 &&
	   fabs(s.first_issue_ms - 2000006) < 1e-6 && s.last_done_ms == 2000151,
	   "size 0: three operations, the first issued its 4 ms latency before it ended");
	ok(rate_steps_collect_io(&r, dir, RATE_LOG_NAME, s.first_issue_ms),
	   "... read into steps");
	ok(r.steps == 3 && r.sum[0] == 0 && near(r.sum[1], 10) && near(r.sum[2], 20),
	   "... one file each, in files/s, at the step it ended in");
	rate_logs_remove(dir);
	snprintf(path, sizeof(path), "%s/rate_slat.1.log", dir);
	ok(access(path, F_OK) != 0, "fio's other latency logs removed too");
	rmdir(dir);
	rate_steps_free(&r);
}

int main(void)
{
	test_io_logs();
	test_op_logs();
	test_steps();
	test_collect();
	test_svg();
	test_interval_panels();
	test_short_phases();
	return done_testing();
}
