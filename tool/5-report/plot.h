/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --plot: bandwidth (MiB/s) and file rate (files/s) over the benchmark's
 * time, one series per phase and iteration, as a self-contained SVG; with
 * --latency-intervals IOPS and p99 latency per interval too.
 */
#ifndef CEPHFS_TOOL_PLOT_H
#define CEPHFS_TOOL_PLOT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fiolog.h"
#include "intervals.h"
#include "jobfile.h"
#include "via.h"

struct plot_series {
	enum via_client client;		/* --via: the client it ran through */
	enum phase phase;
	unsigned int iteration;		/* from 1 */
	/* The timed phase, since the benchmark started (on the hosts'
	 * realtime clock; the fio process's time when that is unknown). */
	double start_sec;
	double end_sec;
	/*
	 * The phase's reported rate, in the unit of @rates (NAN: it failed);
	 * drawn across the phase where fio logged fewer than two steps.
	 */
	double mean_rate;
	struct rate_steps rates;	/* from start_sec: KiB/s, or files/s for size 0 */
	const char *host;		/* --clients: one host's line; NULL: all */
	/* --latency-intervals: from start_sec (NULL: none) */
	const struct interval_series *intervals;
};

struct plot {
	char title[256];
	uint64_t file_size;		/* 0: the rates are files/s, no bandwidth */
	bool by_client;			/* lines coloured by client, not phase */
	bool intervals;			/* the IOPS and p99 panels too */
	struct plot_series *series;
	size_t count;
};

/* Append a series without steps; NULL when out of memory. */
struct plot_series *plot_add_series(struct plot *p, enum via_client client,
				    enum phase phase, unsigned int iteration,
				    double start_sec, double end_sec,
				    double mean_rate);

/* Write the plot; -1 when writing failed. */
int plot_write_svg(FILE *out, const struct plot *p);

void plot_free(struct plot *p);

#endif
