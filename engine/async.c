/*
 * Asynchronous I/O for iodepth > 1.  libcephfs before Ceph 18 has only
 * blocking calls, so a set of submitter threads takes queued io_us in
 * order and runs them; finished ones wait in @completed for getevents.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fio.h"

#include "async.h"
#include "io.h"

/* Per io_u: its place in the queue and the outcome of its call. */
struct cephfs_iou {
	struct flist_head list;
	struct io_u *io_u;
	struct cephfs_outcome outcome;
};

struct cephfs_async {
	struct thread_data *td;
	struct cephfs_mount *mount;
	pthread_mutex_t lock;
	pthread_cond_t work;		/* submitters: queued work or stopping */
	pthread_cond_t done;		/* an io_u finished */
	struct flist_head queued;
	struct io_u **completed;	/* finished, not yet reaped */
	unsigned int nr_completed;
	struct io_u **events;		/* reaped by the last getevents */
	pthread_t *threads;
	unsigned int nr_threads;
	bool stopping;
};

/*
 * A sync must not overtake writes of its file that an earlier queue slot
 * started on another submitter; wait for them (under the lock).
 */
static void cephfs_async_wait_writes(struct cephfs_async *as, struct io_u *io_u)
{
	struct cephfs_file *cf = FILE_ENG_DATA(io_u->file);

	if (io_u->ddir == DDIR_WRITE)
		cf->writes_running++;
	else if (ddir_sync(io_u->ddir))
		while (cf->writes_running)
			pthread_cond_wait(&as->done, &as->lock);
}

static void *cephfs_async_submitter(void *arg)
{
	struct cephfs_async *as = arg;
	struct cephfs_iou *iou;
	struct io_u *io_u;

	pthread_mutex_lock(&as->lock);
	for (;;) {
		while (!as->stopping && flist_empty(&as->queued))
			pthread_cond_wait(&as->work, &as->lock);
		if (flist_empty(&as->queued))
			break;
		iou = flist_first_entry(&as->queued, struct cephfs_iou, list);
		flist_del_init(&iou->list);
		io_u = iou->io_u;
		cephfs_async_wait_writes(as, io_u);
		pthread_mutex_unlock(&as->lock);

		/* Device time starts now, not when fio queued it to us. */
		if (fio_fill_issue_time(as->td))
			fio_gettime(&io_u->issue_time, NULL);
		iou->outcome.ret = cephfs_io_blocking(as->mount, io_u,
						      &iou->outcome.call);

		pthread_mutex_lock(&as->lock);
		if (io_u->ddir == DDIR_WRITE)
			((struct cephfs_file *)FILE_ENG_DATA(io_u->file))->writes_running--;
		as->completed[as->nr_completed++] = io_u;
		pthread_cond_broadcast(&as->done);
	}
	pthread_mutex_unlock(&as->lock);
	return NULL;
}

static void cephfs_async_free(struct cephfs_async *as)
{
	free(as->threads);
	free(as->events);
	free(as->completed);
	free(as);
}

void cephfs_async_stop(struct cephfs_async *as)
{
	unsigned int i;

	pthread_mutex_lock(&as->lock);
	as->stopping = true;
	pthread_cond_broadcast(&as->work);
	pthread_mutex_unlock(&as->lock);
	for (i = 0; i < as->nr_threads; i++)
		pthread_join(as->threads[i], NULL);
	pthread_cond_destroy(&as->done);
	pthread_cond_destroy(&as->work);
	pthread_mutex_destroy(&as->lock);
	cephfs_async_free(as);
}

int cephfs_async_start(struct thread_data *td, struct cephfs_mount *mount,
		       unsigned int threads, struct cephfs_async **out)
{
	struct cephfs_async *as;
	unsigned int depth = td->o.iodepth;
	int ret;

	as = calloc(1, sizeof(*as));
	if (!as)
		return ENOMEM;
	as->td = td;
	as->mount = mount;
	as->completed = calloc(depth, sizeof(*as->completed));
	as->events = calloc(depth, sizeof(*as->events));
	as->threads = calloc(threads, sizeof(*as->threads));
	if (!as->completed || !as->events || !as->threads) {
		cephfs_async_free(as);
		return ENOMEM;
	}
	pthread_mutex_init(&as->lock, NULL);
	pthread_cond_init(&as->work, NULL);
	pthread_cond_init(&as->done, NULL);
	INIT_FLIST_HEAD(&as->queued);
	for (as->nr_threads = 0; as->nr_threads < threads; as->nr_threads++) {
		ret = pthread_create(&as->threads[as->nr_threads], NULL,
				     cephfs_async_submitter, as);
		if (ret) {
			cephfs_async_stop(as);
			return ret;
		}
	}
	*out = as;
	return 0;
}

void cephfs_async_queue(struct cephfs_async *as, struct io_u *io_u)
{
	struct cephfs_iou *iou = io_u->engine_data;

	pthread_mutex_lock(&as->lock);
	flist_add_tail(&iou->list, &as->queued);
	pthread_cond_signal(&as->work);
	pthread_mutex_unlock(&as->lock);
}

int cephfs_async_getevents(struct cephfs_async *as, unsigned int min,
			   unsigned int max, const struct timespec *t)
{
	struct timespec deadline;
	unsigned int n;

	if (t) {
		clock_gettime(CLOCK_REALTIME, &deadline);
		deadline.tv_sec += t->tv_sec;
		deadline.tv_nsec += t->tv_nsec;
		if (deadline.tv_nsec >= 1000000000L) {
			deadline.tv_sec++;
			deadline.tv_nsec -= 1000000000L;
		}
	}
	pthread_mutex_lock(&as->lock);
	while (as->nr_completed < min) {
		if (!t)
			pthread_cond_wait(&as->done, &as->lock);
		else if (pthread_cond_timedwait(&as->done, &as->lock, &deadline))
			break;
	}
	n = min(as->nr_completed, max);
	memcpy(as->events, as->completed, n * sizeof(*as->events));
	as->nr_completed -= n;
	memmove(as->completed, as->completed + n,
		as->nr_completed * sizeof(*as->completed));
	pthread_mutex_unlock(&as->lock);
	return n;
}

struct io_u *cephfs_async_event(struct cephfs_async *as, int event,
				struct cephfs_outcome *outcome)
{
	struct io_u *io_u = as->events[event];
	struct cephfs_iou *iou = io_u->engine_data;

	*outcome = iou->outcome;
	return io_u;
}

int cephfs_async_io_u_init(struct io_u *io_u)
{
	struct cephfs_iou *iou = calloc(1, sizeof(*iou));

	if (!iou)
		return 1;
	INIT_FLIST_HEAD(&iou->list);
	iou->io_u = io_u;
	io_u->engine_data = iou;
	return 0;
}

void cephfs_async_io_u_free(struct io_u *io_u)
{
	free(io_u->engine_data);
	io_u->engine_data = NULL;
}
