// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io500_dir.h"
#include "mount.h"
#include "io500_plan.h"
#include "rundir.h"

/* Names in use get a fresh pick; give up long before 65536 of them. */
#define NAME_ATTEMPTS 64

/* Names listed at a time, removed before the next listing: a directory
 * is not changed while it is read. */
#define REMOVE_BATCH 4096

static const enum io500_workload workloads[] = {
	IO500_IOR_EASY, IO500_IOR_HARD, IO500_MDTEST_EASY, IO500_MDTEST_HARD,
};

#define NR_WORKLOADS (sizeof(workloads) / sizeof(workloads[0]))

/* A cluster lost mid-run must not hang the tool: each call is watched
 * (mount_watchdog.h), as the engine's are. */
static int mkdir_watched(struct cephfs_mount *m, const char *path)
{
	int ret;

	cephfs_call_begin(m);
	ret = ceph_mkdir(m->cmount, path, 0755);
	cephfs_call_end(m);
	return ret;
}

static int make_workload_dirs(struct cephfs_mount *m, const char *rundir,
			      char *error, size_t error_len)
{
	char path[PATH_MAX];
	size_t i;
	int ret;

	for (i = 0; i < NR_WORKLOADS; i++) {
		snprintf(path, sizeof(path), "%s/%s", rundir,
			 io500_workload_dir(workloads[i]));
		ret = mkdir_watched(m, path);
		if (ret) {
			snprintf(error, error_len, "cannot make %s: %s", path,
				 strerror(-ret));
			return ret;
		}
	}
	return 0;
}

int io500_dir_create(struct cephfs_mount *m, const struct bench_options *o,
		     const char *datadir, bool *made_datadir, char *rundir,
		     size_t len, char *error, size_t error_len)
{
	struct bench_options named = *o;
	char name[NAME_MAX + 1], why[512];
	unsigned int i;
	int ret;

	ret = mkdir_watched(m, datadir);
	*made_datadir = !ret;
	if (ret && ret != -EEXIST) {
		snprintf(error, error_len, "cannot make --dir %s: %s", datadir,
			 strerror(-ret));
		return ret;
	}
	named.dir_prefix = IO500_RUNDIR_PREFIX;
	for (i = 0, ret = -EEXIST; ret == -EEXIST && i < NAME_ATTEMPTS; i++) {
		rundir_pick_name(&named, name, sizeof(name));
		snprintf(rundir, len, "%s%s%s", datadir,
			 datadir[strlen(datadir) - 1] == '/' ? "" : "/", name);
		ret = mkdir_watched(m, rundir);
	}
	if (ret) {
		snprintf(error, error_len, "cannot make a run directory in %s: %s",
			 datadir, strerror(-ret));
		*rundir = '\0';
	} else {
		ret = make_workload_dirs(m, rundir, error, error_len);
	}
	if (ret && io500_dir_remove(m, rundir, 0, datadir, *made_datadir, why,
				    sizeof(why)))
		snprintf(error + strlen(error), error_len - strlen(error),
			 "; %s", why);
	return ret;
}

/* A decimal number without leading zeros at @s, up to @end; its value. */
static bool decimal(const char *s, const char *end, unsigned long long *value)
{
	char *stop;

	if (s == end || *s < '0' || *s > '9' || (*s == '0' && end - s > 1))
		return false;
	errno = 0;
	*value = strtoull(s, &stop, 10);
	return !errno && stop == end;
}

bool io500_is_mdtest_name(const char *name, unsigned int ranks, long only)
{
	static const char prefix[] = "file.mdtest.";
	unsigned long long rank, k;
	const char *dot;

	if (strncmp(name, prefix, sizeof(prefix) - 1))
		return false;
	name += sizeof(prefix) - 1;
	dot = strchr(name, '.');
	return dot && decimal(name, dot, &rank) && rank < ranks &&
	       (only < 0 || rank == (unsigned long long)only) &&
	       decimal(dot + 1, dot + 1 + strlen(dot + 1), &k);
}

