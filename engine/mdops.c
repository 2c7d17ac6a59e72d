// SPDX-License-Identifier: GPL-2.0-only
/*
 * The metadata operations (cephfs_op other than io), one timed operation
 * per file.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

#include "engine_options.h"
#include "entries.h"
#include "files.h"
#include "fio_compat.h"
#include "io.h"
#include "job.h"
#include "mdops.h"
#include "newdir.h"
#include "pathutil.h"

static void cephfs_start_clock(struct thread_data *td, struct timespec *ts)
{
	if (!td->o.disable_lat)
		fio_gettime(ts, NULL);
}

static void cephfs_add_op_sample(struct thread_data *td, struct cephfs_data *cd,
				 const struct timespec *start)
{
	if (!td->o.disable_lat)
		fio_compat_add_clat_sample(td, cd->op_ddir, ntime_since_now(start));
}

/* cephfs_create_bytes: all of them, or the create fails. */
static int cephfs_write_create_data(struct cephfs_data *cd,
				    struct cephfs_file *cf)
{
	struct cephfs_options *o = cd->td->eo;
	int ret;

	ret = cephfs_write_at(cd->cmount, cf->fh, cd->create_data,
			      o->create_bytes, 0);
	if (ret >= 0 && ret < o->create_bytes)
		return -EIO;
	return ret < 0 ? ret : 0;
}

/*
 * The metadata operations: each does one operation on @path and reports
 * its own failure (cephfs_error); 0 or 1 as fio's hooks return.
 */
static int cephfs_md_create(struct cephfs_data *cd, const char *path)
{
	struct cephfs_file cf;
	int ret;

	ret = cephfs_open(cd, path, O_WRONLY | O_CREAT | O_EXCL, &cf);
	if (ret)
		return cephfs_error(cd->td, ret, "ceph_ll_create", path);
	if (cd->create_data)
		ret = cephfs_write_create_data(cd, &cf);
	cephfs_close(cd, &cf);
	if (ret)
		return cephfs_error(cd->td, ret, CEPHFS_WRITE_CALL, path);
	return 0;
}

static int cephfs_md_open(struct cephfs_data *cd, const char *path)
{
	struct cephfs_file cf;
	int ret;

	ret = cephfs_open(cd, path, O_RDONLY, &cf);
	if (ret)
		return cephfs_error(cd->td, ret, "ceph_ll_open", path);
	cephfs_close(cd, &cf);
	return 0;
}

/* As mdtest -E -e reads a file: whole, or the read fails. */
static int cephfs_md_readfile(struct cephfs_data *cd, const char *path)
{
	unsigned long long bs = td_min_bs(cd->td);
	struct cephfs_file cf;
	int ret;

	ret = cephfs_open(cd, path, O_RDONLY, &cf);
	if (ret)
		return cephfs_error(cd->td, ret, "ceph_ll_open", path);
	ret = cephfs_read_at(cd->cmount, cf.fh, cd->read_data, bs, 0);
	cephfs_close(cd, &cf);
	if (ret < 0)
		return cephfs_error(cd->td, ret, CEPHFS_READ_CALL, path);
	if ((unsigned long long)ret < bs) {
		if (!cd->td->error)
			log_err("cephfs: %s: %s(%s): %d bytes, short of bs=%llu: the file is shorter\n",
				cd->td->o.name, CEPHFS_READ_CALL, path, ret, bs);
		td_verror(cd->td, EIO, CEPHFS_READ_CALL);
		return 1;
	}
	return 0;
}

static int cephfs_md_stat(struct cephfs_data *cd, const char *path)
{
	struct ceph_statx stx;
	int ret;

	ret = cephfs_lookup(cd, path, NULL, &stx, CEPH_STATX_BASIC_STATS);
	if (ret)
		return cephfs_error(cd->td, ret, "ceph_statx", path);
	return 0;
}

static int cephfs_md_remove(struct cephfs_data *cd, const char *path,
			    bool dir)
{
	const char *call;
	int ret = cephfs_remove(cd, path, dir, &call);

	return ret ? cephfs_error(cd->td, ret, call, path) : 0;
}

static int cephfs_md_unlink(struct cephfs_data *cd, const char *path)
{
	return cephfs_md_remove(cd, path, false);
}

