/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Mounts of CephFS through libcephfs, shared between the jobs of one fio
 * process that ask for the same mount configuration.
 */
#ifndef FIO_CEPHFS_MOUNT_CACHE_H
#define FIO_CEPHFS_MOUNT_CACHE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct ceph_mount_info;

/* Every setting that changes what a mount is; NULL/-1/0 mean "default". */
struct cephfs_mount_config {
	const char *conf;		/* conf file, NULL: libcephfs' search */
	const char *id;			/* client id, NULL: admin */
	const char *keyring;
	const char *fs;			/* filesystem name */
	const char *root;		/* directory mounted as root, NULL: / */
	int uid;			/* -1: the process's */
	int gid;
	int client_oc;			/* -1: configured default */
	unsigned long long client_oc_size;	/* 0: configured default */
	unsigned int msgr_workers;	/* 0: configured default */
	const char *set;		/* "key=value,key=value" overrides */
	unsigned int mount_timeout;	/* seconds, 0: configured default */
	unsigned int op_timeout;	/* seconds for an OSD or monitor op,
					 * 0: configured default (forever) */
	const char *perf_dump;		/* perf counters go here on unmount */
	/* Errors name the settings as cephfs-tool's options (--client-oc-size),
	 * not as the engine's (cephfs_client_oc_size). */
	bool tool_options;
};

struct cephfs_mount {
	struct ceph_mount_info *cmount;
	char *key;
	char *perf_dump;		/* copy of the config's */
	char *admin_dir;		/* mkdtemp'd, holds admin_socket */
	char *admin_socket;		/* private, for the perf dump */
	unsigned int refs;
	bool shared;
	/*
	 * The stall watchdog: libcephfs has no timeout for MDS requests, and
	 * an op blocked on a dead OSD or MDS never returns, not even to let
	 * fio handle SIGTERM.  When calls are running and none has finished
	 * for twice op_timeout seconds, the watchdog ends the process with a
	 * message (see watchdog_main).  op_timeout 0: no watchdog.
	 */
	unsigned int op_timeout;
	unsigned int calls_running;	/* atomic */
	unsigned long calls_done;	/* atomic */
	pthread_t watchdog;
	pthread_mutex_t watchdog_lock;
	pthread_cond_t watchdog_stop;
	bool stopping;			/* watchdog_lock */
	bool unmounting;		/* atomic: ceph_unmount is running */
	unsigned int shutdown_timeout;	/* seconds it may wait for the MDS */
	/* A call timed out, or the cluster is full: unmounting would wait
	 * forever to flush, so the connections are aborted instead (atomic). */
	bool cannot_flush;
	struct cephfs_mount *next;
};

/*
 * Get a mounted filesystem for @cfg: the cached one when @shared and one
 * with the same configuration exists, a fresh one otherwise; @users tells
 * how many jobs hold it now.  Returns 0 or -errno; on failure @failed
 * names the libcephfs call that failed and @why (may be empty) explains
 * the errno in Ceph terms.
 */
int cephfs_mount_get(const struct cephfs_mount_config *cfg, bool shared,
		     struct cephfs_mount **out, unsigned int *users,
		     const char **failed, char *why, size_t why_len);

/* The one-line message for a failed cephfs_mount_get(), for every user. */
void cephfs_mount_error(const struct cephfs_mount_config *cfg, int ret,
			const char *failed, const char *why, char *buf,
			size_t len);

/* Around every libcephfs call that may wait for the cluster. */
static inline void cephfs_call_begin(struct cephfs_mount *m)
{
	__atomic_add_fetch(&m->calls_running, 1, __ATOMIC_RELAXED);
}

static inline void cephfs_call_end(struct cephfs_mount *m)
{
	__atomic_add_fetch(&m->calls_done, 1, __ATOMIC_RELAXED);
	__atomic_sub_fetch(&m->calls_running, 1, __ATOMIC_RELAXED);
}

/*
 * Note a libcephfs error of an operation on @m.  A timeout (the
 * cluster stopped answering) or a full cluster means the mount is then torn
 * down without flushing.
 */
void cephfs_mount_note_error(struct cephfs_mount *m, int ret);

/*
 * Drop a reference; the last one unmounts, so the next mount reads cold.
 * Before unmounting it writes the perf counter dump, if the config asked
 * for one: returns 0, or -errno from that (the mount is gone either way).
 */
int cephfs_mount_put(struct cephfs_mount *m);

/*
 * @text (a copy; NULL: none) goes to stderr after the watchdog's own line
 * when the watchdog ends the process: what the process leaves behind and
 * how to remove it, which its ending skips.
 */
void cephfs_watchdog_last_words(const char *text);

/* Parse "key=value,key=value" into ceph_conf_set calls; -errno on error. */
int cephfs_conf_set_list(struct ceph_mount_info *cmount, const char *list,
			 const char **bad_key);

#endif
