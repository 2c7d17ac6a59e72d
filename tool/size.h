/*
 * Sizes on the command line, read as fio and the original tool read them:
 * plain bytes or a K/M/G/T suffix (optionally followed by B or iB), all
 * powers of 1024.
 */
#ifndef CEPHFS_TOOL_SIZE_H
#define CEPHFS_TOOL_SIZE_H

#include <stdbool.h>
#include <stdint.h>

/* Returns false for anything that is not a whole size that fits 64 bits. */
bool parse_size(const char *text, uint64_t *bytes);

#endif
