// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <cephfs/libcephfs.h>

#include "version.h"

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
#define NATIVE_ASYNC "yes (--async-io uses it)"
#else
#define NATIVE_ASYNC "no (--async-io is emulated: a thread pool runs the blocking calls)"
#endif

#ifdef HAVE_CEPH_GET_PERF_COUNTERS
#define PERF_COUNTERS "yes"
#else
#define PERF_COUNTERS "no (--perf-dump asks the client's admin socket)"
#endif

void print_version(FILE *out)
{
	int major, minor, patch;
	/* The library the loader found may be another release than the
	 * headers and library the build saw. */
	const char *loaded = ceph_version(&major, &minor, &patch);

	fprintf(out, "cephfs-tool %s (%s)\n", PACKAGE_VERSION, PACKAGE_NAME);
	fprintf(out, "libcephfs built against: Ceph %s (libcephfs.h API %d.%d.%d)\n",
		CEPH_BUILT_AGAINST_VERSION, LIBCEPHFS_VER_MAJOR,
		LIBCEPHFS_VER_MINOR, LIBCEPHFS_VER_EXTRA);
	fprintf(out, "libcephfs loaded: Ceph %s\n", loaded);
	fprintf(out, "fio built for: fio-%s\n", FIO_BUILT_FOR_VERSION);
	fprintf(out, "ceph_ll_nonblocking_readv_writev: %s\n", NATIVE_ASYNC);
	fprintf(out, "ceph_get_perf_counters: %s\n", PERF_COUNTERS);
}
