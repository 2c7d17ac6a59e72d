# Helpers for the cephfs-tool tests (sourced after lib.sh).
TOOL="$top_builddir/tool/cephfs-tool"

# A root for the tool inside this test's CephFS directory, with a sibling
# directory and file next to where the run directories will be: cleanup
# must never touch them.
tool_root() {
	cephfs_testdir
	"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR/bench_run_sibling" 755 &&
	"$CEPHFS_UTIL" put "$CEPHFS_DIR/bench_run_sibling/keep" 100 &&
	"$CEPHFS_UTIL" put "$CEPHFS_DIR/keep" 10 ||
		bail_out "cannot prepare $CEPHFS_DIR"
	"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR" 777
}

# bench ARGS...: the tool on this test's root, report in $TMP/out, errors
# in $TMP/err, exit status in $rc.
bench() {
	$TEST_WRAPPER "$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" \
		--engine "$ENGINE_SO" --root-path "$CEPHFS_DIR" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
	[ $rc = 0 ] || { diag "cephfs-tool exit $rc"; tail -n 5 "$TMP/err" | diag_stream; }
}

# The run directory the last report names.
run_dir() {
	sed -n 's/^  Subdirectory: //p' "$TMP/out" "$TMP/err" | head -n 1
}

# What is left in the root: only the sibling and its file, after a cleanup.
left_in_root() {
	"$CEPHFS_UTIL" ls "$CEPHFS_DIR" | sort | tr '\n' ' '
}

siblings_intact() {
	is "$1: nothing but the siblings left" "$(left_in_root)" "bench_run_sibling keep "
	is "$1: the sibling directory keeps its file" \
		"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/bench_run_sibling")" keep
}
