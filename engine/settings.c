// SPDX-License-Identifier: GPL-2.0-only
/*
 * The settings table (settings.h) walked over a mount configuration.  No
 * libcephfs here: cephfs-tool's ceph-fuse arguments use the same walk.
 */
#include "config.h"

#include <stdio.h>

#include "mount_config.h"
#include "settings.h"

static const struct setting_row {
	const char *field;
	const char *key, *key2;		/* key2: NULL or set to the same */
	size_t offset;			/* in struct cephfs_mount_config */
	long long keep;
} setting_rows[] = {
#define SETTING_ROW(field, tool_name, kind, key, key2, min, max, tool_max, \
		    keep, ...)						\
	{ #field, key, key2, offsetof(struct cephfs_mount_config, field), keep },
	CEPHFS_SETTINGS(SETTING_ROW)
#undef SETTING_ROW
};

int cephfs_settings_each(const struct cephfs_mount_config *cfg,
			 cephfs_setting_fn set, void *arg)
{
	const struct setting_row *s;
	long long value;
	char text[32];
	size_t i;
	int ret;

	for (i = 0; i < sizeof(setting_rows) / sizeof(*s); i++) {
		s = &setting_rows[i];
		value = *(const long long *)((const char *)cfg + s->offset);
		if (value == s->keep)
			continue;
		snprintf(text, sizeof(text), "%lld", value);
		ret = set(arg, s->field, s->key, text);
		if (!ret && s->key2)
			ret = set(arg, s->field, s->key2, text);
		if (ret)
			return ret;
	}
	return 0;
}
