// SPDX-License-Identifier: GPL-2.0-only
/*
 * Refcounted cache of libcephfs mounts, keyed by every setting that changes
 * the mount.  Jobs running as threads of one fio process share a mount per
 * configuration, as cephfs-tool's threads share theirs; the last job to
 * release it unmounts, so a later stonewall group (a read phase after a
 * write phase) mounts afresh and reads cold instead of from the client cache.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mount_cache.h"
#include "mount_config.h"
#include "mount_explain.h"
#include "mount_perf_dump.h"
#include "mount_watchdog.h"

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cephfs_mount *cache;

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

/* A unit separator cannot appear in any of the settings. */
static char *config_key(const struct cephfs_mount_config *cfg)
{
	char *key;

#define SETTING_FORMAT(...) "\x1f%lld"
#define SETTING_VALUE(field, ...) , cfg->field
	if (asprintf(&key, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%d\x1f%d\x1f%s\x1f%s"
		     CEPHFS_SETTINGS(SETTING_FORMAT),
		     str_or_empty(cfg->conf), str_or_empty(cfg->id),
		     str_or_empty(cfg->keyring), str_or_empty(cfg->fs),
		     str_or_empty(cfg->root), cfg->uid, cfg->gid,
		     str_or_empty(cfg->set), str_or_empty(cfg->perf_dump)
		     CEPHFS_SETTINGS(SETTING_VALUE)) < 0)
		return NULL;
#undef SETTING_FORMAT
#undef SETTING_VALUE
	return key;
}


/* The one place that mounts: create, configure, mount, or unwind all. */
static int mount_new(const struct cephfs_mount_config *cfg,
		     struct cephfs_mount *m, const char **failed,
		     char *why, size_t why_len)
{
	struct ceph_mount_info *cmount;
	int ret;

	*failed = "ceph_create";
	ret = ceph_create(&cmount, cfg->id);
	if (ret)
		return ret;
	ret = cephfs_mount_configure(cmount, cfg, failed, why, why_len);
	if (ret)
		goto release;
	if (m->admin_socket) {
		*failed = "ceph_conf_set";
		ret = cephfs_mount_conf_set(cmount, cfg, "admin_socket",
					    m->admin_socket, "perf_dump", why,
					    why_len);
		if (ret)
			goto release;
	}
	ret = cephfs_keyring_check(cmount, failed, why, why_len);
	if (ret)
		goto release;
	/* Connects and authenticates: most cluster-side errors come from here. */
	*failed = "ceph_init";
	ret = ceph_init(cmount);
	if (ret)
		goto explain;
	ret = cephfs_mount_set_perms(cmount, cfg, failed);
	if (ret)
		goto release;
	*failed = "ceph_mount";
	ret = ceph_mount(cmount, cfg->root);
	if (ret)
		goto explain;
	ret = cephfs_root_is_directory(cmount, cfg, failed, why, why_len);
	if (ret)
		goto unmount;
	m->cmount = cmount;
	m->op_timeout = cfg->op_timeout;
	m->shutdown_timeout = cfg->mount_timeout ? cfg->mount_timeout : 30;
	if (m->op_timeout) {
		*failed = "pthread_create";
		ret = cephfs_watchdog_start(m);
		if (ret)
			goto unmount;
	}
	return 0;
explain:
	cephfs_explain_mount_error(cmount, cfg, ret, *failed, why, why_len);
	goto release;
unmount:
	ceph_unmount(cmount);
release:
	ceph_release(cmount);
	return ret;
}


/* The shared mount of @key in the cache, if any; under cache_lock. */
static struct cephfs_mount *cached(const char *key)
{
	struct cephfs_mount *m;

	for (m = cache; m; m = m->next)
		if (m->shared && !strcmp(m->key, key))
			return m;
	return NULL;
}

/* Under cache_lock. */
static void uncache(struct cephfs_mount *m)
{
	struct cephfs_mount **link;

	for (link = &cache; *link != m; link = &(*link)->next)
		;
	*link = m->next;
}

/* A new mount of @cfg keyed @key (the cache keeps it), cached; or -errno. */
static int mount_cached(const struct cephfs_mount_config *cfg, char *key,
			bool shared, struct cephfs_mount **out,
			const char **failed, char *why, size_t why_len)
{
	struct cephfs_mount *m;
	int ret = 0;

	*failed = "malloc";
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	if (cfg->perf_dump)
		ret = cephfs_perf_dump_setup(m, cfg->perf_dump, failed, why, why_len);
	if (!ret)
		ret = mount_new(cfg, m, failed, why, why_len);
	if (ret) {
		cephfs_perf_dump_teardown(m);
		free(m);
		return ret;
	}
	m->key = key;
	m->refs = 1;
	m->shared = shared;
	m->next = cache;
	cache = m;
	*out = m;
	return 0;
}

/*
 * fio forks each job that is not a thread from its main process, where
 * thread jobs started before it (a startdelay apart, say) may hold mounts.
 * The child has none of libcephfs's threads: a mount of its parent's
 * would never answer, and one of its own hangs too (libcephfs does not
 * survive a fork).  Such a child refuses to mount, saying why.  The lock
 * is held across every fork, so that the child finds it free and the
 * cache whole.
 */
