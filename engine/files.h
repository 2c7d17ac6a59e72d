/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The job's files (files.c): where a path is inside the mount root, and
 * opening, creating, closing and removing files there; below them the
 * work of fio's file hooks, for the job's I/O and its end-of-job fsync.
 */
#ifndef FIO_CEPHFS_FILES_H
#define FIO_CEPHFS_FILES_H

#include <stdbool.h>

#include "io.h"
#include "job.h"

/*
 * Where the file @path is, confined to the mount root: @path itself when
 * its directory has no symbolic link, "." or "..", else that directory
 * resolved and the last name; its last component is the caller's to
 * follow or not.  NULL when the directory is not to be reached (reported).
 */
const char *cephfs_confined(struct cephfs_data *cd, const char *path);

/*
 * Look the existing file @at up (with @in, an inode reference to put),
 * following a symbolic link at its end only within the mount.  Without
 * one it is one call, as an ll_walk or a statx that follows it would be.
 */
int cephfs_lookup(struct cephfs_data *cd, const char *at, struct Inode **in,
		  struct ceph_statx *stx, unsigned int want);

/*
 * Open @path into @cf with open(2)'s @flags; O_CREAT also makes its
 * directories.  Returns 0 or -errno; cephfs_close closes what it opened.
 */
int cephfs_open(struct cephfs_data *cd, const char *path, int flags,
		struct cephfs_file *cf);
void cephfs_close(struct cephfs_data *cd, struct cephfs_file *cf);

/*
 * unlink @path, or rmdir it when @dir; the directories this empties go at
 * cephfs_remove_emptied_dirs.  Returns 0 or -errno, and in @call what
 * failed.
 */
int cephfs_remove(struct cephfs_data *cd, const char *path, bool dir,
		  const char **call);

/* At the end of the job: remove the directories cephfs_remove emptied. */
void cephfs_remove_emptied_dirs(struct cephfs_data *cd);

/*
 * What fio's file hooks do for a job of cephfs_op=io (and, for
 * unlink_file, mkdir): 0 or 1 as the hooks return, failures reported.
 * cephfs_open_for_end_fsync is the open of fio's end-of-job fsync.
 */
int cephfs_open_for_io(struct thread_data *td, struct fio_file *f);
int cephfs_open_for_end_fsync(struct thread_data *td, struct fio_file *f);
int cephfs_close_file(struct thread_data *td, struct fio_file *f);
int cephfs_unlink_file(struct thread_data *td, struct fio_file *f);
/* unlink_file's work on one @path (one that is not there is no error). */
int cephfs_unlink_path(struct thread_data *td, const char *path);
int cephfs_get_file_size(struct thread_data *td, struct fio_file *f);

#endif
