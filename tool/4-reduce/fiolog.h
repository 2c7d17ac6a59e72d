/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio's per-I/O bandwidth and IOPS logs (write_bw_log, write_iops_log),
 * for where each host's phase lay in time (--clients) and its rate per
 * time step (--plot), summed over a phase's jobs and client hosts.
 */
#ifndef CEPHFS_TOOL_FIOLOG_H
#define CEPHFS_TOOL_FIOLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The plot's time step: each I/O's bytes count in the step it completed. */
#define FIO_LOG_MSEC 100

/* The tool names the logs it asks fio for <dir>/rate[-<host dir>]; fio
 * adds "_bw.N.log" or "_clat.N.log" (and fio --client ".<host>"). */
#define RATE_LOG_NAME "rate"

/* A phase's rate over time: step k covers ((k-1)..k] * FIO_LOG_MSEC. */
struct rate_steps {
	double *sum;		/* per step: KiB/s (bandwidth) or files/s */
	size_t steps;
};

void rate_steps_free(struct rate_steps *r);

/*
 * With --plot or --clients every job logs each I/O (no log_avg_msec) with
 * log_unix_epoch: lines "msec, value, direction, bytes, offset", msec
 * the completion on the host's own realtime clock.
 */
enum io_log_kind {
	IO_LOG_BYTES,	/* write_bw_log: value bytes * 10^6 / latency in ns */
	IO_LOG_OPS,	/* size 0's write_lat_log "_clat": value the latency in
			 * ns of one file's operation (the engines log these
			 * themselves: fio's per-I/O statistics are off there) */
	IO_LOG_NONE,	/* fio's "_lat" and "_slat" beside it: removed unread */
};

/* The span of one host's I/O on its clock, and what it moved. */
struct io_span {
	double first_issue_ms;		/* the earliest I/O's issue: completion
					 * less its latency */
	double last_done_ms;
	uint64_t bytes;
	uint64_t ios;
};

/* Add one per-I/O log to @s (zeroed first); false on a malformed line. */
bool io_span_add_log(struct io_span *s, const char *text, enum io_log_kind kind);

/*
 * Add every per-I/O log of the phase just run in @dir whose name starts
 * with @prefix (RATE_LOG_NAME "_" here, RATE_LOG_NAME "-<host dir>_" for
 * a client host's), leaving them in place.  False when one cannot be
 * read or parsed, or there was none, or not one for each of the @jobs
 * (fio --client writes none of a log it cannot inflate).
 */
bool io_span_collect(struct io_span *s, const char *dir, const char *prefix,
		     unsigned int jobs);

/*
 * Add a per-I/O log to @r as rates per FIO_LOG_MSEC step from @base_ms
 * on the same clock: each I/O's bytes in KiB/s (IO_LOG_OPS: one file/s
 * per operation) at the step of its completion, so the steps add up to
 * the bytes (or files) exactly.  False on a malformed line or no memory.
 */
bool rate_steps_add_io_log(struct rate_steps *r, const char *text,
			   enum io_log_kind kind, double base_ms);

/* Remove the rate logs in @dir unread. */
void rate_logs_remove(const char *dir);

/*
 * Add every per-I/O log in @dir whose name starts with @prefix (see
 * rate_steps_add_io_log), leaving them in place; a step without an I/O
 * then has the rate 0.  False when one cannot be read or parsed.
 */
bool rate_steps_collect_io(struct rate_steps *r, const char *dir,
			   const char *prefix, double base_ms);

#endif
