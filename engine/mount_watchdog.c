// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stall watchdog of a mount (see struct cephfs_mount): ends the
 * process when the cluster stops answering a call that nothing else ends.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mount.h"
#include "mount_watchdog.h"

/* Has no call finished for a whole tick while some were running? */
static bool stalled_tick(struct cephfs_mount *m, unsigned long *last_done)
{
	unsigned long done = __atomic_load_n(&m->calls_done, __ATOMIC_RELAXED);
	bool stalled = done == *last_done &&
		__atomic_load_n(&m->calls_running, __ATOMIC_RELAXED);

	*last_done = done;
	return stalled;
}

/*
 * OSD and monitor ops fail by themselves after the op timeout, and the
 * calls waiting for them then return ETIMEDOUT, a clearer error; only a
 * call stuck longer than that (an MDS request) needs the watchdog.
 */
static unsigned int stall_limit(const struct cephfs_mount *m)
{
	/*
	 * ceph_unmount also waits for the MDS to close the session, up to
	 * client_shutdown_timeout (cephfs_mount_timeout, else its default
	 * 30 s): after a monitor crash an unmount took over 10 s on Ceph 18,
	 * and the watchdog ended a run that had written everything.
	 */
	if (__atomic_load_n(&m->unmounting, __ATOMIC_RELAXED))
		return 2 * m->op_timeout + m->shutdown_timeout;
	return 2 * m->op_timeout;
}

/* What the process leaves should the watchdog end it (atomic). */
static char *last_words;

void cephfs_watchdog_last_words(const char *text)
{
	char *words = text ? strdup(text) : NULL;

	free(__atomic_exchange_n(&last_words, words, __ATOMIC_ACQ_REL));
}

static void *watchdog_main(void *arg)
{
	struct cephfs_mount *m = arg;
	unsigned long last_done = 0;
	unsigned int stalled = 0;
	struct timespec tick;
	const char *words;

	pthread_mutex_lock(&m->watchdog_lock);
	while (!m->stopping && stalled < stall_limit(m)) {
		clock_gettime(CLOCK_MONOTONIC, &tick);
		tick.tv_sec++;
		if (pthread_cond_timedwait(&m->watchdog_stop, &m->watchdog_lock,
					   &tick) == ETIMEDOUT)
			stalled = stalled_tick(m, &last_done) ? stalled + 1 : 0;
	}
	pthread_mutex_unlock(&m->watchdog_lock);
	if (stalled < stall_limit(m))
		return NULL;
	/*
	 * Nothing in libcephfs fails a stuck MDS request (ceph_abort_conn
	 * itself waits for it), and a stuck call cannot be left behind: the
	 * job could never end.  So the process ends, saying why.
	 */
	fprintf(stderr, "cephfs: no libcephfs call returned for %u s (twice the op timeout): the cluster is not answering; exiting\n",
		stall_limit(m));
	words = __atomic_load_n(&last_words, __ATOMIC_ACQUIRE);
	if (words)
		fputs(words, stderr);
	_exit(EXIT_FAILURE);
}

int cephfs_watchdog_start(struct cephfs_mount *m)
{
	pthread_condattr_t attr;
	int ret;

	pthread_mutex_init(&m->watchdog_lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&m->watchdog_stop, &attr);
	pthread_condattr_destroy(&attr);
	ret = pthread_create(&m->watchdog, NULL, watchdog_main, m);
	if (ret) {
		pthread_cond_destroy(&m->watchdog_stop);
		pthread_mutex_destroy(&m->watchdog_lock);
		return -ret;
	}
	return 0;
}

void cephfs_watchdog_stop(struct cephfs_mount *m)
{
	if (!m->op_timeout)
		return;
	pthread_mutex_lock(&m->watchdog_lock);
	m->stopping = true;
	pthread_cond_signal(&m->watchdog_stop);
	pthread_mutex_unlock(&m->watchdog_lock);
	pthread_join(m->watchdog, NULL);
	pthread_cond_destroy(&m->watchdog_stop);
	pthread_mutex_destroy(&m->watchdog_lock);
}
