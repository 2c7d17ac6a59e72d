// SPDX-License-Identifier: GPL-2.0-only
/* The path helpers without a cluster: which names climb above the mount
 * root with "..", whatever their slashes and dots; what normalising keeps
 * of a path. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pathutil.h"
#include "tap.h"

static void normalises(void)
{
	static const struct {
		const char *path, *normal;	/* NULL: refused, untouched */
	} cases[] = {
		{ "/", "/" },
		{ "//", "/" },
		{ "///", "/" },
		{ "/./", "/" },
		{ "/.", "/" },
		{ "/././/.", "/" },
		{ "/a/b", "/a/b" },
		{ "/a/b/", "/a/b" },
		{ "/a//b", "/a/b" },
		{ "/a/./b/", "/a/b" },
		{ "//a///b//", "/a/b" },
		{ "a//b/", "a/b" },
		{ "./a", "a" },
		{ ".", "." },
		{ "./", "." },
		{ "", "" },
		{ "/.a/a./...", "/.a/a./..." },
		{ "/a b/#c/%41/\xff", "/a b/#c/%41/\xff" },
		{ "/..", NULL },
		{ "/a/../b", NULL },
		{ "/a/..", NULL },
		{ "..", NULL },
		{ "//..//", NULL },
	};
	char *path;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		path = strdup(cases[i].path);
		if (!path)
			abort();
		if (cases[i].normal)
			ok(path_normalise(path) && !strcmp(path, cases[i].normal),
			   "'%s' normalised is '%s' (got '%s')", cases[i].path,
			   cases[i].normal, path);
		else
			ok(!path_normalise(path) && !strcmp(path, cases[i].path),
			   "'%s' refused for its '..', left as it was (got '%s')",
			   cases[i].path, path);
		free(path);
	}
}

int main(void)
{
	static const struct {
		const char *path;
		bool climbs;
	} cases[] = {
		{ "../x", true },
		{ "..", true },
		{ "/..", true },
		{ "/../x", true },
		{ "a/../../x", true },
		{ "a/./../..", true },
		{ "a//..//../x", true },
		{ "a/b/../../../x", true },
		{ "a/../b", false },
		{ "a/b/../../x", false },
		{ "./a/..", false },
		{ "/a/b/..", false },
		{ "x", false },
		{ "/", false },
		{ "", false },
		{ "...", false },
		{ "..a/x", false },
		{ "a../x", false },
		{ "a/..b", false },
		{ "./.", false },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++)
		ok(path_climbs(cases[i].path) == cases[i].climbs, "'%s' %s",
		   cases[i].path, cases[i].climbs ? "climbs above the root" :
		   "stays below it");
	normalises();
	printf("1..%d\n", tap_count);
	return tap_failed != 0;
}
