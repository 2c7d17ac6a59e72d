// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/random.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fsstats.h"
#include "mount_cache.h"
#include "newdir.h"
#include "rundir.h"

/* Names in use get a fresh pick; give up long before 65536 of them. */
#define NAME_ATTEMPTS 64

void rundir_pick_name(const struct bench_options *o, char *name, size_t len)
{
	unsigned short r;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r))
		r = (unsigned short)(rand() ^ getpid());
	snprintf(name, len, "%s%04x", o->dir_prefix, r);
}

int rundir_mount(const struct bench_options *o, struct cephfs_mount **m,
		 char *error, size_t error_len)
{
	struct cephfs_mount_config cfg;
	const char *failed = "";
	unsigned int users;
	char why[256];
	int ret;

	options_mount_config(o, &cfg);
	/* Shared: a mount the run holds (fs_stats_take_mounted) serves again. */
	ret = cephfs_mount_get(&cfg, true, m, &users, &failed, why, sizeof(why));
	if (ret)
		cephfs_mount_error(&cfg, ret, failed, why, error, error_len);
	return ret;
}

void fs_stats_take_mounted(const struct bench_options *o, const char *when,
			   struct fs_stats *s, struct cephfs_mount **kept)
{
	if (rundir_mount(o, kept, s->error, sizeof(s->error))) {
		*kept = NULL;
		fs_stats_warn(when, s);
		return;
	}
	fs_stats_take(*kept, when, s);
}

int rundir_create(const struct bench_options *o, const struct run_plan *plan,
		  char *name, size_t len, bool keep, struct fs_stats *before,
		  char *error, size_t error_len)
{
	char *mark = keep ? run_plan_mark(plan, true) : NULL;
	const char *failed = "create";
	struct cephfs_mount *m;
	int ret, attempt;

	if (keep && !mark) {
		snprintf(error, error_len, "out of memory");
		return -ENOMEM;
	}

	ret = rundir_mount(o, &m, error, error_len);
	if (ret) {
		free(mark);
		return ret;
	}
	/* On this mount, so that the statistics cost no mount of their own. */
	fs_stats_take(m, "before", before);
	cephfs_call_begin(m);
	for (attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
		rundir_pick_name(o, name, len);
		ret = ceph_mkdir(m->cmount, name, 0755);
		if (ret != -EEXIST)
			break;
	}
	if (!ret && keep) {
		failed = "mark";
		ret = ceph_setxattr(m->cmount, name, CEPHFS_NEW_DIR_MARK_XATTR,
				    mark, strlen(mark), XATTR_CREATE);
		if (ret)
			ceph_rmdir(m->cmount, name);
	} else if (!ret) {
		ret = ceph_rmdir(m->cmount, name);
	}
	cephfs_call_end(m);
	if (ret)
		snprintf(error, error_len, "cannot %s run directory %s in %s: %s",
			 failed, name, o->root_path, strerror(-ret));
	cephfs_mount_put(m);
	free(mark);
	return ret;
}

/*
 * Emptying a directory of the run's files: list until CLEAR_BATCH of the
 * names the run planned (run_plan_has) are found, unlink them, list
 * again from the start, until a listing finds none.  Every other entry
 * is skipped: it was not the run's to remove.  Listing rather than
 * unlinking every planned name: a run stopped early made few of them,
 * and each unlink of a name that is not there costs an MDS request too
 * (20,000 planned names of which 3,446 made: 5.1 s).  One listing of the
 * whole directory held every entry in libcephfs' cache at once: with
 * 100,000 files the tool peaked at 273 MB, its fio phases at 160-167.
 * Files are unlinked by CLEAR_THREADS threads at once, as unlinks wait
 * for the MDS one at a time per thread (2,000 files took 0.36-0.44 s with
 * 8 threads and 0.58-1.03 s with 2 on the sandbox cluster).
 */
#define CLEAR_BATCH 1024
#define CLEAR_THREADS 8

struct clear_batch {
	char *files[CLEAR_BATCH];
	unsigned int nr_files;
};

struct clearer {
	struct cephfs_mount *m;
	const struct clear_batch *batch;
	unsigned int next;		/* the next file to unlink (atomic) */
	pthread_mutex_t lock;
	int ret;			/* the first error (lock) */
	char *error;
	size_t error_len;
};

/* @name inside the root path, as the user finds it. */
static void shown_path(const struct bench_options *o, const char *name,
		       char *path, size_t len)
{
	snprintf(path, len, "%s%s%s", o->root_path, o->root_path[1] ? "/" : "",
		 name);
}

static void clear_batch_free(struct clear_batch *b)
{
	while (b->nr_files)
		free(b->files[--b->nr_files]);
}

