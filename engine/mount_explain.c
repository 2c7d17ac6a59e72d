// SPDX-License-Identifier: GPL-2.0-only
/*
 * Why a mount failed, in Ceph's terms: the checks made around mounting
 * and the message every user of the mount cache prints.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mount_config.h"
#include "mount_explain.h"

/*
 * The keyring ceph_init() loads: the first file of the "keyring" setting
 * (a list) that it can open, in @path.  -errno when none is: -EISDIR for
 * a directory (which opens, then fails to load), else the error of the
 * first file that exists but cannot be read (@path names it), or -ENOENT
 * (@path empty) when no file exists.  1: cannot tell.
 */
static int keyring_file(struct ceph_mount_info *cmount, char *path,
			size_t len)
{
	char paths[4096], *file, *save = NULL;
	int fd, ret = -ENOENT;
	struct stat st;
	bool dir;

	*path = '\0';
	if (ceph_conf_get(cmount, "keyring", paths, sizeof(paths)))
		return 1;
	for (file = strtok_r(paths, ",; ", &save); file;
	     file = strtok_r(NULL, ",; ", &save)) {
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			if (errno != ENOENT && ret == -ENOENT) {
				ret = -errno;
				snprintf(path, len, "%s", file);
			}
			continue;
		}
		dir = !fstat(fd, &st) && S_ISDIR(st.st_mode);
		close(fd);
		snprintf(path, len, "%s", file);
		return dir ? -EISDIR : 0;
	}
	return ret;
}

/*
 * A keyring that exists but cannot be read would fail ceph_init() as if
 * the cluster refused: say which file instead.  None at all is left to
 * Ceph (cephfs_explain_mount_error); without cephx Ceph loads none.
 */
int cephfs_keyring_check(struct ceph_mount_info *cmount, const char **failed,
			 char *why, size_t why_len)
{
	char path[PATH_MAX], auth[256];
	int ret;

	if (!ceph_conf_get(cmount, "auth_client_required", auth, sizeof(auth)) &&
	    !strstr(auth, "cephx"))
		return 0;
	ret = keyring_file(cmount, path, sizeof(path));
	if (ret >= 0 || !*path)
		return 0;
	*failed = "keyring";
	snprintf(why, why_len, "cannot read keyring '%s'", path);
	return ret;
}

/* ceph_mount() mounts a root that is a file, and every call in it then
 * fails with EACCES: say what it is.  A root it cannot look at is left
 * to the calls that use it. */
int cephfs_root_is_directory(struct ceph_mount_info *cmount,
			     const struct cephfs_mount_config *cfg,
			     const char **failed, char *why, size_t why_len)
{
	struct ceph_statx stx;

	if (ceph_statx(cmount, "/", &stx, CEPH_STATX_MODE, 0) ||
	    S_ISDIR(stx.stx_mode))
		return 0;
	*failed = "ceph_mount";
	snprintf(why, why_len, "root '%s' is not a directory", cfg->root);
	return -ENOTDIR;
}

/* Can any file of the "keyring" setting (a comma list) be read? */
static bool keyring_readable(struct ceph_mount_info *cmount)
{
	char paths[4096], *path, *save = NULL;

	if (ceph_conf_get(cmount, "keyring", paths, sizeof(paths)))
		return true;	/* cannot tell: do not blame the keyring */
	for (path = strtok_r(paths, ",; ", &save); path;
	     path = strtok_r(NULL, ",; ", &save)) {
		if (!access(path, R_OK))
			return true;
	}
	return false;
}

/*
 * The filesystem a mount asks for, as Client::mount() picks it: the
 * selected one, else client_fs, else the older client_mds_namespace.
 */
static void filesystem_label(struct ceph_mount_info *cmount,
			     const struct cephfs_mount_config *cfg,
			     char *buf, size_t len)
{
	static const char *const settings[] = { "client_fs", "client_mds_namespace" };
	char name[256];
	size_t i;

	if (cfg->fs) {
		snprintf(buf, len, "filesystem '%s'", cfg->fs);
		return;
	}
	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		if (!ceph_conf_get(cmount, settings[i], name, sizeof(name)) && *name) {
			snprintf(buf, len, "filesystem '%s'", name);
			return;
		}
	}
	snprintf(buf, len, "the default filesystem");
}

