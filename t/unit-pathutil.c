/* The path helpers without a cluster: which names climb above the mount
 * root with "..", whatever their slashes and dots. */
#include "config.h"

#include "pathutil.h"
#include "tap.h"

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
	printf("1..%d\n", tap_count);
	return tap_failed != 0;
}
