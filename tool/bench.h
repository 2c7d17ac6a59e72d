/* SPDX-License-Identifier: GPL-2.0-only */
/* The bench command: phases, iterations, report, cleanup. */
#ifndef CEPHFS_TOOL_BENCH_H
#define CEPHFS_TOOL_BENCH_H

#include "options.h"

/* Exit codes. */
#define EXIT_RUN_FAILED 1
#define EXIT_USAGE 2

/* Print the job file and the fio commands; run nothing.  Exit code. */
int bench_dry_run(const struct bench_options *o);

/* Run the benchmark and report.  Exit code: 0, 1 (a phase failed), or
 * 128 + the signal that stopped it. */
int bench_run(const struct bench_options *o);

#endif
