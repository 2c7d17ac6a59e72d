/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Data I/O on the files the engine opens: the blocking libcephfs calls,
 * shared by the synchronous path and the emulated asynchronous one.
 */
#ifndef FIO_CEPHFS_IO_H
#define FIO_CEPHFS_IO_H

#include <stdbool.h>
#include <stdint.h>

struct ceph_mount_info;
struct cephfs_mount;
struct io_u;
struct Inode;
struct Fh;

/* Per open file (the fio_file's engine data). */
struct cephfs_file {
	struct Inode *inode;
	struct Fh *fh;
	unsigned int writes_running;	/* async writes under way (async lock) */
	bool fsync_writes;		/* cephfs_write_fsync: each write fsyncs */
};

/*
 * One transfer of @len bytes at @off, through ceph_ll_readv and
 * ceph_ll_writev: ceph_ll_read and ceph_ll_write put two entries in the
 * client's log per call, kept in memory at debug_client's default level,
 * and each entry wakes the log thread.  These put one, as ceph_read and
 * ceph_write do.  Except for reads where libcephfs has the nonblocking
 * call (Ceph 20): there ceph_ll_readv read cold 4 MiB blocks 10% slower
 * than ceph_ll_read, with 8% more CPU, and no faster from the cache.
 * @len above INT_MAX transfers INT_MAX, a short transfer, so that the
 * count fits the int returned.  Returns the bytes done or -errno.
 */
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
#define CEPHFS_READ_CALL "ceph_ll_read"
#else
#define CEPHFS_READ_CALL "ceph_ll_readv"
#endif
#define CEPHFS_WRITE_CALL "ceph_ll_writev"
int cephfs_read_at(struct ceph_mount_info *cmount, struct Fh *fh, void *buf,
		   unsigned long long len, uint64_t off);
int cephfs_write_at(struct ceph_mount_info *cmount, struct Fh *fh,
		    const void *buf, unsigned long long len, uint64_t off);

/*
 * Run @io_u's read, write, sync or trim with the blocking call, watched
 * for stalls; under cephfs_write_fsync a write is followed by its file's
 * fsync before it counts as done.  Returns the bytes done (all of them
 * for a sync or trim) or -errno; @call names the libcephfs call.
 */
int cephfs_io_blocking(struct cephfs_mount *mount, struct io_u *io_u,
		       const char **call);

#endif
