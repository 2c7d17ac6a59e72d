#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Programs run from the build tree load the engine built there, as
# uninstalled programs of an autotools project find their own libraries;
# a copy elsewhere, as `make install` makes, loads the installed one.
# cephfs-tool's precedence: --engine, CEPHFS_TOOL_ENGINE, the build tree's
# engine, pkglibdir's.  No cluster needed (t/tool-bench.t runs a bench).
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/tool-lib.sh"
unset CEPHFS_TOOL_ENGINE LD_LIBRARY_PATH

cp "$TOOL" "$TMP/copied-tool"
ln -s "$TOOL" "$TMP/linked-tool"
# engine_of TOOL [BENCH-ARGS]: the engine a --dry-run would load.
engine_of() {
	tool=$1
	shift
	"$tool" bench --dry-run "$@" | sed -n 's/^ioengine=external://p'
}
is "the build tree's cephfs-tool: the engine built beside it" \
	"$(engine_of "$TOOL")" "$ENGINE_SO"
is "... also run through a symbolic link" \
	"$(engine_of "$TMP/linked-tool")" "$ENGINE_SO"
is "a copy elsewhere: the installed engine" \
	"$(engine_of "$TMP/copied-tool")" "$pkglibdir/fio-cephfs.so"
is "CEPHFS_TOOL_ENGINE before the build tree's engine" \
	"$(export CEPHFS_TOOL_ENGINE=/env.so; engine_of "$TOOL")" /env.so
is "... and before the installed one" \
	"$(export CEPHFS_TOOL_ENGINE=/env.so; engine_of "$TMP/copied-tool")" /env.so
is "--engine before CEPHFS_TOOL_ENGINE" \
	"$(export CEPHFS_TOOL_ENGINE=/env.so; engine_of "$TOOL" --engine /option.so)" \
	/option.so

# The fio-cephfs wrapper: which directory it gives fio's loader.
cp "$top_builddir/fio-cephfs" "$TMP/copied-wrapper"
is "the build tree's fio-cephfs: the build tree's engine directory" \
	"$(FIO=printenv "$top_builddir/fio-cephfs" LD_LIBRARY_PATH)" "$top_builddir/engine"
is "a copy elsewhere: the installed one" \
	"$(FIO=printenv "$TMP/copied-wrapper" LD_LIBRARY_PATH)" "$pkglibdir"
like "the build tree's fio-cephfs loads ioengine=cephfs" \
	"$("$top_builddir/fio-cephfs" --enghelp=cephfs 2>&1)" '^cephfs_conf '
done_testing
