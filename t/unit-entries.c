// SPDX-License-Identifier: GPL-2.0-only
/* cephfs_entry_format without a cluster: the names entries get, escaped
 * formats (a '$' the tool escaped stays one), which formats are refused
 * and why, and that a name is cut as snprintf cuts. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "entries.h"
#include "tap.h"

/* Entry @k's name under @format for job @jobnum, or "(refused)". */
static const char *name_of(const char *format, unsigned int jobnum,
			   bool escaped, unsigned long long k)
{
	static char name[NAME_MAX * 2];
	struct entry_format f;

	if (!entry_format_parse(&f, format, jobnum, escaped))
		return "(refused)";
	entry_name(name, sizeof(name), &f, k);
	entry_format_free(&f);
	return name;
}

static void names(void)
{
	static const struct {
		const char *format;
		unsigned int jobnum;
		bool escaped;
		unsigned long long k;
		const char *name;
	} cases[] = {
		{ CEPHFS_ENTRY_FORMAT_DEFAULT, 0, false, 0, "file.0" },
		{ CEPHFS_ENTRY_FORMAT_DEFAULT, 3, false, 999999, "file.999999" },
		{ "file.mdtest.4.$entry", 7, false, 12, "file.mdtest.4.12" },
		{ "$jobnum.$entry", 2, false, 5, "2.5" },
		{ "$entry$entry", 0, false, 10, "1010" },
		{ "$entr$entry$", 0, false, 1, "$entr1$" },
		{ "$jobnu$jobnum$entry", 4294967295U, false, 3, "$jobnu42949672953" },
		{ "b$jobnumb$entryx", 11, false, 18446744073709551615ULL,
		  "b11b18446744073709551615x" },
		{ "%41 $filenum $entry", 0, false, 4, "%41 $filenum 4" },
		/* escaped: the words are the unescaped ones only */
		{ "%41%24entry_$entry", 1, true, 4, "A$entry_4" },
		{ "%24jobnum$jobnum_$entry", 1, true, 4, "$jobnum1_4" },
		{ "a%2$entry", 0, true, 4, "(refused)" },
	};
	struct entry_format f;
	char name[64];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++)
		is_str(name_of(cases[i].format, cases[i].jobnum,
			       cases[i].escaped, cases[i].k), cases[i].name,
		       cases[i].format);
	errno = 0;
	ok(!entry_format_parse(&f, "%zz$entry", 0, true) && errno == EINVAL,
	   "a malformed escape is EINVAL");
	ok(entry_format_parse(&f, "file.$entry", 0, false), "parsed");
	is_int(entry_name(name, 5, &f, 123), 8,
	       "a cut name counts all its bytes");
	is_str(name, "file", "... and keeps what fits, terminated");
	is_int(entry_name(NULL, 0, &f, 123), 8, "no buffer: the length only");
	entry_format_free(&f);
}

/* Why @format is refused for entries 0 to @last, or "" when it is not. */
static const char *wrong(const char *format, bool escaped,
			 unsigned long long last)
{
	static char why[128];
	struct entry_format f;

	why[0] = '\0';
	if (!entry_format_parse(&f, format, 0, escaped))
		return "(unparsed)";
	if (!entry_format_wrong(&f, last, why, sizeof(why)))
		why[0] = '\0';
	entry_format_free(&f);
	return why;
}

static void refusals(void)
{
	char format[NAME_MAX + 8];

	is_str(wrong(CEPHFS_ENTRY_FORMAT_DEFAULT, false, 999999), "",
	       "the default names a million entries");
	is_str(wrong("a/$entry", false, 1),
	       "names an entry of the directory: no '/'", "a '/' is refused");
	is_str(wrong("a%2F$entry", true, 1),
	       "names an entry of the directory: no '/'",
	       "... an escaped one too");
	is_str(wrong("file.$jobnum", false, 1),
	       "has no $entry: every entry would have the same name",
	       "no $entry is refused");
	is_str(wrong("file.%24entry", true, 1),
	       "has no $entry: every entry would have the same name",
	       "... an escaped '$entry' is not the word");
	/* NAME_MAX - 1 bytes and "$entry": entries 0 to 9 fit, 10 does not. */
	memset(format, 'x', NAME_MAX - 1);
	strcpy(format + NAME_MAX - 1, "$entry");
	is_str(wrong(format, false, 9), "", "names of NAME_MAX bytes are taken");
	is_str(wrong(format, false, 10),
	       "entry 10's name would be 256 bytes, more than a name's 255",
	       "a last name longer than NAME_MAX is refused, naming it");
	/* The length is the decoded name's. */
	memcpy(format, "%41", 3);
	is_str(wrong(format, true, 99), "", "... counted as decoded");
}

int main(void)
{
	names();
	refusals();
	return done_testing();
}
