/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a mount is made of, and applying it to a libcephfs handle.  The
 * functions return 0 or -errno, with in @failed the libcephfs call that
 * failed and in @why (may stay empty) the setting Ceph refused.
 */
#ifndef FIO_CEPHFS_MOUNT_CONFIG_H
#define FIO_CEPHFS_MOUNT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "settings.h"

struct ceph_mount_info;

/* Every setting that changes what a mount is; NULL/-1/0 mean "default". */
struct cephfs_mount_config {
	const char *conf;		/* conf file, NULL: libcephfs' search */
	const char *id;			/* client id, NULL: admin */
	const char *keyring;
	const char *fs;			/* filesystem name */
	const char *root;		/* directory mounted as root, NULL: / */
	int uid;			/* -1: the process's */
	int gid;
	/* Each the row's keep value: configured default; checked in range. */
#define CEPHFS_SETTING_FIELD(field, ...) long long field;
	CEPHFS_SETTINGS(CEPHFS_SETTING_FIELD)
#undef CEPHFS_SETTING_FIELD
	const char *set;		/* "key=value,key=value" overrides */
	const char *perf_dump;		/* perf counters go here on unmount */
	/* Errors name the settings as cephfs-tool's options (--client-oc-size),
	 * not as the engine's (cephfs_client_oc_size). */
	bool tool_options;
};

/* Parse "key=value,key=value" into ceph_conf_set calls; -errno on error. */
int cephfs_conf_set_list(struct ceph_mount_info *cmount, const char *list,
			 const char **bad_key);

/*
 * ceph_conf_set, saying in @why which setting and value Ceph refused and
 * which option (@option) set it.
 */
int cephfs_mount_conf_set(struct ceph_mount_info *cmount,
			  const struct cephfs_mount_config *cfg,
			  const char *key, const char *value,
			  const char *option, char *why, size_t why_len);

/* Read the conf file and environment, then apply @cfg's settings. */
int cephfs_mount_configure(struct ceph_mount_info *cmount,
			   const struct cephfs_mount_config *cfg,
			   const char **failed, char *why, size_t why_len);

/* @cfg's uid and gid, after ceph_init() and before ceph_mount(). */
int cephfs_mount_set_perms(struct ceph_mount_info *cmount,
			   const struct cephfs_mount_config *cfg,
			   const char **failed);

#endif
