/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs-tool --version: what a benchmark's numbers depend on besides its
 * options, so that a report can be matched to the software that made it.
 */
#ifndef CEPHFS_TOOL_VERSION_H
#define CEPHFS_TOOL_VERSION_H

#include <stdio.h>

/* This package's version, libcephfs' (built against and loaded), fio's,
 * and which optional libcephfs calls the build uses. */
void print_version(FILE *out);

#endif
