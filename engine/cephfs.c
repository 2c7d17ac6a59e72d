/*
 * cephfs engine
 *
 * IO engine that runs fio jobs on CephFS through libcephfs: no FUSE or
 * kernel client in the way.  File names are paths inside the mounted
 * filesystem.  Besides data I/O it times metadata operations (create, open,
 * stat, unlink, mkdir, rmdir, rename, readdir), one fio latency sample per
 * file, so IOPS reads as files/s (entries/s for readdir).
 *
 * Build against the configured source tree of the fio that loads it; load
 * with ioengine=external:/path/fio-cephfs.so, or ioengine=cephfs with the
 * engine's directory on LD_LIBRARY_PATH (the fio-cephfs wrapper does that).
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fio.h"

#include "async.h"
#include "cephfs.h"
#include "confine.h"
#include "io.h"
#include "mount_cache.h"

int cephfs_error(struct thread_data *td, int ret, const char *call,
		 const char *path)
{
	struct cephfs_data *cd = td->io_ops_data;
	char what[FIO_VERROR_SIZE];

	if (cd && cd->mount)
		cephfs_mount_note_error(cd->mount, ret);
	snprintf(what, sizeof(what), "%s(%s)", call, path);
	if (!td->error)
		log_err("cephfs: %s: %s: %s\n", td->o.name, what,
			ret == -EXDEV && cd && *cd->confine_why ?
			cd->confine_why : strerror(-ret));
	if (cd)
		cd->confine_why[0] = '\0';
	td_verror(td, -ret, what);
	return 1;
}

static int fio_cephfs_mount(struct thread_data *td, struct cephfs_data *cd)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_mount_config cfg = {
		.conf = o->conf, .id = o->id, .keyring = o->keyring,
		.fs = o->fs, .root = o->root, .uid = o->uid, .gid = o->gid,
		.client_oc = o->client_oc, .client_oc_size = o->client_oc_size,
		.msgr_workers = o->msgr_workers, .set = o->set,
		.mount_timeout = o->mount_timeout,
		.op_timeout = o->op_timeout,
		.perf_dump = o->perf_dump,
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

/*
 * Where the last component of @at, a symbolic link, leads inside the
 * mount (newly allocated in @to).  Returns 0 or -errno.
 */
static int cephfs_follow_last(struct cephfs_data *cd, const char *at,
			      char **to)
{
	int ret = cephfs_confine(cd->cmount, at, true, to, cd->confine_why,
				 sizeof(cd->confine_why));

	return !ret && !*to ? -ELOOP : ret;
}

const char *cephfs_confined(struct cephfs_data *cd, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? slash - path : 0;
	char *dir, *to;
	int ret;

	if (!cd->dir_named || strlen(cd->dir_named) != dir_len ||
	    strncmp(cd->dir_named, path, dir_len)) {
		dir = strndup(path, dir_len);
		if (!dir) {
			cephfs_error(cd->td, -ENOMEM, "malloc", path);
			return NULL;
		}
		ret = cephfs_confine(cd->cmount, dir, true, &to,
				     cd->confine_why, sizeof(cd->confine_why));
		if (ret) {
			free(dir);
			cephfs_error(cd->td, ret, "resolve", path);
			return NULL;
		}
		free(cd->dir_named);
		free(cd->dir_resolved);
		cd->dir_named = dir;
		cd->dir_resolved = to;
	}
	if (!cd->dir_resolved)
		return path;
	free(cd->resolved_path);
	if (asprintf(&cd->resolved_path, "%s/%s",
		     strcmp(cd->dir_resolved, "/") ? cd->dir_resolved : "",
		     slash + 1) < 0) {
		cd->resolved_path = NULL;
		cephfs_error(cd->td, -ENOMEM, "asprintf", path);
		return NULL;
	}
	return cd->resolved_path;
}

/* ll_walk (@in) or statx (@in NULL) of @at, its last link not followed. */
static int cephfs_nofollow(struct cephfs_data *cd, const char *at,
			   struct Inode **in, struct ceph_statx *stx,
			   unsigned int want)
{
	return in ? ceph_ll_walk(cd->cmount, at, in, stx, want,
				 AT_SYMLINK_NOFOLLOW, cd->perms) :
		    ceph_statx(cd->cmount, at, stx, want, AT_SYMLINK_NOFOLLOW);
}

int cephfs_lookup(struct cephfs_data *cd, const char *at, struct Inode **in,
		  struct ceph_statx *stx, unsigned int want)
{
	char *to;
	int ret;

