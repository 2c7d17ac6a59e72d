/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIO_CEPHFS_FIO_VERSION_H
#define FIO_CEPHFS_FIO_VERSION_H

#include <stdbool.h>
#include <string.h>

/*
 * Is @version (fio's fio_version_string, as `fio --version` prints it:
 * "fio-3.33") the fio whose source the engine was compiled against?  The
 * engine asks it of the fio that loads it, the tool of the fio it will
 * run; both need config.h's FIO_BUILT_FOR_VERSION.
 */
static inline bool fio_version_is_built_for(const char *version)
{
	return !strncmp(version, "fio-", 4) &&
	       !strcmp(version + 4, FIO_BUILT_FOR_VERSION);
}

#endif
