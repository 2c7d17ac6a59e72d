/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The directory something is created in (newdir.c): made as needed, or
 * made new by the job under cephfs_new_dir, cephfs_new_dir_mark or
 * cephfs_dir_pin.
 *
 * cephfs_new_dir_mark: the extended attribute the engine sets on the
 * directory a job makes, so that whoever removes that directory later
 * (cephfs-tool's cleanup) can tell it is the one its run made, and not
 * one another client made under the same name.
 */
#ifndef CEPHFS_NEWDIR_H
#define CEPHFS_NEWDIR_H

#define CEPHFS_NEW_DIR_MARK_XATTR "user.fio-cephfs.mark"

struct Inode;
struct cephfs_data;

/*
 * Split @path into its directory (made as needed, or new under
 * cephfs_new_dir or a pin) and last name, and look the directory up
 * (@parent, a reference to put), for something to be created there.
 * Returns 0 or -errno.
 */
int cephfs_parent_for_create(struct cephfs_data *cd, const char *path,
			     struct Inode **parent, const char **name);

/*
 * The same for a file to create, @parent held by @cd (not to put) until
 * the next file goes elsewhere or cephfs_forget_create_parent().
 */
int cephfs_create_parent(struct cephfs_data *cd, const char *path,
			 struct Inode **parent, const char **name);
void cephfs_forget_create_parent(struct cephfs_data *cd);

#endif