	ret = cephfs_nofollow(cd, at, in, stx, want);
	if (ret || !S_ISLNK(stx->stx_mode))
		return ret;
	if (in)
		ceph_ll_put(cd->cmount, *in);
	ret = cephfs_follow_last(cd, at, &to);
	if (ret)
		return ret;
	ret = cephfs_nofollow(cd, to, in, stx, want);
	/* Made a link since it was resolved: not followed blindly. */
	if (!ret && S_ISLNK(stx->stx_mode)) {
		if (in)
			ceph_ll_put(cd->cmount, *in);
		ret = -ELOOP;
	}
	free(to);
	return ret;
}

static int cephfs_open_flags(struct thread_data *td)
{
	int flags = O_RDONLY;

	/*
	 * Writers open for reading too only where the job reads (verify is 0
	 * for VERIFY_NONE): libcephfs then wants the read caps as well, and
	 * 4 KiB random writes through ceph_ll_nonblocking_readv_writev ran at
	 * 0.5-0.8x of O_WRONLY.
	 */
	if (td_write(td) || td_trim(td))
		flags = td_read(td) || td_trim(td) || td->o.verify ?
			O_RDWR : O_WRONLY;

	if (td->o.odirect)
		flags |= O_DIRECT;
	if (td->o.sync_io)
		flags |= O_SYNC;
	return flags;
}

static int cephfs_create_at(struct cephfs_data *cd, const char *path,
			    int flags, struct cephfs_file *cf)
{
	struct ceph_statx stx;
	struct Inode *parent;
	const char *name;
	int ret;

	ret = cephfs_parent_for_create(cd, path, &parent, &name);
	if (ret)
		return ret;
	ret = ceph_ll_create(cd->cmount, parent, name, CEPHFS_FILE_MODE, flags,
			     &cf->inode, &cf->fh, &stx, 0, 0, cd->perms);
	ceph_ll_put(cd->cmount, parent);
	return ret;
}

/*
 * Create one file (and its directories) and open it.  ll_create fails
 * with ELOOP on a symbolic link; open(2) would follow it, so follow it
 * as far as the mount root.
 */
static int cephfs_create(struct cephfs_data *cd, const char *path, int flags,
			 struct cephfs_file *cf)
{
	char *to;
	int ret;

	ret = cephfs_create_at(cd, path, flags, cf);
	if (ret != -ELOOP)
		return ret;
	ret = cephfs_follow_last(cd, path, &to);
	if (ret)
		return ret;
	ret = cephfs_create_at(cd, to, flags, cf);
	free(to);
	return ret;
}

/*
 * Open one file, creating it for writers.  An existing file is found with
 * one walk of the whole path: a walk to the directory and a lookup in it
 * ask the MDS the same, but take the client lock once more and add two
 * entries to the client's in-memory log, whose thread every entry wakes
 * (debug_client's default 0/5 gathers ll_lookup's level-3 lines).
 */
int cephfs_open(struct cephfs_data *cd, const char *path, int flags,
		struct cephfs_file *cf)
{
	struct ceph_statx stx;
	int ret;

	if (flags & O_CREAT)
		return cephfs_create(cd, path, flags, cf);
	ret = cephfs_lookup(cd, path, &cf->inode, &stx, 0);
	if (ret)
		return ret;
	ret = ceph_ll_open(cd->cmount, cf->inode, flags, &cf->fh, cd->perms);
	if (ret)
		ceph_ll_put(cd->cmount, cf->inode);
	return ret;
}

void cephfs_close(struct cephfs_data *cd, struct cephfs_file *cf)
{
	ceph_ll_close(cd->cmount, cf->fh);
	ceph_ll_put(cd->cmount, cf->inode);
}

/*
 * fio lays out a file that a mixed read/write job will read before it
 * runs, but skips that for DISKLESSIO engines: without it a read of a
 * block not yet written finds end of file and fails the job.  Extend the
 * file to the job's range instead; the gap reads back as zeros, as in a
 * sparse local file.
 */
static int cephfs_extend(struct cephfs_data *cd, struct fio_file *f,
			 struct cephfs_file *cf)
{
	struct ceph_statx stx;
	uint64_t want = f->file_offset + f->io_size;
	int ret;

	ret = ceph_ll_getattr(cd->cmount, cf->inode, &stx, CEPH_STATX_SIZE, 0,
			      cd->perms);
	if (ret || stx.stx_size >= want)
		return ret;
	stx.stx_size = want;
	return ceph_ll_setattr(cd->cmount, cf->inode, &stx, CEPH_SETATTR_SIZE,
			       cd->perms);
}

/*
 * fio's fallocate= lays files out with local calls, which DISKLESSIO
 * skips; do it here for files this job writes.  Only when the job asks:
 * fio's default (native) would add a timed call to every open.
 */
