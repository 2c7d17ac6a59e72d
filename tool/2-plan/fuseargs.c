// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuseargs.h"
#include "mount_config.h"

/* Ceph's own default, for a --mount-timeout of 0. */
#define CEPH_CLIENT_MOUNT_TIMEOUT 300

unsigned int fuse_mount_timeout(const struct bench_options *o)
{
	return o->mount_timeout ? o->mount_timeout : CEPH_CLIENT_MOUNT_TIMEOUT;
}

static void add(struct fuse_args *a, const char *fmt, ...)
{
	va_list ap;
	char *arg;
	int n;

	if (a->count < 0 || a->count >= FUSE_ARGS_MAX - 1) {
		a->count = -1;
		return;
	}
	va_start(ap, fmt);
	n = vasprintf(&arg, fmt, ap);
	va_end(ap);
	if (n < 0) {
		a->count = -1;
		return;
	}
	a->argv[a->count++] = arg;
}

/* "--name=value": Ceph's parser takes all after the first '=' as given. */
static void add_setting(struct fuse_args *a, const char *name, const char *value)
{
	if (value)
		add(a, "--%s=%s", name, value);
}

/* As the engine applies it: "--key=value". */
static int add_ceph_setting(void *arg, const char *field, const char *key,
			    const char *value)
{
	add(arg, "--%s=%s", key, value);
	return 0;
}

int fuse_args_init(struct fuse_args *a, const struct bench_options *o,
		   const char *mountpoint)
{
	struct cephfs_mount_config cfg;

	memset(a, 0, sizeof(*a));
	add(a, "%s", CEPH_FUSE);
	add(a, "-f");
	add_setting(a, "conf", o->conf);
	add_setting(a, "id", o->id);
	add_setting(a, "keyring", o->keyring);
	add_setting(a, "client_fs", o->fs);
	add_setting(a, "client_mountpoint", o->root_path);
	options_mount_config(o, &cfg);
	cephfs_settings_each(&cfg, add_ceph_setting, a);
	add(a, "%s", mountpoint);
	if (a->count < 0) {
		fuse_args_free(a);
		return -1;
	}
	return 0;
}

void fuse_args_free(struct fuse_args *a)
{
	int i;

	for (i = 0; i < FUSE_ARGS_MAX; i++)
		free(a->argv[i]);
	memset(a, 0, sizeof(*a));
}
