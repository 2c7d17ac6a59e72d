/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --progress: the original tool's live status line,
 *   [45%][w=512.3 MiB/s][w=12.5 files/s][eta 00m:12s]
 * from the totals of fio's status documents (one a second).  With
 * --latency-intervals it ends in the IOPS and p99 latency since the line
 * before (the phase's at its end): [w=1234 IOPS][p99=0.421 ms].
 */
#ifndef CEPHFS_TOOL_PROGRESS_H
#define CEPHFS_TOOL_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "fioresult.h"
#include "intervals.h"
#include "options.h"

struct progress {
	const struct bench_options *o;
	enum phase phase;
	double planned_files;
	int last_step;			/* in progress-interval steps */
	struct phase_totals previous;
	/* --latency-intervals: the histograms of the last status document
	 * and of the one the line before came from (fio's buckets), and the
	 * phase's p99 for its last line. */
	bool latency;
	uint64_t bins[FIO_PLAT_NR];
	uint64_t previous_bins[FIO_PLAT_NR];
	uint64_t phase_p99_ns;
};

void progress_init(struct progress *p, const struct bench_options *o,
		   enum phase phase, unsigned int planned_files);

/*
 * Fill @line when @now (or @finished: the phase is over) reaches a step
 * not shown yet; returns whether it did.
 */
bool progress_update(struct progress *p, const struct phase_totals *now,
		     bool finished, char *line, size_t len);

#endif