static int cephfs_preallocate(struct thread_data *td, struct cephfs_data *cd,
			      struct fio_file *f, struct cephfs_file *cf)
{
	int mode, ret;

	if (!fio_option_is_set(&td->o, fallocate_mode))
		return 0;
	switch (td->o.fallocate_mode) {
	case FIO_FALLOCATE_NONE:
	case FIO_FALLOCATE_TRUNCATE:
		return 0;
	case FIO_FALLOCATE_KEEP_SIZE:
		mode = FALLOC_FL_KEEP_SIZE;
		break;
	default:
		mode = 0;
		break;
	}
	if (!td_write(td) || !f->io_size)
		return 0;
	ret = ceph_ll_fallocate(cd->cmount, cf->fh, mode, f->file_offset,
				f->io_size);
	if (ret != -EOPNOTSUPP || mode)
		return ret;
	/*
	 * Newer clients (Tentacle, late Squid) refuse plain preallocation: they
	 * cannot reserve space on the OSDs, and Pacific's only set the size.
	 * As fio documents, native then falls back to none; posix still gets
	 * the size posix_fallocate() promises, as glibc's emulation gives it.
	 */
	if (td->o.fallocate_mode == FIO_FALLOCATE_POSIX)
		return cephfs_extend(cd, f, cf);
	return 0;
}

/*
 * At the end of a write job with fsync_on_close or end_fsync, fio fsyncs
 * every file of the job and opens each closed one for that.  Opened as a
 * writer opens, that created every file a time-capped job never reached
 * (4,000 empty files after a 2 s cephfs-tool write phase that wrote 313)
 * and opened again every file already fsynced at its close.  Under
 * fsync_on_close a closed file was fsynced as it closed, and a file that
 * does not exist has nothing to sync, nor has a metadata op's: such
 * files stay closed, without engine data, and their sync completes at
 * once (fio_cephfs_queue).
 */
static int cephfs_open_for_end_fsync(struct thread_data *td,
				     struct cephfs_data *cd,
				     struct fio_file *f)
{
	struct cephfs_file *cf;
	int ret;

	f->fd = cd->fsync_stand_in_fd;
	if (td->o.fsync_on_close || ((struct cephfs_options *)td->eo)->op != CEPHFS_OP_IO)
		return 0;
	cf = calloc(1, sizeof(*cf));
	if (!cf) {
		td_verror(td, ENOMEM, "calloc");
		return 1;
	}
	ret = cephfs_open(cd, f->file_name, cephfs_open_flags(td), cf);
	if (ret) {
		free(cf);
		if (ret == -ENOENT)
			return 0;
		f->fd = -1;
		return cephfs_error(td, ret, "ceph_ll_open", f->file_name);
	}
	FILE_SET_ENG_DATA(f, cf);
	return 0;
}

static int cephfs_open_file(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	struct cephfs_file *cf;
	int flags = cephfs_open_flags(td);
	const char *at;
	int ret;

	if (td->runstate == TD_FSYNCING)
		return cephfs_open_for_end_fsync(td, cd, f);
	if (o->op != CEPHFS_OP_IO)
		return cephfs_metadata_op(td, cd, f, o->op);
	at = cephfs_confined(cd, f->file_name);
	if (!at)
		return 1;
	cf = calloc(1, sizeof(*cf));
	if (!cf) {
		td_verror(td, ENOMEM, "calloc");
		return 1;
	}
	if (td_write(td))
		flags |= O_CREAT;
	ret = cephfs_open(cd, at, flags, cf);
	if (ret) {
		free(cf);
		return cephfs_error(td, ret, "ceph_ll_open", at);
	}
	ret = cephfs_preallocate(td, cd, f, cf);
	if (!ret && td_read(td) && td_write(td))
		ret = cephfs_extend(cd, f, cf);
	if (ret) {
		cephfs_close(cd, cf);
		free(cf);
		return cephfs_error(td, ret, "ceph_ll_setattr/fallocate",
				    f->file_name);
	}
	FILE_SET_ENG_DATA(f, cf);
	/*
	 * With fsync_on_close fio calls fsync(f->fd) itself before our
	 * close_file, which does the real ceph_ll_fsync; a memfd lets that
	 * local fsync succeed instead of failing with EBADF on fd -1.
	 */
	f->fd = cd->fsync_stand_in_fd;
	return 0;
}

static int cephfs_close_file(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_data *cd = td->io_ops_data;
	struct cephfs_file *cf = FILE_ENG_DATA(f);
	int ret = 0;

	f->fd = -1;
	if (!cf)
		return 0;
	if (td->o.fsync_on_close && td_write(td))
		ret = ceph_ll_fsync(cd->cmount, cf->fh, 0);
	cephfs_close(cd, cf);
	free(cf);
	FILE_SET_ENG_DATA(f, NULL);
	if (ret)
		return cephfs_error(td, ret, "ceph_ll_fsync", f->file_name);
	return 0;
}

