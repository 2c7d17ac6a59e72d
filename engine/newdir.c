// SPDX-License-Identifier: GPL-2.0-only
/*
 * The directory something is created in: made as needed (mkdir -p), or,
 * under cephfs_new_dir, cephfs_new_dir_mark or cephfs_dir_pin, made new by
 * the job, once per fio process, marked and pinned.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

#include "fio.h"

#include "dirpin.h"
#include "engine_options.h"
#include "job.h"
#include "newdir.h"
#include "pathutil.h"

/* The directories cephfs_new_dir jobs of this process have made. */
static pthread_mutex_t new_dirs_lock = PTHREAD_MUTEX_INITIALIZER;
static char **new_dirs;
static unsigned int nr_new_dirs;

static bool cephfs_new_dir_made(const char *dir)
{
	unsigned int i;

	for (i = 0; i < nr_new_dirs; i++)
		if (!strcmp(new_dirs[i], dir))
			return true;
	return false;
}

/*
 * mkdir -p @dir while other jobs may be making the same parents: Ceph 20's
 * ceph_mkdirs fails with EEXIST when another client makes one of the
 * components first, leaving the rest unmade (two jobs making a/b/0 and
 * a/b/1, t/engine-mdops.t), so try again while that happens, at most once
 * per component.  Returns 0 when @dir exists, or -errno.
 */
static int cephfs_mkdirs(struct cephfs_data *cd, const char *dir)
{
	struct ceph_statx stx;
	unsigned int tries = 1;
	const char *c;
	int ret;

	for (c = dir; *c; c++)
		tries += *c == '/';
	do {
		ret = ceph_mkdirs(cd->cmount, dir, CEPHFS_DIR_MODE);
		if (ret == -EEXIST)
			ret = ceph_statx(cd->cmount, dir, &stx, CEPH_STATX_INO, 0);
	} while (ret == -ENOENT && --tries);
	return ret;
}

/* mkdir -p the parents of @dir, then mkdir @dir itself. */
static int cephfs_mkdir_new(struct cephfs_data *cd, const char *dir)
{
	char *parent = path_dirname(dir);
	int ret;

	if (!parent)
		return -ENOMEM;
	ret = strcmp(parent, ".") && strcmp(parent, "/") ?
		cephfs_mkdirs(cd, parent) : 0;
	free(parent);
	if (ret)
		return ret;
	return ceph_mkdir(cd->cmount, dir, CEPHFS_DIR_MODE);
}

static int cephfs_remember_new_dir(const char *dir)
{
	char **grown = realloc(new_dirs, (nr_new_dirs + 1) * sizeof(*new_dirs));

	if (!grown)
		return -ENOMEM;
	new_dirs = grown;
	new_dirs[nr_new_dirs] = strdup(dir);
	if (!new_dirs[nr_new_dirs])
		return -ENOMEM;
	nr_new_dirs++;
	return 0;
}

/*
 * cephfs_new_dir_mark on @dir, just made and still empty.  A directory
 * that cannot be marked goes again: a cleanup would not take it for its
 * own, and leave it behind.
 */
static int cephfs_mark_new_dir(struct cephfs_data *cd, const char *dir)
{
	const char *mark = ((struct cephfs_options *)cd->td->eo)->new_dir_mark;
	int ret;

	if (!mark)
		return 0;
	ret = ceph_setxattr(cd->cmount, dir, CEPHFS_NEW_DIR_MARK_XATTR, mark,
			    strlen(mark), XATTR_CREATE);
	if (ret) {
		ceph_rmdir(cd->cmount, dir);
		cephfs_error(cd->td, ret, "ceph_setxattr " CEPHFS_NEW_DIR_MARK_XATTR,
			     dir);
	}
	return ret;
}

/*
 * cephfs_dir_pin on @dir, just made and still empty, so the files the job
 * makes there are served by the pinned rank (once the MDS has moved it:
 * see dirpin.h).  A directory that cannot be pinned goes again: the job
 * fails and leaves nothing behind.
 */
static int cephfs_pin_new_dir(struct cephfs_data *cd, const char *dir)
{
	struct cephfs_options *o = cd->td->eo;
	char why[512];
	int ret;

	ret = cephfs_dir_pin_apply(cd->cmount, o->fs, dir, &cd->dir_pin, why,
				   sizeof(why));
	if (!ret)
		return 0;
	ceph_rmdir(cd->cmount, dir);
	if (!cd->td->error)
		log_err("cephfs: %s: %s\n", cd->td->o.name, why);
	td_verror(cd->td, -ret, "cephfs_dir_pin");
	return ret;
}

