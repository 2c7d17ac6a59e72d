#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every option the code offers is documented: each option of
# `cephfs-tool --help` in doc/cephfs-tool.md and cephfs-tool(1), each
# engine option of `fio --enghelp=` in doc/engine.md,
# fio-cephfs-engine(7) and fio-cephfs(1).  The lists come from the
# programs' own option tables, so an option added to the code without its
# documentation fails here, named; and the other way round, an option the
# tool's documentation lists that the options table does not have (a
# renamed or removed one) fails too.  The client settings' lines in
# doc/engine.md and doc/cephfs-tool.md name the Ceph options the table
# (engine/settings.h) says they set, and the engine's its default.  No
# cluster needed.
. "$(dirname "$0")/lib.sh"
TOOL=$top_builddir/tool/cephfs-tool

# The text of a man page as it reads: \- is -, font changes go.
man_text() {
	sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\&//g' "$1"
}
man_text "$top_srcdir/tool/cephfs-tool.1" >"$TMP/cephfs-tool.1.txt"
man_text "$top_srcdir/doc/fio-cephfs-engine.7" >"$TMP/fio-cephfs-engine.7.txt"
man_text "$top_srcdir/doc/fio-cephfs.1" >"$TMP/fio-cephfs.1.txt"

# missing OPTIONS-FILE CHARS DOC...: the options of OPTIONS-FILE that some
# DOC does not mention as a word (CHARS: what a name is made of), one
# "OPTION (DOC)" a line.
missing() {
	opts=$1 chars=$2
	shift 2
	for doc in "$@"; do
		while read -r opt; do
			grep -Eq -- "(^|[^$chars])$opt([^$chars]|\$)" "$doc" ||
				echo "$opt ($(basename "$doc" .txt))"
		done <"$opts"
	done
}

"$TOOL" --help >"$TMP/help" 2>&1
ok $? "cephfs-tool --help exits 0"
# The option lines: indented, starting with a dash; every -x and --name on
# the part before the description (two spaces or more).
sed -n 's/^  \(-[^ ].*\)/\1/p' "$TMP/help" | sed 's/   .*//' |
	grep -Eo -- '(^|[ ,])--?[a-z][a-z0-9-]*' | sed 's/^[ ,]*//' |
	sort -u >"$TMP/tool-opts"
n=$(wc -l <"$TMP/tool-opts")
ok $([ "$n" -ge 40 ]; echo $?) "--help lists cephfs-tool's options ($n found)"
grep -qx -- --threads "$TMP/tool-opts" && grep -qx -- -c "$TMP/tool-opts"
ok $? "... long and short ones (--threads, -c)"
is "every cephfs-tool option is in doc/cephfs-tool.md" \
	"$(missing "$TMP/tool-opts" a-z0-9- "$top_srcdir/doc/cephfs-tool.md")" ""
is "every cephfs-tool option is in cephfs-tool(1)" \
	"$(missing "$TMP/tool-opts" a-z0-9- "$TMP/cephfs-tool.1.txt")" ""

# cephfs-tool io500's options: in doc/io500.md and cephfs-tool(1).
"$TOOL" io500 --help >"$TMP/io500-help" 2>&1
ok $? "cephfs-tool io500 --help exits 0"
sed -n 's/^  \(-[^ ].*\)/\1/p' "$TMP/io500-help" | sed 's/   .*//' |
	grep -Eo -- '(^|[ ,])--?[a-z][a-z0-9-]*' | sed 's/^[ ,]*//' |
	sort -u >"$TMP/io500-opts"
grep -qx -- --stonewall-time "$TMP/io500-opts" && grep -qx -- --fs "$TMP/io500-opts"
ok $? "io500 --help lists its own options and bench's it shares (--stonewall-time, --fs)"
is "every io500 option is in doc/io500.md" \
	"$(missing "$TMP/io500-opts" a-z0-9- "$top_srcdir/doc/io500.md")" ""
is "every io500 option is in cephfs-tool(1)" \
	"$(missing "$TMP/io500-opts" a-z0-9- "$TMP/cephfs-tool.1.txt")" ""

# The other way round: the options heading each entry of the lists (the
# doc's option tables, the man page's .TP items) are the tool's: in
# `--help`, `compare --help` or `io500 --help`, or refused by name as unavailable
# (upstream's --lockstat-*), never unknown.
"$TOOL" compare --help >>"$TMP/help" 2>&1
cat "$TMP/io500-help" >>"$TMP/help"
sed -n 's/^  \(-[^ ].*\)/\1/p' "$TMP/help" | sed 's/   .*//' |
	grep -Eo -- '(^|[ ,])--?[a-z][a-z0-9-]*' | sed 's/^[ ,]*//' |
	sort -u >"$TMP/known-opts"
