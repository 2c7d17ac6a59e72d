// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: fio's output file as the tool reads it, both ways.
 *  - While fio runs, every document in it is taken for a status document
 *    and turned into a progress line (tool/bench.c's on_status).
 *  - When fio has ended, reduce_phase makes the phase result from it.
 * Each for a write phase of data and a read phase of size 0, the two ways
 * a job's files are counted.
 * The input is the whole output file, NULs and all; from its first NUL on
 * it is also fio's stderr, where the reducer looks for error messages.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fioresult.h"
#include "options.h"
#include "progress.h"

/* Three threads; the second has no files and so no fio job. */
#define THREADS 3
static const unsigned int files_per_thread[THREADS] = { 3, 0, 2 };

/* Data with a --duration cap, and metadata (size 0) without. */
static const struct reading {
	struct phase_plan plan;
	unsigned int duration;
} readings[] = {
	{ { PHASE_WRITE, THREADS, files_per_thread, 256 << 10 }, 60 },
	{ { PHASE_READ, THREADS, files_per_thread, 0 }, 0 },
};

struct status_reader {
	const struct phase_plan *plan;
	struct progress progress;
};

static void show_status(struct json_object *doc, void *ctx)
{
	struct status_reader *reader = ctx;
	struct phase_totals totals;
	char line[256];

	if (phase_totals_of(doc, reader->plan, &totals))
		progress_update(&reader->progress, &totals, false, line,
				sizeof(line));
}

static void skip_line(const char *line, size_t len, void *ctx)
{
}

/* As --progress reads it, with every percent a step. */
static void read_status(const char *output, size_t len,
			const struct reading *reading)
{
	struct status_reader reader = { .plan = &reading->plan };
	struct bench_options o;

	options_init(&o, "fio", "/engine.so");
	o.threads = THREADS;
	o.files = 5;
	o.size = reading->plan.size;
	o.duration = reading->duration;
	o.progress_interval = 1;
	progress_init(&reader.progress, &o, reading->plan.phase, o.files);
	fio_output_split(output, len, show_status, skip_line, &reader);
}

static void reduce(const char *output, size_t len, const char *stderr_text,
		   const struct phase_plan *plan)
{
	unsigned int completed[THREADS];
	struct phase_result r;

	reduce_phase(output, len, stderr_text, 0, plan, &r, completed);
	/* Never a figure without I/O behind it, never a failure without why. */
	if (r.failed ? !r.error[0] : !r.totals.ios)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *output = (const char *)data, *nul = memchr(data, '\0', size);
	char *stderr_text = NULL;
	size_t i;

	if (nul) {
		stderr_text = strndup(nul + 1, size - (size_t)(nul + 1 - output));
		if (!stderr_text)
			return 0;
	}
	for (i = 0; i < sizeof(readings) / sizeof(readings[0]); i++) {
		read_status(output, size, &readings[i]);
		reduce(output, size, stderr_text, &readings[i].plan);
	}
	free(stderr_text);
	return 0;
}
