// SPDX-License-Identifier: GPL-2.0-only
/*
 * IO500's find through libcephfs: threads share a stack of directories
 * still to list (depth first keeps it short); each pops one, lists it,
 * pushes its subdirectories and counts the rest.  The walk ends when the
 * stack is empty and no thread is listing (one could still push), or at
 * the first error, which every thread sees before its next entry.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "find.h"

/* A directory still to list, its path from the mount's root. */
struct find_dir {
	struct find_dir *next;
	char path[];
};

struct find_walk {
	struct ceph_mount_info *m;
	const struct find_criteria *c;
	pthread_mutex_t lock;
	pthread_cond_t changed;		/* a push, or the walk's end */
	struct find_dir *stack;		/* lock */
	unsigned int listing;		/* lock: threads listing a directory */
	bool stop;			/* lock to write; read atomically */
	int err;			/* lock: the first error, or 0 */
	char *error;			/* lock: its text */
	size_t len;
	struct find_counts counts;	/* lock: summed as threads end */
};

static bool find_name_matches(const struct find_criteria *c, const char *name)
{
	return !c->name_glob || !fnmatch(c->name_glob, name, 0);
}

static bool find_has_newer(const struct find_criteria *c)
{
	return c->newer.tv_sec || c->newer.tv_nsec;
}

bool find_matches(const struct find_criteria *c, const char *name,
		  int64_t size, struct timespec mtime)
{
	const struct timespec *t = &c->newer;

	if (c->size >= 0 && size != c->size)
		return false;
	if (find_has_newer(c) &&
	    (mtime.tv_sec < t->tv_sec ||
	     (mtime.tv_sec == t->tv_sec && mtime.tv_nsec <= t->tv_nsec)))
		return false;
	return find_name_matches(c, name);
}

/* The first error ends the walk: keep it, wake everyone to stop. */
static void find_fail(struct find_walk *w, int err, const char *what,
		      const char *path)
{
	pthread_mutex_lock(&w->lock);
	if (!w->err) {
		w->err = err;
		snprintf(w->error, w->len, "find: cannot %s %s: %s", what,
			 path, strerror(-err));
	}
	__atomic_store_n(&w->stop, true, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&w->changed);
	pthread_mutex_unlock(&w->lock);
}

/* @parent/@name in @out, which has room for it and two bytes more. */
static void find_join(char *out, const char *parent, const char *name)
{
	size_t plen = strlen(parent);

	sprintf(out, "%s%s%s", parent,
		plen && parent[plen - 1] == '/' ? "" : "/", name);
}

/* Push @parent/@name (@parent alone when @name is NULL) for a thread to
 * list; 0 or -ENOMEM. */
static int find_push(struct find_walk *w, const char *parent,
		     const char *name)
{
	struct find_dir *d;

	d = malloc(sizeof(*d) + strlen(parent) + (name ? strlen(name) : 0) + 2);
	if (!d)
		return -ENOMEM;
	if (name)
		find_join(d->path, parent, name);
	else
		strcpy(d->path, parent);
	pthread_mutex_lock(&w->lock);
	d->next = w->stack;
	w->stack = d;
	pthread_cond_signal(&w->changed);
	pthread_mutex_unlock(&w->lock);
	return 0;
}

/* Does the entry @name in @path meet the criteria?  Its name first, as
 * pfind does: only a name that matches costs a stat (in @full, room for
 * the entry's path).  1, 0, or -errno with the walk failed. */
static int find_entry_matches(struct find_walk *w, const char *path,
			      const char *name, char *full)
{
	const struct find_criteria *c = w->c;
	struct ceph_statx stx;
	int ret;

	if (!find_name_matches(c, name))
		return 0;
	if (c->size < 0 && !find_has_newer(c))
		return 1;
	find_join(full, path, name);
	ret = ceph_statx(w->m, full, &stx, CEPH_STATX_SIZE | CEPH_STATX_MTIME,
			 AT_SYMLINK_NOFOLLOW);
	if (ret < 0) {
		find_fail(w, ret, "stat", full);
		return ret;
	}
	return find_matches(c, name, (int64_t)stx.stx_size, stx.stx_mtime);
}

