// SPDX-License-Identifier: GPL-2.0-only
/*
 * --latency-intervals: fio's completion latency histogram logs read into
 * IOPS and percentiles per interval.  t/data/hist-clat-job{1,2}.txt are
 * fio 3.33's own (two psync jobs at 1000 IOPS each for 1 s,
 * log_hist_msec=300, log_unix_epoch=1); each job's JSON said 1000 I/Os,
 * clat min 1530 and 1446 ns, max 23615 and 22669 ns.
 * t/data/hist-sent-cut-end.txt came through fio 3.33's --client from a
 * job of 4096 4 KiB writes (log_hist_msec=50) whose host's clat max was
 * 36.4022 ms: its last line lost its end on the way, and its top
 * buckets hold what fio --client's buffer held before.
 */
#include "config.h"

#include <sys/stat.h>
#include <unistd.h>

#include "intervals.h"
#include "tap.h"

#define FIRST_WINDOW_MS 1796518549707.0
#define WINDOW_MS 300

static FILE *data(const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/t/data/%s", TOP_SRCDIR, name);
	return fopen(path, "r");
}

static void test_buckets(void)
{
	unsigned int idx;
	bool exact = true;

	for (idx = 0; idx < 2 * FIO_PLAT_VAL; idx++)
		exact = exact && plat_idx_to_val(idx) == idx;
	ok(exact, "below 128 ns a bucket is its value");
	/* Group 1 (128..255 ns) has buckets 2 ns wide: the middle. */
	is_int((long long)plat_idx_to_val(2 * FIO_PLAT_VAL), 129, "bucket 128 is 128..129 ns");
	/* The last group: 2^33 ns upward in buckets of 2^27 ns. */
	is_int((long long)plat_idx_to_val(FIO_PLAT_NR - 1),
	       (1LL << 33) + (long long)(63.5 * (double)(1LL << 27)),
	       "the last bucket as fio's plat_idx_to_val has it");
}

/* A histogram line with @count I/Os in bucket @idx, at @msec. */
static char *hist_line(double msec, unsigned int idx, unsigned int count)
{
	size_t len = 64 + 3 * FIO_PLAT_NR, n;
	char *line = malloc(len);
	unsigned int i;

	n = (size_t)snprintf(line, len, "%.0f, 0, 4096", msec);
	for (i = 0; i < FIO_PLAT_NR; i++)
		n += (size_t)snprintf(line + n, len - n, ", %u", i == idx ? count : 0);
	snprintf(line + n, len - n, "\n");
	return line;
}

static void test_parse(void)
{
	uint64_t *bins = calloc(FIO_PLAT_NR, sizeof(*bins));
	char *line = hist_line(1500, 7, 3), *cut;
	double msec;

	ok(hist_line_parse(line, &msec, bins) && msec == 1500 && bins[7] == 3 &&
	   bins[6] == 0, "a line: its time and the count in its bucket");
	cut = strrchr(line, ',');
	*cut = '\n';
	cut[1] = '\0';
	ok(!hist_line_parse(line, &msec, bins), "a bucket short is refused");
	ok(!hist_line_parse("1500, 0, 4096, 1, x\n", &msec, bins),
	   "a line that is no histogram is refused");
	free(line);
	free(bins);
}

