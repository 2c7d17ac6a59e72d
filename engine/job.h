/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The bottom of the engine: a job's state, which every other file of the
 * engine reads, and the report of its errors at fio's boundary.
 */
#ifndef FIO_CEPHFS_JOB_H
#define FIO_CEPHFS_JOB_H

#include <cephfs/libcephfs.h>
#include <limits.h>
#include <stdbool.h>

#include "fio.h"

#include "dirpin.h"
#include "entries.h"

/* Files are created with these modes, as fio's own engines create them. */
#define CEPHFS_FILE_MODE	0644
#define CEPHFS_DIR_MODE		0755

/* Per job (fio thread). */
struct cephfs_data {
	struct thread_data *td;
	struct cephfs_async *async;	/* NULL: synchronous */
	struct cephfs_mount *mount;
	struct ceph_mount_info *cmount;
	UserPerm *perms;
	enum fio_ddir op_ddir;		/* where metadata op latencies go */
	/* Stands in for f->fd under fsync_on_close; see cephfs_open_for_io */
	int fsync_stand_in_fd;
	/* Parents of unlinked files, emptied directories go at cleanup */
	char **unlinked_dirs;
	unsigned int nr_unlinked_dirs;
	/* cephfs_create_bytes of the job's buffer contents, or NULL */
	void *create_data;
	/* cephfs_op=readfile: where each file's bs bytes are read to */
	void *read_data;
	/* cephfs_entries: the names' format, the path of the last entry
	 * and its buffer's size */
	struct entry_format entry_format;
	char *entry_path;
	size_t entry_path_size;
	/* readdir: the directory being listed and the entries read so far */
	struct ceph_dir_result *listing;
	char *listing_dir;
	unsigned int listing_entries;
	struct cephfs_dir_pin dir_pin;	/* for the directory it makes */
	/*
	 * The directory of the last file, as named and as resolved inside
	 * the mount (NULL: as named), so files in one directory resolve it
	 * once; the last path made of it; why a path was confined.
	 */
	char *dir_named;
	char *dir_resolved;
	char *resolved_path;
	char confine_why[PATH_MAX + 128];
	/*
	 * The directory the last file was created in, held while files are
	 * created there: its path up to and with the last slash, its inode.
	 */
	char *create_dir;
	struct Inode *create_parent;
};

/*
 * Report a libcephfs failure (-errno) at fio's boundary.  fio's JSON
 * output keeps only the errno, so the job's first error is also logged
 * with the call and path on stderr.  Returns 1, as a failed hook does.
 */
int cephfs_error(struct thread_data *td, int ret, const char *call,
		 const char *path);

#endif
