# SPDX-License-Identifier: GPL-2.0-only
# FIO_CEPHFS_CHECK_PTHREAD
# ------------------------
# The engine's completion threads and the shared mount cache need POSIX
# threads; glibc >= 2.34 has them in libc, older ones in libpthread.
AC_DEFUN([FIO_CEPHFS_CHECK_PTHREAD], [
	AC_CHECK_HEADER([pthread.h], [],
		[AC_MSG_ERROR([pthread.h not found: install the C library development files (libc6-dev)])])
	AC_SEARCH_LIBS([pthread_create], [pthread], [],
		[AC_MSG_ERROR([no library provides pthread_create])])
	PTHREAD_CFLAGS=-pthread
	AC_SUBST([PTHREAD_CFLAGS])
])
