// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"

static bool is_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '_' ||
	       c == '-';
}

const char *escape_first_unsafe(const char *text)
{
	for (; *text; text++)
		if (!is_plain((unsigned char)*text))
			return text;
	return NULL;
}

size_t escape_value(char *buf, size_t len, const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *c;
	char piece[4];
	size_t n = 0, piece_len;

	for (c = (const unsigned char *)text; *c; c++, n += piece_len) {
		piece_len = is_plain(*c) ? 1 : 3;
		piece[0] = piece_len == 1 ? (char)*c : '%';
		piece[1] = hex[*c >> 4];
		piece[2] = hex[*c & 15];
		if (n + piece_len < len)
			memcpy(buf + n, piece, piece_len);
	}
	if (len)
		buf[n < len ? n : len - 1] = '\0';
	return n;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The byte %XX at @at stands for, or -1 when it is no escape. */
static int escaped_byte(const char *at)
{
	int high = hex_digit(at[1]), low = high < 0 ? -1 : hex_digit(at[2]);

	return low < 0 ? -1 : high << 4 | low;
}

bool unescape_in_place(char *text)
{
	char *in, *out;
	int byte;

	for (in = text; (in = strchr(in, '%')); in += 3) {
		byte = escaped_byte(in);
		if (byte <= 0)
			return false;
	}
	for (in = out = text; *in; out++) {
		if (*in == '%') {
			*out = (char)escaped_byte(in);
			in += 3;
		} else {
			*out = *in++;
		}
	}
	*out = '\0';
	return true;
}