static void test_fio_logs(void)
{
	FILE *logs[2] = { data("hist-clat-job1.txt"), data("hist-clat-job2.txt") };
	struct interval_series s = { 0 };
	const struct interval_sample *w;
	size_t i;

	ok(logs[0] && logs[1] &&
	   interval_series_read(&s, logs, 2, false, FIRST_WINDOW_MS - WINDOW_MS, WINDOW_MS),
	   "fio's two logs read");
	is_int((long long)s.count, 3, "a sample per window fio logged");
	/* fio logs no window for the last partial one: 3 of 1 s's 1000. */
	is_int((long long)s.logged_ios, 2 * (302 + 300 + 300), "the windows' I/Os");
	for (i = 0; i < s.count; i++) {
		w = &s.samples[i];
		ok(w->end_sec == (double)(i + 1) * WINDOW_MS / 1000.0,
		   "interval %zu ends %zu windows after the base", i + 1, i + 1);
		ok(w->min_ns <= w->p50_ns && w->p50_ns <= w->p99_ns &&
		   w->p99_ns <= w->p999_ns && w->p999_ns <= w->max_ns,
		   "interval %zu: min <= p50 <= p99 <= p99.9 <= max", i + 1);
		/* A bucket's value is within 1/128 of the latencies in it. */
		ok(w->min_ns >= 1446 - 1446 / 128 && w->max_ns <= 23615 + 23615 / 128,
		   "interval %zu: within the jobs' min and max (fio's JSON)", i + 1);
	}
	/* The two jobs' windows merged, percentiles by fio's rule (worked
	 * out from the logs' counts when they were captured). */
	w = &s.samples[0];
	ok(w->ios == 604 && w->min_ns == 1448 && w->p50_ns == 3600 &&
	   w->p99_ns == 20096 && w->p999_ns == 23680 && w->max_ns == 23680,
	   "the first interval: both jobs' windows merged");
	w = &s.samples[2];
	ok(w->ios == 600 && w->min_ns == 1624 && w->p50_ns == 3152 &&
	   w->p99_ns == 18304 && w->p999_ns == 22656,
	   "the last interval: both jobs' windows merged");
	interval_series_free(&s);
	for (i = 0; i < 2; i++)
		if (logs[i])
			fclose(logs[i]);
}

static FILE *text_log(char *const *lines, size_t n)
{
	FILE *f = tmpfile();
	size_t i;

	for (i = 0; i < n; i++)
		fputs(lines[i], f);
	rewind(f);
	return f;
}

static void test_gaps(void)
{
	/* Windows ending near 1 s, 3 s and, on a clock that went back, 2 s. */
	char *lines[3] = { hist_line(1010, 200, 4), hist_line(2990, 300, 2),
			   hist_line(1990, 300, 1) };
	FILE *log = text_log(lines, 3);
	struct interval_series s = { 0 };
	size_t i;

	ok(interval_series_read(&s, &log, 1, false, 0, 1000), "a log with a gap read");
	ok(s.count == 3 && s.samples[0].ios == 4 && s.samples[1].ios == 0 &&
	   s.samples[1].p99_ns == 0 && s.samples[2].ios == 3,
	   "an interval no window ended in has no I/O; a late window counts in the one being filled");
	ok(s.samples[0].p50_ns == plat_idx_to_val(200) &&
	   s.samples[2].max_ns == plat_idx_to_val(300),
	   "percentiles are the buckets' values");
	interval_series_free(&s);
	fclose(log);
	log = text_log((char *[]){ "1000, 0, 4096, 1\n" }, 1);
	ok(!interval_series_read(&s, &log, 1, false, 0, 1000), "a malformed log is refused");
	interval_series_free(&s);
	fclose(log);
	for (i = 0; i < 3; i++)
		free(lines[i]);
}

/* Windows of 2, 3, 5 and 1 I/Os in one bucket: cumulative 2, 5, 10, 11.
 * fio's server sends 2, 5 - 2 = 3, 10 - 3 = 7, then 11 - 7 = 4. */
