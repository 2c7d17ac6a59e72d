// SPDX-License-Identifier: GPL-2.0-only
/* find's predicate: IO500's -name '*01*' -size 3901c -newer, each criterion
 * alone and together, "newer" strictly; and a walk with no threads
 * refused before the mount is touched. */
#include "config.h"

#include <errno.h>

#include "find.h"
#include "tap.h"

static const struct timespec stamp = { 1700000000, 500 };

static const struct {
	struct find_criteria c;
	const char *name;
	int64_t size;
	struct timespec mtime;
	bool matches;
	const char *why;
} cases[] = {
	{ { NULL, -1, { 0, 0 } }, "any", 0, { 0, 0 }, true, "no criteria: anything" },
	{ { "*01*", -1, { 0, 0 } }, "file.mdtest.3.1017", 0, { 0, 0 }, true, "01 inside" },
	{ { "*01*", -1, { 0, 0 } }, "01", 0, { 0, 0 }, true, "01 alone" },
	{ { "*01*", -1, { 0, 0 } }, "file.10", 0, { 0, 0 }, false, "no 01" },
	{ { "*01*", -1, { 0, 0 } }, ".01", 0, { 0, 0 }, true, "a leading dot matches *, as in find(1)" },
	{ { "file.?", -1, { 0, 0 } }, "file.7", 0, { 0, 0 }, true, "? one character" },
	{ { "file.?", -1, { 0, 0 } }, "file.77", 0, { 0, 0 }, false, "? not two" },
	{ { NULL, 3901, { 0, 0 } }, "a", 3901, { 0, 0 }, true, "exact size" },
	{ { NULL, 3901, { 0, 0 } }, "a", 3900, { 0, 0 }, false, "a byte short" },
	{ { NULL, 3901, { 0, 0 } }, "a", 3902, { 0, 0 }, false, "a byte over" },
	{ { NULL, 0, { 0, 0 } }, "a", 0, { 0, 0 }, true, "size 0 is a size, not any" },
	{ { NULL, 0, { 0, 0 } }, "a", 1, { 0, 0 }, false, "size 0 refuses 1 byte" },
	{ { NULL, -1, stamp }, "a", 0, { 1700000000, 501 }, true, "a nanosecond newer" },
	{ { NULL, -1, stamp }, "a", 0, { 1700000000, 500 }, false, "the same time is not newer" },
	{ { NULL, -1, stamp }, "a", 0, { 1700000000, 499 }, false, "a nanosecond older" },
	{ { NULL, -1, stamp }, "a", 0, { 1700000001, 0 }, true, "a later second, fewer nanoseconds" },
	{ { NULL, -1, stamp }, "a", 0, { 1699999999, 999999999 }, false, "an earlier second, more nanoseconds" },
	{ { "*01*", 3901, stamp }, "f.01", 3901, { 1700000001, 0 }, true, "all three" },
	{ { "*01*", 3901, stamp }, "f.02", 3901, { 1700000001, 0 }, false, "all but the name" },
	{ { "*01*", 3901, stamp }, "f.01", 3900, { 1700000001, 0 }, false, "all but the size" },
	{ { "*01*", 3901, stamp }, "f.01", 3901, { 1600000000, 0 }, false, "all but the time" },
};

int main(void)
{
	struct find_criteria any = { NULL, -1, { 0, 0 } };
	struct find_counts n = { 1, 1, 1 };
	char error[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ok(find_matches(&cases[i].c, cases[i].name, cases[i].size,
				cases[i].mtime) == cases[i].matches,
		   "%s", cases[i].why);

	is_int(find_walk(NULL, "/d", &any, 0, &n, error, sizeof(error)),
	       -EINVAL, "no threads: refused");
	is_str(error, "find: no threads to walk /d with", "... naming the root");
	ok(!n.checked && !n.matched && !n.dirs, "... and nothing counted");
	return done_testing();
}
