/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs_clip_to_size: a short last block where fio would write a whole
 * one past the file's size.
 */
#ifndef FIO_CEPHFS_CLIP_H
#define FIO_CEPHFS_CLIP_H

struct fio_file;
struct io_u;
struct thread_data;

/*
 * fio writes a verify header and digest at the start of every
 * verify_interval of a block, or of the block when shorter, and checks
 * whole ones: a short block must hold them.  Measured: a 1-byte last
 * block failed verify with "bad magic header".  The header with sha512's
 * digest is 104 bytes in fio 3.33 (verify.h is not to be included outside
 * fio); a sector leaves room for its growth.  cephfs-tool refuses such a
 * size before the run.
 */
#define CEPHFS_VERIFY_BLOCK_MIN	512

/*
 * Before @f is opened: let fio issue the block that starts before the end
 * of @f's range and reaches past it (fio refuses a block ending beyond the
 * size it knows, which for a file already written is its size).  Returns
 * 1, reported, when verify cannot check the short last block.
 */
int cephfs_clip_open(struct thread_data *td, struct fio_file *f);

/* At prep: shorten a block reaching past the end of its file's range. */
void cephfs_clip_block(struct io_u *io_u);

#endif