static void test_sent(void)
{
	char *lines[4] = { hist_line(1000, 150, 2), hist_line(2000, 150, 3),
			   hist_line(3000, 150, 7), hist_line(4000, 150, 4) };
	FILE *log = text_log(lines, 4);
	struct interval_series s = { 0 };
	size_t i;

	ok(interval_series_read(&s, &log, 1, true, 0, 1000) && s.count == 3 &&
	   s.samples[0].ios == 2 && s.samples[1].ios == 3 && s.samples[2].ios == 5,
	   "through fio --client: each window as the job counted it, but the last");
	interval_series_free(&s);
	rewind(log);
	ok(interval_series_read(&s, &log, 1, false, 0, 1000) && s.count == 4 &&
	   s.samples[2].ios == 7 && s.samples[3].ios == 4,
	   "... not so for a log written where the job ran");
	interval_series_free(&s);
	fclose(log);
	log = text_log((char *[]){ lines[1], lines[0], lines[0], lines[0] }, 4);
	ok(!interval_series_read(&s, &log, 1, true, 0, 1000),
	   "a sent log that cannot be one is refused");
	interval_series_free(&s);
	fclose(log);
	log = text_log(lines, 1);
	ok(interval_series_read(&s, &log, 1, true, 0, 1000) && s.count == 0 &&
	   s.logged_ios == 0, "a sent log of one line: no window");
	interval_series_free(&s);
	fclose(log);
	for (i = 0; i < 4; i++)
		free(lines[i]);
}

static void test_sent_cut_end(void)
{
	FILE *log = data("hist-sent-cut-end.txt");
	struct interval_series s = { 0 };
	uint64_t max_ns = 0;
	size_t i;

	ok(log && interval_series_read(&s, &log, 1, true, 1796589147958.0 - 50, 50),
	   "a sent log whose last line lost its end read");
	for (i = 0; i < s.count; i++)
		if (s.samples[i].max_ns > max_ns)
			max_ns = s.samples[i].max_ns;
	/* The other nine lines' windows, as the log's counts give them. */
	is_int((long long)s.logged_ios, 3073, "... its other windows' I/Os");
	is_int((long long)max_ns, (long long)plat_idx_to_val(plat_val_to_idx(36402200)),
	       "... none above the host's max latency");
	interval_series_free(&s);
	if (log)
		fclose(log);
}

static void test_collect(void)
{
	char dir[] = "/tmp/unit-intervals.XXXXXX";
	char *a = hist_line(1000, 100, 5), *b = hist_line(1000, 100, 7);
	struct interval_series s = { 0 };
	struct stat st;
	char path[256];

	ok(mkdtemp(dir) != NULL, "a directory for the logs");
	write_file(dir, "lat-h1_clat_hist.1.log.host1", a);
	write_file(dir, "lat-h2_clat_hist.1.log.host2", b);
	write_file(dir, "rate-h1_bw.1.log.host1", "1000, 1, 1, 4096, 0\n");
	ok(interval_series_collect(&s, dir, LATENCY_LOG_NAME "-h1_", 1, false, 0, 1000) &&
	   s.count == 1 && s.samples[0].ios == 5, "one host's logs by their prefix");
	interval_series_free(&s);
	ok(interval_series_collect(&s, dir, LATENCY_LOG_NAME, 2, false, 0, 1000) &&
	   s.samples[0].ios == 12, "every host's, merged");
	interval_series_free(&s);
	ok(!interval_series_collect(&s, dir, LATENCY_LOG_NAME, 3, false, 0, 1000),
	   "a job's log missing: no series");
	interval_series_free(&s);
	ok(!interval_series_collect(&s, dir, LATENCY_LOG_NAME "-h3_", 1, false, 0, 1000),
	   "no log: no series");
	interval_series_free(&s);
	latency_logs_remove(dir);
	snprintf(path, sizeof(path), "%s/rate-h1_bw.1.log.host1", dir);
	ok(!interval_series_collect(&s, dir, LATENCY_LOG_NAME, 2, false, 0, 1000) &&
	   stat(path, &st) == 0, "the histogram logs removed, the others left");
	unlink(path);
	rmdir(dir);
	free(a);
	free(b);
}

int main(void)
{
	test_buckets();
	test_parse();
	test_fio_logs();
	test_gaps();
	test_sent();
	test_sent_cut_end();
	test_collect();
	return done_testing();
}
