// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pathutil.h"

char *path_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, slash - path);
}

bool path_creatable(const char *path)
{
	char *dir = path_dirname(path);
	int saved_errno;
	bool ok;

	if (!dir) {
		errno = ENOMEM;
		return false;
	}
	ok = !access(dir, W_OK);
	saved_errno = errno;
	free(dir);
	errno = saved_errno;
	return ok;
}

char *path_file_target(const char *path)
{
	struct stat st;

	if (stat(path, &st)) {
		if (errno != ENOENT)
			return NULL;
		/* A link to nowhere would be replaced: refuse it too. */
		if (!lstat(path, &st)) {
			errno = ENOENT;
			return NULL;
		}
		return strdup(path);
	}
	if (!S_ISREG(st.st_mode)) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
		return NULL;
	}
	return realpath(path, NULL);
}

bool path_climbs(const char *path)
{
	const char *c = path, *end;
	long depth = 0;
	size_t len;

	for (; *c; c = *end ? end + 1 : end) {
		end = strchrnul(c, '/');
		len = end - c;
		if (len == 2 && !strncmp(c, "..", 2)) {
			if (--depth < 0)
				return true;
		} else if (len && !(len == 1 && *c == '.')) {
			depth++;
		}
	}
	return false;
}

bool path_normalise(char *path)
{
	const char *c = path, *end;
	char *out = path;
	size_t len;

	for (; *c; c = *end ? end + 1 : end) {
		end = strchrnul(c, '/');
		if (end - c == 2 && !strncmp(c, "..", 2))
			return false;
	}
	if (*path == '/')
		out++;
	for (c = path; *c; c = *end ? end + 1 : end) {
		end = strchrnul(c, '/');
		len = end - c;
		if (!len || (len == 1 && *c == '.'))
			continue;
		if (out > path && out[-1] != '/')
			*out++ = '/';
		memmove(out, c, len);
		out += len;
	}
	if (out == path && *path)
		*out++ = '.';
	*out = '\0';
	return true;
}
