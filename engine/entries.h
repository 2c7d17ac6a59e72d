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

/* A format, parsed once per job: its text around each "$entry". */
struct entry_format {
	char **parts;		/* "$jobnum" done, decoded when escaped */
	unsigned int nr_parts;	/* one more than the "$entry" words */
};

/*
 * Parse @text for fio's job @jobnum.  Under @escaped (cephfs_escaped) the
 * words are found first and the text around them %XX-decoded then, so a
 * '$' the tool escaped stays a '$'.  false on ENOMEM, or EINVAL for a
 * malformed escape (errno), @f then empty.
 */
bool entry_format_parse(struct entry_format *f, const char *text,
			unsigned int jobnum, bool escaped);
void entry_format_free(struct entry_format *f);

/*
 * Entry @k's name into @buf (@len bytes with the NUL, as snprintf).
 * Returns the name's length, @len or more when it did not fit.
 */
size_t entry_name(char *buf, size_t len, const struct entry_format *f,
		  unsigned long long k);

/*
 * Why @f cannot name entries 0 to @last one by one, as a name in a
 * directory (no '/', each its own, at most NAME_MAX bytes), written into
 * @why; false when it can.
 */
bool entry_format_wrong(const struct entry_format *f, unsigned long long last,
			char *why, size_t len);

#endif
