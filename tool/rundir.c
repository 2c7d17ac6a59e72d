#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "fsstats.h"
#include "mount_cache.h"
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
	struct cephfs_mount_config cfg = {
		.conf = o->conf, .id = o->id, .keyring = o->keyring,
		.fs = o->fs, .root = o->root_path, .uid = o->uid, .gid = o->gid,
		.client_oc = o->client_oc, .client_oc_size = o->client_oc_size,
		.msgr_workers = o->msgr_workers,
		.mount_timeout = o->mount_timeout,
		.op_timeout = o->op_timeout,
	};
	const char *failed = "";
	unsigned int users;
	char why[256];
	int ret;

	/* Shared: a mount the run holds (fs_stats_take_mounted) serves again. */
	ret = cephfs_mount_get(&cfg, true, m, &users, &failed, why, sizeof(why));
	if (ret)
		cephfs_mount_error(&cfg, ret, failed, why, error, error_len);
	return ret;
}

int rundir_create(const struct bench_options *o, char *name, size_t len,
		  bool keep, struct fs_stats *before, char *error,
		  size_t error_len)
{
	struct cephfs_mount *m;
	int ret, attempt;

	ret = rundir_mount(o, &m, error, error_len);
	if (ret)
		return ret;
	/* On this mount, so that the statistics cost no mount of their own. */
	fs_stats_take(m, "before", before);
	cephfs_call_begin(m);
	for (attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
		rundir_pick_name(o, name, len);
		ret = ceph_mkdir(m->cmount, name, 0755);
		if (ret != -EEXIST)
			break;
	}
	if (!ret && !keep)
		ret = ceph_rmdir(m->cmount, name);
	cephfs_call_end(m);
	if (ret)
		snprintf(error, error_len, "cannot create run directory %s in %s: %s",
			 name, o->root_path, strerror(-ret));
	cephfs_mount_put(m);
	return ret;
}

/*
 * Clearing the run directory: list at most CLEAR_BATCH entries, remove
 * them, list again from the start, until a listing finds nothing.  One
 * listing of the whole directory held every entry in libcephfs' cache
 * at once: with 100,000 files the tool peaked at 273 MB, its fio phases
 * at 160-167.  Files are unlinked by CLEAR_THREADS threads at once, as
 * unlinks wait for the MDS one at a time per thread (2,000 files took
 * 0.36-0.44 s with 8 threads and 0.58-1.03 s with 2 on the sandbox
 * cluster); a subdirectory is cleared the same way, then removed.
 */
#define CLEAR_BATCH 1024
#define CLEAR_THREADS 8

struct clear_batch {
	char *files[CLEAR_BATCH];
	unsigned int nr_files;
	char *dirs[CLEAR_BATCH];
	unsigned int nr_dirs;
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

static void clear_batch_free(struct clear_batch *b)
{
	while (b->nr_files)
		free(b->files[--b->nr_files]);
	while (b->nr_dirs)
		free(b->dirs[--b->nr_dirs]);
}

/* The first CLEAR_BATCH entries of @path but "." and "..", in @b. */
static int list_batch(struct cephfs_mount *m, const char *path,
		      struct clear_batch *b, char *error, size_t error_len)
{
	struct ceph_dir_result *dir;
	struct dirent de;
	char *child;
	int ret;

