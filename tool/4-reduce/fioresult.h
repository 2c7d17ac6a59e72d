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
#include "pipeline.h"

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

/* Split a finished phase's output file and stderr. */
/*
 * The completion latency histogram of @doc's jobs (json+ "bins"), merged
 * into fio's FIO_PLAT_NR buckets (intervals.h) in @bins; false when the
 * document has none.
 */
bool phase_latency_bins(struct json_object *doc, const struct phase_plan *plan,
			uint64_t *bins);

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

/* How a program ended, for "<program> <text>": "exited with status N",
 * or "was killed by signal N" for a @status of -N. */
#define EXIT_STATUS_TEXT_MAX sizeof("was killed by signal -2147483648")
void exit_status_text(char *text, size_t len, int status);

/* The jobs of @plan: one per thread with files. */
unsigned int phase_plan_jobs(const struct phase_plan *plan);

/* @r's MiB/s, files/s and IOPS: its totals over its seconds (0 without). */
void phase_rates(struct phase_result *r);

/*
 * Reduce a finished phase (with the plan check): fio's output file (@output), its stderr and
 * exit status (non-zero, or a negative signal number, is a failure).
 * @completed (may be NULL) gets the files each thread completed.
 */
void reduce_phase(const char *output, size_t output_len, const char *stderr_text,
		  int fio_status, const struct phase_plan *plan,
		  struct phase_result *result, unsigned int *completed);

#endif
