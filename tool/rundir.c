#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "mount_cache.h"
#include "rundir.h"

/* Names in use get a fresh pick; give up long before 65536 of them. */
#define NAME_ATTEMPTS 64

void rundir_pick_name(const struct bench_options *o, char *name, size_t len)
{
	unsigned short r;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r))
		r = (unsigned short)(rand() ^ getpid());
	snprintf(name, len, "%s%04x", o->dir_prefix, r);
}

/* The benchmark's own mount, at --root-path. */
static int mount_root(const struct bench_options *o, struct cephfs_mount **m,
		      char *error, size_t error_len)
{
	struct cephfs_mount_config cfg = {
		.conf = o->conf, .id = o->id, .keyring = o->keyring,
		.fs = o->fs, .root = o->root_path, .uid = o->uid, .gid = o->gid,
		.client_oc = o->client_oc, .client_oc_size = o->client_oc_size,
		.msgr_workers = o->msgr_workers,
		.mount_timeout = o->mount_timeout,
		.op_timeout = o->op_timeout,
	};
	const char *failed = "";
	unsigned int users;
	char why[256];
	int ret;

	ret = cephfs_mount_get(&cfg, false, m, &users, &failed, why, sizeof(why));
	if (ret)
		cephfs_mount_error(&cfg, ret, failed, why, error, error_len);
	return ret;
}

int rundir_create(const struct bench_options *o, char *name, size_t len,
		  char *error, size_t error_len)
{
	struct cephfs_mount *m;
	int ret, attempt;

	ret = mount_root(o, &m, error, error_len);
	if (ret)
		return ret;
	cephfs_call_begin(m);
	for (attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
		rundir_pick_name(o, name, len);
		ret = ceph_mkdir(m->cmount, name, 0755);
		if (ret != -EEXIST)
			break;
	}
	cephfs_call_end(m);
	if (ret)
		snprintf(error, error_len, "cannot create run directory %s in %s: %s",
			 name, o->root_path, strerror(-ret));
	cephfs_mount_put(m);
	return ret;
}

static int clear_dir(struct ceph_mount_info *cmount, const char *path,
		     char *error, size_t error_len);

static int remove_entry(struct ceph_mount_info *cmount, const char *dir,
			const struct dirent *de, char *error, size_t error_len)
{
	char *path;
	int ret;

	if (asprintf(&path, "%s/%s", dir, de->d_name) < 0)
		return -ENOMEM;
	if (de->d_type == DT_DIR) {
		ret = clear_dir(cmount, path, error, error_len);
		if (!ret)
			ret = ceph_rmdir(cmount, path);
	} else {
		ret = ceph_unlink(cmount, path);
	}
	if (ret && !*error)
		snprintf(error, error_len, "cannot remove %s: %s", path,
			 strerror(-ret));
	free(path);
	return ret;
}

static int clear_dir(struct ceph_mount_info *cmount, const char *path,
		     char *error, size_t error_len)
{
	struct ceph_dir_result *dir;
	struct dirent de;
	int ret, first = 0;

	ret = ceph_opendir(cmount, path, &dir);
	if (ret) {
		snprintf(error, error_len, "cannot open %s: %s", path, strerror(-ret));
		return ret;
	}
	while ((ret = ceph_readdir_r(cmount, dir, &de)) > 0) {
		if (!strcmp(de.d_name, ".") || !strcmp(de.d_name, ".."))
			continue;
		ret = remove_entry(cmount, path, &de, error, error_len);
		if (ret && !first)
			first = ret;
	}
	ceph_closedir(cmount, dir);
	return first ? first : ret;
}

int rundir_clear(const struct bench_options *o, const char *name,
		 bool remove_dir, char *error, size_t error_len)
{
	struct cephfs_mount *m;
	int ret;

	*error = '\0';
	ret = mount_root(o, &m, error, error_len);
	if (ret)
		return ret;
	/* A cluster lost mid-run must not hang the cleanup (the watchdog). */
	cephfs_call_begin(m);
	ret = clear_dir(m->cmount, name, error, error_len);
	if (!ret && remove_dir) {
		ret = ceph_rmdir(m->cmount, name);
		if (ret)
			snprintf(error, error_len, "cannot remove %s: %s", name,
				 strerror(-ret));
	}
	cephfs_call_end(m);
	cephfs_mount_put(m);
	return ret;
}
