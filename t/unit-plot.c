/*
 * --plot: fio's averaged rate logs summed into steps, and the SVG drawn
 * from them.
 */
#include "config.h"

#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fiolog.h"
#include "plot.h"
#include "tap.h"

/* Two jobs' bandwidth logs as fio writes them (KiB/s), a step apart. */
static const char job1[] = "99, 41373, 1, 0, 0\n199, 30720, 1, 0, 0\n500, 1000, 1, 0, 0\n";
static const char job2[] = "101, 40960, 1, 0, 0\n200, 25600, 1, 0, 0\n";

static void test_steps(void)
{
	struct rate_steps r = { 0 };

	ok(rate_steps_add_log(&r, job1) && rate_steps_add_log(&r, job2),
	   "two jobs' logs read");
	ok(r.steps == 6, "steps up to the last sample at 500 ms (%zu)", r.steps);
	ok(r.sum[1] == 41373 + 40960 && r.sum[2] == 30720 + 25600,
	   "samples of the same moment (99 and 101 ms) add up");
	ok(isnan(r.sum[0]) && isnan(r.sum[3]) && isnan(r.sum[4]) && r.sum[5] == 1000,
	   "steps without a sample stay unknown, not 0");
	ok(!rate_steps_add_log(&r, "fio: something else\n"), "a line that is no sample is refused");
	rate_steps_free(&r);
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void test_collect(void)
{
	char dir[] = "/tmp/unit-plot.XXXXXX", path[256];
	struct rate_steps r = { 0 };

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		exit(1);
	}
	put(dir, "rate_bw.1.log", job1);
	/* fio --client names a host's log after the host's address. */
	put(dir, "rate-127.0.0.1_8801_bw.1.log.127.0.0.1", job2);
	put(dir, "bench.fio", "[global]\n");
	ok(rate_steps_collect(&r, dir) && r.sum[1] == 41373 + 40960,
	   "the logs of every job and host summed");
	snprintf(path, sizeof(path), "%s/rate_bw.1.log", dir);
	ok(access(path, F_OK) != 0, "a log read is removed: the next phase's are new");
	snprintf(path, sizeof(path), "%s/bench.fio", dir);
	ok(access(path, F_OK) == 0, "other files are left alone");
	unlink(path);
	rmdir(dir);
	rate_steps_free(&r);
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

static void test_svg(void)
{
	struct plot p = { .file_size = 1 << 20 };
	struct plot_series *s;
	char *svg, *points, line[64];
	size_t i;

	snprintf(p.title, sizeof(p.title), "run <a> & b");
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_WRITE, 1, 0.5, 1.0, 30000);
	rate_steps_add_log(&s->rates, job1);
	s = plot_add_series(&p, VIA_LIBCEPHFS, PHASE_READ, 1, 2.0, 2.3, 30000);
	rate_steps_add_log(&s->rates, job2);
	svg = draw(&p);
	ok(!strncmp(svg, "<?xml", 5) && count(svg, "<svg ") == 1 &&
	   count(svg, "</svg>") == 1, "one SVG document");
	is_int(count(svg, "<g class=\"panel\""), 2, "data: a bandwidth and a file rate panel");
	is_int(count(svg, "<g class=\"series\""), 4, "a series per phase in each panel");
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
		snprintf(line, sizeof(line), "%zu, 1024, 1, 0, 0\n", (i + 1) * 100);
		rate_steps_add_log(&s->rates, line);
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
	rate_steps_add_log(&s->rates, "99, 1000, 0, 0, 0\n");
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

int main(void)
{
	test_steps();
	test_collect();
	test_svg();
	test_short_phases();
	return done_testing();
}
