/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A mount of CephFS through libcephfs, as the mount cache hands it out,
 * and the count of its calls the stall watchdog watches.
 */
#ifndef FIO_CEPHFS_MOUNT_H
#define FIO_CEPHFS_MOUNT_H

#include <pthread.h>
#include <stdbool.h>

struct ceph_mount_info;

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

#endif
