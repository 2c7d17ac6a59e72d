// SPDX-License-Identifier: GPL-2.0-only
/*
 * The job's errors, reported once at fio's boundary: libcephfs returns
 * -errno to every other file of the engine, which hands it on to here.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fio.h"

#include "job.h"
#include "mount_cache.h"

int cephfs_error(struct thread_data *td, int ret, const char *call,
		 const char *path)
{
	struct cephfs_data *cd = td->io_ops_data;
	char what[FIO_VERROR_SIZE];

	if (cd && cd->mount)
		cephfs_mount_note_error(cd->mount, ret);
	snprintf(what, sizeof(what), "%s(%s)", call, path);
	if (!td->error)
		log_err("cephfs: %s: %s: %s\n", td->o.name, what,
			ret == -EXDEV && cd && *cd->confine_why ?
			cd->confine_why : strerror(-ret));
	if (cd)
		cd->confine_why[0] = '\0';
	td_verror(td, -ret, what);
	return 1;
}
