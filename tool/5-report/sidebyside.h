/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --via with more than one client: every rate and latency of the final
 * reports side by side, each client's mean over its iterations with its
 * ratio to the reference client's (libcephfs where it ran).
 */
#ifndef CEPHFS_TOOL_SIDEBYSIDE_H
#define CEPHFS_TOOL_SIDEBYSIDE_H

#include <stdio.h>

#include "report.h"

/* Four rates, and the mean and p99 latency of both phases. */
#define SIDE_METRICS (SUMMARY_KINDS + 4)

struct side_metric {
	char name[48];
	const char *unit;
	double value[VIA_CLIENTS];	/* per report; NAN: none */
	double ratio[VIA_CLIENTS];	/* to the reference's; NAN: none */
};

/* The reference's place in @reports: the first where it did not run
 * (the run was cut short before it). */
unsigned int side_by_side_reference(const struct bench_report *const *reports,
				    unsigned int n);

/*
 * The metrics that apply to the runs (no throughput for size 0) into
 * @rows; returns how many.  @reports are in --via order.
 */
unsigned int side_by_side(const struct bench_report *const *reports,
			  unsigned int n, struct side_metric *rows);

void report_side_by_side(FILE *out, const struct bench_report *const *reports,
			 unsigned int n);

#endif
