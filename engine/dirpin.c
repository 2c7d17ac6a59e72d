// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dirpin.h"

#define RANDOM_PREFIX "random:"

/* Digits only, with an optional leading minus (so "-1" reads as out of
 * range rather than as malformed). */
static bool is_integer(const char *s)
{
	if (*s == '-')
		s++;
	if (!*s)
		return false;
	return strspn(s, "0123456789") == strlen(s);
}

static bool parse_rank(const char *text, struct cephfs_dir_pin *pin,
		       char *why, size_t why_len)
{
	long rank;

	errno = 0;
	rank = strtol(text, NULL, 10);
	if (errno || rank < 0 || rank > CEPHFS_DIR_PIN_MAX_RANK) {
		snprintf(why, why_len,
			 "cephfs_dir_pin=%s: rank out of range (0 to %d, the MDS's limit; leave the option out for no pin)",
			 text, CEPHFS_DIR_PIN_MAX_RANK);
		return false;
	}
	pin->kind = CEPHFS_DIR_PIN_RANK;
	pin->rank = rank;
	return true;
}

/*
 * The MDS reads the fraction with boost::lexical_cast<double>: plain
 * decimal or exponent notation, which these characters cover (strtod
 * alone would also take hex, "inf" and "nan").
 */
static bool parse_random(const char *text, struct cephfs_dir_pin *pin,
			 char *why, size_t why_len)
{
	const char *value = text + strlen(RANDOM_PREFIX);
	char *end;
	double fraction;

	if (!*value || strspn(value, "0123456789.eE+-") != strlen(value) ||
	    (fraction = strtod(value, &end), *end)) {
		snprintf(why, why_len,
			 "cephfs_dir_pin=%s: 'random:' needs a fraction P, 0 < P <= 1",
			 text);
		return false;
	}
	if (!(fraction > 0.0 && fraction <= 1.0)) {
		snprintf(why, why_len,
			 "cephfs_dir_pin=%s: fraction out of range (0 < P <= 1)",
			 text);
		return false;
	}
	pin->kind = CEPHFS_DIR_PIN_RANDOM;
	pin->fraction = fraction;
	return true;
}

bool cephfs_dir_pin_parse(const char *text, struct cephfs_dir_pin *pin,
			  char *why, size_t why_len)
{
	memset(pin, 0, sizeof(*pin));
	pin->text = text;
	if (!text || !*text)
		return true;
	if (!strcmp(text, "distributed")) {
		pin->kind = CEPHFS_DIR_PIN_DISTRIBUTED;
		return true;
	}
	if (!strncmp(text, RANDOM_PREFIX, strlen(RANDOM_PREFIX)))
		return parse_random(text, pin, why, why_len);
	if (is_integer(text))
		return parse_rank(text, pin, why, why_len);
	snprintf(why, why_len,
		 "cephfs_dir_pin=%s: expected a rank (0 to %d), 'distributed' or 'random:P'",
		 text, CEPHFS_DIR_PIN_MAX_RANK);
	return false;
}

/*
 * The name of the mounted filesystem as Client::mount() picks it: the
 * selected one, else client_fs, else client_mds_namespace; "" for the
 * default one.
 */
static void filesystem_name(struct ceph_mount_info *cmount, const char *fs,
			    char *buf, size_t len)
{
	if (fs) {
		snprintf(buf, len, "%s", fs);
		return;
	}
	if (!ceph_conf_get(cmount, "client_fs", buf, len) && *buf)
		return;
	if (!ceph_conf_get(cmount, "client_mds_namespace", buf, len) && *buf)
		return;
	*buf = '\0';
}

/*
 * Is @rank in the filesystem's MDS map?  libcephfs resolves an MDS command's
 * target from the FSMap before it sends anything: a rank that is not in
 * fails there with ENOENT.  One that is gets a harmless "version".
 * Returns 0, -ENOENT, or another -errno when it cannot tell.
 */
