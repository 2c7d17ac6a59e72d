// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs-util: what the tests need to look at and tamper with a CephFS
 * directly through libcephfs, independently of the engine under test.
 *
 *   cephfs-util ls PATH              names in a directory, one per line
 *   cephfs-util stat PATH            "uid gid mode(octal) size"
 *   cephfs-util exists PATH          exit 0 if PATH exists, 1 if not (ENOENT)
 *   cephfs-util mkdir PATH MODE      mkdir -p, then chmod to MODE (octal)
 *   cephfs-util put PATH SIZE        create PATH holding SIZE bytes
 *   cephfs-util poke PATH OFFSET STR overwrite bytes at OFFSET with STR
 *   cephfs-util rmtree PATH          remove PATH and everything below it
 *   cephfs-util setxattr PATH NAME VALUE   e.g. ceph.quota.max_bytes
 *   cephfs-util fallocate PATH LEN   create PATH, preallocate LEN bytes (mode 0)
 *   cephfs-util symlink TARGET PATH  make PATH a symbolic link to TARGET
 *   cephfs-util cat PATH             PATH's contents on stdout
 *   cephfs-util getxattr PATH NAME   the value of NAME (e.g. ceph.dir.pin.random)
 *
 * Mounts with the usual libcephfs configuration search (CEPH_CONF,
 * CEPH_ARGS), as client CEPH_ID (default admin), filesystem CEPHFS_FS.
 * Any error, a failed mount included, exits 2 with one line on stderr:
 * exit 1 is only exists' "absent", so that a test's "nothing left" cannot
 * pass because nothing could be looked at.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static struct ceph_mount_info *cmount;

static int fail(const char *what, const char *path, int ret)
{
	fprintf(stderr, "cephfs-util: %s %s: %s\n", what, path, strerror(-ret));
	return 2;
}

static int mount_fs(void)
{
	const char *id = getenv("CEPH_ID");
	const char *fs = getenv("CEPHFS_FS");
	int ret;

	ret = ceph_create(&cmount, id && *id ? id : "admin");
	if (ret)
		return ret;
	ret = ceph_conf_read_file(cmount, NULL);
	if (!ret)
		ret = ceph_conf_parse_env(cmount, NULL);
	if (!ret && fs && *fs)
		ret = ceph_select_filesystem(cmount, fs);
	if (!ret)
		ret = ceph_mount(cmount, "/");
	return ret;
}

static int cmd_ls(const char *path)
{
	struct ceph_dir_result *dir;
	struct dirent *de;
	int ret;

	ret = ceph_opendir(cmount, path, &dir);
	if (ret)
		return fail("opendir", path, ret);
	while ((de = ceph_readdir(cmount, dir)) != NULL) {
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			printf("%s\n", de->d_name);
	}
	ceph_closedir(cmount, dir);
	return 0;
}

static int cmd_stat(const char *path)
{
	struct ceph_statx stx;
	int ret;

	ret = ceph_statx(cmount, path, &stx, CEPH_STATX_BASIC_STATS, 0);
	if (ret)
		return fail("stat", path, ret);
	printf("%u %u %o %llu\n", stx.stx_uid, stx.stx_gid,
	       stx.stx_mode & 07777, (unsigned long long)stx.stx_size);
	return 0;
}

static int cmd_exists(const char *path)
{
	struct ceph_statx stx;
	int ret;

	ret = ceph_statx(cmount, path, &stx, CEPH_STATX_MODE, 0);
	if (ret == -ENOENT)
		return 1;
	if (ret)
		return fail("stat", path, ret);
	return 0;
}

static int cmd_mkdir(const char *path, const char *mode_text)
{
	mode_t mode = strtoul(mode_text, NULL, 8);
	int ret;

	ret = ceph_mkdirs(cmount, path, 0755);
	if (ret && ret != -EEXIST)
		return fail("mkdirs", path, ret);
	ret = ceph_chmod(cmount, path, mode);
	if (ret)
		return fail("chmod", path, ret);
	return 0;
}

static int write_at(const char *path, int flags, const char *buf, long long len,
		    long long offset)
{
	int fd, ret;

	fd = ceph_open(cmount, path, flags, 0644);
	if (fd < 0)
		return fail("open", path, fd);
	ret = len ? ceph_write(cmount, fd, buf, len, offset) : 0;
	if (ret >= 0)
		ret = ceph_fsync(cmount, fd, 0);
	ceph_close(cmount, fd);
	if (ret < 0)
		return fail("write", path, ret);
	return 0;
}

static int cmd_put(const char *path, const char *size_text)
{
	long long size = strtoll(size_text, NULL, 10);
	char *buf;
	int ret;

	buf = malloc(size ? size : 1);
	if (!buf)
		return fail("malloc for", path, -ENOMEM);
	memset(buf, 'x', size);
	ret = write_at(path, O_WRONLY | O_CREAT | O_TRUNC, buf, size, 0);
	free(buf);
	return ret;
}

