/*
 * Path helpers shared by the engine and cephfs-tool.
 */
#ifndef FIO_CEPHFS_PATHUTIL_H
#define FIO_CEPHFS_PATHUTIL_H

#include <stdbool.h>

/* The directory part of @path, newly allocated: "." when it has none,
 * "/" for a name at the top; NULL when out of memory. */
char *path_dirname(const char *path);

/* Can a file be created at @path on the local filesystem?  When not,
 * errno says why. */
bool path_creatable(const char *path);

#endif
