// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs engine
 *
 * IO engine that runs fio jobs on CephFS through libcephfs: no FUSE or
 * kernel client in the way.  File names are paths inside the mounted
 * filesystem.  Besides data I/O it times metadata operations (create, open,
 * stat, unlink, mkdir, rmdir, rename, readdir, readfile), one fio latency
 * sample per file, so IOPS reads as files/s (entries/s for readdir); under
 * cephfs_entries a fio file is a directory and each I/O one entry of it.
 *
 * Build against the configured source tree of the fio that loads it; load
 * with ioengine=external:/path/fio-cephfs.so, or ioengine=cephfs with the
 * engine's directory on LD_LIBRARY_PATH (the fio-cephfs wrapper does that).
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fio.h"

#include "async.h"
#include "clip.h"
#include "engine_options.h"
#include "files.h"
#include "fio_compat.h"
#include "io.h"
#include "job.h"
#include "layout.h"
#include "mdops.h"
#include "mount_cache.h"
#include "newdir.h"
#include "offload.h"

static int fio_cephfs_mount(struct thread_data *td, struct cephfs_data *cd)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_mount_config cfg = {
		.conf = o->conf, .id = o->id, .keyring = o->keyring,
		.fs = o->fs, .root = o->root, .uid = o->uid, .gid = o->gid,
		.set = o->set, .perf_dump = o->perf_dump,
#define CEPHFS_SETTING_COPY(field, ...) .field = o->field,
		CEPHFS_SETTINGS(CEPHFS_SETTING_COPY)
#undef CEPHFS_SETTING_COPY
	};
	const char *failed = "";
	unsigned int users;
	char why[256];
	int ret;

	ret = cephfs_mount_get(&cfg, !o->mount_per_job, &cd->mount, &users,
			       &failed, why, sizeof(why));
	if (ret) {
		char error[512];

		cephfs_mount_error(&cfg, ret, failed, why, error, sizeof(error));
		log_err("cephfs: %s\n", error);
		td_verror(td, -ret, failed);
		return 1;
	}
	cd->cmount = cd->mount->cmount;
	cd->perms = ceph_mount_perms(cd->cmount);
	dprint(FD_PROCESS, "cephfs: %s mount %p (%u users)\n",
	       users == 1 ? "new" : "shared", cd->mount, users);
	return 0;
}

/*
 * The engine's behaviour depends on the job: synchronous unless it runs
 * async I/O, and metadata ops move no data, so fio's own accounting would
 * count nothing (each op is recorded as a latency sample instead).
 */
static void fio_cephfs_set_flags(struct thread_data *td,
				 const struct cephfs_data *cd,
				 const struct cephfs_options *o)
{
	unsigned long long flags = 0;

	if (!cd->async)
		flags |= FIO_SYNCIO;
	if (o->op != CEPHFS_OP_IO) {
		flags |= FIO_FAKEIO | FIO_NOSTATS;
		/*
		 * No data is written, yet fio would scramble (or refill) the
		 * whole fake block before every file: with bs=4m that halved
		 * the create rate (perf: get_io_u at a quarter of the samples).
		 */
		td->flags &= ~(TD_F_SCRAMBLE_BUFFERS | TD_F_REFILL_BUFFERS);
	}
	td->flags |= flags << TD_ENG_FLAG_SHIFT;
}

/* A file hook's libcephfs calls, watched for stalls (see mount_cache.h). */
static int cephfs_watched(struct thread_data *td, struct fio_file *f,
			  int (*hook)(struct thread_data *, struct fio_file *))
{
	struct cephfs_data *cd = td->io_ops_data;
	int ret;

	if (!cd)
		return hook(td, f);
	cephfs_call_begin(cd->mount);
	ret = hook(td, f);
	cephfs_call_end(cd->mount);
	return ret;
}

/*
 * The one open of a job's file, which is one of three: for fio's
 * end-of-job fsync, a metadata operation (the file stays closed), or
 * for the job's I/O.
 */
static int fio_cephfs_open_file(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;

	if (o->clip_to_size && o->op == CEPHFS_OP_IO && cephfs_clip_open(td, f))
		return 1;
	if (td->runstate == TD_FSYNCING)
		return cephfs_watched(td, f, cephfs_open_for_end_fsync);
	if (o->op != CEPHFS_OP_IO)
		return cephfs_watched(td, f, cephfs_metadata_op);
	return cephfs_watched(td, f, cephfs_open_for_io);
}