/* Remove the file or directory @path; one not there is no error. */
static int remove_one(struct cephfs_mount *m, const char *path, bool dir,
		      char *error, size_t error_len)
{
	int ret;

	cephfs_call_begin(m);
	ret = dir ? ceph_rmdir(m->cmount, path) : ceph_unlink(m->cmount, path);
	cephfs_call_end(m);
	if (!ret || ret == -ENOENT)
		return 0;
	snprintf(error, error_len, "%s is left: %s", path, strerror(-ret));
	return ret;
}

/* Up to REMOVE_BATCH of @dir's mdtest names (of @only, or any rank). */
static int list_mdtest(struct cephfs_mount *m, const char *dir,
		       unsigned int ranks, long only, char **names,
		       unsigned int *n)
{
	struct ceph_dir_result *d;
	struct dirent de;
	int ret;

	*n = 0;
	cephfs_call_begin(m);
	ret = ceph_opendir(m->cmount, dir, &d);
	if (ret) {
		cephfs_call_end(m);
		return ret;
	}
	while (*n < REMOVE_BATCH && (ret = ceph_readdir_r(m->cmount, d, &de)) > 0) {
		if (de.d_type != DT_REG || !io500_is_mdtest_name(de.d_name, ranks, only))
			continue;
		if (asprintf(&names[*n], "%s/%s", dir, de.d_name) < 0) {
			ret = -ENOMEM;
			break;
		}
		(*n)++;
	}
	ceph_closedir(m->cmount, d);
	cephfs_call_end(m);
	return ret < 0 ? ret : 0;
}

/* The mdtest files in @dir, then @dir. */
static int remove_mdtest_dir(struct cephfs_mount *m, const char *dir,
			     unsigned int ranks, long only, char *error,
			     size_t error_len)
{
	char **names = calloc(REMOVE_BATCH, sizeof(*names));
	unsigned int n, i;
	int ret = 0;

	if (!names)
		return -ENOMEM;
	do {
		ret = list_mdtest(m, dir, ranks, only, names, &n);
		for (i = 0; i < n; i++) {
			if (!ret)
				ret = remove_one(m, names[i], false, error, error_len);
			free(names[i]);
		}
	} while (!ret && n);
	free(names);
	if (ret == -ENOENT)
		return 0;
	if (ret) {
		if (!*error)
			snprintf(error, error_len, "cannot list %s: %s", dir,
				 strerror(-ret));
		return ret;
	}
	return remove_one(m, dir, true, error, error_len);
}

static int remove_workload(struct cephfs_mount *m, const char *rundir,
			   enum io500_workload w, unsigned int ranks,
			   char *error, size_t error_len)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];
	unsigned int r;
	int ret = 0;

	snprintf(dir, sizeof(dir), "%s/%s", rundir, io500_workload_dir(w));
	for (r = 0; r < ranks && !ret; r++) {
		switch (w) {
		case IO500_IOR_EASY:
			snprintf(path, sizeof(path), "%s/ior_file_easy.%u", dir, r);
			ret = remove_one(m, path, false, error, error_len);
			break;
		case IO500_MDTEST_EASY:
			snprintf(path, sizeof(path), "%s/%u", dir, r);
			ret = remove_mdtest_dir(m, path, ranks, r, error, error_len);
			break;
		default:
			break;
		}
	}
	if (!ret && w == IO500_IOR_HARD) {
		snprintf(path, sizeof(path), "%s/file", dir);
		ret = remove_one(m, path, false, error, error_len);
	}
	if (ret)
		return ret;
	if (w == IO500_MDTEST_HARD)
		return remove_mdtest_dir(m, dir, ranks, -1, error, error_len);
	return remove_one(m, dir, true, error, error_len);
}

int io500_dir_remove(struct cephfs_mount *m, const char *rundir,
		     unsigned int ranks, const char *datadir,
		     bool made_datadir, char *error, size_t error_len)
{
	size_t i;
	int ret = 0;

	*error = '\0';
	for (i = 0; *rundir && i < NR_WORKLOADS && !ret; i++)
		ret = remove_workload(m, rundir, workloads[i], ranks, error,
				      error_len);
	if (!ret && *rundir)
		ret = remove_one(m, rundir, true, error, error_len);
	if (!ret && made_datadir)
		ret = remove_one(m, datadir, true, error, error_len);
	return ret;
}
