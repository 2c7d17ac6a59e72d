#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# scripts/get-fio-source.sh --tarball: upstream's source of the installed
# fio is unpacked and configured; any other version, or a file that is no
# fio source, is refused naming what is wrong.  The installed fio is a
# stand-in on PATH that says which version it is, and the tarballs are
# made here (FIO-VERSION-GEN as fio's own, a ./configure that records its
# runs); no network, no cluster.
. "$(dirname "$0")/lib.sh"
get=$top_srcdir/scripts/get-fio-source.sh
mkdir -p "$TMP/bin"
printf '#!/bin/sh\necho fio-9.8\n' >"$TMP/bin/fio"
chmod +x "$TMP/bin/fio"

# tarball VERSION: $TMP/fio-VERSION.tar.gz, laid out as `git archive
# --prefix=fio-VERSION/` makes fio's release tags.
tarball() {
	src=$TMP/src/fio-$1
	mkdir -p "$src"
	printf '#!/bin/sh\nGVF=FIO-VERSION-FILE\nDEF_VER=fio-%s\n' "$1" >"$src/FIO-VERSION-GEN"
	printf '#!/bin/sh\necho "$*" >>configure.runs\n: >config-host.h\n' >"$src/configure"
	chmod +x "$src/configure"
	tar -czf "$TMP/fio-$1.tar.gz" -C "$TMP/src" "fio-$1"
}
get() { PATH=$TMP/bin:$PATH "$get" "$@" >"$TMP/out" 2>"$TMP/err"; }

tarball 9.7
get --tarball "$TMP/fio-9.7.tar.gz" "$TMP/dest"
is "another version's tarball: refused" $? 1
like "... naming both versions" "$(cat "$TMP/err")" \
	"^get-fio-source: .*/fio-9\.7\.tar\.gz is the source of fio 9\.7, but the installed fio is 9\.8 "
is "... and nothing unpacked" "$(ls "$TMP/dest" 2>/dev/null)" ""

tar -czf "$TMP/other.tar.gz" -C "$TMP" bin
get --tarball "$TMP/other.tar.gz" "$TMP/dest"
is "a tarball that is no fio source: refused" $? 1
like "... saying so" "$(cat "$TMP/err")" "other\.tar\.gz is not a fio source tarball"

get --tarball "$TMP/none.tar.gz" "$TMP/dest"
like "a tarball that is not there: refused, naming it" "$? $(cat "$TMP/err")" \
	"^1 get-fio-source: .*/none\.tar\.gz: no such file"

tarball 9.8
get --tarball "$TMP/fio-9.8.tar.gz" "$TMP/dest"
is "the installed fio's version: accepted" $? 0
is "... the configured tree is the last line" "$(tail -n 1 "$TMP/out")" "$TMP/dest/fio-9.8"
is "... configured as Debian configures fio" "$(cat "$TMP/dest/fio-9.8/configure.runs")" \
	"--disable-native --prefix=/usr"
get --tarball "$TMP/fio-9.8.tar.gz" "$TMP/dest"
is "again: the same tree" "$? $(tail -n 1 "$TMP/out")" "0 $TMP/dest/fio-9.8"
is "... not configured again" "$(grep -c . "$TMP/dest/fio-9.8/configure.runs")" 1
done_testing
