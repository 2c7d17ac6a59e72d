#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_escaped=1: the string options and file names of a job file,
# %XX-escaped as cephfs-tool writes them, reach CephFS byte for byte,
# through fio's parser that otherwise cuts at '#' and ';', strips blanks
# and expands $VAR, ${VAR} and filename_format's $filenum.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

# Every byte but [A-Za-z0-9/._-] as %XX, as cephfs-tool's escape_value.
esc() {
	python3 -c 'import os, re, sys
sys.stdout.write("".join(chr(b) if re.match(rb"[A-Za-z0-9/._-]", bytes([b]))
	else "%%%02X" % b for b in os.fsencode(sys.argv[1])))' "$1"
}

# job FILE ROOT FORMAT [EXTRA-LINE]: one write job of one 4 KiB file.
job() {
	cat >"$1" <<EOJ
[e]
ioengine=external:$ENGINE_SO
cephfs_fs=$CEPHFS_FS
cephfs_root=$2
filename_format=$3
nrfiles=1
rw=write
bs=4k
size=4k
${4:-}
EOJ
}
run_job() {
	X=expanded $TEST_WRAPPER "$FIO" --output-format=json \
		--output="$TMP/e.json" "$1" >"$TMP/fio.out" 2>"$TMP/fio.err"
}

root="$d/ r#1;\$HOME\${X}\$filenum "
name=" f#2;\$HOME\${X}\$filenum "
"$CEPHFS_UTIL" mkdir "$root" 755 || bail_out "cannot make '$root'"
job "$TMP/escaped.fio" "$(esc "$root")" "$(esc "$name")" cephfs_escaped=1
run_job "$TMP/escaped.fio"
ok $? "escaped root and file name with # ; blanks \$HOME \${X} \$filenum"
is "the file is at exactly the names given" \
	"$("$CEPHFS_UTIL" stat "$root/$name" | cut -d' ' -f4)" 4096
is "... and nothing else is in the root" "$("$CEPHFS_UTIL" ls "$root")" "$name"

job "$TMP/bad-root.fio" "$d/%zz" f cephfs_escaped=1
run_job "$TMP/bad-root.fio"
ok $([ $? != 0 ]; echo $?) "a malformed escape in cephfs_root is refused"
like "... naming the option and the value" "$(cat "$TMP/fio.err")" \
	"^cephfs: cephfs_root=$d/%zz: malformed escape"
job "$TMP/bad-name.fio" "$(esc "$root")" "a%00b" cephfs_escaped=1
run_job "$TMP/bad-name.fio"
ok $([ $? != 0 ]; echo $?) "an escaped NUL in a file name is refused"
like "... naming the file" "$(cat "$TMP/fio.err")" \
	"^cephfs: file a%00b: malformed escape"

# The same values unescaped: fio's parser has its way with them.
job "$TMP/raw-root.fio" "$root" f
run_job "$TMP/raw-root.fio"
ok $([ $? != 0 ]; echo $?) "unescaped, the root is cut at '#'"
like "... and is not found" "$(cat "$TMP/fio.err")" "root directory '$d/ r' does not exist"
job "$TMP/raw-name.fio" "$d" "$name"
run_job "$TMP/raw-name.fio"
ok $? "unescaped file name runs"
"$CEPHFS_UTIL" exists "$d/ f"
is "... as ' f': cut at '#'" $? 0
done_testing
