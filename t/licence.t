#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The project's licence is GPL-2.0-only, as fio's (COPYING): every file
# the project wrote names it with an SPDX-License-Identifier line among
# its first three lines, so a file copied out of the tree still says under
# which terms; debian/copyright says the same in Debian's machine-readable
# format.  Exempt are the files that cannot hold a comment: saved program
# output (t/data), fuzzing corpora, JSON, the licence texts, Debian's
# changelog and source format.  No cluster needed.
. "$(dirname "$0")/lib.sh"

SPDX='SPDX-License-Identifier: GPL-2.0-only'

exempt() {
	case $1 in
	t/data/* | fuzz/corpus/* | *.json | COPYING | debian/copyright | \
	debian/changelog | debian/source/format) return 0 ;;
	esac
	return 1
}

# The files the project wrote: what git tracks or would add; outside a
# git checkout (a root's copy, an unpacked dist), every file but those
# autotools, a build or a fetched fio source made.
project_files() {
	if git -C "$top_srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git -C "$top_srcdir" ls-files --cached --others --exclude-standard
		return
	fi
	(cd "$top_srcdir" && find . -type d \
		\( -name .git -o -name autom4te.cache -o -name build-aux -o \
		   -name fio-src -o -name 'build*' -o -name .deps -o -name .libs -o \
		   -name __pycache__ \) \
		-prune -o -type f -print) | sed 's|^\./||' |
		grep -v -E '(^|/)(Makefile\.in|configure~?|aclocal\.m4|config\.h\.in~?)$|^m4/(libtool|lt.*)\.m4$'
}

# Prints each file of @1 (a list of paths under @2) without the line.
unlicensed() {
	while IFS= read -r f; do
		[ -f "$2/$f" ] || continue
		exempt "$f" && continue
		head -n 3 "$2/$f" | grep -q -F "$SPDX" || echo "$f"
	done <"$1"
}

project_files >"$TMP/files"
count=$(wc -l <"$TMP/files")
ok $([ "$count" -gt 100 ]; echo $?) "the project's files are found ($count)"
unlicensed "$TMP/files" "$top_srcdir" >"$TMP/missing"
is "every file the project wrote carries '$SPDX'" "$(cat "$TMP/missing")" ""

# The check itself finds a file without the line, and one with it only
# further down.
mkdir -p "$TMP/tree/engine"
printf '/* no licence line */\n' >"$TMP/tree/engine/a.c"
printf 'x\ny\nz\n/* %s */\n' "$SPDX" >"$TMP/tree/engine/b.c"
printf '// %s\n' "$SPDX" >"$TMP/tree/engine/c.c"
printf 'engine/a.c\nengine/b.c\nengine/c.c\n' >"$TMP/tree/list"
is "a file without the line, or with it past the third line, is found" \
	"$(unlicensed "$TMP/tree/list" "$TMP/tree" | tr '\n' ' ')" "engine/a.c engine/b.c "

like "COPYING is the GNU GPL, version 2" \
	"$(sed -n 1,3p "$top_srcdir/COPYING" | tr -s '\n\t ' '   ')" \
	'^ ?GNU GENERAL PUBLIC LICENSE Version 2, June 1991 ?$'
is "debian/copyright: machine-readable, one licence for every file" \
	"$(sed -n -e '1p' -e 's/^License: //p' "$top_srcdir/debian/copyright" | tr '\n' '|')" \
	"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/|GPL-2.0-only|GPL-2.0-only|"
like "debian/copyright points at Debian's copy of the GPL" \
	"$(cat "$top_srcdir/debian/copyright")" '/usr/share/common-licenses/GPL-2'
done_testing
