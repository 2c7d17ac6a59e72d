// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs-find: tool/3-run/find.c's walk on its own, for the tests.
 *
 *   cephfs-find ROOT THREADS [-name GLOB] [-size BYTES] [-newer PATH]
 *
 * prints "checked N matched N dirs N"; -newer takes PATH's mtime, as
 * find(1)'s -newer does.  Mounts as t/cephfs-util does (CEPH_CONF,
 * CEPH_ARGS, client CEPH_ID, filesystem CEPHFS_FS).  Any error exits 2 with
 * one line on stderr.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "find.h"

static int usage(void)
{
	fprintf(stderr, "usage: cephfs-find ROOT THREADS [-name GLOB] [-size BYTES] [-newer PATH]\n");
	return 2;
}

static int connect_fs(struct ceph_mount_info **cmount)
{
	const char *id = getenv("CEPH_ID");
	const char *fs = getenv("CEPHFS_FS");
	int ret = ceph_create(cmount, id && *id ? id : "admin");

	if (ret)
		return ret;
	ret = ceph_conf_read_file(*cmount, NULL);
	ret = ret ? ret : ceph_conf_parse_env(*cmount, NULL);
	ret = ret || !fs || !*fs ? ret : ceph_select_filesystem(*cmount, fs);
	return ret ? ret : ceph_mount(*cmount, "/");
}

int main(int argc, char **argv)
{
	struct find_criteria c = { .size = -1 };
	const char *newer = NULL;
	struct ceph_mount_info *cmount;
	struct find_counts n;
	struct ceph_statx stx;
	char error[4096];
	int i, ret;

	if (argc < 3 || (argc - 3) % 2)
		return usage();
	for (i = 3; i < argc; i += 2) {
		if (!strcmp(argv[i], "-name"))
			c.name_glob = argv[i + 1];
		else if (!strcmp(argv[i], "-size"))
			c.size = strtoll(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "-newer"))
			newer = argv[i + 1];
		else
			return usage();
	}
	ret = connect_fs(&cmount);
	if (ret) {
		fprintf(stderr, "cephfs-find: mount: %s\n", strerror(-ret));
		return 2;
	}
	if (newer) {
		ret = ceph_statx(cmount, newer, &stx, CEPH_STATX_MTIME, 0);
		if (ret) {
			fprintf(stderr, "cephfs-find: stat %s: %s\n", newer,
				strerror(-ret));
			ceph_shutdown(cmount);
			return 2;
		}
		c.newer = stx.stx_mtime;
	}
	ret = find_walk(cmount, argv[1], &c, strtoul(argv[2], NULL, 10), &n,
			error, sizeof(error));
	ceph_shutdown(cmount);
	if (ret) {
		fprintf(stderr, "cephfs-find: %s (%d)\n", error, ret);
		return 2;
	}
	printf("checked %llu matched %llu dirs %llu\n",
	       (unsigned long long)n.checked, (unsigned long long)n.matched,
	       (unsigned long long)n.dirs);
	return 0;
}
