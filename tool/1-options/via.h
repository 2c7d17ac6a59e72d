/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --via: the clients a benchmark runs through, one after the other on the
 * same cluster: libcephfs (the engine), ceph-fuse (fio's own engines on
 * a mount the tool makes) or the kernel client.
 */
#ifndef CEPHFS_TOOL_VIA_H
#define CEPHFS_TOOL_VIA_H

#include <stdbool.h>
#include <stddef.h>

#include "pipeline.h"

/* "libcephfs", "fuse", "kernel". */
const char *via_name(enum via_client client);

/*
 * Parse a comma list of client names, each at most once.  false with one
 * line in @error naming the bad entry.
 */
bool via_parse(struct via_list *list, const char *text, char *error,
	       size_t len);

bool via_has(const struct via_list *list, enum via_client client);

/* The client the others' ratios are to: libcephfs when listed, else the
 * first. */
unsigned int via_reference(const struct via_list *list);

#endif