static bool forked_from_mounts;

static void fork_prepare(void)
{
	pthread_mutex_lock(&cache_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&cache_lock);
}

/* The parent's mounts are not ours. */
static void fork_child(void)
{
	forked_from_mounts = cache != NULL;
	cache = NULL;
	pthread_mutex_unlock(&cache_lock);
}

/* By the first mount: before it a fork breaks nothing. */
static pthread_once_t fork_handlers_registered = PTHREAD_ONCE_INIT;

static void fork_handlers_register(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static int refuse_forked(const char **failed, char *why, size_t why_len)
{
	*failed = "fork";
	snprintf(why, why_len, "fio forked this job while thread jobs of its main process held libcephfs mounts, which a forked process can neither use nor make anew: run every job as a thread (thread) or none");
	return -EDEADLK;
}

int cephfs_mount_get(const struct cephfs_mount_config *cfg, bool shared,
		     struct cephfs_mount **out, unsigned int *users,
		     const char **failed, char *why, size_t why_len)
{
	struct cephfs_mount *m;
	char *key = NULL;
	int ret = 0;

	*why = '\0';
	pthread_once(&fork_handlers_registered, fork_handlers_register);
	/*
	 * Mounting under the lock serialises the first jobs of a group, which
	 * is what makes them share one mount instead of racing to make many.
	 */
	pthread_mutex_lock(&cache_lock);
	if (forked_from_mounts) {
		ret = refuse_forked(failed, why, why_len);
	} else if (!(key = config_key(cfg))) {
		*failed = "malloc";
		ret = -ENOMEM;
	} else if (shared && (m = cached(key))) {
		m->refs++;
	} else if (!(ret = mount_cached(cfg, key, shared, &m, failed, why, why_len))) {
		key = NULL;	/* the cache keeps it */
	}
	if (!ret) {
		*users = m->refs;
		*out = m;
	}
	pthread_mutex_unlock(&cache_lock);
	free(key);
	return ret;
}


void cephfs_mount_note_error(struct cephfs_mount *m, int ret)
{
	/* Not EDQUOT: the client refuses the write itself, and what it took
	 * before flushes; an abort would leave the MDS holding the session's
	 * caps until session_timeout, and a create in that directory waiting. */
	if (ret == -ETIMEDOUT || ret == -ENOSPC)
		__atomic_store_n(&m->cannot_flush, true, __ATOMIC_RELAXED);
}

/*
 * libcephfs's dispatcher keeps references to the inodes of the last MDS
 * reply until the thread that asked gives up the client lock, and a job
 * that unmounts straight after its last open never does: ceph_unmount
 * then finds those inodes cached and sleeps until the client's next tick,
 * up to 1 s: 0.68 s after one cephfs-tool read phase of 2,000 opens in
 * three, 14 of 20 unmounts with debug_client=20.  A statfs waits, with the
 * lock given up, on a reply the same dispatcher handles after that one,
 * so the references are gone when it returns.  It asks the monitor: with
 * none left, rados_mon_op_timeout (cephfs_op_timeout) ends the wait and
 * the unmount goes on; without that timeout it could wait forever, where
 * the tick costs at most a second, so it is left out.
 */
static void let_dispatcher_finish(struct cephfs_mount *m)
{
	struct statvfs unused;

	if (m->op_timeout)
		ceph_statfs(m->cmount, "/", &unused);
}

/*
 * Flush, then unmount; both wait for the cluster, so the watchdog watches
 * them, each call on its own: counted as one, the statfs's wait for a
 * monitor that is gone (the op timeout) and the unmount's own wait made
 * 11 s after a monitor crash on a loaded machine, past the watchdog's two
 * op timeouts, and a run that had written everything failed.  A cluster
 * that stopped answering or is full would keep the flush waiting forever:
 * abort then.
 */
static void flush_and_unmount(struct cephfs_mount *m)
{
	cephfs_call_begin(m);
	if (!__atomic_load_n(&m->cannot_flush, __ATOMIC_RELAXED))
		cephfs_mount_note_error(m, ceph_sync_fs(m->cmount));
	cephfs_call_end(m);
	cephfs_call_begin(m);
	if (__atomic_load_n(&m->cannot_flush, __ATOMIC_RELAXED)) {
		ceph_abort_conn(m->cmount);
	} else {
		let_dispatcher_finish(m);
		cephfs_call_end(m);
		cephfs_call_begin(m);
		__atomic_store_n(&m->unmounting, true, __ATOMIC_RELAXED);
		ceph_unmount(m->cmount);
	}
	cephfs_call_end(m);
	cephfs_watchdog_stop(m);
}

int cephfs_mount_put(struct cephfs_mount *m)
{
	int ret = 0;

	pthread_mutex_lock(&cache_lock);
	if (--m->refs) {
		pthread_mutex_unlock(&cache_lock);
		return 0;
	}
	uncache(m);
	pthread_mutex_unlock(&cache_lock);

	if (m->perf_dump)
		ret = cephfs_write_perf_dump(m);
	flush_and_unmount(m);
	ceph_release(m->cmount);
	cephfs_perf_dump_teardown(m);
	free(m->key);
	free(m);
	return ret;
}
