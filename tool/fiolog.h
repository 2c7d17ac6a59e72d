/*
 * fio's averaged bandwidth and IOPS logs (write_bw_log, write_iops_log
 * with log_avg_msec), summed over a phase's jobs and client hosts into
 * one rate per time step, for --plot.
 */
#ifndef CEPHFS_TOOL_FIOLOG_H
#define CEPHFS_TOOL_FIOLOG_H

#include <stdbool.h>
#include <stddef.h>

/*
 * fio averages each job's rate over this many milliseconds.  A phase
 * shorter than one step leaves no sample; longer steps would leave
 * most short benchmarks without a curve.
 */
#define FIO_LOG_MSEC 100

/* The tool names the logs it asks fio for <dir>/rate[-<host dir>]. */
#define RATE_LOG_NAME "rate"

/* A phase's rate over time: step k covers ((k-1)..k] * FIO_LOG_MSEC. */
struct rate_steps {
	/*
	 * Per step: KiB/s (bandwidth) or I/O per s; NAN where no job logged
	 * (fio skips a step in which none of its I/O completed).
	 */
	double *sum;
	size_t steps;
};

/*
 * Add one job's log, lines "msec, value, direction, block size, offset",
 * to @r; each sample goes to the step nearest its time, where the other
 * jobs' samples of that moment are.  False on a malformed line or no
 * memory.
 */
bool rate_steps_add_log(struct rate_steps *r, const char *text);

/*
 * Add every log in @dir that fio wrote for the phase just run (names
 * starting with RATE_LOG_NAME, with fio's "_bw." or "_iops." after it),
 * removing each once read.  False when one cannot be read or parsed.
 */
bool rate_steps_collect(struct rate_steps *r, const char *dir);

void rate_steps_free(struct rate_steps *r);

#endif
