#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What fio is given is what the user asked, and what the reports say is
# valid whatever bytes a name has: --fsync-every beyond fio's 32-bit
# fsync= is refused, the largest that fits gives the fsyncs it says (the
# client's own counter); names that are not UTF-8 give valid JSON and SVG,
# their bytes %XX-escaped (doc/cephfs-tool.md), compare's too.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# write_fsyncs JSON: the fsyncs the write phase's client counted.
write_fsyncs() {
	json_eval "$1" "d['iterations'][0]['write']['client_counters']['fsyncs']['count']"
}

# 2^32 + 1 blocks of 4 KiB: fio's fsync= would keep the low 32 bits, 1.
bench --files 2 --size 64K --block-size 4K --fsync-every 17592186048512 \
	--no-final-flush
is "--fsync-every of 2^32 + 1 blocks: exit 2, before the run" $rc 2
like "... one line naming the option, the value and the limit" \
	"$(wc -l <"$TMP/err") $(cat "$TMP/err")" \
	"^1 cephfs-tool: --fsync-every: invalid value '17592186048512' .*fsync=4294967297; at most 4294967295 fits"
is "... nothing made on the cluster" "$(left_in_root)" "bench_run_sibling keep "
matrix_row "cephfs-tool: --fsync-every of 2^32 + 1 blocks (fio keeps 32 bits)" \
	"exit 2, one line, nothing made" $elapsed

# The largest that fits: 2^32 - 1 blocks, more than the run writes, so
# no fsync at all; 20K, 5 blocks: fio counts the job's writes across its
# files, 32 of them, so an fsync after the 5th, 10th, ... 30th.
bench --files 2 --size 64K --block-size 4K --fsync-every 17592186040320 \
	--no-final-flush --perf-dump "$TMP/large-perf.json" --json "$TMP/large.json"
is "--fsync-every of 2^32 - 1 blocks: exit 0, no fsync in 32 writes" \
	"$rc $(write_fsyncs "$TMP/large.json")" "0 0"
is "... the report says what fio was given" \
	"$(grep '^  Fsync Every: ' "$TMP/out")" "  Fsync Every: 17592186040320 bytes"
bench --files 2 --size 64K --block-size 4K --fsync-every 20K \
	--no-final-flush --perf-dump "$TMP/small-perf.json" --json "$TMP/small.json"
is "--fsync-every 20K (5 blocks): exit 0, 6 fsyncs in 32 writes" \
	"$rc $(write_fsyncs "$TMP/small.json")" "0 6"
matrix_row "cephfs-tool: --fsync-every, largest that fits and a small one" \
	"the client's fsyncs as fio was given" $elapsed

# Names that are not UTF-8 reach the cluster as given, and the reports
# stay valid: RFC 8259 JSON is UTF-8; XML 1.0 forbids such bytes.
ff=$(printf '\377') fe=$(printf '\376')
bench --files 2 --size 64K --prefix "$ff" --dir-prefix "$fe" --no-cleanup \
	--json "$TMP/names.json" --plot "$TMP/names.svg"
is "--prefix 0xff --dir-prefix 0xfe: exit 0" $rc 0
dir=$("$CEPHFS_UTIL" ls "$CEPHFS_DIR" | grep -a "^$fe")
[ -n "$dir" ] || bail_out "no run directory named 0xfe and 4 hex digits"
is "... the files on the cluster have the bytes given" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort | od -An -c | tr -s ' \n' ' ')" \
	" 377 0 _ 0 \n 377 0 _ 1 \n "
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"
is "... the JSON is valid UTF-8 JSON, each name %XX-escaped" \
	"$(python3 -c 'import json, sys
c = json.load(open(sys.argv[1], encoding="utf-8"))["configuration"]
print(c["prefix"], c["dir_prefix"], c["subdirectory"][:3])' "$TMP/names.json" 2>&1)" \
	"%FF %FE %FE"
is "... and percent-decoded, the bytes given" \
	"$(python3 -c 'import json, sys, urllib.parse
c = json.load(open(sys.argv[1], encoding="utf-8"))["configuration"]
print([urllib.parse.unquote_to_bytes(c[k]) for k in ("prefix", "dir_prefix")])' "$TMP/names.json" 2>&1)" \
	"[b'\\xff', b'\\xfe']"
is "... the SVG is well-formed XML, its title escaped the same way" \
	"$(python3 -c 'import sys, xml.etree.ElementTree as ET
t = ET.parse(sys.argv[1]).getroot().find("{http://www.w3.org/2000/svg}text").text
print(t.split(":")[0])' "$TMP/names.svg" 2>&1)" \
	"cephfs-tool bench %FE${dir#?}"
matrix_row "cephfs-tool: --prefix 0xff --dir-prefix 0xfe with --json and --plot" \
	"valid UTF-8 JSON and XML, bytes %XX-escaped" $elapsed

# compare reads them back and names runs by their paths, bytes and all.
cp "$TMP/names.json" "$TMP/run$ff.json"
"$TOOL" compare "$TMP/names.json" "$TMP/run$ff.json" --json "$TMP/cmp.json" \
	>"$TMP/cmp.out" 2>"$TMP/cmp.err"
is "compare of such reports: exit 0" $? 0
is "... its JSON is valid UTF-8, the run's path %XX-escaped" \
	"$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1], encoding="utf-8"))["runs"][1].rsplit("/", 1)[1])' "$TMP/cmp.json" 2>&1)" \
	"run%FF.json"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
d["configuration"]["prefix"] = "other"
json.dump(d, open(sys.argv[2], "w"))' "$TMP/names.json" "$TMP/other.json"
"$TOOL" compare "$TMP/names.json" "$TMP/other.json" >"$TMP/cmp.out" 2>"$TMP/cmp.err"
is "... a prefix differing: exit 2, both prefixes readable" "$? $(cat "$TMP/cmp.err")" \
	"2 cephfs-tool compare: $TMP/other.json: configuration differs from $TMP/names.json in prefix (\"other\" vs \"%FF\")"
matrix_row "cephfs-tool compare: reports and paths with bytes that are not UTF-8" \
	"valid UTF-8 JSON" $elapsed
siblings_intact "names that are not UTF-8"
done_testing
