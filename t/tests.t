#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The tests themselves: every test file is registered in t/local.mk's lists
# (one that is not would never run), and every shell test sources the
# helper files it calls into and no others (t/helpers.py says how it
# reads that).  No cluster needed.
. "$(dirname "$0")/lib.sh"

# registered LIST: the entries of t/local.mk's LIST, as the build's
# Makefile has them, one a line.
registered() {
	sed -n "/^$1 = /,/[^\\\\]\$/p" "$top_builddir/Makefile" |
		sed "s/^$1 = //; s/\\\\\$//" | tr -s ' \t' '\n\n' | sed '/^$/d'
}
{
	registered UNIT_TESTS
	registered NO_CLUSTER_TESTS
	registered CLUSTER_TESTS
	echo t/sandbox-start.t
	echo t/sandbox-stop.t
} | sort >"$TMP/registered"
(cd "$top_srcdir" && ls t/*.t t/unit-*.c) | sed 's/\.c$//' | sort >"$TMP/files"
is "every t/*.t and t/unit-*.c is registered in t/local.mk" \
	"$(comm -23 "$TMP/files" "$TMP/registered")" ""
is "... and every registered test exists" \
	"$(comm -13 "$TMP/files" "$TMP/registered")" ""
is "... once" "$(uniq -d "$TMP/registered")" ""

python3 "$top_srcdir/t/helpers.py" "$top_srcdir" >"$TMP/helpers" 2>&1
ok $? "each test sources the helper files it calls into, and only those"
diag_stream <"$TMP/helpers"
done_testing