static int cmd_poke(const char *path, const char *offset_text, const char *bytes)
{
	return write_at(path, O_WRONLY, bytes, strlen(bytes),
			strtoll(offset_text, NULL, 10));
}

static int cmd_setxattr(const char *path, const char *name, const char *value)
{
	int ret = ceph_setxattr(cmount, path, name, value, strlen(value), 0);

	if (ret)
		return fail("setxattr", path, ret);
	return 0;
}

static int cmd_symlink(const char *target, const char *path)
{
	int ret = ceph_symlink(cmount, target, path);

	if (ret)
		return fail("symlink", path, ret);
	return 0;
}

static int cmd_cat(const char *path)
{
	char buf[65536];
	long long off = 0;
	int fd, ret;

	fd = ceph_open(cmount, path, O_RDONLY, 0);
	if (fd < 0)
		return fail("open", path, fd);
	while ((ret = ceph_read(cmount, fd, buf, sizeof(buf), off)) > 0) {
		fwrite(buf, 1, ret, stdout);
		off += ret;
	}
	ceph_close(cmount, fd);
	if (ret < 0)
		return fail("read", path, ret);
	return 0;
}

static int cmd_fallocate(const char *path, const char *len_text)
{
	int fd, ret;

	fd = ceph_open(cmount, path, O_WRONLY | O_CREAT, 0644);
	if (fd < 0)
		return fail("open", path, fd);
	ret = ceph_fallocate(cmount, fd, 0, 0, strtoll(len_text, NULL, 10));
	ceph_close(cmount, fd);
	if (ret)
		return fail("fallocate", path, ret);
	return 0;
}

static int cmd_getxattr(const char *path, const char *name)
{
	char value[4096];
	int ret = ceph_getxattr(cmount, path, name, value, sizeof(value));

	if (ret < 0)
		return fail("getxattr", path, ret);
	printf("%.*s\n", ret, value);
	return 0;
}

static int rmtree(const char *path)
{
	struct ceph_dir_result *dir;
	struct ceph_statx stx;
	struct dirent *de;
	char child[4096];
	int ret;

	ret = ceph_statx(cmount, path, &stx, CEPH_STATX_MODE, AT_SYMLINK_NOFOLLOW);
	if (ret)
		return ret;
	if (!S_ISDIR(stx.stx_mode))
		return ceph_unlink(cmount, path);
	ret = ceph_opendir(cmount, path, &dir);
	if (ret)
		return ret;
	while ((de = ceph_readdir(cmount, dir)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(child, sizeof(child), "%s/%s", path, de->d_name);
		ret = rmtree(child);
		if (ret)
			break;
	}
	ceph_closedir(cmount, dir);
	return ret ? ret : ceph_rmdir(cmount, path);
}

static int cmd_rmtree(const char *path)
{
	int ret = rmtree(path);

	if (ret && ret != -ENOENT)
		return fail("rmtree", path, ret);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	int ret;

	ret = mount_fs();
	if (ret)
		return fail("mount for", argc > 2 ? argv[2] : "/", ret);

	if (!strcmp(cmd, "ls") && argc == 3)
		ret = cmd_ls(argv[2]);
	else if (!strcmp(cmd, "stat") && argc == 3)
		ret = cmd_stat(argv[2]);
	else if (!strcmp(cmd, "exists") && argc == 3)
		ret = cmd_exists(argv[2]);
	else if (!strcmp(cmd, "mkdir") && argc == 4)
		ret = cmd_mkdir(argv[2], argv[3]);
	else if (!strcmp(cmd, "put") && argc == 4)
		ret = cmd_put(argv[2], argv[3]);
	else if (!strcmp(cmd, "poke") && argc == 5)
		ret = cmd_poke(argv[2], argv[3], argv[4]);
	else if (!strcmp(cmd, "rmtree") && argc == 3)
		ret = cmd_rmtree(argv[2]);
	else if (!strcmp(cmd, "setxattr") && argc == 5)
		ret = cmd_setxattr(argv[2], argv[3], argv[4]);
	else if (!strcmp(cmd, "fallocate") && argc == 4)
		ret = cmd_fallocate(argv[2], argv[3]);
	else if (!strcmp(cmd, "symlink") && argc == 4)
		ret = cmd_symlink(argv[2], argv[3]);
	else if (!strcmp(cmd, "cat") && argc == 3)
		ret = cmd_cat(argv[2]);
	else if (!strcmp(cmd, "getxattr") && argc == 4)
		ret = cmd_getxattr(argv[2], argv[3]);
	else {
		fprintf(stderr, "usage: cephfs-util ls|stat|exists|mkdir|put|poke|rmtree|setxattr|fallocate|symlink|cat|getxattr PATH [ARGS]\n");
		ret = 2;
	}
	ceph_shutdown(cmount);
	return ret;
}
