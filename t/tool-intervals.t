#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --latency-intervals: each phase's IOPS and latency percentiles per
# interval from fio's histogram logs.  The samples add up to the phase's
# I/Os (less each job's last, partial interval, which fio does not log,
# and through --clients its last window, which fio's server can cut
# short: the JSON counts those apart), each interval's percentiles lie
# within its min and max and below the phase's max; per host with
# --clients.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/servers.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

trap 'stop_servers; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT

# check_intervals JSON IOS-EXPR: each phase (and host) of the report
# against its intervals; IOS-EXPR the phase's I/O count from its figures
# `p`.  fio logs no window for each job's last interval, shorter than one
# (through --clients the tool counts no last window either); how many
# I/Os that holds has no bound in the figures: a job's buffered
# writes come in bursts far above its busiest interval's rate, which its
# flushes hold down.  A bucket's value is within 1/128 of the latencies in
# it.  Prints the phases checked, then a line per figure that is off.
check_intervals() {
	python3 - "$1" "$2" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
count = eval("lambda p: " + sys.argv[2])
checked, off = 0, []
def check(name, p):
    global checked
    iv = p["intervals"]
    s, ms = iv["samples"], iv["interval_ms"]
    ios = sum(w["ios"] for w in s)
    if ios + iv["unlogged_ios"] != count(p):
        off.append("%s: %d in the samples + %d unlogged, the phase did %d"
                   % (name, ios, iv["unlogged_ios"], count(p)))
    if not ios:
        off.append("%s: no I/O in any interval" % name)
    for k, w in enumerate(s, 1):
        if abs(w["end_sec"] - k * ms / 1000) > 1e-9 or abs(w["iops"] - w["ios"] * 1000 / ms) > 1e-6 * w["iops"] + 1e-9:
            off.append("%s: interval %d ends at %s with %s IOPS" % (name, k, w["end_sec"], w["iops"]))
        l = w["latency_ms"]
        if not w["ios"]:
            continue
        if not l["min"] <= l["p50"] <= l["p99"] <= l["p99_9"] <= l["max"] <= p["latency_ms"]["max"] * (1 + 1 / 128) + 1e-6:
            off.append("%s: interval %d: %s, the phase's max %s" % (name, k, l, p["latency_ms"]["max"]))
    if s and s[-1]["end_sec"] > p["duration_sec"] + ms / 2000:
        off.append("%s: the last interval ends at %s, the phase at %s" % (name, s[-1]["end_sec"], p["duration_sec"]))
    checked += 1
for it in report["iterations"]:
    for phase in ("write", "read"):
        check("%s%d" % (phase, it["number"]), it[phase])
    for c in it.get("clients", []):
        for phase in ("write", "read"):
            check("%s%d %s" % (phase, it["number"], c["host"]), c[phase])
print("checked %d" % checked)
for line in off:
    print(line)
PY
}

# Phases of some 300 ms or more on the sandbox, in 50 ms intervals.
bench --threads 2 --files 32 --size 4M --block-size 4K \
	--latency-intervals --interval-ms 50 --json "$TMP/data.json"
is "--latency-intervals: exit 0" $rc 0
is "the samples add up to each phase's I/Os, within their min and max" \
	"$(check_intervals "$TMP/data.json" 'p["bytes"] // 4096')" "checked 2"
is "... several intervals a phase" \
	"$(json_eval "$TMP/data.json" "[len(d['iterations'][0][p]['intervals']['samples']) >= 2 for p in ('write', 'read')]")" \
	"[True, True]"
is "the report is unchanged by it" "$(grep -c '^  \(Write\|Read\): ' "$TMP/out")" 2

bench --threads 2 --files 32 --size 4M --block-size 4K --latency-intervals \
	--interval-ms 50 --plot "$TMP/bench.svg" --json "$TMP/plot.json"
is "--plot: exit 0" $rc 0
is "... the samples add up, on the plot's clock too" \
	"$(check_intervals "$TMP/plot.json" 'p["bytes"] // 4096')" "checked 2"