/*
 * Hands @take each regular file of @path that @plan names for @host, until
 * it returns nonzero (1: enough, or -errno).  Under the watchdog: a
 * cluster lost mid-run must not hang the cleanup or the count.
 */
static int each_planned_file(struct cephfs_mount *m,
			     const struct run_plan *plan, unsigned int host,
			     const char *path,
			     int (*take)(void *arg, const char *path,
					 const char *name),
			     void *arg, char *error, size_t error_len)
{
	struct ceph_dir_result *dir;
	struct dirent de;
	int ret;

	cephfs_call_begin(m);
	ret = ceph_opendir(m->cmount, path, &dir);
	if (ret) {
		cephfs_call_end(m);
		snprintf(error, error_len, "cannot open %s: %s", path, strerror(-ret));
		return ret;
	}
	while ((ret = ceph_readdir_r(m->cmount, dir, &de)) > 0) {
		if (de.d_type != DT_REG || !run_plan_has(plan, host, de.d_name))
			continue;
		ret = take(arg, path, de.d_name);
		if (ret)
			break;
	}
	ceph_closedir(m->cmount, dir);
	cephfs_call_end(m);
	if (ret < 0) {
		snprintf(error, error_len, "cannot list %s: %s", path, strerror(-ret));
		return ret;
	}
	return 0;
}

static int take_into_batch(void *arg, const char *path, const char *name)
{
	struct clear_batch *b = arg;
	char *child;

	if (asprintf(&child, "%s/%s", path, name) < 0)
		return -ENOMEM;
	b->files[b->nr_files++] = child;
	return b->nr_files == CLEAR_BATCH;
}

static void note_failure(struct clearer *c, const char *path, int ret)
{
	pthread_mutex_lock(&c->lock);
	if (!c->ret) {
		c->ret = ret;
		snprintf(c->error, c->error_len, "cannot remove %s: %s", path,
			 strerror(-ret));
	}
	pthread_mutex_unlock(&c->lock);
}

static void *unlink_files(void *arg)
{
	struct clearer *c = arg;
	unsigned int i;
	int ret;

	while ((i = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED)) <
	       c->batch->nr_files) {
		cephfs_call_begin(c->m);
		ret = ceph_unlink(c->m->cmount, c->batch->files[i]);
		cephfs_call_end(c->m);
		/* Gone since the listing: nothing of the run's is left there. */
		if (ret && ret != -ENOENT)
			note_failure(c, c->batch->files[i], ret);
	}
	return NULL;
}

/* The calling thread unlinks too, so the files go even when no thread
 * can be started. */
static int unlink_batch(struct cephfs_mount *m, const struct clear_batch *b,
			char *error, size_t error_len)
{
	struct clearer c = {
		.m = m, .batch = b, .error = error, .error_len = error_len,
	};
	pthread_t threads[CLEAR_THREADS - 1];
	unsigned int n, started = 0;

	pthread_mutex_init(&c.lock, NULL);
	n = b->nr_files < CLEAR_THREADS ? b->nr_files : CLEAR_THREADS;
	while (started + 1 < n &&
	       !pthread_create(&threads[started], NULL, unlink_files, &c))
		started++;
	unlink_files(&c);
	while (started)
		pthread_join(threads[--started], NULL);
	pthread_mutex_destroy(&c.lock);
	return c.ret;
}

/* Empty @path of @plan's files for @host, batch by batch; 0, or -errno
 * with one line in @error. */
static int unlink_planned(struct cephfs_mount *m, const struct run_plan *plan,
			  unsigned int host, const char *path, char *error,
			  size_t error_len)
{
	struct clear_batch *b = calloc(1, sizeof(*b));
	unsigned int listed;
	int ret;

	if (!b) {
		snprintf(error, error_len, "cannot list %s: %s", path,
			 strerror(ENOMEM));
		return -ENOMEM;
	}
	do {
		ret = each_planned_file(m, plan, host, path, take_into_batch, b,
					 error, error_len);
		if (!ret && b->nr_files)
			ret = unlink_batch(m, b, error, error_len);
		listed = b->nr_files;
		clear_batch_free(b);
	} while (!ret && listed);
	free(b);
	return ret;
}

static int remove_dir(const struct bench_options *o, struct cephfs_mount *m,
		      const char *dir, char *error, size_t error_len)
{
	char path[PATH_MAX];
	int ret;

	cephfs_call_begin(m);
	ret = ceph_rmdir(m->cmount, dir);
	cephfs_call_end(m);
	shown_path(o, dir, path, sizeof(path));
	if (ret == -ENOTEMPTY)
		snprintf(error, error_len, "left %s: it holds entries this run did not make",
			 path);
	else if (ret)
		snprintf(error, error_len, "cannot remove %s: %s", path,
			 strerror(-ret));
	return ret;
}