static int fio_cephfs_close_file(struct thread_data *td, struct fio_file *f)
{
	return cephfs_watched(td, f, cephfs_close_file);
}

/*
 * unlink=1: fio unlinks every file of a job whose init failed or never
 * ran (close_and_free_files, after a missing cephfs_root or read_iolog
 * file); without a mount this run made nothing to remove.
 */
static int fio_cephfs_unlink_file(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;

	if (!td->io_ops_data)
		return 0;
	if (o->entries && o->op != CEPHFS_OP_IO)
		return cephfs_watched(td, f, cephfs_unlink_entries);
	return cephfs_watched(td, f, cephfs_unlink_file);
}

static int fio_cephfs_get_file_size(struct thread_data *td, struct fio_file *f)
{
	return cephfs_watched(td, f, cephfs_get_file_size);
}

/*
 * libcephfs has no call that drops one file's cached data.  Cold reads
 * come from a fresh mount instead: the last job of a group releasing a
 * shared mount unmounts it, and direct=1 opens with O_DIRECT, which
 * bypasses the client's object cache.
 */
static int fio_cephfs_invalidate(struct thread_data *td, struct fio_file *f)
{
	return 0;
}

/* Fill in io_u's outcome from -errno or the bytes done. */
static void cephfs_complete(struct thread_data *td, struct io_u *io_u, int ret,
			    const char *call)
{
	if (ret < 0) {
		io_u->error = -ret;
		cephfs_error(td, ret, call, io_u->file->file_name);
		return;
	}
	if (ret < io_u->xfer_buflen)
		io_u->resid = io_u->xfer_buflen - ret;
}

static int fio_cephfs_prep(struct thread_data *td, struct io_u *io_u)
{
	struct cephfs_options *o = td->eo;

	if (o->clip_to_size && o->op == CEPHFS_OP_IO)
		cephfs_clip_block(io_u);
	return 0;
}

#ifdef FIO_HAS_DDIR_SYNCFS
/*
 * end_syncfs (fio 3.42): fio hands over a directory it opened itself,
 * the local one its file names are in, not a file of this engine; the
 * file system this job's files are on is its mount: sync all of it.
 * Completed at once, in async jobs too, so it is timed here.
 */
static enum fio_q_status cephfs_syncfs(struct thread_data *td,
				       struct cephfs_data *cd,
				       struct io_u *io_u)
{
	int ret;

	if (fio_fill_issue_time(td))
		fio_gettime(&io_u->issue_time, NULL);
	cephfs_call_begin(cd->mount);
	ret = ceph_sync_fs(cd->mount->cmount);
	cephfs_call_end(cd->mount);
	if (ret < 0) {
		io_u->error = -ret;
		cephfs_error(td, ret, "ceph_sync_fs", io_u->file->file_name);
	}
	return FIO_Q_COMPLETED;
}
#endif

static enum fio_q_status fio_cephfs_queue(struct thread_data *td,
					  struct io_u *io_u)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	const char *call;
	int ret;

	fio_ro_check(td, io_u);
#ifdef FIO_HAS_DDIR_SYNCFS
	if (io_u->ddir == DDIR_SYNCFS)
		return cephfs_syncfs(td, cd, io_u);
#endif
	/* Metadata ops move no data: each timed op is one file's open, or
	 * under cephfs_entries this I/O's entry. */
	if (o->op != CEPHFS_OP_IO) {
		if (o->entries && ddir_rw(io_u->ddir)) {
			cephfs_call_begin(cd->mount);
			io_u->error = cephfs_entry_op(td, io_u);
			cephfs_call_end(cd->mount);
		}
		return FIO_Q_COMPLETED;
	}
	/* A file without engine data is one the end-of-job fsync leaves
	 * closed (cephfs_open_for_end_fsync). */
	if (!FILE_ENG_DATA(io_u->file))
		return FIO_Q_COMPLETED;
	if (!cd->async) {
		ret = cephfs_io_blocking(cd->mount, io_u, &call);
		cephfs_complete(td, io_u, ret, call);
		return FIO_Q_COMPLETED;
	}
	cephfs_async_queue(cd->async, io_u);
	return FIO_Q_QUEUED;
}