	/* A cluster lost mid-run must not hang the cleanup: the watchdog. */
	cephfs_call_begin(m);
	ret = ceph_opendir(m->cmount, path, &dir);
	if (ret) {
		cephfs_call_end(m);
		snprintf(error, error_len, "cannot open %s: %s", path, strerror(-ret));
		return ret;
	}
	while (b->nr_files + b->nr_dirs < CLEAR_BATCH &&
	       (ret = ceph_readdir_r(m->cmount, dir, &de)) > 0) {
		if (!strcmp(de.d_name, ".") || !strcmp(de.d_name, ".."))
			continue;
		if (asprintf(&child, "%s/%s", path, de.d_name) < 0) {
			ret = -ENOMEM;
			break;
		}
		if (de.d_type == DT_DIR)
			b->dirs[b->nr_dirs++] = child;
		else
			b->files[b->nr_files++] = child;
	}
	ceph_closedir(m->cmount, dir);
	cephfs_call_end(m);
	if (ret < 0) {
		snprintf(error, error_len, "cannot list %s: %s", path, strerror(-ret));
		return ret;
	}
	return 0;
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
		if (ret)
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

static int remove_dir(struct cephfs_mount *m, const char *path, char *error,
		      size_t error_len)
{
	int ret;

	cephfs_call_begin(m);
	ret = ceph_rmdir(m->cmount, path);
	cephfs_call_end(m);
	if (ret)
		snprintf(error, error_len, "cannot remove %s: %s", path,
			 strerror(-ret));
	return ret;
}

/* Empty @path, batch by batch; 0, or -errno with one line in @error. */
static int clear_dir(struct cephfs_mount *m, const char *path, char *error,
		     size_t error_len)
{
	struct clear_batch *b = calloc(1, sizeof(*b));
	unsigned int i, listed;
	int ret;

	if (!b) {
		snprintf(error, error_len, "cannot list %s: %s", path,
			 strerror(ENOMEM));
		return -ENOMEM;
	}
	do {
		ret = list_batch(m, path, b, error, error_len);
		for (i = 0; !ret && i < b->nr_dirs; i++) {
			ret = clear_dir(m, b->dirs[i], error, error_len);
			if (!ret)
				ret = remove_dir(m, b->dirs[i], error, error_len);
		}
		if (!ret && b->nr_files)
			ret = unlink_batch(m, b, error, error_len);
		listed = b->nr_files + b->nr_dirs;
		clear_batch_free(b);
	} while (!ret && listed);
	free(b);
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
	return ret;
}

int rundir_clear(const struct bench_options *o, const char *name,
		 bool remove_run_dir, char *error, size_t error_len)
{
	struct cephfs_mount *m;
	int ret;

	*error = '\0';
	ret = rundir_mount(o, &m, error, error_len);
	if (ret)
		return ret;
	/* A write phase that was to make it may not have got that far. */
	ret = look_up(m, name);
	if (ret == -ENOENT) {
		ret = 0;
		goto put;
	}
	if (!ret)
		ret = clear_dir(m, name, error, error_len);
	if (!ret && remove_run_dir)
		ret = remove_dir(m, name, error, error_len);
	if (ret && !*error)
		snprintf(error, error_len, "cannot remove %s: %s", name,
			 strerror(-ret));
put:
	cephfs_mount_put(m);
	return ret;
}

/* How many regular files named <prefix>... @dir holds, in @files. */
static int count_in(struct cephfs_mount *m, const char *dir, const char *prefix,
		    uint64_t *files, char *error, size_t error_len)
{
	size_t prefix_len = strlen(prefix);
	struct ceph_dir_result *d;
	struct dirent de;
	int ret;

	cephfs_call_begin(m);
	ret = ceph_opendir(m->cmount, dir, &d);
	if (ret) {
		cephfs_call_end(m);
		if (ret == -ENOENT)
			return 0;
		snprintf(error, error_len, "cannot open %s: %s", dir, strerror(-ret));
		return ret;
	}
	while ((ret = ceph_readdir_r(m->cmount, d, &de)) > 0)
		if (de.d_type == DT_REG && !strncmp(de.d_name, prefix, prefix_len))
			++*files;
	ceph_closedir(m->cmount, d);
	cephfs_call_end(m);
	if (ret < 0)
		snprintf(error, error_len, "cannot list %s: %s", dir, strerror(-ret));
	return ret;
}

int rundir_count_files(const struct bench_options *o, char *const *dirs,
		       unsigned int n, uint64_t *files, char *error,
		       size_t error_len)
{
	struct cephfs_mount *m;
	unsigned int i;
	int ret;

	*files = 0;
	ret = rundir_mount(o, &m, error, error_len);
	if (ret)
		return ret;
	for (i = 0; !ret && i < n; i++)
		ret = count_in(m, dirs[i], o->prefix, files, error, error_len);
	cephfs_mount_put(m);
	return ret;
}
