// SPDX-License-Identifier: GPL-2.0-only
/* The --progress line, from fio's status documents. */
#include "config.h"

#include <regex.h>

#include "fioresult.h"
#include "intervals.h"
#include "progress.h"
#include "tap.h"

/* Existing drivers parse the line with a regex like this one. */
#define SHAPE "^\\[[0-9]+%\\](\\[[wr]=[0-9.]+ MiB/s\\])?\\[[wr]=[0-9.]+ files/s\\]\\[eta [0-9]+m:[0-9]{2}s\\]$"

static int shaped(const char *line)
{
	regex_t re;
	int match;

	regcomp(&re, SHAPE, REG_EXTENDED | REG_NOSUB);
	match = !regexec(&re, line, 0, NULL, 0);
	regfree(&re);
	return match;
}

struct collected {
	struct progress progress;
	struct phase_plan plan;
	int docs;
	char lines[16][128];
	int nlines;
};

static void on_doc(struct json_object *doc, void *ctx)
{
	struct collected *c = ctx;
	struct phase_totals totals;

	c->docs++;
	if (phase_totals_of(doc, &c->plan, &totals) && c->nlines < 16 &&
	    progress_update(&c->progress, &totals, false, c->lines[c->nlines], 128))
		c->nlines++;
}

static void ignore_line(const char *line, size_t len, void *ctx)
{
}

/* A real size-0 create phase: 3000 files, fio status each second. */
static void test_status_documents(void)
{
	static const unsigned int files[] = { 1500, 1500 };
	struct bench_options o;
	struct collected c = { .plan = { PHASE_WRITE, 2, files, 0 } };
	size_t len, used;
	char *text = read_data("md-status-write.json", &len);
	int i;

	options_init(&o, "fio", "e.so");
	o.size = 0;
	progress_init(&c.progress, &o, PHASE_WRITE, 3000);
	used = fio_output_split(text, len, on_doc, ignore_line, &c);
	is_int(c.docs, 4, "three status documents and the final one");
	is_int((long long)used, (long long)len, "the whole output consumed");
	ok(c.nlines >= 2, "a line for each new 10%% step (%d lines)", c.nlines);
	for (i = 0; i < c.nlines; i++)
		ok(shaped(c.lines[i]), "shape: %s", c.lines[i]);
	ok(c.nlines && !strncmp(c.lines[c.nlines - 1], "[100%][w=", 9),
	   "the final document reaches 100%%");
	ok(c.nlines && !strstr(c.lines[0], "MiB/s"), "size 0: no throughput");
	free(text);
}

/* --latency-intervals: the same documents, their histograms too. */
static void on_doc_latency(struct json_object *doc, void *ctx)
{
	struct collected *c = ctx;
	struct phase_totals totals;
	struct interval_sample first;

	if (!c->docs++) {
		phase_latency_bins(doc, &c->plan, c->progress.bins);
		hist_summarize(c->progress.bins, &first);
		snprintf(c->lines[15], 128, "[p99=%.3f ms]", first.p99_ns / 1e6);
	}
	ok(phase_latency_bins(doc, &c->plan, c->progress.bins),
	   "document %d has its jobs' latency histograms", c->docs);
	if (phase_totals_of(doc, &c->plan, &totals) && c->nlines < 15 &&
	    progress_update(&c->progress, &totals, false, c->lines[c->nlines], 128))
		c->nlines++;
}

static void test_latency(void)
{
	static const unsigned int files[] = { 1500, 1500 };
	struct bench_options o;
	struct collected c = { .plan = { PHASE_WRITE, 2, files, 0 } };
	size_t len, i;
	char *text = read_data("md-status-write.json", &len);
	uint64_t ios = 0;

	options_init(&o, "fio", "e.so");
	o.size = 0;
	o.latency_intervals = true;
	progress_init(&c.progress, &o, PHASE_WRITE, 3000);
	fio_output_split(text, len, on_doc_latency, ignore_line, &c);
	ok(c.nlines >= 2, "lines with --latency-intervals (%d)", c.nlines);
	for (i = 0; i < (size_t)c.nlines; i++) {
		ok(!strncmp(c.lines[i], "[", 1) && strstr(c.lines[i], " IOPS][p99=") &&
		   strstr(c.lines[i], " ms]") == c.lines[i] + strlen(c.lines[i]) - 4,
		   "ends in its IOPS and p99: %s", c.lines[i]);
	}
	ok(c.nlines && strstr(c.lines[0], c.lines[15]),
	   "the first line's p99 is that of the first document's histogram %s", c.lines[15]);
	for (i = 0; i < FIO_PLAT_NR; i++)
		ios += c.progress.previous_bins[i];
	ok(ios > 0, "the histogram of the last line kept for the next (%llu I/Os)",
	   (unsigned long long)ios);
	free(text);
}

/* A document cut short is left for the next read. */
static void test_partial_document(void)
{
	static const unsigned int files[] = { 1500, 1500 };
	struct bench_options o;
	struct collected c = { .plan = { PHASE_WRITE, 2, files, 0 } };
	size_t len, used;
	char *text = read_data("md-status-write.json", &len);

	options_init(&o, "fio", "e.so");
	progress_init(&c.progress, &o, PHASE_WRITE, 3000);
	used = fio_output_split(text, len / 2, on_doc, ignore_line, &c);
	ok(c.docs >= 1 && used < len / 2 && text[used] == '{',
	   "stops before the unfinished document (%d whole)", c.docs);
	free(text);
}

static void test_data_line(void)
{
	struct bench_options o;
	struct progress p;
	struct phase_totals half = { .bytes = 5 << 20, .files = 5, .runtime_ms = 1000 };
	struct phase_totals more = { .bytes = 6 << 20, .files = 6, .runtime_ms = 1500 };
	struct phase_totals done = { .bytes = 10 << 20, .files = 10, .runtime_ms = 2000 };
	char line[128] = "";

	options_init(&o, "fio", "e.so");
	o.size = 1 << 20;
	o.progress_interval = 25;
	progress_init(&p, &o, PHASE_READ, 10);
	ok(progress_update(&p, &half, false, line, sizeof(line)), "50%% is a new step");
	is_str(line, "[50%][r=5.0 MiB/s][r=5.0 files/s][eta 00m:01s]",
	       "read line: rates so far, eta at that rate");
	ok(!progress_update(&p, &more, false, line, sizeof(line)),
	   "60%%: no new 25%% step, no line");
	ok(progress_update(&p, &done, true, line, sizeof(line)), "the end");
	is_str(line, "[100%][r=5.0 MiB/s][r=5.0 files/s][eta 00m:00s]",
	       "final line: the phase's average");

	o.duration = 10;
	o.progress_interval = 10;
	progress_init(&p, &o, PHASE_WRITE, 1000);
	ok(progress_update(&p, &half, false, line, sizeof(line)),
	   "--duration: time counts towards the percentage");
	is_str(line, "[10%][w=5.0 MiB/s][w=5.0 files/s][eta 00m:09s]",
	       "--duration: eta is the time left");
}

int main(void)
{
	test_status_documents();
	test_partial_document();
	test_data_line();
	test_latency();
	return done_testing();
}
