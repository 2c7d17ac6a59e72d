/* SPDX-License-Identifier: GPL-2.0-only */
/* fio's offload workers started without its start race (offload.c). */
#ifndef FIO_CEPHFS_OFFLOAD_H
#define FIO_CEPHFS_OFFLOAD_H

#include "config.h"
#include "fio.h"

#ifdef FIO_OFFLOAD_START_RACE
/* In a worker's init: wait until fio has marked the worker started. */
void cephfs_offload_worker_start(struct thread_data *td);
/* An offload job, for its workers to find; -errno. */
int cephfs_offload_register(struct thread_data *td);
void cephfs_offload_unregister(struct thread_data *td);
#else
static inline void cephfs_offload_worker_start(struct thread_data *td)
{
	(void)td;
}

static inline int cephfs_offload_register(struct thread_data *td)
{
	(void)td;
	return 0;
}

static inline void cephfs_offload_unregister(struct thread_data *td)
{
	(void)td;
}
#endif

#endif
