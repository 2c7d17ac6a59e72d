/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The run directory <root-path>/<dir-prefix><4 hex digits>: created with a
 * name no other run holds (or that name found and left for the write phase
 * to make), emptied between iterations, removed at the end.  Only a
 * directory carrying the run's mark (runplan.h) is emptied or removed, and
 * in it only the names the run planned: an entry another client made
 * stays, and so does the directory holding it.
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
#include "runplan.h"

/* The mount configuration of @o's options, as every mount of the tool's
 * own has it. */
struct cephfs_mount_config rundir_mount_config(const struct bench_options *o);

/* The benchmark's own mount, at --root-path, with its settings; 0, or
 * -errno with one line in @error.  cephfs_mount_put() releases it. */
int rundir_mount(const struct bench_options *o, struct cephfs_mount **m,
		 char *error, size_t error_len);

/* Take @s on a mount of their own, with the benchmark's settings, which
 * is then the caller's in @kept (NULL when it failed): the cleanup shares
 * it, and put it goes. */
void fs_stats_take_mounted(const struct bench_options *o, const char *when,
			   struct fs_stats *s, struct cephfs_mount **kept);

/* A fresh name, <dir-prefix> and 4 random hex digits, in @name. */
void rundir_pick_name(const struct bench_options *o, char *name, size_t len);

/*
 * Create the run directory under a name picked until one is free; unless
 * @keep, remove it again: the write phase makes it (cephfs_new_dir), so
 * that the client creating the files holds the directory.  Kept, it gets
 * @plan's mark.  Takes the filesystem statistics @before on the same mount
 * first.  Returns 0, or -errno with one line in @error.
 */
int rundir_create(const struct bench_options *o, const struct run_plan *plan,
		  char *name, size_t len, bool keep, struct fs_stats *before,
		  char *error, size_t error_len);

/*
 * Remove @plan's files from the run directory @name (with --clients from
 * each host's directory in it, and those directories), and the run
 * directory itself when @remove_run_dir; only from directories carrying
 * @plan's mark.  A run directory that does not exist is no error.  Returns 0, or
 * -errno with one line in @error naming what was left and why.
 */
int rundir_clear(const struct bench_options *o, const struct run_plan *plan,
		 const char *name, bool remove_run_dir, char *error,
		 size_t error_len);

/* The longest mark read back: CephFS keeps an inode's xattrs within 64 KiB. */
#define RUNDIR_MARK_MAX 65536

/* rundir_cleanup's results besides 0 (all removed): exit statuses. */
#define RUNDIR_FAILED 1		/* something is left, or no mount */
#define RUNDIR_REFUSED 2	/* @path is no run directory the tool made */

/*
 * `cephfs-tool cleanup RUNDIR`: remove what a run (killed, or failed)
 * left in the run directory @path (inside --root-path, or relative to it),
 * by the plan its mark holds.  Returns 0, RUNDIR_FAILED or RUNDIR_REFUSED
 * with one line in @error.
 */
int rundir_cleanup(const struct bench_options *o, const char *path,
		   char *error, size_t error_len);

/*
 * Count the regular files of @plan (run_plan_has, each host's share) in
 * the run directory @name (with --clients in each host's directory in
 * it), where they carry
 * @plan's mark: what a failed phase left, which fio's reports need not
 * tell.  A directory not there holds none.  0, or -errno with one line in
 * @error.
 */
int rundir_count_files(const struct bench_options *o,
		       const struct run_plan *plan, const char *name,
		       uint64_t *files, char *error, size_t error_len);

#endif
