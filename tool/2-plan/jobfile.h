/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fio job file of a benchmark: a [global] section with the mount
 * settings, then one [write] and one [read] section per thread, so that
 * `fio --section=write FILE` runs the write phase with all threads and a
 * later `fio --section=read FILE` reads on a fresh mount.
 */
#ifndef CEPHFS_TOOL_JOBFILE_H
#define CEPHFS_TOOL_JOBFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "pipeline.h"

/* The section name of a phase: "write" or "read". */
const char *phase_section(enum phase phase);

/*
 * Does @phase cycle through each thread's files until --duration is up,
 * as the newest upstream does?  With --duration, the write phase of data
 * and every read phase.  Not size 0's creates: a file is created once, a
 * second pass would open it.
 */
bool phase_cycles(const struct bench_options *o, enum phase phase);

/*
 * Does fio @version ("3.33", as FIO_BUILT_FOR_VERSION) end a job that
 * reads and verifies after one pass over its files, time_based or not?
 * Before 3.37 (its commit 96a7e64c) it counted no read as done and took
 * the job for finished.
 */
bool fio_verifies_reads_once(const char *version);

/* The fio engine a --via fuse phase runs on the mount: filecreate for
 * size 0, libaio with --async-io, else psync. */
const char *fuse_fio_engine(const struct bench_options *o);

/* Bytes per I/O: the block size, or the whole file when that is smaller;
 * for size 0, one small fake block per file. */
uint64_t effective_block_size(const struct bench_options *o);

/*
 * The longest value the job file carries, %XX-escaped: fio reads job-file
 * lines of at most 8191 bytes, and the longest key is 20 of them.
 */
#define JOBFILE_VALUE_MAX 8160

/*
 * Whether every number the job file carries for @o is within the range
 * fio (or the engine) stores it in; else false, with one line naming the
 * option, its value and the limit in @error (when not NULL).
 */
bool jobfile_numbers_fit(const struct bench_options *o, char *error,
			 size_t error_len);

/*
 * Write the job file of client host @host (0 without --clients) for run
 * directory @subdir (inside --root-path), with
 * every string from the user %XX-escaped for the engine's cephfs_escaped.
 * @read_files gives how many of its files each thread reads (the ones a
 * time-capped write phase completed); NULL reads all of them.  With
 * @rate_log (--plot), every job logs its rate (bandwidth, or IOPS for
 * size 0) per I/O on the host's realtime clock to files starting with
 * that path (with --clients @rate_log is always given).  With @fuse, the mount point
 * of a ceph-fuse mount of --root-path, fio's own engines work there
 * instead of the engine.  With @mark (NULL: none), the write phase's engine
 * marks the directory it makes with it (cephfs_new_dir_mark).  Returns 0,
 * or -1 when writing failed or a value is longer than JOBFILE_VALUE_MAX
 * escaped or a number does not fit (which options_parse refuses).
 */
int jobfile_write(FILE *out, const struct bench_options *o,
		  const char *subdir, unsigned int host,
		  const unsigned int *read_files, const char *rate_log,
		  const char *fuse, const char *mark);

/*
 * A target's job file: @path alone, or @path.<host dir> per client host
 * with --clients.  NULL when out of memory.
 */
char *jobfile_target_path(const struct bench_options *o, const char *path,
			  unsigned int target);

/* The job file of a client's run: @path, or @path.fuse through ceph-fuse
 * (so that --keep-job keeps both of --via libcephfs,fuse). */
void jobfile_client_path(enum via_client via, const char *path, char *name,
			 size_t len);

/* Is every string of @o and @subdir short enough for one of fio's lines? */
bool jobfile_strings_fit(const struct bench_options *o, const char *subdir);

/* @key=@value (nothing when NULL), %XX-escaped for the engine. */
void jobfile_put_string(FILE *out, const char *key, const char *value);

/* The [global] lines of the engine and its mount as @o says: the engine,
 * fio's clock, the mount's settings (other commands' job files share them). */
void jobfile_put_engine_mount(FILE *out, const struct bench_options *o);

/*
 * @jobfiles: the job file, or one per client host in --clients order.
 * Returns 0, or -1 when out of memory.  Free with fio_command_free.
 */
int fio_command_init(struct fio_command *cmd, const struct bench_options *o,
		     enum phase phase, const char *const *jobfiles,
		     const char *output);

/* fio_command_init for the job file's section @section, or with NULL all
 * of its sections. */
int fio_command_section(struct fio_command *cmd,
			const struct bench_options *o, const char *section,
			const char *const *jobfiles, const char *output);

void fio_command_free(struct fio_command *cmd);

#endif
