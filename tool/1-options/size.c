// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "size.h"

static const char prefixes[] = "KMGT";

/*
 * The multiplier of the unit after the prefix letter: "B" is decimal
 * (KB, 1000), "iB" or nothing binary (KiB or K, 1024); 0 for any other
 * tail.
 */
static uint64_t unit_base(const char *tail)
{
	if (!strcasecmp(tail, "B"))
		return 1000;
	if (!*tail || !strcasecmp(tail, "iB"))
		return 1024;
	return 0;
}

/* @value times @base to the @power, false when that passes 64 bits. */
static bool scale(uint64_t *value, uint64_t base, unsigned int power)
{
	while (power--) {
		if (*value > UINT64_MAX / base)
			return false;
		*value *= base;
	}
	return true;
}

bool parse_size(const char *text, uint64_t *bytes)
{
	const char *p = text, *letter;
	uint64_t value = 0, base;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		if (value > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return false;
		value = value * 10 + (uint64_t)(*p - '0');
	}
	if (!*p || !strcasecmp(p, "B")) {
		*bytes = value;
		return true;
	}
	letter = strchr(prefixes, toupper((unsigned char)*p));
	if (!letter)
		return false;
	base = unit_base(p + 1);
	if (!base || !scale(&value, base, (unsigned int)(letter - prefixes + 1)))
		return false;
	*bytes = value;
	return true;
}
