/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fio internals this engine calls whose form differs between the fio
 * releases it builds against; configure probes the fio source for each
 * (m4/fio_cephfs_fio_api.m4), so the code outside this file has one form.
 */
#ifndef FIO_CEPHFS_FIO_COMPAT_H
#define FIO_CEPHFS_FIO_COMPAT_H

#include "fio.h"

/* A completion latency sample not tied to an io_u (a metadata op). */
static inline void fio_compat_add_clat_sample(struct thread_data *td,
					      enum fio_ddir ddir,
					      unsigned long long nsec)
{
#ifdef FIO_ADD_CLAT_SAMPLE_TAKES_IO_U
	add_clat_sample(td, ddir, nsec, 0, NULL);
#else
	add_clat_sample(td, ddir, nsec, 0, 0, 0, 0);
#endif
}

/*
 * fio 3.42's end_syncfs: fio refuses it unless the engine says it can
 * sync a whole file system (FIO_SYNCFS); older fio has neither.
 */
#ifdef FIO_HAS_DDIR_SYNCFS
#define FIO_COMPAT_SYNCFS_FLAG	FIO_SYNCFS
#else
#define FIO_COMPAT_SYNCFS_FLAG	0
#endif

#endif