/* Parents as for a create: made as needed, or by cephfs_new_dir. */
static int cephfs_md_mkdir(struct cephfs_data *cd, const char *path)
{
	struct ceph_statx stx;
	struct Inode *parent, *dir;
	const char *name;
	int ret;

	ret = cephfs_parent_for_create(cd, path, &parent, &name);
	if (!ret) {
		ret = ceph_ll_mkdir(cd->cmount, parent, name, CEPHFS_DIR_MODE,
				    &dir, &stx, 0, 0, cd->perms);
		if (!ret)
			ceph_ll_put(cd->cmount, dir);
		ceph_ll_put(cd->cmount, parent);
	}
	if (ret)
		return cephfs_error(cd->td, ret, "ceph_ll_mkdir", path);
	return 0;
}

static int cephfs_md_rmdir(struct cephfs_data *cd, const char *path)
{
	return cephfs_md_remove(cd, path, true);
}

/* NAME to NAME.renamed, or back; a failure names the source. */
static int cephfs_rename_suffixed(struct cephfs_data *cd, const char *path,
				  bool back)
{
	const char *from, *to;
	char *renamed;
	int ret;

	if (asprintf(&renamed, "%s" CEPHFS_RENAMED_SUFFIX, path) < 0)
		return cephfs_error(cd->td, -ENOMEM, "asprintf", path);
	from = back ? renamed : path;
	to = back ? path : renamed;
	ret = ceph_rename(cd->cmount, from, to);
	if (ret)
		cephfs_error(cd->td, ret, "ceph_rename", from);
	free(renamed);
	return ret ? 1 : 0;
}

static int cephfs_md_rename(struct cephfs_data *cd, const char *path)
{
	return cephfs_rename_suffixed(cd, path, false);
}

static int cephfs_md_rename_back(struct cephfs_data *cd, const char *path)
{
	return cephfs_rename_suffixed(cd, path, true);
}

static void cephfs_listing_close(struct cephfs_data *cd)
{
	if (cd->listing)
		ceph_closedir(cd->cmount, cd->listing);
	cd->listing = NULL;
	free(cd->listing_dir);
	cd->listing_dir = NULL;
}

/* List @dir (taken over), unless it is the one being listed already. */
static int cephfs_listing_open(struct cephfs_data *cd, char *dir)
{
	if (cd->listing_dir && !strcmp(cd->listing_dir, dir)) {
		free(dir);
		return 0;
	}
	cephfs_listing_close(cd);
	cd->listing_dir = dir;
	cd->listing_entries = 0;
	return ceph_opendir(cd->cmount, dir, &cd->listing);
}

/* 1: read an entry other than . and .., 0: end of the directory,
 * or -errno. */
static int cephfs_listing_next(struct cephfs_data *cd)
{
	struct dirent de;
	int ret;

	do
		ret = ceph_readdir_r(cd->cmount, cd->listing, &de);
	while (ret == 1 && (!strcmp(de.d_name, ".") ||
			    !strcmp(de.d_name, "..")));
	return ret;
}

/*
 * The next entry of the directory @path is in: each file of a readdir job
 * reads one, so a job of nrfiles files reads nrfiles entries, and its
 * directory must have that many (besides . and ..).
 */
static int cephfs_md_readdir(struct cephfs_data *cd, const char *path)
{
	char *dir = path_dirname(path);
	int ret;

	if (!dir)
		return cephfs_error(cd->td, -ENOMEM, "malloc", path);
	ret = cephfs_listing_open(cd, dir);
	if (ret) {
		cephfs_error(cd->td, ret, "ceph_opendir", cd->listing_dir);
		cephfs_listing_close(cd);
		return 1;
	}
	ret = cephfs_listing_next(cd);
	if (ret < 0)
		return cephfs_error(cd->td, ret, "ceph_readdir", cd->listing_dir);
	if (!ret) {
		if (!cd->td->error)
			log_err("cephfs: %s: ceph_readdir(%s): end of the directory after %u entries, short of the job's %u files (one entry each)\n",
				cd->td->o.name, cd->listing_dir,
				cd->listing_entries, cd->td->o.nr_files);
		td_verror(cd->td, ENODATA, "ceph_readdir");
		return 1;
	}
	cd->listing_entries++;
	return 0;
}

