// SPDX-License-Identifier: GPL-2.0-only
/* cephfs_dir_pin values: what the MDS takes is read, the rest refused at
 * init with the value named. */
#include "config.h"

#include <string.h>

#include "dirpin.h"
#include "tap.h"

static const struct {
	const char *text;
	enum cephfs_dir_pin_kind kind;
	int rank;
	double fraction;
} good[] = {
	{ NULL, CEPHFS_DIR_PIN_NONE, 0, 0 },
	{ "", CEPHFS_DIR_PIN_NONE, 0, 0 },
	{ "0", CEPHFS_DIR_PIN_RANK, 0, 0 },
	{ "1", CEPHFS_DIR_PIN_RANK, 1, 0 },
	{ "255", CEPHFS_DIR_PIN_RANK, 255, 0 },
	{ "distributed", CEPHFS_DIR_PIN_DISTRIBUTED, 0, 0 },
	{ "random:0.01", CEPHFS_DIR_PIN_RANDOM, 0, 0.01 },
	{ "random:1", CEPHFS_DIR_PIN_RANDOM, 0, 1.0 },
	{ "random:1e-3", CEPHFS_DIR_PIN_RANDOM, 0, 0.001 },
	{ "random:.5", CEPHFS_DIR_PIN_RANDOM, 0, 0.5 },
};

/* Each with the words its message must hold. */
static const struct {
	const char *text;
	const char *says;
} bad[] = {
	{ "abc", "expected a rank" },
	{ "1x", "expected a rank" },
	{ " 1", "expected a rank" },
	{ "distributed:1", "expected a rank" },
	{ "random", "expected a rank" },
	{ "-1", "rank out of range (0 to 255" },
	{ "256", "rank out of range (0 to 255" },
	{ "99999999999999999999", "rank out of range" },
	{ "random:", "needs a fraction" },
	{ "random:x", "needs a fraction" },
	{ "random:0x1p-4", "needs a fraction" },
	{ "random:nan", "needs a fraction" },
	{ "random:0.5.5", "needs a fraction" },
	{ "random:0", "fraction out of range (0 < P <= 1)" },
	{ "random:-0.1", "fraction out of range" },
	{ "random:1.01", "fraction out of range" },
	{ "random:1e400", "fraction out of range" },
};

int main(void)
{
	struct cephfs_dir_pin pin;
	char why[256], want[300];
	size_t i;
	bool read;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		read = cephfs_dir_pin_parse(good[i].text, &pin, why, sizeof(why));
		ok(read && pin.kind == good[i].kind && pin.rank == good[i].rank &&
		   pin.fraction == good[i].fraction, "'%s' is read as kind %d",
		   good[i].text ? good[i].text : "(unset)", good[i].kind);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		*why = '\0';
		read = cephfs_dir_pin_parse(bad[i].text, &pin, why, sizeof(why));
		snprintf(want, sizeof(want), "cephfs_dir_pin=%s: ", bad[i].text);
		ok(!read && !strncmp(why, want, strlen(want)) &&
		   strstr(why, bad[i].says), "'%s' is refused: %s", bad[i].text,
		   why);
	}
	return done_testing();
}
