// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "enginepath.h"

/*
 * Is this process the cephfs-tool that `make` built in its build tree?
 * Compared by file, not by name: the tree may be reached through a
 * symbolic link, and `make install` copies the program elsewhere, where
 * it must load the installed engine.
 */
static bool running_uninstalled(void)
{
	struct stat self, built;

	return !stat("/proc/self/exe", &self) && !stat(BUILD_TREE_TOOL, &built) &&
	       self.st_dev == built.st_dev && self.st_ino == built.st_ino;
}

const char *enginepath_default(void)
{
	const char *env = getenv("CEPHFS_TOOL_ENGINE");

	if (env && *env)
		return env;
	return running_uninstalled() ? BUILD_TREE_ENGINE : INSTALLED_ENGINE;
}
