/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Checks made before anything touches the cluster, so a run that cannot
 * succeed fails at once, with one line, and leaves nothing behind.
 */
#ifndef CEPHFS_TOOL_PREFLIGHT_H
#define CEPHFS_TOOL_PREFLIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "options.h"

/*
 * The fio to run exists and is the version the engine was built for, the
 * engine exists, and the output files can be written.  false: @error says
 * which and why.
 */
bool preflight_ok(const struct bench_options *o, char *error, size_t len);

#endif
