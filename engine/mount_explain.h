/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Why a mount failed, said in Ceph's terms instead of a bare errno.
 */
#ifndef FIO_CEPHFS_MOUNT_EXPLAIN_H
#define FIO_CEPHFS_MOUNT_EXPLAIN_H

#include <stddef.h>

struct ceph_mount_info;
struct cephfs_mount_config;

/* Before ceph_init(): a keyring that exists but cannot be read, named. */
int cephfs_keyring_check(struct ceph_mount_info *cmount, const char **failed,
			 char *why, size_t why_len);

/* After ceph_mount(): -ENOTDIR, explained, when the root is a file. */
int cephfs_root_is_directory(struct ceph_mount_info *cmount,
			     const struct cephfs_mount_config *cfg,
			     const char **failed, char *why, size_t why_len);

/* In @why, what @ret of the call @failed (ceph_init, ceph_mount) means. */
void cephfs_explain_mount_error(struct ceph_mount_info *cmount,
				const struct cephfs_mount_config *cfg, int ret,
				const char *failed, char *why, size_t why_len);

/* The one-line message for a failed cephfs_mount_get(), for every user. */
void cephfs_mount_error(const struct cephfs_mount_config *cfg, int ret,
			const char *failed, const char *why, char *buf,
			size_t len);

#endif
