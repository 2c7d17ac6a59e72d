# SPDX-License-Identifier: GPL-2.0-only
# FIO_CEPHFS_CHECK_FIO_API
# ------------------------
# fio has no stable API for external engines: internals the engine calls
# change their signatures between releases.  Compile a probe against the
# configured fio source (FIO_CPPFLAGS, from FIO_CEPHFS_CHECK_FIO) for each
# such call, so engine/fio_compat.h can pick the form this fio has.
#   add_clat_sample(): fio 3.36 replaced (..., offset, ioprio,
#   clat_prio_index) by (..., io_u) -> FIO_ADD_CLAT_SAMPLE_TAKES_IO_U.
#   DDIR_SYNCFS and FIO_SYNCFS: fio 3.42's end_syncfs, which fio refuses
#   for an engine without that flag -> FIO_HAS_DDIR_SYNCFS.
# And one defect, read from the source itself: workqueue.c's start_worker
# setting a new offload worker's flags after pthread_create, over the
# "running" the worker may have set already (fio 3.41 and earlier; fixed
# by fio's commit "workqueue: fix threads stall when running with
# io_submit_mode offload") -> FIO_OFFLOAD_START_RACE, engine/offload.c.
AC_DEFUN([FIO_CEPHFS_CHECK_FIO_API], [
	AC_REQUIRE([FIO_CEPHFS_CHECK_FIO])
	AC_REQUIRE([FIO_CEPHFS_CHECK_LIBCEPHFS])
	fio_cephfs_save_CPPFLAGS=$CPPFLAGS
	CPPFLAGS="$CPPFLAGS $CEPHFS_CPPFLAGS $FIO_CPPFLAGS"
	AC_CACHE_CHECK([which arguments fio's add_clat_sample takes],
		[fio_cephfs_cv_add_clat_sample],
		[AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include "fio.h"]],
			[[add_clat_sample((struct thread_data *)0, DDIR_READ, 0, 0, (struct io_u *)0);]])],
			[fio_cephfs_cv_add_clat_sample=io_u],
		[AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include "fio.h"]],
			[[add_clat_sample((struct thread_data *)0, DDIR_READ, 0, 0, 0, 0, 0);]])],
			[fio_cephfs_cv_add_clat_sample=offset,ioprio,clat_prio_index],
			[fio_cephfs_cv_add_clat_sample=unknown])])])
	AC_CACHE_CHECK([whether fio has DDIR_SYNCFS (end_syncfs)],
		[fio_cephfs_cv_ddir_syncfs],
		[AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include "fio.h"]],
			[[enum fio_ddir d = DDIR_SYNCFS; unsigned long long f = FIO_SYNCFS; return d + (int)f;]])],
			[fio_cephfs_cv_ddir_syncfs=yes], [fio_cephfs_cv_ddir_syncfs=no])])
	CPPFLAGS=$fio_cephfs_save_CPPFLAGS
	AS_IF([test "x$fio_cephfs_cv_ddir_syncfs" = xyes],
		[AC_DEFINE([FIO_HAS_DDIR_SYNCFS], [1],
			[fio has DDIR_SYNCFS and the FIO_SYNCFS engine flag (fio 3.42 and later)])])
	AS_CASE([$fio_cephfs_cv_add_clat_sample],
		[io_u], [AC_DEFINE([FIO_ADD_CLAT_SAMPLE_TAKES_IO_U], [1],
			[add_clat_sample() ends with a struct io_u * (fio 3.36 and later)])],
		[unknown], [AC_MSG_ERROR([add_clat_sample() in fio $FIO_VERSION's stat.h has a form this engine does not know (see config.log); engine/fio_compat.h needs a case for it])])
	AC_CACHE_CHECK([whether fio's offload workers can miss their start],
		[fio_cephfs_cv_offload_start_race],
		[AS_IF([sed -n '/^static int start_worker/,/^}/p' "$FIO_SOURCE/workqueue.c" |
			sed -n '/pthread_create(&sw->thread/,/return 0;/p' |
			grep -q 'sw->flags = SW_F_IDLE;'],
			[fio_cephfs_cv_offload_start_race=yes],
			[fio_cephfs_cv_offload_start_race=no])])
	AS_IF([test "x$fio_cephfs_cv_offload_start_race" = xyes],
		[AC_DEFINE([FIO_OFFLOAD_START_RACE], [1],
			[fio's start_worker sets a worker's flags after starting it (fio 3.41 and earlier)])])
	AM_CONDITIONAL([FIO_OFFLOAD_START_RACE],
		[test "x$fio_cephfs_cv_offload_start_race" = xyes])
])
