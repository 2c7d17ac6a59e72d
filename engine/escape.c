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

char *escape_value(const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = malloc(3 * strlen(text) + 1), *o = out;
	const unsigned char *c;

	if (!out)
		return NULL;
	for (c = (const unsigned char *)text; *c; c++) {
		if (is_plain(*c)) {
			*o++ = (char)*c;
			continue;
		}
		*o++ = '%';
		*o++ = hex[*c >> 4];
		*o++ = hex[*c & 15];
	}
	*o = '\0';
	return out;
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
