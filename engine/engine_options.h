/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The engine's fio options (options.c): what a job asked for, the table
 * fio parses it with, and the checks made before the job runs.
 */
#ifndef FIO_CEPHFS_ENGINE_OPTIONS_H
#define FIO_CEPHFS_ENGINE_OPTIONS_H

#include <stdbool.h>

#include "fio.h"

#include "dirpin.h"
#include "entries.h"
#include "settings.h"

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
	CEPHFS_OP_READFILE,	/* open, read bs bytes from the start, close */
};

/* What cephfs_op=rename appends to a name, in the same directory. */
#define CEPHFS_RENAMED_SUFFIX	".renamed"

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
#define CEPHFS_SETTING_FIELD(field, ...) long long field;
	CEPHFS_SETTINGS(CEPHFS_SETTING_FIELD)
#undef CEPHFS_SETTING_FIELD
	char *set;
	unsigned int mount_per_job;
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
	long long entries;
	char *entry_format;
};

extern struct fio_option cephfs_fio_options[];

/*
 * Decode (cephfs_escaped) and check the job's options and file names,
 * logging the first problem; @dir_pin gets cephfs_dir_pin parsed, and
 * under cephfs_entries @entry_format cephfs_entry_format (to free once
 * the job is done).  Returns true when the job must not run.
 */
bool cephfs_job_option_errors(struct thread_data *td, struct cephfs_options *o,
			      struct cephfs_dir_pin *dir_pin,
			      struct entry_format *entry_format);

/*
 * Is cephfs_entries x bs more than a file of fio's can be (logged)?  fio
 * sizes files before the job's init when create_serialize is on.
 */
bool cephfs_entries_too_many(struct thread_data *td,
			     const struct cephfs_options *o);

#endif
