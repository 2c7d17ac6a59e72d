/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The run directory of `cephfs-tool io500`: <datadir>/io500-<4 hex digits>,
 * made afresh with a workload directory each (io500_plan.h), and removed
 * with exactly the names the run makes in it: a name the run cannot have
 * made stays, and so does every directory holding one.  Through the
 * tool's own libcephfs mount.
 */
#ifndef CEPHFS_TOOL_IO500_DIR_H
#define CEPHFS_TOOL_IO500_DIR_H

#include <stdbool.h>
#include <stddef.h>

#include "mount_cache.h"
#include "options.h"

/* The prefix of the run directory's name. */
#define IO500_RUNDIR_PREFIX "io500-"

/*
 * Make @datadir (when it is not there: *@made_datadir) and in it a run
 * directory of a name no other holds, into @rundir, with its workload
 * directories.  0, or -errno with one line in @error; what was made
 * before a failure is removed again.
 */
int io500_dir_create(struct cephfs_mount *m, const struct bench_options *o,
		     const char *datadir, bool *made_datadir, char *rundir,
		     size_t len, char *error, size_t error_len);

/*
 * Remove the run directory @rundir of a run of @ranks processes, what
 * they made in it, and @datadir when @made_datadir.  A name not there is
 * no error.  0, or -errno with one line in @error naming what is left.
 */
int io500_dir_remove(struct cephfs_mount *m, const char *rundir,
		     unsigned int ranks, const char *datadir,
		     bool made_datadir, char *error, size_t error_len);

/* Is @name "file.mdtest.<rank>.<k>" (decimal, no leading zeros) with
 * @rank below @ranks (and @only, when not -1)? */
bool io500_is_mdtest_name(const char *name, unsigned int ranks, long only);

#endif
