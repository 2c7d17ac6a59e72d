/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Asynchronous data I/O for iodepth > 1: fio queues io_us here, they run
 * concurrently, and getevents hands back the finished ones.
 */
#ifndef FIO_CEPHFS_ASYNC_H
#define FIO_CEPHFS_ASYNC_H

struct cephfs_async;
struct cephfs_mount;
struct io_u;
struct thread_data;
struct timespec;

enum cephfs_async_mode {
	/* Submitter threads running the blocking calls. */
	CEPHFS_ASYNC_EMULATED = 0,
	/* ceph_ll_nonblocking_readv_writev, where libcephfs has it (Ceph 18+). */
	CEPHFS_ASYNC_NATIVE,
};

/* What a finished io_u's call returned. */
struct cephfs_outcome {
	int ret;		/* bytes done or -errno */
	const char *call;	/* the libcephfs call, for error messages */
};

/*
 * Start async I/O for @td's data on @mount, the @mode way; emulated I/O
 * runs on @threads submitter threads.  Returns 0 or an errno.
 */
int cephfs_async_start(struct thread_data *td, struct cephfs_mount *mount,
		       enum cephfs_async_mode mode, unsigned int threads,
		       struct cephfs_async **out);

/* After fio reaped every io_u (it does before cleanup). */
void cephfs_async_stop(struct cephfs_async *as);

void cephfs_async_queue(struct cephfs_async *as, struct io_u *io_u);

/* fio's getevents: at least @min, at most @max finished io_us, waiting up
 * to @t (NULL: as long as it takes). */
int cephfs_async_getevents(struct cephfs_async *as, unsigned int min,
			   unsigned int max, const struct timespec *t);

/* The @event'th io_u of the last getevents, and its outcome. */
struct io_u *cephfs_async_event(struct cephfs_async *as, int event,
				struct cephfs_outcome *outcome);

/* Per io_u state, made and freed with fio's io_us. */
int cephfs_async_io_u_init(struct io_u *io_u);
void cephfs_async_io_u_free(struct io_u *io_u);

#endif
