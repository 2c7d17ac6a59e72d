# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the cephfs-tool tests (sourced after t/lib.sh).
. "$top_srcdir/t/cluster.sh"

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

# at ROOT ARGS...: the tool with its run under ROOT (bench's own root is
# this test's directory), as bench() reports.
at() {
	root=$1
	shift
	start=$(date +%s)
	"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
		--root-path "$root" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	elapsed=$(( $(date +%s) - start ))
	[ $rc = 0 ] || { diag "cephfs-tool exit $rc"; tail -n 5 "$TMP/err" | diag_stream; }
}

# The names in a CephFS directory, sorted, on one line.
listing() {
	"$CEPHFS_UTIL" ls "$1" | sort | tr '\n' ' '
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

# hosts_listed THREADS FILES HOST...: the last report's configuration lists
# the client hosts, THREADS each, with an even share of FILES in all.
hosts_listed() {
	threads=$1 files=$2
	shift 2
	is "the configuration lists the hosts" \
		"$(sed -n '/^  Client Hosts:/,/^  [A-Z]/p' "$TMP/out" | sed '$d')" \
		"  Client Hosts: $#, each in <Subdirectory>/<host>_<port>, with $threads threads each; the $files files in all split over them
$(printf "    %s: $((files / $#)) files\n" "$@")"
}

# host_lines HOST: how many figure lines of HOST the last report has.
host_lines() {
	grep -Ec "^    $1: [0-9.e+]+ MiB/s, [0-9.e+]+ files/s \([0-9.]+s\)$" "$TMP/out"
}

# write_failed_by HOST JSON: of the last --clients run, the write phase
# FAILED naming HOST, which has a FAILED line of its own; no figure
# counted; the JSON has the phase failed and HOST's entry alone.
write_failed_by() {
	like "the phase failed, naming the host" "$(grep '^  Write:' "$TMP/out")" \
		"^  Write: FAILED: client host $1: "
	like "... which has its own FAILED line" "$(grep "^    $1:" "$TMP/out")" \
		"^    $1: FAILED: "
	is "... no figures counted for the run" "$(grep -c 'Statistics (0 runs):' "$TMP/out")" 4
	is "JSON: the aggregate failed, the host's entry alone" \
		"$(python3 -c 'import json,sys
it = json.load(open(sys.argv[1]))["iterations"][0]
print(it["write"]["failed"], [c["host"] for c in it["clients"] if c["write"].get("failed")])' "$2")" \
		"True ['$1']"
}

siblings_intact() {
	is "$1: nothing but the siblings left" "$(left_in_root)" "bench_run_sibling keep "
	is "$1: the sibling directory keeps its file" \
		"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/bench_run_sibling")" keep
}

# svg_summary FILE: a --plot SVG parsed as XML: per panel, its series
# (phase and iteration; not --clients' lines of each host) and how many
# of them have points.
svg_summary() {
	python3 - "$1" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
for panel in root.iter(ns + "g"):
    if panel.get("class") != "panel":
        continue
    series = [g for g in panel if g.get("class") == "series" and not g.get("data-host")]
    names = ["%s%s" % (g.get("data-phase"), g.get("data-iteration")) for g in series]
    drawn = sum(1 for g in series
                if g.find(ns + "polyline").get("points").strip())
    print(panel.get("data-panel"), " ".join(names), "drawn:", drawn)
PY
}

# svg_against_json SVG JSON: each series of a --plot SVG (each host's too)
# against the phase it draws in the --json report: its steps' MiB (rates
# times the step) against the phase's bytes, its files against the
# phase's files, each within 2 %, and its band's length against the
# phase's time (within 1 ms, the logs' resolution).  Prints the series
# checked, then a line per figure that is off.
svg_against_json() {
	python3 - "$1" "$2" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
report = json.load(open(sys.argv[2]))
iterations = {it["number"]: it for it in report["iterations"]}
checked = 0
for panel in root.iter(ns + "g"):
    if panel.get("class") != "panel":
        continue
    for g in panel:
        if g.get("class") != "series":
            continue
        phase, it = g.get("data-phase"), iterations[int(g.get("data-iteration"))]
        figures = it[phase]
        if g.get("data-host"):
            figures = [c for c in it["clients"] if c["host"] == g.get("data-host")][0][phase]
        step = float(g.get("data-step-sec"))
        drawn = sum(float(v) for v in g.get("data-rates").split()) * step
        if panel.get("data-panel") == "bandwidth":
            want, what = figures["bytes"] / 2**20, "MiB"
        else:
            want, what = figures["files"], "files"
        name = "%s%s%s" % (phase, g.get("data-iteration"),
                           "@" + g.get("data-host") if g.get("data-host") else "")
        if abs(drawn - want) > 0.02 * want:
            print("%s: %s drawn %g, phase %g" % (name, what, drawn, want))
        band = float(g.get("data-end-sec")) - float(g.get("data-start-sec"))
        if abs(band - figures["duration_sec"]) > 0.001 + 1e-5 * band:
            print("%s: band %g s, phase %g s" % (name, band, figures["duration_sec"]))
        checked += 1
print("checked", checked)
PY
}
