// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "fsstats.h"

void fs_stats_warn(const char *when, const struct fs_stats *s)
{
	fprintf(stderr, "cephfs-tool: warning: no filesystem statistics %s the iterations: %s\n",
		when, s->error);
}

void fs_stats_take(struct cephfs_mount *m, const char *when,
		   struct fs_stats *s)
{
	struct statvfs st;
	int ret;

	/* "/" is the mount's root, --root-path. */
	cephfs_call_begin(m);
	ret = ceph_statfs(m->cmount, "/", &st);
	cephfs_call_end(m);
	if (ret) {
		snprintf(s->error, sizeof(s->error), "ceph_statfs: %s",
			 strerror(-ret));
		fs_stats_warn(when, s);
		return;
	}
	*s->error = '\0';
	s->block_size = st.f_frsize;
	s->total_blocks = st.f_blocks;
	s->free_blocks = st.f_bfree;
	s->files = st.f_files;
}
