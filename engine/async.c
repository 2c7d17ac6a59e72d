// SPDX-License-Identifier: GPL-2.0-only
/*
 * Asynchronous I/O for iodepth > 1, two ways:
 *
 * - emulated: the libcephfs of Ceph 16 and 18 has only blocking calls, so a set
 *   of submitter threads takes queued io_us in order and runs them;
 * - native: reads and writes go through ceph_ll_nonblocking_readv_writev
 *   from fio's own thread, and libcephfs calls back when each is done.
 *   libcephfs has no nonblocking sync or trim, so those run on one
 *   submitter thread, as in the emulated way.
 *
 * Either way finished io_us wait in @completed for getevents, which
 * sleeps on a condition variable until enough are there.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>

#include "fio.h"

#include "async.h"
#include "io.h"
#include "mount_cache.h"

/* Per io_u: its place in the queue and the outcome of its call. */
struct cephfs_iou {
	struct flist_head list;
	struct io_u *io_u;
	struct cephfs_outcome outcome;
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	struct cephfs_async *as;
	struct ceph_ll_io_info info;
	struct iovec iov;
#endif
};

struct cephfs_async {
	struct thread_data *td;
	struct cephfs_mount *mount;
	enum cephfs_async_mode mode;
	pthread_mutex_t lock;
	pthread_cond_t work;		/* submitters: queued work or stopping */
	pthread_cond_t done;		/* an io_u finished */
	struct flist_head queued;
	unsigned int in_flight;		/* queued, not finished yet */
	struct io_u **completed;	/* finished, not yet reaped */
	unsigned int nr_completed;
	struct io_u **events;		/* reaped by the last getevents */
	pthread_t *threads;
	unsigned int nr_threads;
	bool stopping;
};

static struct cephfs_file *cephfs_async_file(struct io_u *io_u)
{
	return FILE_ENG_DATA(io_u->file);
}

/* Device time starts now, not when fio queued it to a submitter. */
static void cephfs_async_issued(struct cephfs_async *as, struct io_u *io_u)
{
	if (fio_fill_issue_time(as->td))
		fio_gettime(&io_u->issue_time, NULL);
}

/* Hand a finished io_u to getevents (under the lock). */
static void cephfs_async_finished(struct cephfs_async *as, struct io_u *io_u)
{
	if (io_u->ddir == DDIR_WRITE)
		cephfs_async_file(io_u)->writes_running--;
	as->completed[as->nr_completed++] = io_u;
	as->in_flight--;
	pthread_cond_broadcast(&as->done);
}

/*
 * A sync must not overtake writes of its file that started earlier, on
 * another submitter or through libcephfs' nonblocking call; wait for them
 * (under the lock).
 */
static void cephfs_async_wait_writes(struct cephfs_async *as, struct io_u *io_u)
{
	if (io_u->ddir == DDIR_WRITE)
		cephfs_async_file(io_u)->writes_running++;
	else if (ddir_sync(io_u->ddir))
		while (cephfs_async_file(io_u)->writes_running)
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

		cephfs_async_issued(as, io_u);
		iou->outcome.ret = cephfs_io_blocking(as->mount, io_u,
						      &iou->outcome.call);

		pthread_mutex_lock(&as->lock);
		cephfs_async_finished(as, io_u);
	}
	pthread_mutex_unlock(&as->lock);
	return NULL;
}

static void cephfs_async_to_submitter(struct cephfs_async *as,
				       struct cephfs_iou *iou)
{
	pthread_mutex_lock(&as->lock);
	as->in_flight++;
	flist_add_tail(&iou->list, &as->queued);
	pthread_cond_signal(&as->work);
	pthread_mutex_unlock(&as->lock);
}

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
#define CEPHFS_NONBLOCKING_CALL "ceph_ll_nonblocking_readv_writev"

