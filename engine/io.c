#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <linux/falloc.h>

#include "fio.h"

#include "io.h"
#include "mount_cache.h"

static int cephfs_io_call(struct ceph_mount_info *cmount, struct io_u *io_u,
			  const char **call)
{
	struct cephfs_file *cf = FILE_ENG_DATA(io_u->file);
	int ret;

	switch (io_u->ddir) {
	case DDIR_READ:
		*call = "ceph_ll_read";
		return ceph_ll_read(cmount, cf->fh, io_u->offset,
				    io_u->xfer_buflen, io_u->xfer_buf);
	case DDIR_WRITE:
		*call = "ceph_ll_write";
		return ceph_ll_write(cmount, cf->fh, io_u->offset,
				     io_u->xfer_buflen, io_u->xfer_buf);
	case DDIR_SYNC:
	case DDIR_DATASYNC:
		*call = "ceph_ll_fsync";
		return ceph_ll_fsync(cmount, cf->fh,
				     io_u->ddir == DDIR_DATASYNC);
	case DDIR_TRIM:
		*call = "ceph_ll_fallocate";
		ret = ceph_ll_fallocate(cmount, cf->fh,
					FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
					io_u->offset, io_u->xfer_buflen);
		return ret ? ret : (int)io_u->xfer_buflen;
	default:
		*call = io_ddir_name(io_u->ddir);
		return -EOPNOTSUPP;
	}
}

int cephfs_io_blocking(struct cephfs_mount *mount, struct io_u *io_u,
		       const char **call)
{
	int ret;

	cephfs_call_begin(mount);
	ret = cephfs_io_call(mount->cmount, io_u, call);
	cephfs_call_end(mount);
	return ret;
}

/* Where the I/O of @f's range ends: file_offset plus fio's filesize/size. */
static uint64_t cephfs_range_end(const struct fio_file *f)
{
	return f->file_offset + f->io_size;
}

/*
 * fio writes a verify header and digest at the start of every
 * verify_interval of a block, or of the block when shorter, and checks
 * whole ones: a short block must hold them.  Measured: a 1-byte last
 * block failed verify with "bad magic header".  The header with
 * sha512's digest is 104 bytes in fio 3.33 (verify.h is not to be
 * included outside fio); a sector leaves room for its growth.
 */
#define CEPHFS_VERIFY_BLOCK_MIN	512

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
	unsigned long long tail = (end - f->file_offset) % bs;

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
