// SPDX-License-Identifier: GPL-2.0-only
/*
 * io_submit_mode=offload runs a job's I/O on iodepth worker threads, each
 * with a thread_data of its own and its own init of this engine.  fio
 * 3.41 and earlier start each worker with a race (workqueue.c,
 * start_worker): after pthread_create the starting thread sets the
 * worker's flags to "idle", over the "running" the worker sets as its
 * engine init returns.  A worker that wins is never seen running, and
 * the job waits for it in workqueue_init for ever, deaf to SIGTERM
 * (measured: 1 run in 2 to 6 on fio 3.33 and 3.41; fixed by fio's
 * commit "workqueue: fix threads stall when running with
 * io_submit_mode offload").  This engine's init is quick once the job's
 * mount is cached, so its workers won often.  Here a worker's init first
 * waits for that store, which follows pthread_create's return by
 * microseconds.
 *
 * A worker's thread_data has no link to its job's (its engine options are
 * a copy, and fio sets td->parent after the init), so each offload job of
 * this process registers itself for its workers to find.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "fio.h"
#include "workqueue.h"

#include "offload.h"

/* Far beyond the microseconds the store takes; fio's own race after. */
#define WORKER_START_WAIT_US 1000000
#define WORKER_START_POLL_US 100

struct offload_job {
	struct thread_data *td;
	struct offload_job *next;
};

static pthread_mutex_t offload_jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct offload_job *offload_jobs;

/* fio numbers its jobs from 1; a worker's thread_data is calloc()ed. */
static bool cephfs_is_offload_worker(struct thread_data *td)
{
	return td->o.io_submit_mode == IO_MODE_OFFLOAD && !td->thread_number;
}

static bool cephfs_is_offload_job(struct thread_data *td)
{
	return td->o.io_submit_mode == IO_MODE_OFFLOAD && td->thread_number;
}

/*
 * The worker of @job's queue that runs @td.  A job's workers get their
 * priv one by one before each thread starts; the search stops at the
 * first match, and a pointer compared with @td matches only its own.
 */
static struct submit_worker *cephfs_worker_of(struct thread_data *job,
					      struct thread_data *td)
{
	struct workqueue *wq = &job->io_wq;
	unsigned int i;

	for (i = 0; wq->workers && i < wq->max_workers; i++)
		if (wq->workers[i].priv == td)
			return &wq->workers[i];
	return NULL;
}

static struct submit_worker *cephfs_find_worker(struct thread_data *td)
{
	struct submit_worker *sw = NULL;
	struct offload_job *job;

	pthread_mutex_lock(&offload_jobs_lock);
	for (job = offload_jobs; job && !sw; job = job->next)
		sw = cephfs_worker_of(job->td, td);
	pthread_mutex_unlock(&offload_jobs_lock);
	return sw;
}

static unsigned int cephfs_worker_flags(struct submit_worker *sw)
{
	unsigned int flags;

	pthread_mutex_lock(&sw->lock);
	flags = sw->flags;
	pthread_mutex_unlock(&sw->lock);
	return flags;
}

void cephfs_offload_worker_start(struct thread_data *td)
{
	struct submit_worker *sw;
	unsigned int waited;

	if (!cephfs_is_offload_worker(td) || !(sw = cephfs_find_worker(td)))
		return;
	for (waited = 0; waited < WORKER_START_WAIT_US;
	     waited += WORKER_START_POLL_US) {
		if (cephfs_worker_flags(sw))
			return;
		usleep(WORKER_START_POLL_US);
	}
}

int cephfs_offload_register(struct thread_data *td)
{
	struct offload_job *job;

	if (!cephfs_is_offload_job(td))
		return 0;
	job = malloc(sizeof(*job));
	if (!job)
		return -ENOMEM;
	job->td = td;
	pthread_mutex_lock(&offload_jobs_lock);
	job->next = offload_jobs;
	offload_jobs = job;
	pthread_mutex_unlock(&offload_jobs_lock);
	return 0;
}

void cephfs_offload_unregister(struct thread_data *td)
{
	struct offload_job **at, *job;

	if (!cephfs_is_offload_job(td))
		return;
	pthread_mutex_lock(&offload_jobs_lock);
	for (at = &offload_jobs; *at && (*at)->td != td; at = &(*at)->next)
		;
	job = *at;
	if (job)
		*at = job->next;
	pthread_mutex_unlock(&offload_jobs_lock);
	free(job);
}