/*
 * List @path one entry at a time into @n: its subdirectories are pushed,
 * held nowhere else.  The attributes are a stat's, not readdirplus's: those
 * are what the MDS last heard, and a file another client wrote a moment ago
 * can still be 0 bytes there until a stat makes the MDS ask that client.
 */
static void find_list(struct find_walk *w, const char *path,
		      struct find_counts *n)
{
	struct ceph_dir_result *dir;
	struct dirent de;
	char *full;
	int ret;

	full = malloc(strlen(path) + sizeof(de.d_name) + 2);
	if (!full) {
		find_fail(w, -ENOMEM, "allocate a path in", path);
		return;
	}
	ret = ceph_opendir(w->m, path, &dir);
	if (ret < 0) {
		find_fail(w, ret, "open", path);
		free(full);
		return;
	}
	n->dirs++;
	while (!__atomic_load_n(&w->stop, __ATOMIC_RELAXED)) {
		ret = ceph_readdir_r(w->m, dir, &de);
		if (ret <= 0)
			break;
		if (!strcmp(de.d_name, ".") || !strcmp(de.d_name, ".."))
			continue;
		if (de.d_type == DT_DIR) {
			ret = find_push(w, path, de.d_name);
			if (ret < 0)
				break;
			continue;
		}
		n->checked++;
		ret = find_entry_matches(w, path, de.d_name, full);
		if (ret < 0)
			break;
		n->matched += ret;
	}
	/* A failed stat has failed the walk already: the first error stays. */
	if (ret < 0)
		find_fail(w, ret, "list", path);
	ceph_closedir(w->m, dir);
	free(full);
}

static void *find_thread(void *arg)
{
	struct find_walk *w = arg;
	struct find_counts n = { 0 };
	struct find_dir *d;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->stack && w->listing && !w->stop)
			pthread_cond_wait(&w->changed, &w->lock);
		if (w->stop || !w->stack)
			break;
		d = w->stack;
		w->stack = d->next;
		w->listing++;
		pthread_mutex_unlock(&w->lock);
		find_list(w, d->path, &n);
		free(d);
		pthread_mutex_lock(&w->lock);
		if (!--w->listing && !w->stack)
			pthread_cond_broadcast(&w->changed);
	}
	w->counts.checked += n.checked;
	w->counts.matched += n.matched;
	w->counts.dirs += n.dirs;
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int find_walk(struct ceph_mount_info *m, const char *root,
	      const struct find_criteria *c, unsigned int threads,
	      struct find_counts *out, char *error, size_t len)
{
	struct find_walk w = {
		.m = m, .c = c, .error = error, .len = len,
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.changed = PTHREAD_COND_INITIALIZER,
	};
	pthread_t *tids;
	unsigned int started = 0;
	struct find_dir *d;
	int ret;

	*out = (struct find_counts){ 0 };
	if (!threads) {
		snprintf(error, len, "find: no threads to walk %s with", root);
		return -EINVAL;
	}
	tids = calloc(threads, sizeof(*tids));
	ret = tids ? find_push(&w, root, NULL) : -ENOMEM;
	if (ret < 0) {
		free(tids);
		snprintf(error, len, "find: out of memory to walk %s", root);
		return ret;
	}
	for (; started < threads; started++) {
		ret = -pthread_create(&tids[started], NULL, find_thread, &w);
		if (ret < 0) {
			find_fail(&w, ret, "start a thread to walk", root);
			break;
		}
	}
	while (started)
		pthread_join(tids[--started], NULL);
	free(tids);
	while ((d = w.stack)) {
		w.stack = d->next;
		free(d);
	}
	*out = w.counts;
	return w.err;
}
