/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a run makes in its run directory, and the mark that says so: the
 * directory a run makes (the run directory, or with --clients each host's
 * directory inside it) carries, in the xattr CEPHFS_NEW_DIR_MARK_XATTR,
 * the run's random token and the names it plans to create there.  A
 * cleanup removes a directory only when it carries the mark it expects
 * (bench: its own; `cephfs-tool cleanup`: any it can read), and inside it
 * only the names the plan has: the mark outlives a killed tool.
 */
#ifndef CEPHFS_TOOL_RUNPLAN_H
#define CEPHFS_TOOL_RUNPLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "pipeline.h"

/*
 * Files thread @thread of client host @host (0 without --clients) works
 * on: --files is the total, split evenly over every thread of every host,
 * the first files%(hosts*threads) of them (host 0's threads first) taking
 * one more, as the original splits it over its threads; with
 * --shared-file each thread has the one file (its part of it).
 */
unsigned int files_of_thread(const struct bench_options *o, unsigned int host,
			     unsigned int thread);

/* Bytes each thread's job writes and reads of one of its files: the
 * file, or with --shared-file the thread's equal part of it. */
uint64_t job_file_bytes(const struct bench_options *o);

/* The jobs that share each file: the threads with --shared-file, else 1. */
unsigned int jobs_per_file(const struct bench_options *o);

/* The plan of a run with options @o and a fresh token; 0 or -ENOMEM. */
int run_plan_of(struct run_plan *p, const struct bench_options *o);

/*
 * The mark's text (malloc'd, NUL-terminated, printable ASCII), or NULL:
 * the run directory's has the host directories in it; a host directory's
 * (@with_hosts false) only the names it holds, short enough for a line of
 * fio's job file (the engine sets it: cephfs_new_dir_mark).  Without
 * --clients the two are the same.
 */
char *run_plan_mark(const struct run_plan *p, bool with_hosts);

/* The plan a mark of @len bytes holds; 0, -EINVAL when it is none,
 * -ENOMEM. */
int run_plan_parse(struct run_plan *p, const char *mark, size_t len);

/* Is @name one of the plan's files in @host's directory (0 without
 * --clients), <prefix><thread>_<number> as fio names them (numbers
 * without leading zeros), within its counts? */
bool run_plan_has(const struct run_plan *p, unsigned int host,
		  const char *name);

void run_plan_free(struct run_plan *p);

#endif
