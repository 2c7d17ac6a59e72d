// SPDX-License-Identifier: GPL-2.0-only
/* The %XX escape between cephfs-tool and the engine: every byte but NUL
 * goes through and comes back as it was; malformed escapes are refused. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "tap.h"

static void round_trip(const char *text, const char *escaped, const char *name)
{
	char e[64];

	ok(escape_value(e, sizeof(e), text) == strlen(escaped),
	   "%s: the whole length is returned", name);

	is_str(e, escaped, name);
	ok(strspn(e, "%/._-0123456789abcdefghijklmnopqrstuvwxyz"
			  "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(e),
	   "%s: the escaped form is plain characters and %%", name);
	ok(unescape_in_place(e) && !strcmp(e, text), "%s: decodes back", name);
}

int main(void)
{
	static const char *const bad[] = { "%", "%4", "%4g", "a%zz", "%00", "x%0" };
	char every[256], e[3 * 256], copy[16];
	size_t i;

	round_trip("/etc/ceph/ceph.conf", "/etc/ceph/ceph.conf", "a plain path");
	round_trip("/lim#x", "/lim%23x", "a comment character");
	round_trip("/lim ", "/lim%20", "a trailing blank");
	round_trip("${ESC}", "%24%7BESC%7D", "an environment variable");
	round_trip("a;b%c", "a%3Bb%25c", "a semicolon and a percent sign");
	round_trip("pre$filenum", "pre%24filenum", "a filename_format keyword");
	round_trip("\xc3\xa9\n\t", "%C3%A9%0A%09", "UTF-8 and control bytes");
	round_trip("", "", "the empty string");

	for (i = 1; i < sizeof(every); i++)
		every[i - 1] = (char)i;
	every[sizeof(every) - 1] = '\0';
	ok(escape_value(e, sizeof(e), every) <= 3 * strlen(every),
	   "every byte: at most three bytes each");
	ok(unescape_in_place(e) && !memcmp(e, every, sizeof(every)),
	   "every byte 1 to 255 decodes back");
	ok(escape_value(e, 5, "a#b") == 5 && !strcmp(e, "a%23"),
	   "a short buffer holds what fits, and the whole length is returned");
	ok(escape_value(NULL, 0, "#") == 3, "the length alone, with no buffer");

	ok(escape_first_unsafe("/a/b_c-d.e") == NULL, "plain text has nothing unsafe");
	is_str(escape_first_unsafe("/tmp/a b"), " b", "the first unsafe byte is found");

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		strcpy(copy, bad[i]);
		ok(!unescape_in_place(copy) && !strcmp(copy, bad[i]),
		   "'%s' is refused and left as it was", bad[i]);
	}
	strcpy(copy, "%2f%2F");
	ok(unescape_in_place(copy) && !strcmp(copy, "//"), "lower- and upper-case hex");

	printf("1..%d\n", tap_count);
	return tap_failed != 0;
}
