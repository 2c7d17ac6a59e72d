// SPDX-License-Identifier: GPL-2.0-only
/*
 * The settings of a mount configuration applied to a libcephfs handle
 * before it mounts: conf file, environment, then the job's own settings.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mount_config.h"

int cephfs_conf_set_list(struct ceph_mount_info *cmount, const char *list,
			 const char **bad_key)
{
	char *copy, *item, *save = NULL, *eq;
	int ret = 0;

	if (!list || !*list)
		return 0;
	copy = strdup(list);
	if (!copy)
		return -ENOMEM;
	for (item = strtok_r(copy, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		eq = strchr(item, '=');
		if (!eq || eq == item) {
			ret = -EINVAL;
		} else {
			*eq = '\0';
			ret = ceph_conf_set(cmount, item, eq + 1);
		}
		if (ret) {
			/* Points into the caller's string, which outlives us. */
			*bad_key = list + (item - copy);
			break;
		}
	}
	free(copy);
	return ret;
}

/*
 * ceph_conf_set, saying in @why which setting and value Ceph refused and
 * which option set it: the tool's --@option or the engine's
 * cephfs_@option.
 */
int cephfs_mount_conf_set(struct ceph_mount_info *cmount,
			  const struct cephfs_mount_config *cfg,
			  const char *key, const char *value,
			  const char *option, char *why, size_t why_len)
{
	char name[64];
	int ret = ceph_conf_set(cmount, key, value);
	size_t i;

	if (!ret)
		return 0;
	snprintf(name, sizeof(name), "%s%s", cfg->tool_options ? "--" : "cephfs_",
		 option);
	for (i = 2; cfg->tool_options && name[i]; i++)
		if (name[i] == '_')
			name[i] = '-';
	snprintf(why, why_len, "Ceph refused %s=%s (set by %s)", key, value, name);
	return ret;
}

struct conf_set_call {
	struct ceph_mount_info *cmount;
	const struct cephfs_mount_config *cfg;
	char *why;
	size_t why_len;
};

static int conf_set_setting(void *arg, const char *field, const char *key,
			    const char *value)
{
	struct conf_set_call *c = arg;

	return cephfs_mount_conf_set(c->cmount, c->cfg, key, value, field,
				     c->why, c->why_len);
}

/* Apply the configuration in the order libcephfs users expect: file, env
 * (CEPH_ARGS), then the job's explicit settings, which win. */
int cephfs_mount_configure(struct ceph_mount_info *cmount,
			   const struct cephfs_mount_config *cfg,
			   const char **failed, char *why, size_t why_len)
{
	struct conf_set_call settings = { cmount, cfg, why, why_len };
	const char *bad_key;
	int ret;

	*failed = "ceph_conf_read_file";
	ret = ceph_conf_read_file(cmount, cfg->conf);
	if (ret) {
		if (cfg->conf)
			snprintf(why, why_len, "cannot read '%s'", cfg->conf);
		return ret;
	}
	*failed = "ceph_conf_parse_env";
	ret = ceph_conf_parse_env(cmount, NULL);
	if (ret)
		return ret;
	*failed = "ceph_conf_set";
	if (cfg->keyring &&
	    (ret = cephfs_mount_conf_set(cmount, cfg, "keyring", cfg->keyring,
					 "keyring", why, why_len)))
		return ret;
	/* A mount that fails after opening an MDS session (the MDS cannot
	 * journal it) waits client_shutdown_timeout for the session to close,
	 * and an op to a dead OSD waits forever, and so do fio and its SIGTERM
	 * handling, unless the timeouts (rows of the table) are set. */
	ret = cephfs_settings_each(cfg, conf_set_setting, &settings);
	if (ret)
		return ret;
	ret = cephfs_conf_set_list(cmount, cfg->set, &bad_key);
	if (ret) {
		snprintf(why, why_len, "cannot apply setting '%.*s' (set by cephfs_set)",
			 (int)strcspn(bad_key, ","), bad_key);
		return ret;
	}
	if (cfg->fs) {
		*failed = "ceph_select_filesystem";
		ret = ceph_select_filesystem(cmount, cfg->fs);
		if (ret)
			return ret;
	}
	return 0;
}

/* After ceph_init(), which would otherwise reset them, before mounting. */
int cephfs_mount_set_perms(struct ceph_mount_info *cmount,
			   const struct cephfs_mount_config *cfg,
			   const char **failed)
{
	UserPerm *perms;
	int ret;

	if (cfg->uid == -1 && cfg->gid == -1)
		return 0;
	*failed = "ceph_userperm_new";
	perms = ceph_userperm_new(cfg->uid != -1 ? cfg->uid : (int)geteuid(),
				  cfg->gid != -1 ? cfg->gid : (int)getegid(),
				  0, NULL);
	if (!perms)
		return -ENOMEM;
	*failed = "ceph_mount_perms_set";
	ret = ceph_mount_perms_set(cmount, perms);
	ceph_userperm_destroy(perms);
	return ret;
}