static int (*const cephfs_md_ops[])(struct cephfs_data *, const char *) = {
	[CEPHFS_OP_CREATE]	= cephfs_md_create,
	[CEPHFS_OP_OPEN]	= cephfs_md_open,
	[CEPHFS_OP_STAT]	= cephfs_md_stat,
	[CEPHFS_OP_UNLINK]	= cephfs_md_unlink,
	[CEPHFS_OP_MKDIR]	= cephfs_md_mkdir,
	[CEPHFS_OP_RMDIR]	= cephfs_md_rmdir,
	[CEPHFS_OP_RENAME]	= cephfs_md_rename,
	[CEPHFS_OP_RENAME_BACK]	= cephfs_md_rename_back,
	[CEPHFS_OP_READDIR]	= cephfs_md_readdir,
	[CEPHFS_OP_READFILE]	= cephfs_md_readfile,
};

/* The job's operation on @path, timed. */
static int cephfs_timed_op(struct thread_data *td, const char *path)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	const char *at = cephfs_confined(cd, path);
	struct timespec start;

	if (!at)
		return 1;
	cephfs_start_clock(td, &start);
	if (cephfs_md_ops[o->op](cd, at))
		return 1;
	cephfs_add_op_sample(td, cd, &start);
	return 0;
}

/*
 * fio's offset and size, which say the entries a job does, given in
 * whole entries and within the directory's: fio extends a file of a
 * fake-I/O engine to what they ask, which would go past the last entry.
 */
static int cephfs_entries_range(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	unsigned long long bs = td_min_bs(td);
	unsigned long long end = f->file_offset + f->io_size;

	if (!(f->file_offset % bs) && !(end % bs) && end / bs <= o->entries)
		return 0;
	log_err("cephfs: %s: %s: offset=%llu size=%llu: not whole entries within cephfs_entries=%lld (entry k is at offset k x bs=%llu: offset and size are multiples of it, their sum at most %llu)\n",
		td->o.name, f->file_name, (unsigned long long)f->file_offset,
		(unsigned long long)f->io_size, o->entries, bs,
		o->entries * bs);
	td_verror(td, EINVAL, "cephfs_entries");
	return 1;
}

int cephfs_metadata_op(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;

	if (o->entries)
		return cephfs_entries_range(td, f);
	return cephfs_timed_op(td, f->file_name);
}

/* @dir's entry @k: its path in @cd's buffer, NULL when out of memory. */
static const char *cephfs_entry_path(struct cephfs_data *cd, const char *dir,
				     unsigned long long k)
{
	size_t at = strcmp(dir, "/") ? strlen(dir) + 1 : 1;
	size_t want = at + NAME_MAX + 1;
	char *path;

	if (cd->entry_path_size < want) {
		path = realloc(cd->entry_path, want);
		if (!path)
			return NULL;
		cd->entry_path = path;
		cd->entry_path_size = want;
	}
	memcpy(cd->entry_path, dir, at - 1);
	cd->entry_path[at - 1] = '/';
	/* Every name fits: cephfs_entry_format was checked for the last. */
	entry_name(cd->entry_path + at, want - at, &cd->entry_format, k);
	return cd->entry_path;
}

int cephfs_unlink_entries(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_data *cd = td->io_ops_data;
	unsigned long long bs = td_min_bs(td), k;
	const char *path;

	for (k = f->file_offset / bs; k < (f->file_offset + f->io_size) / bs; k++) {
		path = cephfs_entry_path(cd, f->file_name, k);
		if (!path)
			return cephfs_error(td, -ENOMEM, "malloc", f->file_name);
		if (cephfs_unlink_path(td, path))
			return 1;
	}
	return 0;
}

int cephfs_entry_op(struct thread_data *td, struct io_u *io_u)
{
	struct cephfs_data *cd = td->io_ops_data;
	struct fio_file *f = io_u->file;
	const char *path;

	path = cephfs_entry_path(cd, f->file_name,
				 io_u->offset / td_min_bs(td));
	if (!path)
		cephfs_error(td, -ENOMEM, "malloc", f->file_name);
	else if (!cephfs_timed_op(td, path))
		return 0;
	return td->error ? td->error : EIO;
}

void cephfs_md_cleanup(struct cephfs_data *cd)
{
	cephfs_listing_close(cd);
	free(cd->entry_path);
	entry_format_free(&cd->entry_format);
}
