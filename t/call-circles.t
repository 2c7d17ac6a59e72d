#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The engine's and the tool's files call down, never back up: no file
# calls into a file that calls it, directly or around a circle
# (scripts/call-circles says which functions make each edge).  No
# cluster needed.
. "$(dirname "$0")/lib.sh"

CIRCLES=$top_srcdir/scripts/call-circles

# The check itself finds a circle: a.c calls b.c, which calls a.c back.
mkdir "$TMP/circle"
printf 'int b(void);\nint a(void)\n{\n\treturn b();\n}\n' >"$TMP/circle/a.c"
printf 'int a(void);\nint b(void)\n{\n\treturn a();\n}\n' >"$TMP/circle/b.c"
out=$(python3 "$CIRCLES" "$TMP/circle" 2>&1)
rc=$?
ok $([ $rc -eq 1 ] && echo "$out" | grep -q 'a\.c -> .*b\.c (b)'; echo $?) \
	"call-circles finds a circle of two files"

is "no call circle among engine/'s files" \
	"$(python3 "$CIRCLES" "$top_srcdir/engine" 2>&1)" ""
# tool/'s stages are folders: all of its files at once.
is "no call circle among tool/'s files" \
	"$(find "$top_srcdir/tool" -name '*.c' | sort |
		xargs python3 "$CIRCLES" 2>&1)" ""
done_testing
