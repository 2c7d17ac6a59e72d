/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running IO500's phases as fio runs (io500_plan.h), here or with
 * --clients on every client host at once, its processes spread over the
 * hosts: process r runs on host r mod hosts, so that process (r + 1) mod
 * processes, whose files r reads, stats and deletes, is another host's
 * where there are several (IO500's -C -Q 1 and -N 1).
 *
 * A write phase is IO500's stonewall and wear-out: a first fio run stops
 * at --stonewall-time; every process that did less than the one that did
 * most then does the rest in a second run, the phase's time covering
 * both.  Later phases act on exactly what was written.
 */
#ifndef CEPHFS_TOOL_IO500_RUN_H
#define CEPHFS_TOOL_IO500_RUN_H

#include <limits.h>
#include <stdint.h>

#include "io500_options.h"
#include "io500_plan.h"
#include "io500_score.h"

#define IO500_WORKLOADS (IO500_MDTEST_HARD + 1)

struct io500_run {
	const struct io500_options *o;
	const char *rundir;		/* in the filesystem, from the mount's root */
	const char *tmpdir;		/* the tool's own: job files, fio's output */
	unsigned int hosts;		/* 1, or --clients' */
	unsigned int ranks;		/* processes on all hosts */
	/* --bind-to-core: the CPUs the tool may run on; else none. */
	unsigned int *cpus;
	unsigned int ncpus;
	uint64_t *written[IO500_WORKLOADS];	/* per rank: units on the cluster */
	/* Per phase, per host: its share, and the phase's error. */
	struct io500_host_share *shares[IO500_PHASES];
	char errors[IO500_PHASES][512];
};

/* For options @o, the run directory @rundir and the tool's @tmpdir; 0 or
 * -errno (-ENOMEM, or sched_getaffinity's for --bind-to-core). */
int io500_run_init(struct io500_run *run, const struct io500_options *o,
		   const char *rundir, const char *tmpdir);
void io500_run_free(struct io500_run *run);

/* The workload phase @p works on, and what it does; false for find. */
bool io500_phase_step(enum io500_phase p, enum io500_workload *w,
		      enum io500_access *a);

/*
 * Run phase @p (any but find) and fill @r; a failure is in r->error.
 * Counts what each process wrote into run->written for later phases.
 */
void io500_run_phase(struct io500_run *run, enum io500_phase p,
		     struct io500_phase_result *r);

/* --dry-run: take every write phase as having done all its n. */
void io500_run_assume_written(struct io500_run *run);

/*
 * The job file host @host (0 without --clients) runs first in phase @p
 * (any but find), on @out: what --dry-run prints and --keep-job keeps.
 * 0, or -1 when it could not be written.
 */
int io500_run_print(const struct io500_run *run, enum io500_phase p,
		    unsigned int host, FILE *out);

#endif
