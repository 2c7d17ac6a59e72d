/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Confinement of the job's paths to the mount root (cephfs_root).
 *
 * libcephfs does not stop ".." at the directory it mounted: with
 * cephfs_root=/lim, "../x" is /x, and a symbolic link /lim/l -> ../secret
 * leads a job to /secret, as far as the key allows (an admin key: the
 * whole filesystem).  An absolute link target starts at the mount root,
 * so only ".." climbs out.
 */
#ifndef FIO_CEPHFS_CONFINE_H
#define FIO_CEPHFS_CONFINE_H

#include <stdbool.h>
#include <stddef.h>

struct ceph_mount_info;

/*
 * Resolve @path on @cmount as the client would, following every symbolic
 * link (the last component's too when @follow_last) and taking "." and
 * ".." away; components that do not exist yet are taken as named.
 * @resolved gets the result, newly allocated ("/a/b"), or NULL when it is
 * @path itself (no link followed, no "." or "..").  Returns 0, -EXDEV
 * when the path leads above the mount root (@why says through which link),
 * -ELOOP after 40 links, or -errno from libcephfs.
 */
int cephfs_confine(struct ceph_mount_info *cmount, const char *path,
		   bool follow_last, char **resolved, char *why,
		   size_t why_len);

#endif
