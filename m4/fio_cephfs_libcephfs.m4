# SPDX-License-Identifier: GPL-2.0-only
# FIO_CEPHFS_CHECK_LIBCEPHFS
# --------------------------
# libcephfs: header and library are required; newer calls are optional and
# get HAVE_<NAME> defines so the code can use them where they exist
# (ceph_ll_nonblocking_readv_writev and ceph_get_perf_counters appeared
# after Pacific).  libcephfs.h refuses to compile unless glibc was asked
# for 64-bit file offsets explicitly (__USE_FILE_OFFSET64), which
# AC_SYS_LARGEFILE leaves out where off_t is already 64-bit: so
# CEPHFS_CPPFLAGS carries -D_FILE_OFFSET_BITS=64 for every user.
AC_DEFUN([FIO_CEPHFS_CHECK_LIBCEPHFS], [
	AC_REQUIRE([AC_SYS_LARGEFILE])
	CEPHFS_CPPFLAGS=-D_FILE_OFFSET_BITS=64
	AC_SUBST([CEPHFS_CPPFLAGS])
	fio_cephfs_save_CPPFLAGS=$CPPFLAGS
	CPPFLAGS="$CPPFLAGS $CEPHFS_CPPFLAGS"
	AC_CHECK_HEADER([cephfs/libcephfs.h], [],
		[AC_MSG_ERROR([cephfs/libcephfs.h not found: install libcephfs-dev (Debian) or libcephfs-devel])])
	fio_cephfs_save_LIBS=$LIBS
	AC_CHECK_LIB([cephfs], [ceph_mount], [CEPHFS_LIBS=-lcephfs],
		[AC_MSG_ERROR([libcephfs not found: install libcephfs-dev (Debian) or libcephfs-devel])])
	LIBS="$CEPHFS_LIBS $LIBS"
	AC_CHECK_FUNCS([ceph_ll_nonblocking_readv_writev ceph_get_perf_counters])
	FIO_CEPHFS_CEPH_VERSION
	LIBS=$fio_cephfs_save_LIBS
	CPPFLAGS=$fio_cephfs_save_CPPFLAGS
	AC_SUBST([CEPHFS_LIBS])
	AM_CONDITIONAL([HAVE_CEPH_NONBLOCKING_IO],
		[test "x$ac_cv_func_ceph_ll_nonblocking_readv_writev" = xyes])
])

# FIO_CEPHFS_CEPH_VERSION
# -----------------------
# The Ceph release of the libcephfs built against, as its ceph_version()
# says ("16.2.15"): libcephfs.h has only the API's version (10.0.2 from
# Pacific on), which does not tell the releases apart.  cephfs-tool
# --version prints it beside the one loaded at run time.  Only version
# characters are kept, for a C string; "unknown" when cross-compiling.
AC_DEFUN([FIO_CEPHFS_CEPH_VERSION], [
	AC_CACHE_CHECK([the Ceph release of libcephfs], [fio_cephfs_cv_ceph_version], [
		AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#include <stdio.h>
#include <cephfs/libcephfs.h>
]], [[
	int major, minor, patch;
	FILE *f = fopen("conftest.ver", "w");

	if (!f || fputs(ceph_version(&major, &minor, &patch), f) < 0)
		return 1;
	return fclose(f) != 0;
]])],
			[fio_cephfs_cv_ceph_version=`tr -cd 'A-Za-z0-9.+~-' <conftest.ver`],
			[fio_cephfs_cv_ceph_version=unknown],
			[fio_cephfs_cv_ceph_version=unknown])
		rm -f conftest.ver
		test -n "$fio_cephfs_cv_ceph_version" || fio_cephfs_cv_ceph_version=unknown])
	AC_DEFINE_UNQUOTED([CEPH_BUILT_AGAINST_VERSION], ["$fio_cephfs_cv_ceph_version"],
		[Ceph release of the libcephfs built against])
])
