/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Before the job's clock starts: lay out the files it reads, as fio does
 * for local files, and pre_read them.
 */
#ifndef FIO_CEPHFS_LAYOUT_H
#define FIO_CEPHFS_LAYOUT_H

struct thread_data;
struct cephfs_data;

/* Returns 0, or 1 with the failure reported (or the job terminated). */
int cephfs_layout_files(struct thread_data *td, struct cephfs_data *cd);
int cephfs_pre_read_files(struct thread_data *td, struct cephfs_data *cd);

#endif
