// SPDX-License-Identifier: GPL-2.0-only
/* cephfs_entry_format without a cluster: the names entries get, which
 * formats are refused and why, and that a name is cut as snprintf cuts. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "entries.h"
#include "tap.h"

static void names(void)
{
	static const struct {
		const char *format;
		unsigned int jobnum;
		unsigned long long k;
		const char *name;
	} cases[] = {
		{ CEPHFS_ENTRY_FORMAT_DEFAULT, 0, 0, "file.0" },
		{ CEPHFS_ENTRY_FORMAT_DEFAULT, 3, 999999, "file.999999" },
		{ "file.mdtest.4.$entry", 7, 12, "file.mdtest.4.12" },
		{ "$jobnum.$entry", 2, 5, "2.5" },
		{ "$entry$entry", 0, 10, "1010" },
		{ "$entr$entry$", 0, 1, "$entr1$" },
		{ "b$jobnumb$entryx", 11, 18446744073709551615ULL,
		  "b11b18446744073709551615x" },
		{ "%41 $filenum $entry", 0, 4, "%41 $filenum 4" },
	};
	char name[64];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		is_int(entry_name(name, sizeof(name), cases[i].format,
				  cases[i].jobnum, cases[i].k),
		       strlen(cases[i].name), cases[i].format);
		is_str(name, cases[i].name, cases[i].format);
	}
	is_int(entry_name(name, 5, "file.$entry", 0, 123), 8,
	       "a cut name counts all its bytes");
	is_str(name, "file", "... and keeps what fits, terminated");
	is_int(entry_name(NULL, 0, "file.$entry", 0, 123), 8,
	       "no buffer: the length only");
}

static void refusals(void)
{
	char format[NAME_MAX + 8], why[128];

	ok(!entry_format_wrong(CEPHFS_ENTRY_FORMAT_DEFAULT, 0, 999999, why,
			       sizeof(why)), "the default names a million entries");
	ok(entry_format_wrong("a/$entry", 0, 1, why, sizeof(why)),
	   "a '/' is refused");
	is_str(why, "names an entry of the directory: no '/'", "... saying why");
	ok(entry_format_wrong("file.$jobnum", 0, 1, why, sizeof(why)),
	   "no $entry is refused");
	is_str(why, "has no $entry: every entry would have the same name",
	       "... saying why");
	/* NAME_MAX - 1 bytes and "$entry": entries 0 to 9 fit, 10 does not. */
	memset(format, 'x', NAME_MAX - 1);
	strcpy(format + NAME_MAX - 1, "$entry");
	ok(!entry_format_wrong(format, 0, 9, why, sizeof(why)),
	   "names of NAME_MAX bytes are taken");
	ok(entry_format_wrong(format, 0, 10, why, sizeof(why)),
	   "a last name longer than NAME_MAX is refused");
	is_str(why, "entry 10's name would be 256 bytes, more than a name's 255",
	       "... naming the entry and the lengths");
}

int main(void)
{
	names();
	refusals();
	return done_testing();
}