# Each IOPS series times the interval against its phase's logged I/Os,
# each p99 series against its phase's p99s.
is "... IOPS and p99 panels, each series what the JSON has" "$(python3 - "$TMP/bench.svg" "$TMP/plot.json" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
report = json.load(open(sys.argv[2]))
out = []
for panel in root.iter(ns + "g"):
    if panel.get("data-panel") not in ("iops", "p99"):
        continue
    for g in panel:
        if g.get("class") != "series":
            continue
        it = report["iterations"][int(g.get("data-iteration")) - 1]
        samples = it[g.get("data-phase")]["intervals"]["samples"]
        values = g.get("data-values").split()
        if panel.get("data-panel") == "iops":
            drawn = sum(float(v) for v in values) * float(g.get("data-interval-sec"))
            good = round(drawn) == sum(w["ios"] for w in samples)
        else:
            want = [w["latency_ms"]["p99"] for w in samples]
            good = len(values) == len(want) and all(
                (v == "-") == (x is None) and (x is None or abs(float(v) - x) <= 1e-5 * x)
                for v, x in zip(values, want))  # the JSON's 6 digits
        out.append("%s %s%s" % (panel.get("data-panel"), g.get("data-phase"), "" if good else " off"))
print(" ".join(out))
PY
)" "iops write iops read p99 write p99 read"

# fio's status documents come every second, as a loaded host lets it: each
# phase prints at least its last line.
bench --threads 2 --files 8 --size 1M --block-size 4K --duration 3 \
	--latency-intervals --progress --progress-interval 5
is "--progress: exit 0" $rc 0
all=$(grep -cE '^\[[0-9]+%\]' "$TMP/out")
lines=$(grep -cE '^\[[0-9]+%\].*\[eta [0-9]+m:[0-9]{2}s\]\[[wr]=[0-9]+ IOPS\]\[p99=[0-9.]+ ms\]$' "$TMP/out")
ok $([ "$all" -ge 2 ] && [ "$lines" = "$all" ]; echo $?) \
	"... each of its lines ends in its IOPS and p99 ($lines of $all)"
is "... the last ones the phases' p99" \
	"$(grep -E '^\[100%\]' "$TMP/out" | grep -c 'p99=0\.000 ms')" 0

bench --threads 2 --files 8 --size 1M --block-size 4K --duration 2 --json "$TMP/off.json"
is "without it, no intervals in the JSON" \
	"$(json_eval "$TMP/off.json" "'intervals' in d['iterations'][0]['write']")" False

# Size 0: the engine adds each file's operation to fio's latencies itself.
bench --threads 2 --files 3000 --size 0 --latency-intervals --interval-ms 200 \
	--json "$TMP/md.json"
is "size 0: exit 0" $rc 0
is "... the samples add up to each phase's files" \
	"$(check_intervals "$TMP/md.json" 'p["files"]')" "checked 2"

bench --threads 1 --files 2 --size 64K --latency-intervals --interval-ms 4294967296
is "an interval beyond fio's 32 bits: exit 2" $rc 2
like "... naming it" "$(cat "$TMP/err")" "interval-ms"

# Each host's shortest phase, its read of 32 MiB, takes some 100 ms on an
# idle sandbox: 20 ms intervals leave each job windows besides its last,
# which the tool does not count through --clients (t/unit-intervals reads
# a log whose last window fio's server cut short).
start_server p1
start_server p2
bench --clients "127.0.0.1:$p1,localhost:$p2" --threads 2 --files 16 --size 4M \
	--block-size 4K --latency-intervals --interval-ms 20 \
	--json "$TMP/clients.json"
is "--clients: exit 0" $rc 0
is "... each host's samples and all hosts' add up to their I/Os" \
	"$(check_intervals "$TMP/clients.json" 'p["bytes"] // 4096')" "checked 6"
done_testing
