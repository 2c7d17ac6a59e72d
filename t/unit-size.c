// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sizes as the newest upstream tool reads them (KB decimal, KiB and K
 * binary); anything else refused.
 */
#include "config.h"

#include <inttypes.h>

#include "size.h"
#include "tap.h"

static const struct {
	const char *text;
	uint64_t bytes;
} good[] = {
	{ "0", 0 }, { "4096", 4096 }, { "4096B", 4096 },
	{ "4K", 4096 }, { "4k", 4096 }, { "4KiB", 4096 }, { "4kib", 4096 },
	{ "4KB", 4000 }, { "4kb", 4000 },
	{ "4MB", 4000000 }, { "4MiB", 4194304 }, { "4M", 4194304 },
	{ "1M", 1 << 20 }, { "134217728", 134217728 },
	{ "2G", 2ULL << 30 }, { "1GiB", 1ULL << 30 }, { "1GB", 1000000000 },
	{ "3T", 3ULL << 40 }, { "1TiB", 1ULL << 40 },
	{ "1tb", 1000000000000ULL },
	{ "18446744073709551615", UINT64_MAX },
	{ "16777215T", 16777215ULL << 40 },
	{ "18446744TB", 18446744000000000000ULL },
};

static const char *const bad[] = {
	"", "abc", "4X", "4MBs", "4 M", " 4", "-1", "+4", "1.5M", "4MiBB",
	"4iB", "M", "0x10", "18446744073709551616", "16777216T", "4Mi",
	"18446745TB", "16777216TiB", "4MBB", "4Bi", "4MiBs", "4KBi",
};

int main(void)
{
	uint64_t bytes;
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		bytes = 1;
		ok(parse_size(good[i].text, &bytes) && bytes == good[i].bytes,
		   "'%s' is %" PRIu64 " bytes (got %" PRIu64 ")", good[i].text,
		   good[i].bytes, bytes);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ok(!parse_size(bad[i], &bytes), "'%s' is refused, never read as 0",
		   bad[i]);
	return done_testing();
}