/* The mount root is not the job's to pin: the pin would outlive it. */
static int cephfs_pin_root_refused(struct cephfs_data *cd)
{
	if (cd->dir_pin.kind == CEPHFS_DIR_PIN_NONE)
		return 0;
	if (!cd->td->error)
		log_err("cephfs: %s: cephfs_dir_pin=%s: the files are at the mount root; a pin needs them in a directory the job makes (a filename or filename_format with one)\n",
			cd->td->o.name, cd->dir_pin.text);
	td_verror(cd->td, EINVAL, "cephfs_dir_pin");
	return -EINVAL;
}

/*
 * cephfs_new_dir (or cephfs_dir_pin): make @dir on this job's mount, unless
 * a job of this process did; it must not exist before.  The client that
 * made a directory holds it exclusively and knows it is empty, so creating
 * a file there takes one MDS request; in a directory another client made,
 * libcephfs looks every name up first (4,001 MDS requests for 2,000
 * creates, against 2,002).  Returns 0 or -errno, reported here.
 */
static int cephfs_make_new_dir(struct cephfs_data *cd, const char *dir)
{
	int ret = 0;

	/* The mount root cannot be new. */
	if (!strcmp(dir, ".") || !strcmp(dir, "/"))
		return cephfs_pin_root_refused(cd);
	pthread_mutex_lock(&new_dirs_lock);
	if (!cephfs_new_dir_made(dir)) {
		ret = cephfs_mkdir_new(cd, dir);
		if (!ret)
			ret = cephfs_mark_new_dir(cd, dir);
		if (!ret)
			ret = cephfs_pin_new_dir(cd, dir);
		if (!ret)
			ret = cephfs_remember_new_dir(dir);
	}
	pthread_mutex_unlock(&new_dirs_lock);
	if (ret)
		cephfs_error(cd->td, ret, "ceph_mkdir", dir);
	return ret;
}

int cephfs_parent_for_create(struct cephfs_data *cd, const char *path,
			     struct Inode **parent, const char **name)
{
	struct ceph_statx stx;
	const char *slash = strrchr(path, '/');
	char *dir = path_dirname(path);
	int ret;

	*name = slash ? slash + 1 : path;
	if (!dir)
		return -ENOMEM;
	if (((struct cephfs_options *)cd->td->eo)->new_dir ||
	    ((struct cephfs_options *)cd->td->eo)->new_dir_mark ||
	    cd->dir_pin.kind != CEPHFS_DIR_PIN_NONE) {
		ret = cephfs_make_new_dir(cd, dir);
		if (ret) {
			free(dir);
			return ret;
		}
	}
	ret = ceph_ll_walk(cd->cmount, dir, parent, &stx, 0, 0, cd->perms);
	if (ret == -ENOENT) {
		ret = cephfs_mkdirs(cd, dir);
		if (!ret)
			ret = ceph_ll_walk(cd->cmount, dir, parent, &stx, 0, 0,
					   cd->perms);
	}
	free(dir);
	return ret;
}

void cephfs_forget_create_parent(struct cephfs_data *cd)
{
	if (cd->create_parent)
		ceph_ll_put(cd->cmount, cd->create_parent);
	cd->create_parent = NULL;
	free(cd->create_dir);
	cd->create_dir = NULL;
}

/*
 * A job's files mostly share a directory: look it up once, not before
 * every create.  Each ll_walk takes the client lock and adds a line to
 * the client's in-memory log, on the cores the cluster needs too; the
 * original's ceph_open walks the path inside its one call.
 */
int cephfs_create_parent(struct cephfs_data *cd, const char *path,
			 struct Inode **parent, const char **name)
{
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? slash - path + 1 : 0;
	int ret;

	if (cd->create_parent && strlen(cd->create_dir) == dir_len &&
	    !strncmp(cd->create_dir, path, dir_len)) {
		*parent = cd->create_parent;
		*name = path + dir_len;
		return 0;
	}
	cephfs_forget_create_parent(cd);
	cd->create_dir = strndup(path, dir_len);
	if (!cd->create_dir)
		return -ENOMEM;
	ret = cephfs_parent_for_create(cd, path, &cd->create_parent, name);
	if (ret) {
		cd->create_parent = NULL;
		cephfs_forget_create_parent(cd);
		return ret;
	}
	*parent = cd->create_parent;
	return 0;
}
