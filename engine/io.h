/*
 * Data I/O on the files the engine opens: the blocking libcephfs calls,
 * shared by the synchronous path and the emulated asynchronous one.
 */
#ifndef FIO_CEPHFS_IO_H
#define FIO_CEPHFS_IO_H

struct cephfs_mount;
struct io_u;
struct fio_file;
struct thread_data;
struct Inode;
struct Fh;

/* Per open file (the fio_file's engine data). */
struct cephfs_file {
	struct Inode *inode;
	struct Fh *fh;
	unsigned int writes_running;	/* async writes under way (async lock) */
};

/*
 * Run @io_u's read, write, sync or trim with the blocking call, watched
 * for stalls.  Returns the bytes done (all of them for a sync or trim) or
 * -errno; @call names the libcephfs call.
 */
int cephfs_io_blocking(struct cephfs_mount *mount, struct io_u *io_u,
		       const char **call);

/*
 * cephfs_clip_to_size, before the open: let fio issue the block that starts
 * before the end of @f's range and reaches past it (fio refuses a block
 * ending beyond the size it knows, which for a file already written is
 * its size).  Returns 1, reported, when verify cannot check its short
 * last block.
 */
int cephfs_clip_open(struct thread_data *td, struct fio_file *f);

/*
 * cephfs_clip_to_size, at prep: shorten a block reaching past the end of
 * its file's range to the bytes before it.
 */
void cephfs_clip_block(struct io_u *io_u);

#endif
