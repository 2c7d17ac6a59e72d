/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the engine's files share: the job's options and per-job data, and
 * the few calls one concern makes into another.  cephfs.c holds fio's
 * hooks, options.c the option table and its checks, files.c the job's
 * files, mdops.c the metadata operations, newdir.c the directories files
 * are created in.
 */
#ifndef FIO_CEPHFS_CEPHFS_H
#define FIO_CEPHFS_CEPHFS_H

#include <cephfs/libcephfs.h>
#include <limits.h>
#include <stdbool.h>

#include "fio.h"

#include "dirpin.h"

struct cephfs_file;

/* Files are created with these modes, as fio's own engines create them. */
#define CEPHFS_FILE_MODE	0644
#define CEPHFS_DIR_MODE		0755

enum cephfs_op {
	CEPHFS_OP_IO = 0,	/* read/write/sync/trim data */
	CEPHFS_OP_CREATE,	/* create (O_CREAT|O_EXCL) each file */
	CEPHFS_OP_OPEN,		/* open O_RDONLY + close an existing file */
	CEPHFS_OP_STAT,		/* statx each file */
	CEPHFS_OP_UNLINK,	/* unlink each file */
	CEPHFS_OP_MKDIR,	/* make each file name a directory */
	CEPHFS_OP_RMDIR,	/* remove each (empty) directory */
	CEPHFS_OP_RENAME,	/* rename NAME to NAME.renamed */
	CEPHFS_OP_RENAME_BACK,	/* rename NAME.renamed back to NAME */
	CEPHFS_OP_READDIR,	/* read one entry of the file's directory */
};

/* What cephfs_op=rename appends to a name, in the same directory. */
#define CEPHFS_RENAMED_SUFFIX	".renamed"

/* Per job. */
struct cephfs_data {
	struct thread_data *td;
	struct cephfs_async *async;	/* NULL: synchronous */
	struct cephfs_mount *mount;
	struct ceph_mount_info *cmount;
	UserPerm *perms;
	enum fio_ddir op_ddir;		/* where metadata op latencies go */
	/* Stands in for f->fd under fsync_on_close; see cephfs_open_file */
	int fsync_stand_in_fd;
	/* Parents of unlinked files, emptied directories go at cleanup */
	char **unlinked_dirs;
	unsigned int nr_unlinked_dirs;
	/* cephfs_create_bytes of the job's buffer contents, or NULL */
	void *create_data;
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

struct cephfs_options {
	void *pad;
	char *conf;
	char *id;
	char *keyring;
	char *fs;
	char *root;
	/*
	 * Numbers are FIO_OPT_ULL or FIO_OPT_STR_VAL, stored whole: an
	 * FIO_OPT_INT keeps the low 32 bits only, before any range check,
	 * so cephfs_uid=4294967295 read as -1 (act as root).  Their ranges
	 * are checked in cephfs_numbers_out_of_range.
	 */
	long long uid;
	long long gid;
	long long client_oc;
	long long client_oc_size;
	long long msgr_workers;
	char *set;
	unsigned int mount_per_job;
	long long mount_timeout;
	long long op_timeout;
	unsigned int op;
	char *perf_dump;
	unsigned int async;
	long long async_threads;
	unsigned int new_dir;
	long long create_bytes;
	char *dir_pin;
	char *new_dir_mark;
	unsigned int escaped;
	unsigned int clip_to_size;
	unsigned int lazyio;
	unsigned int write_fsync;
};


/* cephfs.c */

/*
 * Report a libcephfs failure (-errno) at fio's boundary.  fio's JSON
 * output keeps only the errno, so the job's first error is also logged
 * with the call and path on stderr.  Returns 1, as a failed hook does.
 */
int cephfs_error(struct thread_data *td, int ret, const char *call,
		 const char *path);

/* options.c */

extern struct fio_option cephfs_fio_options[];

/*
 * Decode (cephfs_escaped) and check the job's options and file names,
 * logging the first problem; @dir_pin gets cephfs_dir_pin parsed.
 * Returns true when the job must not run.
 */
bool cephfs_job_option_errors(struct thread_data *td, struct cephfs_options *o,
			      struct cephfs_dir_pin *dir_pin);

/* files.c: 0 or 1 as fio's file hooks return, failures reported. */

int cephfs_open_file(struct thread_data *td, struct fio_file *f);
int cephfs_close_file(struct thread_data *td, struct fio_file *f);
int cephfs_unlink_file(struct thread_data *td, struct fio_file *f);
int cephfs_get_file_size(struct thread_data *td, struct fio_file *f);

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

/* mdops.c */

/* One timed metadata operation on @f; the file stays closed afterwards. */
int cephfs_metadata_op(struct thread_data *td, struct cephfs_data *cd,
		       struct fio_file *f, enum cephfs_op op);

/*
 * unlink @path, or rmdir it when @dir; the directories this empties go at
 * cephfs_md_cleanup.  Returns 0 or -errno, and in @call what failed.
 */
int cephfs_remove(struct cephfs_data *cd, const char *path, bool dir,
		  const char **call);

/* At the end of the job: close the listing, remove the emptied directories. */
void cephfs_md_cleanup(struct cephfs_data *cd);

/* newdir.c */

/*
 * Split @path into its directory (made as needed, or new under
 * cephfs_new_dir or a pin) and last name, and look the directory up
 * (@parent, a reference to put), for something to be created there.
 * Returns 0 or -errno.
 */
int cephfs_parent_for_create(struct cephfs_data *cd, const char *path,
			     struct Inode **parent, const char **name);

/*
 * The same for a file to create, @parent held by @cd (not to put) until
 * the next file goes elsewhere or cephfs_forget_create_parent().
 */
int cephfs_create_parent(struct cephfs_data *cd, const char *path,
			 struct Inode **parent, const char **name);
void cephfs_forget_create_parent(struct cephfs_data *cd);

#endif
