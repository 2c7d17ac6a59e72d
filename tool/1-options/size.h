/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sizes on the command line, read as the newest upstream cephfs-tool reads
 * them: plain bytes (optionally followed by B), KB MB GB TB as powers of
 * 1000, KiB MiB GiB TiB and a bare K M G T as powers of 1024; letters in
 * any case.  fio's own rules differ (its "4MB" is 4 MiB), so fio's job
 * file only ever gets the byte counts this gives.
 */
#ifndef CEPHFS_TOOL_SIZE_H
#define CEPHFS_TOOL_SIZE_H

#include <stdbool.h>
#include <stdint.h>

/* Returns false for anything that is not a whole size that fits 64 bits. */
bool parse_size(const char *text, uint64_t *bytes);

#endif
