// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "fsstats.h"
#include "rundir.h"

static void warn_unavailable(const char *when, const struct fs_stats *s)
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
		warn_unavailable(when, s);
		return;
	}
	*s->error = '\0';
	s->block_size = st.f_frsize;
	s->total_blocks = st.f_blocks;
	s->free_blocks = st.f_bfree;
	s->files = st.f_files;
}

void fs_stats_take_mounted(const struct bench_options *o, const char *when,
			   struct fs_stats *s, struct cephfs_mount **kept)
{
	if (rundir_mount(o, kept, s->error, sizeof(s->error))) {
		*kept = NULL;
		warn_unavailable(when, s);
		return;
	}
	fs_stats_take(*kept, when, s);
}
