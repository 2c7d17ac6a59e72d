// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs_clip_to_size: the block that reaches past the end of its file's
 * range moves only the bytes before that end, as the original cephfs-tool
 * writes a file whose size is not a multiple of its block size.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>

#include "fio.h"

#include "clip.h"

/* Where the I/O of @f's range ends: file_offset plus fio's filesize/size. */
static uint64_t cephfs_range_end(const struct fio_file *f)
{
	return f->file_offset + f->io_size;
}

static bool cephfs_verify_fits(const struct thread_data *td,
			       unsigned long long tail)
{
	unsigned long long interval = td->o.verify_interval;

	/* verify=0 is fio's VERIFY_NONE */
	if (!td->o.verify || !tail)
		return true;
	if (interval && interval <= tail && tail % interval)
		return false;
	return (interval && interval <= tail ? interval : tail) >=
	       CEPHFS_VERIFY_BLOCK_MIN;
}

int cephfs_clip_open(struct thread_data *td, struct fio_file *f)
{
	unsigned long long bs = td_max_bs(td);
	uint64_t end = cephfs_range_end(f);
	uint64_t reach = (end + bs - 1) / bs * bs;
	unsigned long long tail = f->io_size % bs;

	if (!cephfs_verify_fits(td, tail)) {
		if (!td->error)
			log_err("cephfs: %s: cephfs_clip_to_size: %s ends in a short block of %llu bytes, which cannot hold verify's headers (at least %d bytes, whole verify_intervals); use verify=0 or another size\n",
				td->o.name, f->file_name, tail,
				CEPHFS_VERIFY_BLOCK_MIN);
		td_verror(td, EINVAL, "cephfs_clip_to_size with verify");
		return 1;
	}
	if (f->real_file_size < reach)
		f->real_file_size = reach;
	return 0;
}

/*
 * Done here, before fio counts the block as issued, rather than as a
 * short completion: fio stops a job once the blocks it issued add up to
 * its size, so a whole block counted for each short one would cut the
 * last file's tail.  Its verify header, verify log entry and byte count
 * then all cover the bytes moved.  A requeued rest of a short transfer
 * ends where its block did, inside the range, and is left alone.
 */
void cephfs_clip_block(struct io_u *io_u)
{
	uint64_t end = cephfs_range_end(io_u->file);
	unsigned long long past;

	if (!ddir_rw(io_u->ddir) || io_u->offset >= end ||
	    io_u->offset + io_u->xfer_buflen <= end)
		return;
	past = io_u->offset + io_u->xfer_buflen - end;
	io_u->xfer_buflen -= past;
	io_u->buflen -= past;
}