/* Is there a directory @name?  0 if so, -ENOENT if not, else -errno. */
static int look_up(struct cephfs_mount *m, const char *name)
{
	struct ceph_statx stx;
	int ret;

	cephfs_call_begin(m);
	ret = ceph_statx(m->cmount, name, &stx, CEPH_STATX_MODE, 0);
	cephfs_call_end(m);
	if (!ret && !S_ISDIR(stx.stx_mode))
		ret = -ENOTDIR;
	return ret;
}

/*
 * The mark of @dir, in @mark (malloc'd, NUL-terminated); 0, -ENODATA
 * when it has none, or -errno.
 */
static int read_mark(struct cephfs_mount *m, const char *dir, char **mark)
{
	int ret;

	*mark = malloc(RUNDIR_MARK_MAX + 1);
	if (!*mark)
		return -ENOMEM;
	cephfs_call_begin(m);
	ret = ceph_getxattr(m->cmount, dir, CEPHFS_NEW_DIR_MARK_XATTR, *mark,
			    RUNDIR_MARK_MAX);
	cephfs_call_end(m);
	if (ret < 0) {
		free(*mark);
		*mark = NULL;
		return ret;
	}
	(*mark)[ret] = '\0';
	return 0;
}

/* Does @dir carry @mark?  0 if so; else -EPERM with why in @error. */
static int check_mark(const struct bench_options *o, struct cephfs_mount *m,
		      const char *dir, const char *mark, char *error,
		      size_t error_len)
{
	char path[PATH_MAX], *found;
	int ret = read_mark(m, dir, &found);

	if (!ret && strcmp(found, mark))
		ret = -EPERM;
	free(found);
	if (!ret)
		return 0;
	shown_path(o, dir, path, sizeof(path));
	if (ret == -EPERM || ret == -ENODATA)
		snprintf(error, error_len, "left %s: this run did not make it (another client took its name, by whom is unknown)",
			 path);
	else
		snprintf(error, error_len, "left %s: cannot read its mark %s: %s",
			 path, CEPHFS_NEW_DIR_MARK_XATTR, strerror(-ret));
	return -EPERM;
}

/* Is @dir there and marked @mark?  0 if so, -ENOENT when it is not
 * there, else -errno with why in @error. */
static int marked_dir(const struct bench_options *o, struct cephfs_mount *m,
		      const char *dir, const char *mark, char *error,
		      size_t error_len)
{
	int ret = look_up(m, dir);
	char path[PATH_MAX];

	if (!ret)
		return check_mark(o, m, dir, mark, error, error_len);
	shown_path(o, dir, path, sizeof(path));
	if (ret != -ENOENT)
		snprintf(error, error_len, "cannot look up %s: %s", path,
			 strerror(-ret));
	return ret;
}

/* Empty @dir of the plan's names for @host, and remove it when @remove. */
static int clear_marked_dir(const struct bench_options *o,
			    struct cephfs_mount *m, const struct run_plan *plan,
			    unsigned int host, const char *mark,
			    const char *dir, bool remove, char *error,
			    size_t error_len)
{
	int ret = marked_dir(o, m, dir, mark, error, error_len);

	/* A write phase that was to make it may not have got that far. */
	if (ret == -ENOENT)
		return 0;
	if (!ret)
		ret = unlink_planned(m, plan, host, dir, error, error_len);
	if (!ret && remove)
		ret = remove_dir(o, m, dir, error, error_len);
	return ret;
}

/* With both marks of @plan in hand (see run_plan_mark). */
static int clear_on_mount(const struct bench_options *o, struct cephfs_mount *m,
			  const struct run_plan *plan, const char *name,
			  bool remove_run_dir, char *error, size_t error_len)
{
	char *run_mark = run_plan_mark(plan, true);
	char *host_mark = run_plan_mark(plan, false);
	char dir[PATH_MAX], host_error[512];
	unsigned int h;
	int ret, host_ret = 0;

	if (!run_mark || !host_mark) {
		ret = -ENOMEM;
		snprintf(error, error_len, "cannot clear %s: %s", name,
			 strerror(-ret));
		goto out;
	}
	if (!plan->nr_hosts) {
		ret = clear_marked_dir(o, m, plan, 0, run_mark, name,
				       remove_run_dir, error, error_len);
		goto out;
	}
	/* The run directory is the tool's; each host makes its own inside. */
	ret = marked_dir(o, m, name, run_mark, error, error_len);
	if (ret == -ENOENT) {
		ret = 0;
		goto out;
	}
	for (h = 0; !ret && h < plan->nr_hosts; h++) {
		snprintf(dir, sizeof(dir), "%s/%s", name, plan->hosts[h]);
		/* One host's leftovers do not keep the others'. */
		if (clear_marked_dir(o, m, plan, h, host_mark, dir, true,
				     host_error, sizeof(host_error)) &&
		    !host_ret) {
			host_ret = -ENOTEMPTY;
			snprintf(error, error_len, "%s", host_error);
		}
	}
	if (!ret)
		ret = host_ret;
	if (!ret && remove_run_dir)
		ret = remove_dir(o, m, name, error, error_len);
out:
	free(run_mark);
	free(host_mark);
	return ret;
}

