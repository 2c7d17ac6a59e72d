// SPDX-License-Identifier: GPL-2.0-only
/*
 * The files a job reads, laid out before its clock starts.  fio writes a
 * missing or short file out to the size it will read (filesetup.c,
 * extend_file), but not for a DISKLESSIO engine: fio-seq-read.fio on a new
 * directory then failed at its first open with ENOENT.  The same rules
 * here, through libcephfs: which jobs lay out, the size, the contents
 * (fio's fill_io_buffer, so buffer_pattern and refill_buffers apply),
 * create_fsync, a file left whole or not at all, and file_append's start.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "fio.h"

#include "engine_options.h"
#include "files.h"
#include "io.h"
#include "job.h"
#include "layout.h"
#include "mount_cache.h"
#include "newdir.h"

/*
 * What fio does to a file that is missing or shorter than the job's range
 * (extend_file): readers and writers that overwrite get it written out;
 * a trim-only job gets it created, empty; other writers make their files
 * as they open them.  create_on_open and allow_file_create=0 leave a
 * missing file missing, so its open fails as it does without a layout.
 */
enum cephfs_layout {
	CEPHFS_LAYOUT_NONE,
	CEPHFS_LAYOUT_CREATE,
	CEPHFS_LAYOUT_CONTENTS,
};

static enum cephfs_layout cephfs_job_layout(struct thread_data *td)
{
	if (td->o.create_on_open || !td->o.allow_create)
		return CEPHFS_LAYOUT_NONE;
	if (td_read(td) ||
	    (td_write(td) && td->o.overwrite && !td->o.file_append))
		return CEPHFS_LAYOUT_CONTENTS;
	if (td_trim(td) && !td_write(td))
		return CEPHFS_LAYOUT_CREATE;
	return CEPHFS_LAYOUT_NONE;
}

/* @at's size now, 0 when it does not exist; 1 with the error reported. */
static int cephfs_size_now(struct thread_data *td, struct cephfs_data *cd,
			   const char *at, uint64_t *size)
{
	struct ceph_statx stx;
	int ret;

	cephfs_call_begin(cd->mount);
	ret = cephfs_lookup(cd, at, NULL, &stx, CEPH_STATX_SIZE);
	cephfs_call_end(cd->mount);
	if (ret && ret != -ENOENT)
		return cephfs_error(td, ret, "ceph_statx", at);
	*size = ret ? 0 : stx.stx_size;
	return 0;
}

/* The size @f must have, or 0 when it has it (or more) already. */
static int cephfs_layout_size(struct thread_data *td, struct cephfs_data *cd,
			      struct fio_file *f, const char *at,
			      uint64_t *size)
{
	uint64_t want = f->file_offset + f->io_size, now;

	*size = 0;
	if (f->filetype != FIO_TYPE_FILE || !f->io_size)
		return 0;
	if (cephfs_size_now(td, cd, at, &now))
		return 1;
	if (now < want)
		*size = want;
	return 0;
}

/* Write @size bytes of fio's buffer contents to the open @cf. */
static int cephfs_layout_write(struct thread_data *td, struct cephfs_data *cd,
			       struct cephfs_file *cf, uint64_t size,
			       char *buf, unsigned long long bs,
			       const char **call)
{
	uint64_t done = 0;
	int ret = 0;

	*call = CEPHFS_WRITE_CALL;
	while (done < size && !td->terminate) {
		unsigned long long len = bs < size - done ? bs : size - done;

		fill_io_buffer(td, buf, len, len);
		cephfs_call_begin(cd->mount);
		ret = cephfs_write_at(cd->cmount, cf->fh, buf, len, done);
		cephfs_call_end(cd->mount);
		if (ret <= 0)
			return ret ? ret : -EIO;
		done += ret;
	}
	if (td->terminate || !td->o.create_fsync)
		return 0;
	*call = "ceph_ll_fsync";
	cephfs_call_begin(cd->mount);
	ret = ceph_ll_fsync(cd->cmount, cf->fh, 0);
	cephfs_call_end(cd->mount);
	return ret;
}

/*
 * fio lays out all jobs' files in its main process before any job starts
 * (create_serialize); here each job lays out its own, in its own process,
 * so jobs sharing a file (numjobs=4 on one filename) laid it out at once,
 * one truncating it under another already doing its I/O, and on Ceph 20
 * such a job's native async I/O hung (1 run in 10 of fio-rand-RW.fio's
 * shape).  A layout holds a write lock, a POSIX lock the MDS keeps for
 * every client, and sizes the file again under it: the first job writes
 * it, the others find it whole without opening it.
 *
 * The lock is on one byte of the file's directory, the byte the file's
 * name picks, not on the file: a job waiting on the file's own lock has
 * it open, which makes the MDS revoke the writer's buffer caps, and a
 * Ceph 16 or 18 client completes that revocation without waking the
 * write waiting for it (its log: "completed revocation of Fcb",
 * then nothing).  butterfly.fio's two jobs hung so in 1 run of 3; not on
 * Ceph 20.  Jobs laying out different files of one directory do not wait
 * for each other, but for a rare shared byte.  The lock is tried, not
 * waited for in libcephfs, so that the watchdog sees calls return while
 * another job's layout takes its time; closing the directory releases it.
 */