# unknown LISTED: the options of LISTED the tool does not know.
unknown() {
	sort -u "$1" | while read -r opt; do
		grep -qx -- "$opt" "$TMP/known-opts" && continue
		"$TOOL" bench "$opt" 2>&1 | grep -q "unknown option" && echo "$opt"
	done
}
sed -n 's/^| \(`-[^|]*\)|.*/\1/p' "$top_srcdir/doc/cephfs-tool.md" |
	grep -Eo -- '`--?[a-z][a-z0-9-]*' | tr -d '`' >"$TMP/doc-listed"
is "every option doc/cephfs-tool.md lists is the tool's" \
	"$(unknown "$TMP/doc-listed")" ""
awk '/^\.TP/ { getline; print }' "$TMP/cephfs-tool.1.txt" |
	grep -Eo -- '(^|[ "])--?[a-z][a-z0-9-]*' | sed 's/^[ "]*//' >"$TMP/man-listed"
is "every option cephfs-tool(1) lists is the tool's" \
	"$(unknown "$TMP/man-listed")" ""

"$FIO" --enghelp="$ENGINE_SO" >"$TMP/enghelp" 2>&1
ok $? "fio --enghelp= loads the engine"
sed -n 's/^\(cephfs_[a-z0-9_]*\) *:.*/\1/p' "$TMP/enghelp" | sort -u >"$TMP/engine-opts"
n=$(wc -l <"$TMP/engine-opts")
ok $([ "$n" -ge 20 ]; echo $?) "--enghelp lists the engine's options ($n found)"
is "every engine option is in doc/engine.md" \
	"$(missing "$TMP/engine-opts" a-z0-9_ "$top_srcdir/doc/engine.md")" ""
is "every engine option is in fio-cephfs-engine(7)" \
	"$(missing "$TMP/engine-opts" a-z0-9_ "$TMP/fio-cephfs-engine.7.txt")" ""
is "every engine option is in fio-cephfs(1)" \
	"$(missing "$TMP/engine-opts" a-z0-9_ "$TMP/fio-cephfs.1.txt")" ""

# The rows of engine/settings.h, one a line: field tool-name key key2
# default (key2 "-" for none); a row's arguments up to its help hold no
# comma.
awk '/^#define CEPHFS_SETTINGS\(X\)/ { on = 1; next }
	on { line = $0; cont = sub(/\\$/, "", line)
	     if (line ~ /^[ \t]*X\(/ && row != "") { print row; row = "" }
	     row = row line
	     if (!cont) { print row; exit } }' "$top_srcdir/engine/settings.h" |
	sed 's/^[ \t]*X(//; s/"//g; s/NULL/-/' |
	awk -F'[ \t]*,[ \t]*' '{ print $1, $2, $4, $5, $10 }' >"$TMP/settings"
n=$(wc -l <"$TMP/settings")
ok $([ "$n" -ge 5 ]; echo $?) "engine/settings.h's rows read ($n found)"
# doc_line DOC NAME: the table row of DOC that starts with option NAME.
doc_line() { grep -F -e "| \`$2\`" -e "| \`$2 " -- "$1" | head -n 1; }
while read -r field tool key key2 def; do
	line=$(doc_line "$top_srcdir/doc/engine.md" "cephfs_$field")
	for word in "$key" "$key2" "\`$def\`"; do
		[ "$word" = - ] || case $line in *"$word"*) ;;
		*) echo "cephfs_$field: $word" ;; esac
	done
done <"$TMP/settings" >"$TMP/engine-missing"
is "doc/engine.md: each setting's line names its Ceph options and default" \
	"$(cat "$TMP/engine-missing")" ""
while read -r field tool key key2 def; do
	line=$(doc_line "$top_srcdir/doc/cephfs-tool.md" "--$tool")
	for word in "$key" "$key2"; do
		[ "$word" = - ] || case $line in *"$word"*) ;;
		*) echo "--$tool: $word" ;; esac
	done
done <"$TMP/settings" >"$TMP/tool-missing"
is "doc/cephfs-tool.md: each setting's line names its Ceph options" \
	"$(cat "$TMP/tool-missing")" ""
done_testing
