/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which fio-cephfs.so cephfs-tool loads when --engine is not given.
 */
#ifndef CEPHFS_TOOL_ENGINEPATH_H
#define CEPHFS_TOOL_ENGINEPATH_H

/*
 * $CEPHFS_TOOL_ENGINE when set; else, for the cephfs-tool of the build
 * tree it was configured in, the engine built beside it (as an uninstalled
 * program of an autotools project finds its own libraries); else the
 * installed engine, in pkglibdir.
 */
const char *enginepath_default(void);

#endif
