/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The largest value of the engine's number options, which the engine
 * checks at init (options.c) and cephfs-tool before it writes a job file.
 */
#ifndef FIO_CEPHFS_RANGES_H
#define FIO_CEPHFS_RANGES_H

#include <limits.h>

/* ids above INT_MAX wrap in UserPerm's int */
#define CEPHFS_ID_MAX INT_MAX
/* Ceph's size options are read as a long long */
#define CEPHFS_CLIENT_OC_SIZE_MAX LLONG_MAX
#define CEPHFS_MSGR_WORKERS_MAX 24
/* the stall watchdog waits twice op_timeout, in an unsigned int */
#define CEPHFS_TIMEOUT_MAX INT_MAX

#endif