/* Work starts as it is queued; having a commit hook lets fio account
 * submissions per batch, as for other async engines. */
static int fio_cephfs_commit(struct thread_data *td)
{
	return 0;
}

static int fio_cephfs_getevents(struct thread_data *td, unsigned int min,
				unsigned int max, const struct timespec *t)
{
	struct cephfs_data *cd = td->io_ops_data;

	return cephfs_async_getevents(cd->async, min, max, t);
}

/* Runs in fio's thread, so errors are reported from here. */
static struct io_u *fio_cephfs_event(struct thread_data *td, int event)
{
	struct cephfs_data *cd = td->io_ops_data;
	struct cephfs_outcome outcome;
	struct io_u *io_u;

	io_u = cephfs_async_event(cd->async, event, &outcome);
	cephfs_complete(td, io_u, outcome.ret, outcome.call);
	return io_u;
}

static int fio_cephfs_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	return cephfs_async_io_u_init(io_u);
}

static void fio_cephfs_io_u_free(struct thread_data *td, struct io_u *io_u)
{
	cephfs_async_io_u_free(io_u);
}

static int cephfs_open_stand_in(struct thread_data *td, struct cephfs_data *cd)
{
	if (!td->o.fsync_on_close)
		return 0;
	cd->fsync_stand_in_fd = memfd_create("fio-cephfs", MFD_CLOEXEC);
	if (cd->fsync_stand_in_fd < 0) {
		td_verror(td, errno, "memfd_create");
		return 1;
	}
	return 0;
}

/* The buffers of the metadata ops that move bytes: create and readfile. */
static int cephfs_alloc_op_data(struct thread_data *td, struct cephfs_data *cd,
				const struct cephfs_options *o)
{
	if (o->op == CEPHFS_OP_READFILE) {
		cd->read_data = malloc(td_min_bs(td));
		if (!cd->read_data) {
			td_verror(td, ENOMEM, "cephfs_op=readfile buffer");
			return 1;
		}
	}
	if (!o->create_bytes)
		return 0;
	cd->create_data = malloc(o->create_bytes);
	if (!cd->create_data) {
		td_verror(td, ENOMEM, "cephfs_create_bytes buffer");
		return 1;
	}
	fill_io_buffer(td, cd->create_data, o->create_bytes, o->create_bytes);
	return 0;
}

static int cephfs_start_async(struct thread_data *td, struct cephfs_data *cd,
			      const struct cephfs_options *o)
{
	int ret;

	if (td->o.iodepth <= 1 || o->op != CEPHFS_OP_IO)
		return 0;
	ret = cephfs_async_start(td, cd->mount, o->async,
				 o->async_threads ? o->async_threads :
				 td->o.iodepth, &cd->async);
	if (ret) {
		td_verror(td, ret, "cephfs async threads");
		return 1;
	}
	dprint(FD_PROCESS, "cephfs: iodepth %u, %s async I/O\n",
	       td->o.iodepth,
	       o->async == CEPHFS_ASYNC_NATIVE ? "native" : "emulated");
	if (o->async == CEPHFS_ASYNC_NATIVE && o->async_threads)
		log_info("cephfs: %s: cephfs_async_threads is for cephfs_async=emulated; native I/O runs without submitter threads\n",
			 td->o.name);
	return 0;
}

