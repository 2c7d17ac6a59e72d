/* SPDX-License-Identifier: GPL-2.0-only */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>

#include "utf8safe.h"

/* The length of the well-formed UTF-8 character at @s, or 0 (RFC 3629's
 * table: the second byte's range depends on the first). */
static size_t utf8_char_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] < 0xc2)
		return 0;
	if (s[0] < 0xe0) {
		len = 2;
	} else if (s[0] < 0xf0) {
		len = 3;
		if (s[0] == 0xe0)
			lo = 0xa0;	/* overlong below U+0800 */
		else if (s[0] == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (s[0] < 0xf5) {
		len = 4;
		if (s[0] == 0xf0)
			lo = 0x90;	/* overlong below U+10000 */
		else if (s[0] == 0xf4)
			hi = 0x8f;	/* above U+10FFFF */
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return len;
}

/* The character of @len bytes at @s goes out as it is. */
static bool kept(const unsigned char *s, size_t len)
{
	if (len == 1)
		return s[0] >= 0x20 && s[0] != 0x7f && s[0] != '%';
	/* U+FFFE and U+FFFF */
	return !(len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe);
}

static void put(char *buf, size_t len, size_t at, char c)
{
	if (at + 1 < len)
		buf[at] = c;
}

size_t utf8_safe_escape(char *buf, size_t len, const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)text;
	size_t out = 0, n, i;

	while (*s) {
		n = utf8_char_len(s);
		if (n && kept(s, n)) {
			for (i = 0; i < n; i++)
				put(buf, len, out++, (char)s[i]);
		} else {
			/* an invalid byte alone: what follows may be valid */
			for (i = 0; i < (n ? n : 1); i++) {
				put(buf, len, out++, '%');
				put(buf, len, out++, hex[s[i] >> 4]);
				put(buf, len, out++, hex[s[i] & 15]);
			}
		}
		s += n ? n : 1;
	}
	if (len)
		buf[out < len ? out : len - 1] = '\0';
	return out;
}

char *utf8_safe(const char *text)
{
	size_t len = utf8_safe_escape(NULL, 0, text) + 1;
	char *buf = malloc(len);

	if (buf)
		utf8_safe_escape(buf, len, text);
	return buf;
}
