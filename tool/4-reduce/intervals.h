/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --latency-intervals: a phase's IOPS and completion latency percentiles
 * per interval, from fio's completion latency histogram logs
 * (write_hist_log, log_hist_msec): every log_hist_msec each job writes
 * the histogram of the I/Os it completed in that window.
 */
#ifndef CEPHFS_TOOL_INTERVALS_H
#define CEPHFS_TOOL_INTERVALS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pipeline.h"

/*
 * fio's latency histogram (stat.h, the same in fio 3.33 to 3.42): 29
 * groups of 64 buckets; a value's bucket keeps its 6 most significant
 * bits, so a bucket's value (plat_idx_to_val) is within 1/128 of any
 * latency in it.
 */
#define FIO_PLAT_BITS		6
#define FIO_PLAT_VAL		(1 << FIO_PLAT_BITS)
#define FIO_PLAT_GROUPS		29
#define FIO_PLAT_NR		(FIO_PLAT_GROUPS * FIO_PLAT_VAL)

/* The tool names the logs it asks fio for <dir>/lat[-<host dir>]; fio
 * adds "_clat_hist.N.log" (and fio --client ".<host>"). */
#define LATENCY_LOG_NAME "lat"

/* fio's plat_idx_to_val: the value (ns) of bucket @idx, its middle. */
uint64_t plat_idx_to_val(unsigned int idx);

/* fio's plat_val_to_idx: the bucket of a latency of @ns. */
unsigned int plat_val_to_idx(uint64_t ns);

/*
 * One line of a histogram log, "msec, direction, bs, count, ...": its
 * time and FIO_PLAT_NR counts into @bins.  False when it is not one.
 */
bool hist_line_parse(const char *line, double *msec, uint64_t *bins);

/* @s's I/O count, lowest and highest bucket and percentiles of @bins as
 * fio computes them: the first bucket whose running count reaches the
 * percentile. */
void hist_summarize(const uint64_t *bins, struct interval_sample *s);

/*
 * Add the @n histogram logs @logs (each in time order, as fio writes
 * them) to @s, every @interval_ms from @base_ms on the logs' clock: each
 * window counts in the interval its end is nearest to (the first at the
 * latest), an interval no window ended in has no I/O.  @sent: the logs
 * came from fio's servers through fio --client, which sends each window
 * less the one it sent before (undone here) and can lose the end of
 * each log's last window (not counted).  The windows of one interval
 * are merged before their percentiles are taken.
 * False on a malformed line or no memory.
 */
bool interval_series_read(struct interval_series *s, FILE *const *logs,
			  size_t n, bool sent, double base_ms,
			  unsigned int interval_ms);

/*
 * The same for every histogram log in @dir whose name starts with
 * @prefix (LATENCY_LOG_NAME "_", or LATENCY_LOG_NAME "-<host dir>_"),
 * leaving them in place.  False when one cannot be read or parsed, or
 * there was none, or not one for each of the @jobs (fio --client writes
 * none of a log it cannot inflate).
 */
bool interval_series_collect(struct interval_series *s, const char *dir,
			     const char *prefix, unsigned int jobs, bool sent,
			     double base_ms, unsigned int interval_ms);

/* Remove the histogram logs in @dir. */
void latency_logs_remove(const char *dir);

void interval_series_free(struct interval_series *s);

#endif
