/*
 * fio's averaged bandwidth and IOPS logs (write_bw_log, write_iops_log
 * with log_avg_msec), summed over a phase's jobs and client hosts into
 * one rate per time step, for --plot.
 */
#ifndef CEPHFS_TOOL_FIOLOG_H
#define CEPHFS_TOOL_FIOLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/*
 * With --clients every job logs each I/O (no log_avg_msec) with
 * log_unix_epoch: lines "msec, value, direction, bytes, offset", msec
 * the completion on the host's own realtime clock, value for a bandwidth
 * log bytes * 10^6 / the I/O's latency in ns (1 in an IOPS log).
 * The span of one host's I/O on that clock, and what it moved.
 */
struct io_span {
	double first_issue_ms;		/* the earliest I/O's issue: completion
					 * less its latency */
	double last_done_ms;
	uint64_t bytes;
	uint64_t ios;
};

/* Add one per-I/O log to @s (zeroed first); false on a malformed line. */
bool io_span_add_log(struct io_span *s, const char *text);

/*
 * Add every per-I/O log of the phase just run in @dir whose name starts
 * with @prefix (RATE_LOG_NAME "-<host dir>_"), leaving them in place.
 * False when one cannot be read or parsed, or there was none.
 */
bool io_span_collect(struct io_span *s, const char *dir, const char *prefix);

/*
 * Add a per-I/O log to @r as rates per FIO_LOG_MSEC step from @base_ms
 * on the same clock: each I/O's bytes in KiB/s (@size0: one file/s per
 * I/O) at the step of its completion, so the steps add up to the bytes
 * (or files) exactly.  False on a malformed line or no memory.
 */
bool rate_steps_add_io_log(struct rate_steps *r, const char *text,
			   double base_ms, bool size0);

/* Remove the rate logs in @dir unread. */
void rate_logs_remove(const char *dir);

/* rate_steps_collect for per-I/O logs (see rate_steps_add_io_log). */
bool rate_steps_collect_io(struct rate_steps *r, const char *dir,
			   double base_ms, bool size0);

#endif