#define LAYOUT_LOCK_RETRY_US 10000

/* The byte of its directory that stands for @name: FNV-1a, kept positive. */
static off_t cephfs_layout_lock_byte(const char *name)
{
	uint64_t hash = 14695981039346656037ULL;

	while (*name)
		hash = (hash ^ (unsigned char)*name++) * 1099511628211ULL;
	return (off_t)(hash >> 2);
}

/* Open @at's directory as @dir and take the lock for @at there. */
static int cephfs_layout_lock(struct thread_data *td, struct cephfs_data *cd,
			      const char *at, struct cephfs_file *dir,
			      const char **call)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_len = 1 };
	const char *name;
	int ret;

	*call = "ceph_ll_open";
	cephfs_call_begin(cd->mount);
	ret = cephfs_parent_for_create(cd, at, &dir->inode, &name);
	if (!ret) {
		ret = ceph_ll_open(cd->cmount, dir->inode, O_RDONLY, &dir->fh,
				   cd->perms);
		if (ret)
			ceph_ll_put(cd->cmount, dir->inode);
	}
	cephfs_call_end(cd->mount);
	if (ret)
		return ret;
	*call = "ceph_ll_setlk";
	fl.l_start = cephfs_layout_lock_byte(name);
	for (;;) {
		cephfs_call_begin(cd->mount);
		ret = ceph_ll_setlk(cd->cmount, dir->fh, &fl,
				    (uint64_t)(uintptr_t)td, 0);
		cephfs_call_end(cd->mount);
		if ((ret != -EAGAIN && ret != -EWOULDBLOCK) || td->terminate)
			break;
		usleep(LAYOUT_LOCK_RETRY_US);
	}
	if (ret) {
		cephfs_call_begin(cd->mount);
		cephfs_close(cd, dir);
		cephfs_call_end(cd->mount);
	}
	return ret;
}

/*
 * Under the lock: create @at and, with @buf, write it to @size unless
 * another job did first.  The whole range is written, so what was there
 * before (shorter) is overwritten, not truncated: a job reading it
 * meanwhile keeps its size.  A layout that failed or was interrupted
 * removes the file it was writing: a short one would be laid out again
 * next time, but a whole one not yet synced would pass as laid out.
 */
static int cephfs_lay_out_locked(struct thread_data *td,
				 struct cephfs_data *cd, const char *at,
				 uint64_t size, char *buf,
				 unsigned long long bs, const char **call)
{
	struct cephfs_file cf = { 0 };
	const char *unlink_call;
	uint64_t now = 0;
	int ret;

	*call = NULL;
	if (td->terminate)
		return 0;
	if (buf && cephfs_size_now(td, cd, at, &now))
		return -EIO;		/* reported */
	if (buf && now >= size)
		return 0;
	*call = "ceph_ll_create";
	cephfs_call_begin(cd->mount);
	ret = cephfs_open(cd, at, O_WRONLY | O_CREAT, &cf);
	cephfs_call_end(cd->mount);
	if (ret)
		return ret;
	if (buf)
		ret = cephfs_layout_write(td, cd, &cf, size, buf, bs, call);
	cephfs_call_begin(cd->mount);
	if (buf && (ret || td->terminate))
		cephfs_remove(cd, at, false, &unlink_call);
	cephfs_close(cd, &cf);
	cephfs_call_end(cd->mount);
	return ret;
}

static int cephfs_lay_out(struct thread_data *td, struct cephfs_data *cd,
			  const char *at, uint64_t size, char *buf,
			  unsigned long long bs)
{
	struct cephfs_file dir = { 0 };
	const char *call;
	int ret;

	ret = cephfs_layout_lock(td, cd, at, &dir, &call);
	if (!ret) {
		ret = cephfs_lay_out_locked(td, cd, at, size, buf, bs, &call);
		cephfs_call_begin(cd->mount);
		cephfs_close(cd, &dir);
		cephfs_call_end(cd->mount);
	}
	if (ret)
		return call ? cephfs_error(td, ret, call, at) : 1;
	return td->terminate;
}

