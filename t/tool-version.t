#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs-tool --version and fio-cephfs --version: the package, the Ceph
# release of the libcephfs built against and of the one loaded, the fio
# built for, and which optional libcephfs calls the build uses, each
# checked against what the build and the loader say.  No cluster needed.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/tool-lib.sh"

config_string() {
	sed -n "s/^#define $1 \"\\(.*\\)\"\$/\\1/p" "$top_builddir/config.h"
}

"$TOOL" --version >"$TMP/out" 2>"$TMP/err"
is "cephfs-tool --version: exit 0" $? 0
is "... nothing on stderr" "$(cat "$TMP/err")" ""
is "... six lines" "$(wc -l <"$TMP/out")" 6
is "the package's version" "$(sed -n 1p "$TMP/out")" \
	"cephfs-tool $(config_string PACKAGE_VERSION) (fio-cephfs)"
like "the Ceph release built against, a release number" "$(sed -n 2p "$TMP/out")" \
	'^libcephfs built against: Ceph [0-9]+\.[0-9]+\.[0-9]+[^ ]* \(libcephfs\.h API [0-9]+\.[0-9]+\.[0-9]+\)$'

# The library the loader gives the tool, asked for its release directly.
lib=$(ldd "$TOOL" | sed -n 's/^[[:space:]]*libcephfs\.so[^ ]* => \([^ ]*\) .*/\1/p')
loaded=$(python3 -c '
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.ceph_version.restype = ctypes.c_char_p
n = [ctypes.c_int() for _ in range(3)]
print(lib.ceph_version(*[ctypes.byref(x) for x in n]).decode())' "$lib" 2>&1)
is "the Ceph release loaded: the one of $lib" "$(sed -n 3p "$TMP/out")" \
	"libcephfs loaded: Ceph $loaded"
is "the fio built for: the fio the tests run" "$(sed -n 4p "$TMP/out")" \
	"fio built for: $("$FIO" --version)"

# what CALL: "yes" where configure found CALL, "no" where not.
what() { configured "$1" && echo yes || echo no; }
is "native async I/O as configured" \
	"$(sed -n 's/^ceph_ll_nonblocking_readv_writev: \([a-z]*\) .*/\1/p' "$TMP/out")" \
	"$(what ceph_ll_nonblocking_readv_writev)"
is "the perf-counter call as configured" \
	"$(sed -n 's/^ceph_get_perf_counters: \([a-z]*\).*/\1/p' "$TMP/out")" \
	"$(what ceph_get_perf_counters)"

# The wrapper: the same lines, then fio's own.
"$top_builddir/fio-cephfs" --version >"$TMP/wrapper" 2>"$TMP/err"
is "fio-cephfs --version: exit 0" $? 0
"$FIO" --version >>"$TMP/out"
is "... the tool's lines, then fio's --version" "$(cat "$TMP/wrapper")" "$(cat "$TMP/out")"
# Anything but --version alone goes to fio unchanged.
"$top_builddir/fio-cephfs" --version --showcmd "$TMP/none.fio" >"$TMP/wrapper" 2>&1
is "fio-cephfs --version with other arguments: fio's alone" \
	"$(grep -c 'cephfs-tool' "$TMP/wrapper")" 0

# The engine, loaded by a fio of another version (fio with its exported
# version string changed), refuses to load, naming both versions, before
# anything reads fio's structs.
fio_of_other_version
"$TMP/fio-other" --name=refused --ioengine="$ENGINE_SO" --size=1M \
	--filename=never-made >"$TMP/out" 2>&1
ok $([ $? -ne 0 ]; echo $?) "the engine in $other: fio fails"
like "... the engine names both versions" "$(sed -n 1p "$TMP/out")" \
	"^fio-cephfs: this engine was built for $version but the running fio is $other: refusing to load"
like "... and fio refuses it by its own check" "$(cat "$TMP/out")" "bad ioops version -1"
done_testing