/* unlink=1: the job's files, or the directories a mkdir job made. */
static int cephfs_unlink_file(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	const char *call, *at = cephfs_confined(cd, f->file_name);
	int ret;

	if (!at)
		return 1;
	ret = cephfs_remove(cd, at, o->op == CEPHFS_OP_MKDIR, &call);
	if (ret && ret != -ENOENT)
		return cephfs_error(td, ret, call, at);
	return 0;
}

/*
 * Before the job's own mount (fio sizes files in its parent process when
 * create_serialize is on) sizes stay unknown and fio uses the job's size=;
 * a file that does not exist yet also keeps the job's size: reporting 0
 * would make fio do no I/O at all, silently.
 */
static int cephfs_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	struct ceph_statx stx;
	const char *at;
	int ret;

	if (o->op != CEPHFS_OP_IO) {
		/* One fake block per file, so one operation per file. */
		f->real_file_size = td_min_bs(td);
		fio_file_set_size_known(f);
		return 0;
	}
	if (!cd)
		return 0;
	at = cephfs_confined(cd, f->file_name);
	if (!at)
		return 1;
	ret = cephfs_lookup(cd, at, NULL, &stx, CEPH_STATX_SIZE);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return cephfs_error(td, ret, "ceph_statx", at);
	f->real_file_size = stx.stx_size;
	fio_file_set_size_known(f);
	return 0;
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

static int fio_cephfs_open_file(struct thread_data *td, struct fio_file *f)
{
	return cephfs_watched(td, f, cephfs_open_file);
}

static int fio_cephfs_close_file(struct thread_data *td, struct fio_file *f)
{
	return cephfs_watched(td, f, cephfs_close_file);
}

static int fio_cephfs_unlink_file(struct thread_data *td, struct fio_file *f)
{
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

static enum fio_q_status fio_cephfs_queue(struct thread_data *td,
					  struct io_u *io_u)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	const char *call;
	int ret;

	fio_ro_check(td, io_u);
	/* Metadata ops move no data; a file without engine data is one the
	 * end-of-job fsync leaves closed (cephfs_open_for_end_fsync). */
	if (o->op != CEPHFS_OP_IO || !FILE_ENG_DATA(io_u->file))
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

static int cephfs_alloc_create_data(struct thread_data *td,
				    struct cephfs_data *cd,
				    const struct cephfs_options *o)
{
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
	struct cephfs_dir_pin dir_pin;
	struct cephfs_data *cd;

	if (cephfs_job_option_errors(td, o, &dir_pin)) {
		td_verror(td, EINVAL, "cephfs options");
		return 1;
	}
	cd = calloc(1, sizeof(*cd));
	if (!cd) {
		td_verror(td, ENOMEM, "calloc");
		return 1;
	}
	cd->td = td;
	cd->dir_pin = dir_pin;
	cd->fsync_stand_in_fd = -1;
	cd->op_ddir = td_write(td) ? DDIR_WRITE : DDIR_READ;
	if (fio_cephfs_mount(td, cd))
		goto free_data;
	if (cephfs_open_stand_in(td, cd))
		goto put_mount;
	if (cephfs_alloc_create_data(td, cd, o) || cephfs_start_async(td, cd, o))
		goto close_fd;
	fio_cephfs_set_flags(td, cd, o);
	td->io_ops_data = cd;
	return 0;
close_fd:
	free(cd->create_data);
	if (cd->fsync_stand_in_fd >= 0)
		close(cd->fsync_stand_in_fd);
put_mount:
	cephfs_mount_put(cd->mount);
free_data:
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
	if (td->orig_buffer && !td_write(td))
		memset(td->orig_buffer, 0, td->orig_buffer_size);
	return 0;
}

static void fio_cephfs_cleanup(struct thread_data *td)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	int ret;

	if (!cd)
		return;
	if (cd->async)
		cephfs_async_stop(cd->async);
	if (cd->fsync_stand_in_fd >= 0)
		close(cd->fsync_stand_in_fd);
	free(cd->create_data);
	cephfs_call_begin(cd->mount);
	cephfs_md_cleanup(cd);
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
				  FIO_ASYNCIO_SETS_ISSUE_TIME | FIO_NOFILEHASH,
	.init			= fio_cephfs_init,
	.post_init		= fio_cephfs_post_init,
	.cleanup		= fio_cephfs_cleanup,
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