/* Read [file_offset, file_offset + io_size) of @at once, for pre_read. */
static int cephfs_pre_read(struct thread_data *td, struct cephfs_data *cd,
			   struct fio_file *f, const char *at, char *buf,
			   unsigned long long bs)
{
	struct cephfs_file cf = { 0 };
	uint64_t off = f->file_offset, end = f->file_offset + f->io_size;
	int ret;

	cephfs_call_begin(cd->mount);
	ret = cephfs_open(cd, at, O_RDONLY, &cf);
	cephfs_call_end(cd->mount);
	if (ret)
		return cephfs_error(td, ret, "ceph_ll_open", at);
	while (!ret && off < end && !td->terminate) {
		unsigned long long len = bs < end - off ? bs : end - off;

		cephfs_call_begin(cd->mount);
		ret = cephfs_read_at(cd->cmount, cf.fh, buf, len, off);
		cephfs_call_end(cd->mount);
		if (ret == (int)len) {
			off += len;
			ret = 0;
		} else if (ret >= 0) {
			ret = -EIO;	/* fio's pre_read: a short read fails */
		}
	}
	cephfs_close(cd, &cf);
	return ret ? cephfs_error(td, ret, CEPHFS_READ_CALL, at) : 0;
}

/*
 * file_append: fio starts the job at the file's end, which it takes from
 * a size the engine could not give it before the job's mount (the job's
 * size= stood in): writes to an existing file went to offset 0, over the
 * data they were to follow, and a new file got none.
 */
static int cephfs_append_offsets(struct thread_data *td,
				 struct cephfs_data *cd)
{
	struct fio_file *f;
	unsigned int i;
	const char *at;
	uint64_t now;

	if (!td->o.file_append)
		return 0;
	for_each_file(td, f, i) {
		if (f->filetype != FIO_TYPE_FILE)
			continue;
		at = cephfs_confined(cd, f->file_name);
		if (!at || cephfs_size_now(td, cd, at, &now))
			return 1;
		f->file_offset = now;
		/* fio's I/O stays below real_file_size and starts at last_pos */
		f->real_file_size = f->file_offset + f->io_size;
		fio_file_reset(td, f);
	}
	return 0;
}

/* The files to lay out, counted and sized for fio's own message. */
static int cephfs_layout_plan(struct thread_data *td, struct cephfs_data *cd,
			      uint64_t *sizes)
{
	uint64_t total = 0;
	unsigned int i, n = 0;
	struct fio_file *f;
	const char *at;

	for_each_file(td, f, i) {
		at = cephfs_confined(cd, f->file_name);
		if (!at || cephfs_layout_size(td, cd, f, at, &sizes[i]))
			return -1;
		n += sizes[i] != 0;
		total += sizes[i];
	}
	if (n && (output_format & FIO_OUTPUT_NORMAL))
		log_info("%s: Laying out IO file%s (%u file%s / %s%lluMiB)\n",
			 td->o.name, n > 1 ? "s" : "", n, n > 1 ? "s" : "",
			 n > 1 ? "total " : "", (unsigned long long)total >> 20);
	return n;
}

int cephfs_layout_files(struct thread_data *td, struct cephfs_data *cd)
{
	enum cephfs_layout layout = cephfs_job_layout(td);
	unsigned long long bs = td->o.max_bs[DDIR_WRITE];
	uint64_t *sizes;
	struct fio_file *f;
	unsigned int i;
	char *buf = NULL;
	int ret = 0;

	if (cephfs_append_offsets(td, cd))
		return 1;
	if (layout == CEPHFS_LAYOUT_NONE || !td->files_index)
		return 0;
	sizes = calloc(td->files_index, sizeof(*sizes));
	if (!sizes) {
		td_verror(td, ENOMEM, "calloc");
		return 1;
	}
	ret = cephfs_layout_plan(td, cd, sizes);
	if (ret > 0 && layout == CEPHFS_LAYOUT_CONTENTS && !(buf = malloc(bs))) {
		td_verror(td, ENOMEM, "layout buffer");
		ret = -1;
	}
	for_each_file(td, f, i) {
		if (ret <= 0 || td->terminate)
			break;
		if (sizes[i] && cephfs_lay_out(td, cd,
					       cephfs_confined(cd, f->file_name),
					       sizes[i], buf, bs))
			ret = -1;
	}
	free(buf);
	free(sizes);
	return ret < 0 || td->terminate;
}

int cephfs_pre_read_files(struct thread_data *td, struct cephfs_data *cd)
{
	unsigned long long bs = td->o.max_bs[DDIR_READ];
	struct fio_file *f;
	unsigned int i;
	const char *at;
	char *buf;
	int ret = 0;

	if (!td->o.pre_read)
		return 0;
	/*
	 * fio's own pre-read reads f->fd with read(2), which an engine that
	 * opens through libcephfs does not have: it failed every job.
	 */
	td->o.pre_read = 0;
	buf = malloc(bs);
	if (!buf) {
		td_verror(td, ENOMEM, "pre_read buffer");
		return 1;
	}
	for_each_file(td, f, i) {
		if (td->terminate)
			break;
		at = cephfs_confined(cd, f->file_name);
		if (!at || cephfs_pre_read(td, cd, f, at, buf, bs)) {
			ret = 1;
			break;
		}
	}
	free(buf);
	return ret;
}
