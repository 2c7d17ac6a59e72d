/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What each IO500 process did in one fio run: its section's (job
 * "r<rank>", io500_plan.h) completed I/Os, which are its transfers or
 * entries, and its time.  fio's document has them in "jobs", or with
 * --clients in "client_stats".
 */
#ifndef CEPHFS_TOOL_IO500_JOBS_H
#define CEPHFS_TOOL_IO500_JOBS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

struct io500_rank_done {
	bool ran;		/* the document has its job */
	uint64_t units;		/* fio's total_ios, reads and writes */
	double seconds;		/* fio's job_runtime */
	int error;		/* the job's error, 0 */
};

/*
 * Fill @done[0..@ranks-1] from @doc (fio's last JSON document, may be
 * NULL: nothing ran); a job of no rank below @ranks is left out.
 * Returns how many jobs were read.
 */
unsigned int io500_jobs_of(struct json_object *doc, unsigned int ranks,
			   struct io500_rank_done *done);

#endif