int rundir_clear(const struct bench_options *o, const struct run_plan *plan,
		 const char *name, bool remove_run_dir, char *error,
		 size_t error_len)
{
	struct cephfs_mount *m;
	int ret;

	*error = '\0';
	ret = rundir_mount(o, &m, error, error_len);
	if (ret)
		return ret;
	ret = clear_on_mount(o, m, plan, name, remove_run_dir, error,
			     error_len);
	cephfs_mount_put(m);
	return ret;
}

/* RUNDIR as given: inside --root-path, or relative to it. */
static const char *inside_root(const struct bench_options *o, const char *path)
{
	size_t len = strlen(o->root_path);

	if (*path != '/')
		return path;
	if (!o->root_path[1])
		return path + 1;
	if (!strncmp(path, o->root_path, len) && path[len] == '/')
		return path + len + 1;
	return NULL;
}

int rundir_cleanup(const struct bench_options *o, const char *path,
		   char *error, size_t error_len)
{
	const char *name = inside_root(o, path);
	struct cephfs_mount *m;
	struct run_plan plan;
	char *mark = NULL;
	int ret, code = RUNDIR_REFUSED;

	*error = '\0';
	if (!name || !*name) {
		snprintf(error, error_len, "%s: not inside --root-path %s", path,
			 o->root_path);
		return RUNDIR_REFUSED;
	}
	if (rundir_mount(o, &m, error, error_len))
		return RUNDIR_FAILED;
	ret = look_up(m, name);
	if (!ret)
		ret = read_mark(m, name, &mark);
	if (ret == -ENODATA)
		snprintf(error, error_len, "%s: not a run directory of cephfs-tool (it has no %s)",
			 path, CEPHFS_NEW_DIR_MARK_XATTR);
	else if (ret == -ENOENT)
		snprintf(error, error_len, "%s: no such directory", path);
	else if (ret == -ENOTDIR)
		snprintf(error, error_len, "%s: not a directory", path);
	else if (ret)
		snprintf(error, error_len, "%s: %s", path, strerror(-ret));
	else if (run_plan_parse(&plan, mark, strlen(mark)))
		snprintf(error, error_len, "%s: not a run directory of cephfs-tool (its %s is not a mark this tool writes)",
			 path, CEPHFS_NEW_DIR_MARK_XATTR);
	else {
		code = clear_on_mount(o, m, &plan, name, true, error,
				      error_len) ? RUNDIR_FAILED : 0;
		run_plan_free(&plan);
	}
	free(mark);
	cephfs_mount_put(m);
	return code;
}

static int count_one(void *arg, const char *path, const char *name)
{
	++*(uint64_t *)arg;
	return 0;
}

/* How many of @plan's files for @host @dir holds, added to @files; a
 * @dir not there holds none, one without @mark is not the run's. */
static int count_in(const struct bench_options *o, struct cephfs_mount *m,
		    const struct run_plan *plan, unsigned int host,
		    const char *dir, const char *mark, uint64_t *files,
		    char *error, size_t error_len)
{
	int ret;

	ret = marked_dir(o, m, dir, mark, error, error_len);
	if (ret)
		return ret == -ENOENT ? 0 : ret;
	return each_planned_file(m, plan, host, dir, count_one, files, error,
				 error_len);
}

int rundir_count_files(const struct bench_options *o,
		       const struct run_plan *plan, const char *name,
		       uint64_t *files, char *error, size_t error_len)
{
	char *run_mark = run_plan_mark(plan, true);
	char *host_mark = run_plan_mark(plan, false);
	char dir[PATH_MAX];
	struct cephfs_mount *m;
	unsigned int h;
	int ret;

	*files = 0;
	if (!run_mark || !host_mark) {
		ret = -ENOMEM;
		snprintf(error, error_len, "%s", strerror(-ret));
		goto out;
	}
	ret = rundir_mount(o, &m, error, error_len);
	if (ret)
		goto out;
	if (!plan->nr_hosts)
		ret = count_in(o, m, plan, 0, name, run_mark, files, error,
			       error_len);
	for (h = 0; !ret && h < plan->nr_hosts; h++) {
		snprintf(dir, sizeof(dir), "%s/%s", name, plan->hosts[h]);
		ret = count_in(o, m, plan, h, dir, host_mark, files, error,
			       error_len);
	}
	cephfs_mount_put(m);
out:
	free(run_mark);
	free(host_mark);
	return ret;
}
