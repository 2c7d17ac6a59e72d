/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The metadata operations (mdops.c): cephfs_op other than io, one timed
 * operation per file.
 */
#ifndef FIO_CEPHFS_MDOPS_H
#define FIO_CEPHFS_MDOPS_H

struct cephfs_data;
struct fio_file;
struct thread_data;

/*
 * The job's operation on @f, as fio's open_file hook; the file stays
 * closed afterwards.  0 or 1 as the hook returns, failures reported.
 */
int cephfs_metadata_op(struct thread_data *td, struct fio_file *f);

/* At the end of the job: close the directory readdir was listing. */
void cephfs_md_cleanup(struct cephfs_data *cd);

#endif
