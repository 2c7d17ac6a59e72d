/* SPDX-License-Identifier: GPL-2.0-only */
/* Summary statistics over the iterations of a benchmark. */
#ifndef CEPHFS_TOOL_STATS_H
#define CEPHFS_TOOL_STATS_H

#include <stddef.h>

#include "pipeline.h"

/* All zero for no values. */
struct summary summarize(const double *values, size_t count);

#endif
