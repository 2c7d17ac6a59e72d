/* Sizes as fio and the original tool read them; anything else refused. */
#include "config.h"

#include <inttypes.h>

#include "size.h"
#include "tap.h"

static const struct {
	const char *text;
	uint64_t bytes;
} good[] = {
	{ "0", 0 }, { "4096", 4096 }, { "4096B", 4096 },
	{ "4K", 4096 }, { "4k", 4096 }, { "4KB", 4096 }, { "4KiB", 4096 },
	{ "4kib", 4096 }, { "4MB", 4 << 20 }, { "1M", 1 << 20 },
	{ "134217728", 134217728 }, { "2G", 2ULL << 30 }, { "1GiB", 1ULL << 30 },
	{ "3T", 3ULL << 40 }, { "1tb", 1ULL << 40 },
	{ "18446744073709551615", UINT64_MAX },
	{ "16777215T", 16777215ULL << 40 },
};

static const char *const bad[] = {
	"", "abc", "4X", "4MBs", "4 M", " 4", "-1", "+4", "1.5M", "4MiBB",
	"4iB", "M", "0x10", "18446744073709551616", "16777216T", "4Mi",
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
