# SPDX-License-Identifier: GPL-2.0-only
# FIO_CEPHFS_CHECK_FUZZER
# -----------------------
# `make fuzz` builds libFuzzer targets, which only clang provides (gcc has
# no -fsanitize=fuzzer), so look for clang beside the compiler of the rest
# of the tree, and check that it links a fuzz target with the sanitizers:
# Debian ships libFuzzer's runtime apart from clang (libclang-rt-NN-dev).
# Without it the build works as before and `make fuzz` says what to
# install.  FUZZ_CC=PATH picks another clang.
AC_DEFUN([FIO_CEPHFS_CHECK_FUZZER], [
	AC_ARG_VAR([FUZZ_CC], [clang that builds the libFuzzer targets of make fuzz])
	AC_PATH_PROGS([FUZZ_CC], [clang clang-16 clang-15 clang-14])
	AS_IF([test -n "$FUZZ_CC"], [
		AC_CACHE_CHECK([whether $FUZZ_CC links -fsanitize=fuzzer,address,undefined],
			[fio_cephfs_cv_fuzzer_links], [
			fio_cephfs_saved_CC=$CC
			fio_cephfs_saved_CFLAGS=$CFLAGS
			fio_cephfs_saved_LDFLAGS=$LDFLAGS
			CC=$FUZZ_CC
			CFLAGS="-fsanitize=fuzzer,address,undefined"
			LDFLAGS=
			AC_LINK_IFELSE([AC_LANG_SOURCE([[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return 0;
}
]])],
				[fio_cephfs_cv_fuzzer_links=yes],
				[fio_cephfs_cv_fuzzer_links=no])
			CC=$fio_cephfs_saved_CC
			CFLAGS=$fio_cephfs_saved_CFLAGS
			LDFLAGS=$fio_cephfs_saved_LDFLAGS])
	])
	AM_CONDITIONAL([HAVE_FUZZER], [test "x$fio_cephfs_cv_fuzzer_links" = xyes])
])
