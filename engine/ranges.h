/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The largest value of the engine's number options, which the engine
 * checks at init (options.c) and cephfs-tool before it writes a job file;
 * those of the client settings are in their rows (settings.h).
 */
#ifndef FIO_CEPHFS_RANGES_H
#define FIO_CEPHFS_RANGES_H

#include <limits.h>

/* ids above INT_MAX wrap in UserPerm's int */
#define CEPHFS_ID_MAX INT_MAX

#endif
