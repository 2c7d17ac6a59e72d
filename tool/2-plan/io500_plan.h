/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IO500's phases as fio job files through the engine: one section per
 * process (IO500's rank), which acts on its own files or, for reads,
 * stats and deletes, on another process's (IO500's -C -Q 1 and -N 1).
 * One fio run does one step of a phase: the stonewalled run, or the
 * wear-out run after it.
 *
 * What each workload makes inside the run directory (IO500's shapes):
 *   ior-easy/ior_file_easy.<rank>   a file per process, --ior-easy-transfer-size I/Os
 *   ior-hard/file                   one file, 47008-byte transfers interleaved by rank
 *   mdtest-easy/<rank>/file.mdtest.<rank>.<k>   empty files, a directory per process
 *   mdtest-hard/file.mdtest.<rank>.<k>          3901-byte files, one directory
 * ior-rnd4K-easy-read reads 4 KiB blocks of ior-easy's files at random.
 * The mdtest directories are fio files of the engine's cephfs_entries:
 * fio keeps one file per process, not one per CephFS file.
 */
#ifndef CEPHFS_TOOL_IO500_PLAN_H
#define CEPHFS_TOOL_IO500_PLAN_H

#include <stdint.h>
#include <stdio.h>

#include "io500_options.h"
#include "options.h"

/* The fio block of one mdtest-easy entry: an operation, no data. */
#define IO500_ENTRY_BLOCK 4096

enum io500_workload {
	IO500_IOR_EASY,
	IO500_IOR_HARD,
	IO500_MDTEST_EASY,
	IO500_MDTEST_HARD,
};

enum io500_access {
	IO500_WRITE,		/* ior write, mdtest create */
	IO500_READ,		/* ior read, mdtest-hard's read of each file */
	IO500_STAT,
	IO500_DELETE,
	IO500_READ_RANDOM,	/* ior-rnd4K-easy-read: 4 KiB at random offsets */
};

/*
 * One process's job: @rank acts on @owner's files, units @first to
 * @first + @count - 1 of them (transfers for ior, entries for mdtest).
 */
struct io500_job {
	unsigned int rank;
	unsigned int owner;
	uint64_t first;
	uint64_t count;
};

struct io500_step {
	enum io500_workload workload;
	enum io500_access access;
	uint64_t transfer;		/* ior-easy's bytes per I/O */
	unsigned int processes;		/* every host's: ior-hard's interleave */
	unsigned int runtime;		/* seconds (the stonewall), 0: none */
	const struct io500_job *jobs;	/* count 0: no section */
	unsigned int njobs;
	uint64_t region;		/* random reads: each file's bytes */
	/* The CPU rank k is bound to: cpus[k % ncpus]; ncpus 0: unbound. */
	const unsigned int *cpus;
	unsigned int ncpus;
};

/* The workload's directory in the run directory, and its bytes per unit. */
const char *io500_workload_dir(enum io500_workload w);
uint64_t io500_unit_bytes(const struct io500_step *s);

/* A job's section name, "r<rank>": how the results are told apart. */
#define IO500_SECTION_PREFIX "r"

/*
 * Write the job file of @s for the run directory @rundir (inside
 * --root-path), mounting as @o says.  0, or -1 when writing failed or a
 * string is too long for fio's line.
 */
int io500_plan_write(FILE *out, const struct bench_options *o,
		     const char *rundir, const struct io500_step *s);

#endif
