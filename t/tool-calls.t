#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The tool's files call one way, stage to later stage and down to the
# helpers: no file calls into a file that calls it back, directly or
# round a longer circle.  Read from the built objects (nm: the functions
# each defines and each calls), so a call added anywhere is seen without
# keeping a list.  No cluster needed.
. "$(dirname "$0")/lib.sh"

command -v nm >/dev/null || skip_all "no nm"

# The objects of tool/, one per source file (a library's object may be
# in .libs/ only, or there and beside it), named by the source's stem;
# an object whose source is gone (moved) is a leftover, not the code.
find "$top_builddir/tool" -name '*.o' | sort >"$TMP/found"
while read -r obj; do
	dir=$(dirname "$obj")
	dir=${dir%/.libs}
	stem=$(basename "$obj" .o)
	stem=${stem#*-}
	[ -f "$top_srcdir/${dir#"$top_builddir"/}/$stem.c" ] || continue
	grep -q "^def $stem " "$TMP/symbols" 2>/dev/null && continue
	nm -g --defined-only "$obj" | awk -v f="$stem" '$2 ~ /^[TDBR]$/ { print "def", f, $3 }'
	nm -u "$obj" | awk -v f="$stem" '{ print "use", f, $NF }'
done <"$TMP/found" >>"$TMP/symbols"
n=$(grep -c '^def' "$TMP/symbols")
ok $([ "$n" -ge 100 ]; echo $?) "the tool's objects define functions ($n found)"

# "caller callee" for each call between two different files.
awk '$1 == "def" { owner[$3] = $2; next }
     { uses[NR] = $2 " " $3 }
     END { for (i in uses) { split(uses[i], u, " ")
	     if ((u[2] in owner) && owner[u[2]] != u[1])
		     print u[1], owner[u[2]] } }' "$TMP/symbols" |
	sort -u >"$TMP/calls"
n=$(wc -l <"$TMP/calls")
ok $([ "$n" -ge 30 ]; echo $?) "calls between the tool's files ($n found)"

# tsort names the files of a circle on stderr.
tsort "$TMP/calls" >/dev/null 2>"$TMP/circle"
is "no call circle among the tool's files" "$(sed 's/^tsort: //' "$TMP/circle")" ""
done_testing