/*
 * Does the filesystem of @cfg exist?  Mount its top on a scratch handle:
 * an unknown filesystem fails with ENOENT before any MDS is asked, while a
 * known one mounts, or its MDS refuses the top (EPERM for a key confined
 * to a directory, as `ceph fs authorize` makes).  -1: cannot tell.
 */
static int filesystem_exists(const struct cephfs_mount_config *cfg)
{
	struct ceph_mount_info *probe;
	const char *unused;
	char ignored[1];
	int ret;

	if (ceph_create(&probe, cfg->id))
		return -1;
	ret = cephfs_mount_configure(probe, cfg, &unused, ignored, sizeof(ignored));
	if (!ret)
		ret = ceph_mount(probe, "/");
	ceph_shutdown(probe);
	if (ret == -ENOENT)
		return 0;
	return !ret || ret == -EPERM || ret == -EACCES ? 1 : -1;
}

/*
 * ceph_mount() says ENOENT for a missing keyring, an unknown filesystem
 * and a missing root directory alike; tell them apart: look for the
 * keyring, then whether the filesystem exists.
 */
void cephfs_explain_mount_error(struct ceph_mount_info *cmount,
				const struct cephfs_mount_config *cfg, int ret,
				const char *failed, char *why, size_t why_len)
{
	char fs[300], keyring[PATH_MAX];
	int exists;

	/*
	 * What ceph_init says of a keyring it found but took no key from:
	 * EIO where KeyRing::load cannot parse it (Ceph 16, 18), ENOENT
	 * where it parses to no key for this client (Ceph 20).
	 */
	if ((ret == -EIO || ret == -ENOENT) && !strcmp(failed, "ceph_init") &&
	    !keyring_file(cmount, keyring, sizeof(keyring))) {
		snprintf(why, why_len, "keyring '%s' holds no key Ceph can load for client.%s",
			 keyring, cfg->id ? cfg->id : "admin");
		return;
	}
	if (ret == -ETIMEDOUT || ret == -ETIME) {
		snprintf(why, why_len, "the cluster did not answer within %lld s (client_mount_timeout)",
			 cfg->mount_timeout);
		return;
	}
	if (ret == -EACCES || ret == -EPERM) {
		snprintf(why, why_len, "authentication or permission refused for client.%s",
			 cfg->id ? cfg->id : "admin");
		return;
	}
	if (ret != -ENOENT)
		return;
	if (!keyring_readable(cmount)) {
		snprintf(why, why_len, "no readable keyring for client.%s",
			 cfg->id ? cfg->id : "admin");
		return;
	}
	filesystem_label(cmount, cfg, fs, sizeof(fs));
	/* The top of a filesystem always exists. */
	exists = cfg->root && strcmp(cfg->root, "/") ? filesystem_exists(cfg) : 0;
	if (exists == 1)
		snprintf(why, why_len, "root directory '%s' does not exist in %s",
			 cfg->root, fs);
	else if (!exists)
		snprintf(why, why_len, "%s does not exist", fs);
	else
		snprintf(why, why_len, "root directory '%s' or %s does not exist",
			 cfg->root, fs);
}


void cephfs_mount_error(const struct cephfs_mount_config *cfg, int ret,
			const char *failed, const char *why, char *buf,
			size_t len)
{
	snprintf(buf, len, "cannot mount %s%s%s (root %s) as client.%s: %s: %s%s%s",
		 cfg->fs ? "filesystem '" : "the default filesystem",
		 cfg->fs ? cfg->fs : "", cfg->fs ? "'" : "",
		 cfg->root ? cfg->root : "/", cfg->id ? cfg->id : "admin",
		 failed, strerror(-ret), *why ? ": " : "", why);
}
