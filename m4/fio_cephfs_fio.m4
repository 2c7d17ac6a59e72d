# SPDX-License-Identifier: GPL-2.0-only
# FIO_CEPHFS_CHECK_FIO
# --------------------
# An external fio engine must be compiled against the very source tree of
# the fio binary that loads it: fio refuses an engine built for another
# FIO_IOOPS_VERSION ("bad ioops version") and, worse, silently misreads its
# structs when only their layout changed.  So we need
#   --with-fio=PATH         the fio that will run the engine (default: PATH)
#   --with-fio-source=DIR   that fio's source, configured (config-host.h)
# and we insist that both report the same version.
AC_DEFUN([FIO_CEPHFS_CHECK_FIO], [
	AC_ARG_WITH([fio],
		[AS_HELP_STRING([--with-fio=PATH], [fio binary that will load the engine @<:@default: fio from PATH@:>@])],
		[FIO=$withval], [AC_PATH_PROG([FIO], [fio])])
	AS_IF([test -z "$FIO" || test ! -x "$FIO"],
		[AC_MSG_ERROR([fio not found: install fio (apt-get install fio) or pass --with-fio=PATH])])
	AC_MSG_CHECKING([fio version])
	FIO_VERSION=`"$FIO" --version 2>/dev/null | sed -n 's/^fio-//p'`
	AS_IF([test -z "$FIO_VERSION"], [AC_MSG_ERROR(['$FIO --version' printed no version])])
	AC_MSG_RESULT([$FIO_VERSION])

	AC_ARG_WITH([fio-source],
		[AS_HELP_STRING([--with-fio-source=DIR], [configured source tree of that same fio (scripts/get-fio-source.sh makes one)])],
		[FIO_SOURCE=$withval], [FIO_SOURCE=])
	AS_IF([test -z "$FIO_SOURCE"],
		[AC_MSG_ERROR([--with-fio-source=DIR is required: run scripts/get-fio-source.sh, which fetches and configures the source of the installed fio $FIO_VERSION, and pass the directory it prints])])
	FIO_SOURCE=`cd "$FIO_SOURCE" 2>/dev/null && pwd`
	AS_IF([test ! -f "$FIO_SOURCE/ioengines.h"],
		[AC_MSG_ERROR([$with_fio_source is not a fio source tree (no ioengines.h)])])
	AS_IF([test ! -f "$FIO_SOURCE/config-host.h"],
		[AC_MSG_ERROR([$FIO_SOURCE has no config-host.h: run fio's ./configure there first (scripts/get-fio-source.sh does)])])
	AC_MSG_CHECKING([fio source version])
	FIO_SOURCE_VERSION=`sed -n 's/^DEF_VER=fio-//p' "$FIO_SOURCE/FIO-VERSION-GEN"`
	AC_MSG_RESULT([$FIO_SOURCE_VERSION])
	AS_IF([test "x$FIO_SOURCE_VERSION" != "x$FIO_VERSION"],
		[AC_MSG_ERROR([fio source in $FIO_SOURCE is version $FIO_SOURCE_VERSION but $FIO is $FIO_VERSION: an engine built against other headers is refused by fio or misreads its structs; get the matching source (scripts/get-fio-source.sh) or point --with-fio at the fio of that version])])
	FIO_CPPFLAGS="-include $FIO_SOURCE/config-host.h -I$FIO_SOURCE -D_GNU_SOURCE -DFIO_INC_DEBUG"
	AC_SUBST([FIO])
	AC_SUBST([FIO_VERSION])
	AC_SUBST([FIO_SOURCE])
	AC_SUBST([FIO_CPPFLAGS])
	AC_DEFINE_UNQUOTED([FIO_BUILT_FOR_VERSION], ["$FIO_VERSION"], [fio version the engine is built for])
])
