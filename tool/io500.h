/* SPDX-License-Identifier: GPL-2.0-only */
/* The io500 command: IO500's phases through the engine, scores, cleanup. */
#ifndef CEPHFS_TOOL_IO500_H
#define CEPHFS_TOOL_IO500_H

#include <stddef.h>

/*
 * `cephfs-tool io500 [options]`: the whole command line, "io500" among
 * its words (io500_options_parse).  Exit code: 0 (the run's validity is
 * in its report), 1 (a phase or the cleanup failed), 2 (a usage error,
 * one line in @error), or 128 + the signal that stopped it.
 */
int io500_main(int argc, char **argv, char *error, size_t len);

#endif
