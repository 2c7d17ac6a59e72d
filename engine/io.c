// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <limits.h>
#include <linux/falloc.h>
#include <sys/uio.h>

#include "fio.h"

#include "io.h"
#include "mount_cache.h"

/* What one call transfers, so that its count fits the int returned. */
static size_t cephfs_transfer_len(unsigned long long len)
{
	return len < INT_MAX ? len : INT_MAX;
}

int cephfs_read_at(struct ceph_mount_info *cmount, struct Fh *fh, void *buf,
		   unsigned long long len, uint64_t off)
{
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	return ceph_ll_read(cmount, fh, off, cephfs_transfer_len(len), buf);
#else
	struct iovec iov = { buf, cephfs_transfer_len(len) };

	return ceph_ll_readv(cmount, fh, &iov, 1, off);
#endif
}

int cephfs_write_at(struct ceph_mount_info *cmount, struct Fh *fh,
		    const void *buf, unsigned long long len, uint64_t off)
{
	struct iovec iov = { (void *)buf, cephfs_transfer_len(len) };

	return ceph_ll_writev(cmount, fh, &iov, 1, off);
}

/*
 * cephfs_write_fsync: the write and its fsync are one I/O, as a write
 * that carries io_info.fsync is on the native path, so its latency and
 * its error are the pair's.
 */
static int cephfs_write_then_fsync(struct ceph_mount_info *cmount,
				   struct cephfs_file *cf, struct io_u *io_u,
				   const char **call)
{
	int ret, synced;

	*call = CEPHFS_WRITE_CALL;
	ret = cephfs_write_at(cmount, cf->fh, io_u->xfer_buf,
			      io_u->xfer_buflen, io_u->offset);
	if (ret < 0 || !cf->fsync_writes)
		return ret;
	synced = ceph_ll_fsync(cmount, cf->fh, 0);
	if (!synced)
		return ret;
	*call = "ceph_ll_fsync";
	return synced;
}

static int cephfs_io_call(struct ceph_mount_info *cmount, struct io_u *io_u,
			  const char **call)
{
	struct cephfs_file *cf = FILE_ENG_DATA(io_u->file);
	int ret;

	switch (io_u->ddir) {
	case DDIR_READ:
		*call = CEPHFS_READ_CALL;
		return cephfs_read_at(cmount, cf->fh, io_u->xfer_buf,
				      io_u->xfer_buflen, io_u->offset);
	case DDIR_WRITE:
		return cephfs_write_then_fsync(cmount, cf, io_u, call);
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