static int fio_cephfs_init(struct thread_data *td)
{
	struct cephfs_options *o = td->eo;
	struct entry_format entry_format = { NULL };
	struct cephfs_dir_pin dir_pin;
	struct cephfs_data *cd;

	cephfs_offload_worker_start(td);
	if (cephfs_job_option_errors(td, o, &dir_pin, &entry_format)) {
		td_verror(td, EINVAL, "cephfs options");
		return 1;
	}
	cd = calloc(1, sizeof(*cd));
	if (!cd) {
		entry_format_free(&entry_format);
		td_verror(td, ENOMEM, "calloc");
		return 1;
	}
	cd->td = td;
	cd->dir_pin = dir_pin;
	cd->entry_format = entry_format;
	cd->fsync_stand_in_fd = -1;
	cd->op_ddir = td_write(td) ? DDIR_WRITE : DDIR_READ;
	if (fio_cephfs_mount(td, cd))
		goto free_data;
	if (cephfs_open_stand_in(td, cd))
		goto put_mount;
	if (cephfs_alloc_op_data(td, cd, o) || cephfs_start_async(td, cd, o))
		goto close_fd;
	if (cephfs_offload_register(td)) {
		td_verror(td, ENOMEM, "offload job");
		goto stop_async;
	}
	fio_cephfs_set_flags(td, cd, o);
	td->io_ops_data = cd;
	return 0;
stop_async:
	if (cd->async)
		cephfs_async_stop(cd->async);
close_fd:
	free(cd->create_data);
	free(cd->read_data);
	if (cd->fsync_stand_in_fd >= 0)
		close(cd->fsync_stand_in_fd);
put_mount:
	cephfs_mount_put(cd->mount);
free_data:
	entry_format_free(&cd->entry_format);
	free(cd);
	return 1;
}

/*
 * fio leaves a reading job's buffers untouched, so its first read paid
 * their page faults inside the timed run, 1,024 of them for 4 MiB; the
 * original cephfs-tool fills its buffer before its clock starts.
 */
static int fio_cephfs_post_init(struct thread_data *td)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;

	if (td->orig_buffer && !td_write(td))
		memset(td->orig_buffer, 0, td->orig_buffer_size);
	if (o->op != CEPHFS_OP_IO)
		return 0;
	return cephfs_layout_files(td, cd) || cephfs_pre_read_files(td, cd);
}

static void fio_cephfs_cleanup(struct thread_data *td)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	int ret;

	if (!cd)
		return;
	cephfs_offload_unregister(td);
	if (cd->async)
		cephfs_async_stop(cd->async);
	if (cd->fsync_stand_in_fd >= 0)
		close(cd->fsync_stand_in_fd);
	free(cd->create_data);
	free(cd->read_data);
	cephfs_call_begin(cd->mount);
	cephfs_forget_create_parent(cd);
	cephfs_md_cleanup(cd);
	cephfs_remove_emptied_dirs(cd);
	cephfs_call_end(cd->mount);
	ret = cephfs_mount_put(cd->mount);
	cd->mount = NULL;
	if (ret)
		cephfs_error(td, ret, "perf dump", o->perf_dump);
	free(cd->dir_named);
	free(cd->dir_resolved);
	free(cd->resolved_path);
	free(cd);
	td->io_ops_data = NULL;
}

struct ioengine_ops ioengine = {
	.name			= "cephfs",
	.version		= FIO_IOOPS_VERSION,
	/*
	 * FIO_NOFILEHASH: fio_files come from the heap, not fio's shared
	 * smalloc pool, which 500,000 files exhausted (alloc_new_file:
	 * Assertion 0).  The pool is there for fio's file hash, which only
	 * its own generic_open_file uses, to share one lock between jobs
	 * opening the same name; this engine opens files itself, so that
	 * hash was never filled, and fio reads no fio_file of a job in
	 * another process after the fork.
	 */
	.flags			= FIO_DISKLESSIO | FIO_NODISKUTIL |
				  FIO_ASYNCIO_SETS_ISSUE_TIME | FIO_NOFILEHASH |
				  FIO_COMPAT_SYNCFS_FLAG,
	.init			= fio_cephfs_init,
	.post_init		= fio_cephfs_post_init,
	.cleanup		= fio_cephfs_cleanup,
	.prep			= fio_cephfs_prep,
	.queue			= fio_cephfs_queue,
	.commit			= fio_cephfs_commit,
	.getevents		= fio_cephfs_getevents,
	.event			= fio_cephfs_event,
	.io_u_init		= fio_cephfs_io_u_init,
	.io_u_free		= fio_cephfs_io_u_free,
	.open_file		= fio_cephfs_open_file,
	.close_file		= fio_cephfs_close_file,
	.unlink_file		= fio_cephfs_unlink_file,
	.get_file_size		= fio_cephfs_get_file_size,
	.invalidate		= fio_cephfs_invalidate,
	.options		= cephfs_fio_options,
	.option_struct_size	= sizeof(struct cephfs_options),
};
