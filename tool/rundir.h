/*
 * The run directory <root-path>/<dir-prefix><4 hex digits>: created with a
 * name no other run holds (or that name found and left for the write phase
 * to make), emptied between iterations, removed at the end.
 * Done through libcephfs with the benchmark's own mount settings, and never
 * touching anything outside that one directory.
 */
#ifndef CEPHFS_TOOL_RUNDIR_H
#define CEPHFS_TOOL_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mount_cache.h"
#include "options.h"
#include "report.h"

/* The benchmark's own mount, at --root-path, with its settings; 0, or
 * -errno with one line in @error.  cephfs_mount_put() releases it. */
int rundir_mount(const struct bench_options *o, struct cephfs_mount **m,
		 char *error, size_t error_len);

/* A fresh name, <dir-prefix> and 4 random hex digits, in @name. */
void rundir_pick_name(const struct bench_options *o, char *name, size_t len);

/*
 * Create the run directory under a name picked until one is free; unless
 * @keep, remove it again: the write phase makes it (cephfs_new_dir), so
 * that the client creating the files holds the directory.  Takes the
 * filesystem statistics @before on the same mount first.  Returns 0, or
 * -errno with one line in @error.
 */
int rundir_create(const struct bench_options *o, char *name, size_t len,
		  bool keep, struct fs_stats *before, char *error,
		  size_t error_len);

/* Remove everything inside the run directory, and the directory itself
 * when @remove_run_dir; a run directory that does not exist is no error. */
int rundir_clear(const struct bench_options *o, const char *name,
		 bool remove_run_dir, char *error, size_t error_len);

/*
 * Count the regular files named <prefix>... in each of the @n directories
 * @dirs (paths under the root; one not there holds none): what a failed
 * phase left, which fio's reports need not tell.  0, or -errno with one
 * line in @error.
 */
int rundir_count_files(const struct bench_options *o, char *const *dirs,
		       unsigned int n, uint64_t *files, char *error,
		       size_t error_len);

#endif
