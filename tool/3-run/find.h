/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IO500's find phase through libcephfs, without a mount: a parallel walk
 * of a directory tree, each directory listed with its entries' attributes
 * (ceph_readdirplus_r), entries streamed so that a directory of a million
 * entries costs no more memory than one of ten.
 *
 * Counted as pfind (IO500's find) counts, whose rate is its checked
 * entries over the time the walk took:
 *   checked  every entry that is not a directory (pfind's total_files);
 *   matched  the checked entries meeting all the criteria (found_files);
 *   dirs     the directories listed, @root among them.
 * So checked + dirs - 1 is every entry below @root.  Directories are
 * walked, never matched, as in pfind.
 */
#ifndef CEPHFS_TOOL_FIND_H
#define CEPHFS_TOOL_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct ceph_mount_info;

struct find_criteria {
	const char *name_glob;	/* fnmatch(3) pattern on the entry name, NULL = any */
	int64_t size;		/* exact size in bytes, -1 = any */
	struct timespec newer;	/* mtime strictly newer than this, {0,0} = any */
};

struct find_counts { uint64_t checked, matched, dirs; };

/* Does the entry @name of @size bytes, modified at @mtime, meet @c? */
bool find_matches(const struct find_criteria *c, const char *name,
		  int64_t size, struct timespec mtime);

/*
 * Walk @root on @m with @threads threads (at least 1); 0 or -errno with
 * @error filled with one line naming the path that failed.  On an error
 * every thread stops at its next entry and all are joined before the
 * return; @out then holds what was counted until then.  Symbolic links are
 * entries, never followed.
 */
int find_walk(struct ceph_mount_info *m, const char *root,
	      const struct find_criteria *c, unsigned int threads,
	      struct find_counts *out, char *error, size_t len);

#endif
