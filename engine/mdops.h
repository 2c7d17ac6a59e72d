/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The metadata operations (mdops.c): cephfs_op other than io, one timed
 * operation per file.
 */
#ifndef FIO_CEPHFS_MDOPS_H
#define FIO_CEPHFS_MDOPS_H

struct cephfs_data;
struct fio_file;
struct io_u;
struct thread_data;

/*
 * The job's operation on @f, as fio's open_file hook; the file stays
 * closed afterwards.  Under cephfs_entries @f is a directory, whose
 * entries the job's I/Os do (cephfs_entry_op): this checks that they are
 * whole entries of it.  0 or 1 as the hook returns, failures reported.
 */
int cephfs_metadata_op(struct thread_data *td, struct fio_file *f);

/*
 * Under cephfs_entries: the job's operation on the entry of @io_u's
 * directory at its offset (entry k at k x bs).  0, or the errno of the
 * failure, reported.
 */
int cephfs_entry_op(struct thread_data *td, struct io_u *io_u);

/*
 * unlink=1 under cephfs_entries: the entries of @f's range (those not
 * there skipped), the directory then going as an emptied one.  0 or 1
 * as fio's unlink_file hook returns, failures reported.
 */
int cephfs_unlink_entries(struct thread_data *td, struct fio_file *f);

/* At the end of the job: close the directory readdir was listing and
 * free what the operations kept. */
void cephfs_md_cleanup(struct cephfs_data *cd);

#endif
