/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs_new_dir_mark: the extended attribute the engine sets on the
 * directory a job makes, so that whoever removes that directory later
 * (cephfs-tool's cleanup) can tell it is the one its run made, and not
 * one another client made under the same name.
 */
#ifndef CEPHFS_NEWDIR_H
#define CEPHFS_NEWDIR_H

#define CEPHFS_NEW_DIR_MARK_XATTR "user.fio-cephfs.mark"

#endif
