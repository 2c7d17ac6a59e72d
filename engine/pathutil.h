/* SPDX-License-Identifier: GPL-2.0-only */
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

/*
 * Does a ".." component of @path take it above where it starts (the
 * mount root: a leading '/' starts there too)?  "../x" and "a/../../x"
 * do, "a/../b" does not.  Only the names: symbolic links are not seen.
 */
bool path_climbs(const char *path);

/*
 * Drop from @path, in place, what names no directory: empty components
 * ("a//b", a trailing '/') and "." ones; a leading '/' stays ("//" and
 * "/./" become "/"), a relative path of dots only becomes ".".  Every
 * other byte stays as it was.  false, @path untouched, when a component
 * is "..": where it leads depends on symbolic links only the filesystem
 * sees.
 */
bool path_normalise(char *path);

/*
 * Where a local file written at @path by renaming a temporary file over
 * it goes: @path when nothing is there, else the regular file it names or
 * a symbolic link leads to, so the link stays (newly allocated).  NULL
 * with errno EISDIR for a directory and EEXIST for anything else that is
 * not a regular file (a FIFO, a device: /dev/null must never be
 * replaced), ENOENT for a link to nothing, ENOMEM.
 */
char *path_file_target(const char *path);

#endif
