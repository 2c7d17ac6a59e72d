// SPDX-License-Identifier: GPL-2.0-only
/*
 * The job's files: where they are inside the mount root, opening,
 * creating, closing and removing them, laying them out, and the work of
 * fio's file hooks (fio_cephfs_open_file and the others watch it for
 * stalls).
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

#include "confine.h"
#include "engine_options.h"
#include "files.h"
#include "io.h"
#include "job.h"
#include "newdir.h"
#include "pathutil.h"

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

/*
 * In the directory held since an earlier create, or, when that one has
 * gone meanwhile (ENOENT), looked up (and made) again, as the first
 * create there was.
 */
static int cephfs_create_at(struct cephfs_data *cd, const char *path,
			    int flags, struct cephfs_file *cf)
{
	bool held = cd->create_parent != NULL;
	struct ceph_statx stx;
	struct Inode *parent;
	const char *name;
	int ret;

	for (;;) {
		ret = cephfs_create_parent(cd, path, &parent, &name);
		if (ret)
			return ret;
		ret = ceph_ll_create(cd->cmount, parent, name, CEPHFS_FILE_MODE,
				     flags, &cf->inode, &cf->fh, &stx, 0, 0,
				     cd->perms);
		if (ret != -ENOENT || !held)
			return ret;
		cephfs_forget_create_parent(cd);
		held = false;
	}
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

/* Remember the directory of an unlinked file (consecutive files mostly
 * share one, so only a change of directory is recorded). */
static void cephfs_note_unlinked(struct cephfs_data *cd, const char *path)
{
	char **dirs, *dir = path_dirname(path);
	unsigned int n = cd->nr_unlinked_dirs;

	if (!dir || !strcmp(dir, ".") || !strcmp(dir, "/") ||
	    (n && !strcmp(cd->unlinked_dirs[n - 1], dir)))
		goto skip;
	dirs = realloc(cd->unlinked_dirs, (n + 1) * sizeof(*dirs));
	if (!dirs)
		goto skip;
	cd->unlinked_dirs = dirs;
	cd->unlinked_dirs[cd->nr_unlinked_dirs++] = dir;
	return;
skip:
	free(dir);
}

/*
 * Like rmdir -p --ignore-fail-on-non-empty on the directories of the files
 * this job unlinked, so unlink=1 leaves nothing behind, not even the
 * directories open_file made; whichever job empties a shared directory last
 * removes it.  The mount root itself stays.
 */
void cephfs_remove_emptied_dirs(struct cephfs_data *cd)
{
	char *dir, *slash;
	unsigned int i;

	for (i = 0; i < cd->nr_unlinked_dirs; i++) {
		dir = cd->unlinked_dirs[i];
		while (*dir && strcmp(dir, "/") && !ceph_rmdir(cd->cmount, dir)) {
			slash = strrchr(dir, '/');
			if (!slash)
				break;
			*slash = '\0';
		}
		free(cd->unlinked_dirs[i]);
	}
	free(cd->unlinked_dirs);
}

int cephfs_remove(struct cephfs_data *cd, const char *path, bool dir,
		  const char **call)
{
	int ret;

	*call = dir ? "ceph_rmdir" : "ceph_unlink";
	ret = dir ? ceph_rmdir(cd->cmount, path) : ceph_unlink(cd->cmount, path);
	if (!ret || ret == -ENOENT)
		cephfs_note_unlinked(cd, path);
	return ret;
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
int cephfs_open_for_end_fsync(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_data *cd = td->io_ops_data;
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

/*
 * cephfs_lazyio: relax this handle's POSIX coherence (ceph_ll_lazyio), so
 * that clients writing one file keep their buffers and caps instead of
 * falling back to synchronous I/O.  Per handle, not per mount: jobs
 * sharing a mount may differ.
 */
static int cephfs_open_lazily(struct cephfs_data *cd, struct cephfs_file *cf)
{
	int ret = ceph_ll_lazyio(cd->cmount, cf->fh, 1);

	if (ret)
		cephfs_close(cd, cf);
	return ret;
}

int cephfs_open_for_io(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	struct cephfs_file *cf;
	int flags = cephfs_open_flags(td);
	const char *at;
	int ret;

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
	if (o->lazyio && (ret = cephfs_open_lazily(cd, cf))) {
		free(cf);
		return cephfs_error(td, ret, "ceph_ll_lazyio", at);
	}
	cf->fsync_writes = o->write_fsync;
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

int cephfs_close_file(struct thread_data *td, struct fio_file *f)
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
int cephfs_unlink_path(struct thread_data *td, const char *path)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	const char *call, *at = cephfs_confined(cd, path);
	int ret;

	if (!at)
		return 1;
	ret = cephfs_remove(cd, at, o->op == CEPHFS_OP_MKDIR, &call);
	if (ret && ret != -ENOENT)
		return cephfs_error(td, ret, call, at);
	return 0;
}

int cephfs_unlink_file(struct thread_data *td, struct fio_file *f)
{
	return cephfs_unlink_path(td, f->file_name);
}

/*
 * Before the job's own mount (fio sizes files in its parent process when
 * create_serialize is on) sizes stay unknown and fio uses the job's size=;
 * a file that does not exist yet also keeps the job's size: reporting 0
 * would make fio do no I/O at all, silently.
 */
int cephfs_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct cephfs_options *o = td->eo;
	struct cephfs_data *cd = td->io_ops_data;
	struct ceph_statx stx;
	const char *at;
	int ret;

	if (o->op != CEPHFS_OP_IO) {
		/* One fake block per file, so one operation per file; under
		 * cephfs_entries one per entry. */
		if (cephfs_entries_too_many(td, o)) {
			td_verror(td, EINVAL, "cephfs_entries");
			return 1;
		}
		f->real_file_size = td_min_bs(td) * (o->entries ? o->entries : 1);
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
