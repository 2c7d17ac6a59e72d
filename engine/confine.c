// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "confine.h"

/* As Linux's path walk. */
#define CONFINE_MAX_LINKS	40

struct confine {
	struct ceph_mount_info *cmount;
	char *done;		/* resolved so far: "" (the root) or "/a/b" */
	size_t len, size;
	size_t missing_at;	/* done[0..missing_at) exists; SIZE_MAX: all */
	unsigned int links;
	char *link;		/* the last link followed, and its target */
	char target[PATH_MAX];
};

static int done_append(struct confine *c, const char *name, size_t len)
{
	char *grown;

	if (c->len + len + 2 > c->size) {
		c->size = 2 * (c->len + len + 2);
		grown = realloc(c->done, c->size);
		if (!grown)
			return -ENOMEM;
		c->done = grown;
	}
	c->done[c->len++] = '/';
	memcpy(c->done + c->len, name, len);
	c->len += len;
	c->done[c->len] = '\0';
	return 0;
}

static void done_pop(struct confine *c)
{
	c->len = strrchr(c->done, '/') - c->done;
	c->done[c->len] = '\0';
	if (c->len <= c->missing_at)
		c->missing_at = SIZE_MAX;
}

/*
 * The link just appended to done: read it, take it off done, and make
 * @todo its target followed by @rest.  Returns 0 or -errno.
 */
static int follow_link(struct confine *c, char **todo, const char *rest)
{
	char *next;
	int ret;

	if (++c->links > CONFINE_MAX_LINKS)
		return -ELOOP;
	ret = ceph_readlink(c->cmount, c->done, c->target, sizeof(c->target));
	if (ret < 0)
		return ret;
	if (ret >= (int)sizeof(c->target))
		return -ENAMETOOLONG;
	c->target[ret] = '\0';
	free(c->link);
	c->link = strdup(c->done);
	if (!c->link || asprintf(&next, "%s/%s", c->target, rest) < 0)
		return -ENOMEM;
	free(*todo);
	*todo = next;
	done_pop(c);
	if (c->target[0] == '/')
		c->len = 0;	/* absolute targets start at the mount root */
	c->done[c->len] = '\0';
	return 0;
}

/* Only slashes left? */
static bool is_last(const char *rest)
{
	return !rest[strspn(rest, "/")];
}

int cephfs_confine(struct ceph_mount_info *cmount, const char *path,
		   bool follow_last, char **resolved, char *why,
		   size_t why_len)
{
	struct confine c = { .cmount = cmount, .missing_at = SIZE_MAX };
	char *todo = strdup(path), *name, *end, *next;
	bool changed = false;
	struct ceph_statx stx;
	size_t len;
	int ret = -ENOMEM;

	*resolved = NULL;
	c.size = strlen(path) + 2;
	c.done = malloc(c.size);
	if (!todo || !c.done)
		goto out;
	c.done[0] = '\0';
	ret = 0;
	for (name = todo; !ret && *name; name = next) {
		end = strchrnul(name, '/');
		len = end - name;
		next = *end ? end + 1 : end;
		if (!len)
			continue;
		if (len == 1 && name[0] == '.') {
			changed = true;
			continue;
		}
		if (len == 2 && !strncmp(name, "..", 2)) {
			changed = true;
			if (c.len)
				done_pop(&c);
			else
				ret = -EXDEV;
			continue;
		}
		ret = done_append(&c, name, len);
		if (ret || c.missing_at != SIZE_MAX)
			continue;
		/* Only the type is wanted, which every inode holds. */
		ret = ceph_statx(cmount, c.done, &stx, 0, AT_SYMLINK_NOFOLLOW);
		if (ret == -ENOENT) {
			c.missing_at = c.len - len - 1;
			ret = 0;
			continue;
		}
		if (ret || !S_ISLNK(stx.stx_mode) ||
		    (!follow_last && is_last(next)))
			continue;
		changed = true;
		ret = follow_link(&c, &todo, next);
		next = todo;	/* on at the target */
	}
	if (ret == -EXDEV && c.link)
		snprintf(why, why_len, "leads above the mount root (cephfs_root) through the symbolic link %s -> %s",
			 c.link, c.target);
	else if (ret == -EXDEV)
		snprintf(why, why_len, "'..' leads above the mount root (cephfs_root)");
	if (!ret && changed) {
		*resolved = c.len ? c.done : strdup("/");
		if (c.len)
			c.done = NULL;
		else if (!*resolved)
			ret = -ENOMEM;
	}
out:
	free(c.done);
	free(c.link);
	free(todo);
	return ret;
}
