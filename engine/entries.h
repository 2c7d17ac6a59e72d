/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The names of a directory's entries under cephfs_entries (entries.c):
 * cephfs_entry_format with "$entry" as the entry's number and "$jobnum"
 * as fio's, as in fio's filename_format.
 */
#ifndef FIO_CEPHFS_ENTRIES_H
#define FIO_CEPHFS_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>

#define CEPHFS_ENTRY_FORMAT_DEFAULT	"file.$entry"

/*
 * Entry @k's name under @format, every byte but "$entry" and "$jobnum"
 * as given, into @buf (@len bytes with the NUL, as snprintf).  Returns
 * the name's length, @len or more when it did not fit.
 */
size_t entry_name(char *buf, size_t len, const char *format,
		  unsigned int jobnum, unsigned long long k);

/*
 * Why @format cannot name entries 0 to @last one by one, as a name in a
 * directory (no '/', each its own, at most NAME_MAX bytes), written into
 * @why; false when it can.
 */
bool entry_format_wrong(const char *format, unsigned int jobnum,
			unsigned long long last, char *why, size_t len);

#endif
