# SPDX-License-Identifier: GPL-2.0-only
# What the libcephfs the engine loads has, and what configure found of it:
# tests that need a call skip, or fail where configure missed it (sourced
# after t/lib.sh).

# have CALL: config.h's name for CALL, as configure's AC_CHECK_FUNCS makes it.
have() { echo "HAVE_$1" | tr '[:lower:]' '[:upper:]'; }

# configured CALL: whether configure found libcephfs' CALL, so the engine
# was built to use it.
configured() {
	grep -q "^#define $(have "$1") 1" "$top_builddir/config.h"
}

# Whether the engine offers cephfs_async=native.
native_async() { configured ceph_ll_nonblocking_readv_writev; }

# exported CALL: whether the libcephfs the engine loads defines CALL, asked
# of that library (scripts/libcephfs-exports), not of configure; sets
# LIBCEPHFS to its path.  A library that cannot be looked at bails out:
# "could not look" is no "absent".
exported() {
	LIBCEPHFS=$("$top_srcdir/scripts/libcephfs-exports" "$ENGINE_SO" "$1" 2>"$TMP/exported.err")
	case $? in
	0) return 0 ;;
	1) return 1 ;;
	esac
	bail_out "cannot tell whether libcephfs has $1: $(cat "$TMP/exported.err")"
}

# missed CALL: a failed test, for a CALL the library has that configure
# did not find.
missed() {
	ok 1 "$1: $LIBCEPHFS has it, but configure did not find it (no $(have "$1") in config.h)"
}

# without CALL COUNT: the COUNT tests that need CALL, in a build without it
# (config.h).  Skipped, with the reason, where the libcephfs the engine
# loads truly lacks CALL; failed, naming CALL, where it has CALL and
# configure missed it.
without() {
	if exported "$1"; then
		n=$2
		while [ "$n" -gt 0 ]; do
			missed "$1"
			n=$((n - 1))
		done
	else
		skip "$2" "this libcephfs lacks $1"
	fi
}

# lacks CALL: one test, for a build without CALL whose cases take another
# way instead of skipping: passes where the libcephfs the engine loads
# truly lacks CALL, fails naming it where configure missed it.
lacks() {
	if exported "$1"; then
		missed "$1"
	else
		ok 0 "$LIBCEPHFS lacks $1, as configure found"
	fi
}
