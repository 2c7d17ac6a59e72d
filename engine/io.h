/*
 * Data I/O on the files the engine opens: the blocking libcephfs calls,
 * shared by the synchronous path and the emulated asynchronous one.
 */
#ifndef FIO_CEPHFS_IO_H
#define FIO_CEPHFS_IO_H

#include <stdbool.h>

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
 * Run @io_u's read, write, sync or trim with the blocking call, watched
 * for stalls; under cephfs_write_fsync a write is followed by its file's
 * fsync before it counts as done.  Returns the bytes done (all of them
 * for a sync or trim) or -errno; @call names the libcephfs call.
 */
int cephfs_io_blocking(struct cephfs_mount *mount, struct io_u *io_u,
		       const char **call);

#endif
