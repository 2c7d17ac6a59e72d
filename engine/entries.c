// SPDX-License-Identifier: GPL-2.0-only
/*
 * The names of a directory's entries under cephfs_entries: pure string
 * work, so that the engine and its unit test share it.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "entries.h"

#define ENTRY_WORD	"$entry"
#define JOBNUM_WORD	"$jobnum"

/* Append @text's @n bytes to what fits of @buf, counting all of them. */
static void put(char *buf, size_t len, size_t *at, const char *text, size_t n)
{
	if (*at < len)
		memcpy(buf + *at, text, *at + n < len ? n : len - *at);
	*at += n;
}

size_t entry_name(char *buf, size_t len, const char *format,
		  unsigned int jobnum, unsigned long long k)
{
	char number[24];
	const char *p;
	size_t at = 0;
	int n;

	for (p = format; *p; ) {
		if (!strncmp(p, ENTRY_WORD, strlen(ENTRY_WORD))) {
			n = snprintf(number, sizeof(number), "%llu", k);
			p += strlen(ENTRY_WORD);
		} else if (!strncmp(p, JOBNUM_WORD, strlen(JOBNUM_WORD))) {
			n = snprintf(number, sizeof(number), "%u", jobnum);
			p += strlen(JOBNUM_WORD);
		} else {
			put(buf, len, &at, p++, 1);
			continue;
		}
		put(buf, len, &at, number, n);
	}
	if (len)
		buf[at < len ? at : len - 1] = '\0';
	return at;
}

bool entry_format_wrong(const char *format, unsigned int jobnum,
			unsigned long long last, char *why, size_t len)
{
	size_t longest;

	if (strchr(format, '/')) {
		snprintf(why, len, "names an entry of the directory: no '/'");
		return true;
	}
	if (!strstr(format, ENTRY_WORD)) {
		snprintf(why, len, "has no " ENTRY_WORD ": every entry would have the same name");
		return true;
	}
	/* Numbers only grow longer: the last entry's name is the longest. */
	longest = entry_name(NULL, 0, format, jobnum, last);
	if (longest > NAME_MAX) {
		snprintf(why, len, "entry %llu's name would be %zu bytes, more than a name's %d",
			 last, longest, NAME_MAX);
		return true;
	}
	return false;
}
