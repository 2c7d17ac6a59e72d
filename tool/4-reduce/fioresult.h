/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading fio's json+ output: the results of one phase, summed over the
 * phase's jobs (one per thread), and the status documents that fio adds
 * every second under --status-interval.
 */
#ifndef CEPHFS_TOOL_FIORESULT_H
#define CEPHFS_TOOL_FIORESULT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jobfile.h"
#include "perfcounters.h"

/*
 * What one phase planned: files per thread and the bytes of each a job
 * moves (0: metadata); with --shared-file each thread's job moves its
 * part of the one file, and @jobs_per_file of them make a file.
 */
struct phase_plan {
	enum phase phase;
	unsigned int threads;
	const unsigned int *files;	/* per thread; threads with 0 have no job */
	uint64_t size;
	unsigned int jobs_per_file;	/* 0 or 1: a file per job's file */
	bool cycles;			/* over the files until the time is up
					 * (phase_cycles): files count once */
};

/* Totals over the jobs of one fio document. */
struct phase_totals {
	uint64_t bytes;
	uint64_t ios;			/* blocks, or operations for size 0 */
	double files;			/* done, counting a part-written file in part */
	unsigned int whole_files;	/* completed */
	unsigned int runtime_ms;	/* the longest job's */
};

struct latency {
	uint64_t samples;
	double mean_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t p999_ns;
	uint64_t max_ns;
};

struct phase_result {
	bool ran;
	bool failed;
	char error[512];		/* why it failed, one line */
	struct phase_totals totals;
	unsigned int files;		/* completed */
	unsigned int planned_files;	/* what the phase had to do */
	double seconds;
	double mbps;			/* bytes / 2^20 / seconds */
	double files_per_sec;
	double iops;
	struct latency latency;
	double usr_sec;			/* CPU of the fio process */
	double sys_sec;
	struct client_counters counters;	/* --perf-dump: its mount's */
	/* The tool's time around the phase: fio's process from start to
	 * exit (its start-up, the engine's mount, the timed work, the
	 * unmount), and under --via fuse ceph-fuse's mount and unmount. */
	double fio_sec;
	double mount_sec;
	/* With --clients, where the phase lies on the hosts' realtime clock
	 * (ms): a host from its first I/O's issue to that plus its time;
	 * the aggregate from the first host's start to the last one's end. */
	double start_ms;
	double end_ms;
};

/*
 * Split fio's output file into JSON documents and other lines (fio writes
 * its error messages there too).  Calls @doc for each whole document and
 * @line for each line outside them; returns how many bytes were consumed
 * (a document still being written is left for the next call).
 */
size_t fio_output_split(const char *text, size_t len,
			void (*doc)(struct json_object *, void *),
			void (*line)(const char *, size_t, void *), void *ctx);

/* Totals of one document for @plan's direction; false if it has no jobs. */
bool phase_totals_of(struct json_object *doc, const struct phase_plan *plan,
		     struct phase_totals *totals);

/* What fio wrote: its last JSON document and the first message of each
 * kind it printed (a verify failure, the engine's, fio's own). */
struct fio_output {
	struct json_object *last;
	char verify[512];		/* fio's verify failure: file and offset */
	char engine[512];		/* "cephfs: ..." */
	char fio[512];			/* "fio: ..." */
};

/* Split a finished phase's output file and stderr. */
void fio_output_parse(struct fio_output *out, const char *output,
		      size_t output_len, const char *stderr_text);
void fio_output_free(struct fio_output *out);

/*
 * Reduce @jobs, fio's results of one phase (NULL: there were none), given
 * fio's exit status (non-zero, or a negative signal number, is a failure).
 * @completed (may be NULL) gets the files each thread completed, at most
 * its planned ones.
 */
void reduce_jobs(struct json_object *jobs, const struct fio_output *out,
		 int fio_status, const struct phase_plan *plan,
		 struct phase_result *r, unsigned int *completed);

/*
 * reduce_jobs, then a check that the results are those of the run the
 * job file planned (one job per thread with files, no more files or
 * operations than it has): if not, the phase failed, naming both figures.
 */
void reduce_planned_jobs(struct json_object *jobs, const struct fio_output *out,
			 int fio_status, const struct phase_plan *plan,
			 struct phase_result *r, unsigned int *completed);

/*
 * Reduce a finished phase (with the plan check): fio's output file (@output), its stderr and
 * exit status (non-zero, or a negative signal number, is a failure).
 * @completed (may be NULL) gets the files each thread completed.
 */
void reduce_phase(const char *output, size_t output_len, const char *stderr_text,
		  int fio_status, const struct phase_plan *plan,
		  struct phase_result *result, unsigned int *completed);

#endif
