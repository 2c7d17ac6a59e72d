// SPDX-License-Identifier: GPL-2.0-only
/*
 * The names of a directory's entries under cephfs_entries: pure string
 * work, so that the engine and its unit test share it.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries.h"
#include "escape.h"

#define ENTRY_WORD	"$entry"
#define JOBNUM_WORD	"$jobnum"

/* The @n bytes at @text with each "$jobnum" as @jobnum, decoded under
 * @escaped; NULL with errno set. */
static char *entry_part(const char *text, size_t n, unsigned int jobnum,
			bool escaped)
{
	char number[16], *part, *at;
	const char *p, *end = text + n;
	int digits = snprintf(number, sizeof(number), "%u", jobnum);

	/* A number is never longer than the word it stands for. */
	part = malloc(n + 1);
	if (!part)
		return NULL;
	for (p = text, at = part; p < end; ) {
		if ((size_t)(end - p) >= strlen(JOBNUM_WORD) &&
		    !strncmp(p, JOBNUM_WORD, strlen(JOBNUM_WORD))) {
			memcpy(at, number, digits);
			at += digits;
			p += strlen(JOBNUM_WORD);
		} else {
			*at++ = *p++;
		}
	}
	*at = '\0';
	if (escaped && !unescape_in_place(part)) {
		free(part);
		errno = EINVAL;
		return NULL;
	}
	return part;
}

bool entry_format_parse(struct entry_format *f, const char *text,
			unsigned int jobnum, bool escaped)
{
	const char *word, *p = text;
	unsigned int words = 0;

	for (word = strstr(p, ENTRY_WORD); word; word = strstr(word + 1, ENTRY_WORD))
		words++;
	f->nr_parts = 0;
	f->parts = calloc(words + 1, sizeof(*f->parts));
	if (!f->parts)
		return false;
	for (;;) {
		word = strstr(p, ENTRY_WORD);
		f->parts[f->nr_parts] = entry_part(p, word ? (size_t)(word - p) :
						   strlen(p), jobnum, escaped);
		if (!f->parts[f->nr_parts]) {
			entry_format_free(f);
			return false;
		}
		f->nr_parts++;
		if (!word)
			return true;
		p = word + strlen(ENTRY_WORD);
	}
}

void entry_format_free(struct entry_format *f)
{
	unsigned int i;

	for (i = 0; i < f->nr_parts; i++)
		free(f->parts[i]);
	free(f->parts);
	f->parts = NULL;
	f->nr_parts = 0;
}

/* Append @text's @n bytes to what fits of @buf, counting all of them. */
static void put(char *buf, size_t len, size_t *at, const char *text, size_t n)
{
	if (*at < len)
		memcpy(buf + *at, text, *at + n < len ? n : len - *at);
	*at += n;
}

size_t entry_name(char *buf, size_t len, const struct entry_format *f,
		  unsigned long long k)
{
	char number[24];
	int digits = snprintf(number, sizeof(number), "%llu", k);
	size_t at = 0;
	unsigned int i;

	for (i = 0; i < f->nr_parts; i++) {
		if (i)
			put(buf, len, &at, number, digits);
		put(buf, len, &at, f->parts[i], strlen(f->parts[i]));
	}
	if (len)
		buf[at < len ? at : len - 1] = '\0';
	return at;
}

bool entry_format_wrong(const struct entry_format *f, unsigned long long last,
			char *why, size_t len)
{
	size_t longest;
	unsigned int i;

	for (i = 0; i < f->nr_parts; i++) {
		if (strchr(f->parts[i], '/')) {
			snprintf(why, len, "names an entry of the directory: no '/'");
			return true;
		}
	}
	if (f->nr_parts < 2) {
		snprintf(why, len, "has no " ENTRY_WORD ": every entry would have the same name");
		return true;
	}
	/* Numbers only grow longer: the last entry's name is the longest. */
	longest = entry_name(NULL, 0, f, last);
	if (longest > NAME_MAX) {
		snprintf(why, len, "entry %llu's name would be %zu bytes, more than a name's %d",
			 last, longest, NAME_MAX);
		return true;
	}
	return false;
}
