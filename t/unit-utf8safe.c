/* SPDX-License-Identifier: GPL-2.0-only */
/* Names of any bytes as valid UTF-8 for JSON and XML, losslessly. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "tap.h"
#include "utf8safe.h"

static const struct {
	const char *what;
	const char *name;
	const char *want;
} cases[] = {
	{ "plain ASCII", "bench_run_", "bench_run_" },
	{ "a lone 0xff", "\xff", "%FF" },
	{ "0xfe among ASCII", "a\xfe" "b", "a%FEb" },
	{ "'%' itself, so that the escape is unambiguous", "50%FF", "50%25FF" },
	{ "a truncated 3-byte character", "\xe2\x82", "%E2%82" },
	{ "a truncated one before ASCII", "\xe2\x82x", "%E2%82x" },
	{ "a lone continuation byte", "\x80", "%80" },
	{ "overlong '/' (C0 AF)", "\xc0\xaf", "%C0%AF" },
	{ "overlong 3-byte form", "\xe0\x80\xaf", "%E0%80%AF" },
	{ "overlong 4-byte form", "\xf0\x80\x80\xaf", "%F0%80%80%AF" },
	{ "a surrogate (ED A0 80)", "\xed\xa0\x80", "%ED%A0%80" },
	{ "above U+10FFFF (F4 90 80 80)", "\xf4\x90\x80\x80", "%F4%90%80%80" },
	{ "F5, never in UTF-8", "\xf5\x80\x80\x80", "%F5%80%80%80" },
	{ "control characters, which XML 1.0 forbids", "\x01\t\n\x1f\x7f", "%01%09%0A%1F%7F" },
	{ "U+FFFE and U+FFFF, which XML 1.0 forbids", "\xef\xbf\xbe\xef\xbf\xbf", "%EF%BF%BE%EF%BF%BF" },
	{ "valid multibyte passes unchanged",
	  "\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbd\xf4\x8f\xbf\xbf",
	  "\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbd\xf4\x8f\xbf\xbf" },
	{ "a valid character right after an invalid byte", "\xff\xc3\xa9", "%FF\xc3\xa9" },
	{ "XML's own specials are XML's to escape", "<&>\"'", "<&>\"'" },
};

int main(void)
{
	char small[4], *got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = utf8_safe(cases[i].name);
		is_str(got, cases[i].want, cases[i].what);
		is_int(utf8_safe_escape(NULL, 0, cases[i].name), strlen(cases[i].want),
		       "  ... its length, without a buffer");
		ok(unescape_in_place(got) && !strcmp(got, cases[i].name),
		   "  ... percent-decoded, the name's bytes");
		free(got);
	}
	is_int(utf8_safe_escape(small, sizeof(small), "\xff\xff"), 6,
	       "a short buffer: the whole length");
	is_str(small, "%FF", "  ... and what fits, ended");
	return done_testing();
}
