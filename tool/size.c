#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "size.h"

static const char suffixes[] = "KMGT";

/* "", "B", "iB" (any case) may follow the multiplier letter. */
static bool unit_tail(const char *tail)
{
	return !*tail || !strcasecmp(tail, "B") || !strcasecmp(tail, "iB");
}

bool parse_size(const char *text, uint64_t *bytes)
{
	const char *p = text, *letter;
	uint64_t value = 0;
	unsigned int shift = 0;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		if (value > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return false;
		value = value * 10 + (uint64_t)(*p - '0');
	}
	if (*p && (letter = strchr(suffixes, toupper((unsigned char)*p)))) {
		shift = 10 * (unsigned int)(letter - suffixes + 1);
		p++;
		if (!unit_tail(p))
			return false;
	} else if (*p && strcasecmp(p, "B")) {
		return false;
	}
	if (shift && value > (UINT64_MAX >> shift))
		return false;
	*bytes = value << shift;
	return true;
}