static int mds_rank_in(struct ceph_mount_info *cmount, const char *fs,
		       int rank)
{
	const char *cmd[] = { "{\"prefix\": \"version\"}" };
	char role[300], *out = NULL, *outs = NULL;
	size_t out_len = 0, outs_len = 0;
	int ret;

	if (*fs)
		snprintf(role, sizeof(role), "%s:%d", fs, rank);
	else
		snprintf(role, sizeof(role), "%d", rank);
	ret = ceph_mds_command(cmount, role, cmd, 1, "", 0, &out, &out_len,
			       &outs, &outs_len);
	ceph_buffer_free(out);
	ceph_buffer_free(outs);
	return ret;
}

/*
 * For a pin to a missing rank: ranks are numbered from 0 without gaps, so
 * count the ones in below it (a rank that is in may still refuse the
 * command itself, e.g. to a key without 'allow *' MDS caps).
 */
static int rank_missing(struct ceph_mount_info *cmount, const char *fs,
			const struct cephfs_dir_pin *pin, char *why,
			size_t why_len)
{
	char ranks_in[64];
	int ranks = 0;

	while (ranks < pin->rank && mds_rank_in(cmount, fs, ranks) != -ENOENT)
		ranks++;
	if (ranks == 1)
		snprintf(ranks_in, sizeof(ranks_in), "1 rank, 0");
	else
		snprintf(ranks_in, sizeof(ranks_in), "%d ranks, 0 to %d",
			 ranks, ranks - 1);
	snprintf(why, why_len,
		 "cephfs_dir_pin=%d: %s%s%s has no MDS rank %d, it has %s (raise its max_mds for more)",
		 pin->rank, *fs ? "filesystem '" : "the default filesystem",
		 fs, *fs ? "'" : "", pin->rank, ranks_in);
	return -ENOENT;
}

static void pin_xattr(const struct cephfs_dir_pin *pin, const char **name,
		      char *value, size_t len)
{
	switch (pin->kind) {
	case CEPHFS_DIR_PIN_RANK:
		*name = "ceph.dir.pin";
		snprintf(value, len, "%d", pin->rank);
		break;
	case CEPHFS_DIR_PIN_DISTRIBUTED:
		*name = "ceph.dir.pin.distributed";
		snprintf(value, len, "1");
		break;
	default:
		*name = "ceph.dir.pin.random";
		snprintf(value, len, "%s", pin->text + strlen(RANDOM_PREFIX));
		break;
	}
}

static int pin_refused(int ret, const struct cephfs_dir_pin *pin,
		       const char *dir, const char *name, const char *value,
		       char *why, size_t why_len)
{
	const char *hint = "";

	if (ret == -EINVAL && pin->kind == CEPHFS_DIR_PIN_RANDOM)
		hint = " (the MDS takes no more than its mds_export_ephemeral_random_max, 0.01 unless configured)";
	else if (ret == -EPERM || ret == -EACCES)
		hint = " (the client's MDS caps need the 'p' flag to set pins)";
	snprintf(why, why_len, "cephfs_dir_pin=%s: ceph_setxattr(%s, %s=%s): %s%s",
		 pin->text, dir, name, value, strerror(-ret), hint);
	return ret;
}

int cephfs_dir_pin_apply(struct ceph_mount_info *cmount, const char *fs,
			 const char *dir, const struct cephfs_dir_pin *pin,
			 char *why, size_t why_len)
{
	const char *name;
	char fs_name[256], value[64];
	int ret;

	if (pin->kind == CEPHFS_DIR_PIN_NONE)
		return 0;
	filesystem_name(cmount, fs, fs_name, sizeof(fs_name));
	if (pin->kind == CEPHFS_DIR_PIN_RANK &&
	    mds_rank_in(cmount, fs_name, pin->rank) == -ENOENT)
		return rank_missing(cmount, fs_name, pin, why, why_len);
	pin_xattr(pin, &name, value, sizeof(value));
	ret = ceph_setxattr(cmount, dir, name, value, strlen(value), 0);
	if (ret)
		return pin_refused(ret, pin, dir, name, value, why, why_len);
	return 0;
}