static void cephfs_native_finished(struct cephfs_iou *iou, int64_t result)
{
	struct cephfs_async *as = iou->as;

	iou->outcome.ret = result;
	iou->outcome.call = CEPHFS_NONBLOCKING_CALL;
	cephfs_call_end(as->mount);
	/* Once the lock is dropped fio may reap the io_u and end the job:
	 * nothing of @as or @iou is touched after that. */
	pthread_mutex_lock(&as->lock);
	cephfs_async_finished(as, iou->io_u);
	pthread_mutex_unlock(&as->lock);
}

/*
 * On a libcephfs thread, or on fio's own inside the submit call when the
 * client cache has the data: so the lock is never held while submitting.
 */
static void cephfs_native_callback(struct ceph_ll_io_info *info)
{
	cephfs_native_finished(info->priv, info->result);
}

static void cephfs_native_submit(struct cephfs_async *as,
				 struct cephfs_iou *iou)
{
	struct io_u *io_u = iou->io_u;
	int64_t ret;

	iou->as = as;
	iou->iov.iov_base = io_u->xfer_buf;
	iou->iov.iov_len = io_u->xfer_buflen;
	iou->info = (struct ceph_ll_io_info) {
		.callback = cephfs_native_callback,
		.priv = iou,
		.fh = cephfs_async_file(io_u)->fh,
		.iov = &iou->iov,
		.iovcnt = 1,
		.off = io_u->offset,
		.write = io_u->ddir == DDIR_WRITE,
		/* As NFS-Ganesha asks: libcephfs fsyncs after the write and
		 * calls back once both are done. */
		.fsync = io_u->ddir == DDIR_WRITE &&
			 cephfs_async_file(io_u)->fsync_writes,
	};
	pthread_mutex_lock(&as->lock);
	as->in_flight++;
	if (io_u->ddir == DDIR_WRITE)
		cephfs_async_file(io_u)->writes_running++;
	pthread_mutex_unlock(&as->lock);

	cephfs_async_issued(as, io_u);
	cephfs_call_begin(as->mount);
	ret = ceph_ll_nonblocking_readv_writev(as->mount->cmount, &iou->info);
	/*
	 * 0: the callback has run or will.  Anything else is the outcome of
	 * a call that finished without it: an error before it started (Ceph
	 * 18) or data served inline.
	 */
	if (ret)
		cephfs_native_finished(iou, ret);
}
#endif

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
	/* fio reaps every io_u before it closes files, frees io_us and
	 * cleans up, so nothing is in flight here; should a callback still
	 * come, it must not find @as freed. */
	while (as->in_flight)
		pthread_cond_wait(&as->done, &as->lock);
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
		       enum cephfs_async_mode mode, unsigned int threads,
		       struct cephfs_async **out)
{
	struct cephfs_async *as;
	unsigned int depth = td->o.iodepth;
	int ret;

	if (mode == CEPHFS_ASYNC_NATIVE)
		threads = 1;
	as = calloc(1, sizeof(*as));
	if (!as)
		return ENOMEM;
	as->td = td;
	as->mount = mount;
	as->mode = mode;
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

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	/* Not ddir_rw(), which counts DDIR_TRIM as data too. */
	if (as->mode == CEPHFS_ASYNC_NATIVE &&
	    (io_u->ddir == DDIR_READ || io_u->ddir == DDIR_WRITE)) {
		cephfs_native_submit(as, iou);
		return;
	}
#endif
	cephfs_async_to_submitter(as, iou);
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
	/*
	 * Only what is in flight here can complete.  An io_submit_mode=offload
	 * job of fio 3.41 asked its own context for an event at its end while
	 * nothing was in flight in it and all its workers were idle, and
	 * waited here for ever (poisson-rate-submission.fio on Ceph 18, 3 runs
	 * in 40 with two other test suites running).
	 */
	pthread_mutex_lock(&as->lock);
	while (as->nr_completed < min && as->in_flight) {
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
