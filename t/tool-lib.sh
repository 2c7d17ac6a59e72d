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

# A copy of the configured fio whose exported fio_version_string reads
# another version, in $TMP/fio-other: $version is fio's own, $other that one.
fio_of_other_version() {
	version=$("$FIO" --version)
	other=fio-$(echo "${version#fio-}" | tr 0-8 9)
	perl -pe "s/\\Q$version\\E\\0/$other\\0/g" "$FIO" >"$TMP/fio-other"
	chmod +x "$TMP/fio-other"
}

# tool_constant VAR FILE NAME: in VAR, the number a #define NAME in
# tool/FILE gives, a bound the tool keeps by itself that a test's time
# bound adds up.
tool_constant() {
	tc_value=$(sed -n "s/^#define[[:space:]]\{1,\}$3[[:space:]]\{1,\}\([0-9]\{1,\}\)\([[:space:]].*\)\{0,1\}\$/\1/p" \
		"$top_srcdir/tool/$2")
	[ -n "$tc_value" ] || bail_out "no #define $3 NUMBER in tool/$2"
	eval "$1=\$tc_value"
}

# bench ARGS...: the tool on this test's root, report in $TMP/out, errors
# in $TMP/err, exit status in $rc, seconds taken in $elapsed.  BENCH_ENGINE replaces the engine (an
# option may not be given twice).
bench() {
	start=$(date +%s)
	$TEST_WRAPPER "$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" \
		--engine "${BENCH_ENGINE:-$ENGINE_SO}" --root-path "$CEPHFS_DIR" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
	elapsed=$(( $(date +%s) - start ))
	[ $rc = 0 ] || { diag "cephfs-tool exit $rc"; tail -n 5 "$TMP/err" | diag_stream; }
}

# The run directory the last report names.
run_dir() {
	sed -n 's/^  Subdirectory: //p' "$TMP/out" "$TMP/err" | head -n 1
}

# The run directory the tool names on stderr before the run, else the
# one the report names.
named_run_dir() {
	nrd_dir=$(sed -n "s|^cephfs-tool: this run works in $CEPHFS_DIR/\([^ /]*\) and .*|\1|p" "$TMP/err")
	echo "${nrd_dir:-$(run_dir)}"
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

# svg_summary FILE: a --plot SVG parsed as XML: per panel, its series
# (phase and iteration) and how many of them have points.
svg_summary() {
	python3 - "$1" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
for panel in root.iter(ns + "g"):
    if panel.get("class") != "panel":
        continue
    series = [g for g in panel if g.get("class") == "series"]
    names = ["%s%s" % (g.get("data-phase"), g.get("data-iteration")) for g in series]
    drawn = sum(1 for g in series
                if g.find(ns + "polyline").get("points").strip())
    print(panel.get("data-panel"), " ".join(names), "drawn:", drawn)
PY
}
