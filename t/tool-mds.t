#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --mds-stats and --drop-caches against the MDS's own view through its
# admin socket: the requests the tool reports per phase against perf dump
# deltas over the run, the run's caps against session ls taken during a
# phase, the cache after the drop (dump cache) without any inode of the
# run, a key without mds 'allow *': one line for --mds-stats, a refusal
# before the run (exit 2) for --drop-caches; and every rank of two.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

MDS_ASOK=$(ls "$SANDBOX_DIR"/run/ceph-mds.*.asok 2>/dev/null | head -n 1)
[ -S "$MDS_ASOK" ] || bail_out "no MDS admin socket in $SANDBOX_DIR/run"
asok() { (unset CEPH_ARGS; ceph --admin-daemon "$MDS_ASOK" "$@" 2>/dev/null); }

# mds_eval EXPR: EXPR on the report $TMP/r.json, the MDS's perf dumps
# before and after the run (b, a) and their per-operation deltas (delta).
mds_eval() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))["mds_server"]
a = json.load(open(sys.argv[3]))["mds_server"]
delta = {k[4:-8]: a[k]["avgcount"] - b.get(k, {"avgcount": 0})["avgcount"]
	 for k in a if k.startswith("req_") and k.endswith("_latency")}
delta = {k: v for k, v in delta.items() if v}
tool = {}
for ph in ("write", "read"):
	for op, v in d["iterations"][0][ph]["mds"]["ranks"][0]["ops"].items():
		tool[op] = tool.get(op, 0) + v["count"]
print(eval(sys.argv[4]))' "$TMP/r.json" "$TMP/before.json" "$TMP/after.json" "$1"
}

# --- requests: the tool's per phase against the MDS's over the run ------
asok perf dump >"$TMP/before.json"
bench --files 8 --size 4K --block-size 4K --mds-stats --json "$TMP/r.json"
asok perf dump >"$TMP/after.json"
is "--mds-stats: exit 0" $rc 0
is "... one rank, its figures in both phases" \
	"$(json_eval "$TMP/r.json" "[len(d['iterations'][0][p]['mds']['ranks']) for p in ('write', 'read')]")" \
	"[1, 1]"
diag "the MDS over the run: $(mds_eval delta); the tool's phases: $(mds_eval tool)"
# Only the write phase creates: its 8 files, all of the MDS's creates.
is "... creates: the write phase's 8, all the MDS counted" \
	"$(mds_eval "(d['iterations'][0]['write']['mds']['ranks'][0]['ops']['create']['count'], delta['create'])")" \
	"(8, 8)"
# Besides the phases' requests the MDS served the tool's own mount's,
# outside the phases: picking the run directory's name (a mkdir and rmdir
# that reserve it), the statistics (lookup, getattr), the cleanup
# (readdir, unlink, rmdir).
is "... no operation more in the phases than the MDS served" \
	"$(mds_eval "sorted(op for op in tool if tool[op] > delta.get(op, 0))")" "[]"
is "... the rest only what the tool's own mount does outside them" \
	"$(mds_eval "sorted(op for op in delta if delta[op] > tool.get(op, 0) and op not in ('lookup', 'getattr', 'mkdir', 'readdir', 'unlink', 'rmdir'))")" "[]"
like "... a line per phase and rank in the report" \
	"$(grep -c '^  MDS rank 0: [0-9]* requests: .* | run.s caps: .* | caps revoked [0-9]* | cache: [0-9]* inodes, [0-9]* bytes$' "$TMP/out")" '^2$'

# --- caps: the tool's against session ls during the read phase ----------
# A read phase of 4 s over 8 files holds the same caps throughout.
run_caps() {
	asok session ls | python3 -c 'import json, sys
print(sum(s["num_caps"] for s in json.load(sys.stdin)
	  if "cephfs_tool_run" in s.get("client_metadata", {})))'
}
bench --files 8 --size 4K --block-size 4K --no-verify --duration 4 \
	--mds-stats --json "$TMP/caps.json" &
pid=$!
: >"$TMP/seen"
while kill -0 $pid 2>/dev/null; do
	if grep -q '^Starting Read Phase' "$TMP/out" 2>/dev/null; then
		run_caps >>"$TMP/seen"
	fi
	sleep 0.3
done
wait $pid
diag "session ls during the read phase: $(sort -n "$TMP/seen" | uniq -c | tr '\n' ' ')"
read_caps() { json_eval "$TMP/caps.json" "d['iterations'][0]['read']['mds']['ranks'][0]['$1']"; }
end=$(read_caps caps_end)
peak=$(read_caps caps_peak)
ok $([ "$end" -gt 0 ] && grep -qx "$end" "$TMP/seen"; echo $?) \
	"--mds-stats: the read phase's caps at the end ($end) are what session ls saw"
ok $([ "$peak" = "$(sort -n "$TMP/seen" | tail -n 1)" ]; echo $?) \
	"... and its most ($peak) session ls's most"

# --- the drop: no inode of the run left in the MDS's cache ---------------
# fio stands in for a wrapper that dumps the cache as the read phase starts,
# after the drop.
cat >"$TMP/fio-dump" <<EOS
#!/bin/sh
case " \$* " in *" --section=read "*)
	(unset CEPH_ARGS; ceph --admin-daemon "$MDS_ASOK" dump cache "$TMP/cache.txt" >/dev/null 2>&1) ;;
esac
exec "$FIO" "\$@"
EOS
chmod +x "$TMP/fio-dump"
FIO=$TMP/fio-dump bench --files 8 --size 4K --block-size 4K --drop-caches \
	--no-cleanup --json "$TMP/drop.json"
is "--drop-caches: exit 0" $rc 0
dir=$(json_eval "$TMP/drop.json" "d['configuration']['subdirectory']")
like "... says what it dropped, and that the OSDs' caches are not" \
	"$(grep 'MDS cache drop' "$TMP/out")" \
	"^  MDS cache drop \\([0-9.e-]+ s\\): rank 0: [0-9]+ items trimmed, [0-9]+ caps recalled in [0-9.e-]+ s; OSD caches not dropped\$"
ok $([ -s "$TMP/cache.txt" ]; echo $?) "... the cache dumped after it"
is "... holds neither the run directory nor its files" \
	"$(grep -c -e "/$dir" -e "benchmark_" "$TMP/cache.txt")" 0
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"

# --- a key without mds 'allow *' ----------------------------------------
confined_client "$CEPHFS_DIR"
bench --id "$CONFINED_ID" --keyring "$CONFINED_KEYRING" --files 2 --size 0 --mds-stats
is "a confined key with --mds-stats: the run goes on" $rc 0
like "... one line saying it may not" \
	"$(grep -- '--mds-stats' "$TMP/err")" \
	"^cephfs-tool: --mds-stats: the key client.$CONFINED_ID may not run MDS commands, which needs mds 'allow \\*' in its caps \\(.*\\); the run goes on without the MDS's figures\$"
is "... and the report has no MDS line" "$(grep -c 'MDS rank' "$TMP/out")" 0
bench --id "$CONFINED_ID" --keyring "$CONFINED_KEYRING" --files 2 --size 0 --drop-caches
is "with --drop-caches: refused, exit 2" $rc 2
like "... naming the missing permission" "$(cat "$TMP/err")" \
	"^cephfs-tool: --drop-caches: the key client.$CONFINED_ID may not run MDS commands, which needs mds 'allow \\*' in its caps"
is "... before the run: no run directory" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR" | grep -v '^bench_run_sibling$' | grep -c '^bench_run_')" 0

# --- every active rank: a private sandbox with two ----------------------
# What the shared sandbox holds of this test goes first: the private
# sandbox's stop replaces the exit's removals.
ceph auth rm "client.$CONFINED_ID" >/dev/null 2>&1
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR"
private_sandbox "" --mds-ranks 2
at / --files 8 --size 0 --mds-stats --json "$TMP/ranks.json"
is "two ranks: exit 0" $rc 0
is "... both in each phase, rank 0 with the write phase's 8 creates" \
	"$(json_eval "$TMP/ranks.json" "[[r['rank'] for r in d['iterations'][0][p]['mds']['ranks']] for p in ('write', 'read')] + [d['iterations'][0]['write']['mds']['ranks'][0]['ops']['create']['count']]")" \
	"[[0, 1], [0, 1], 8]"
is "... a line each per phase" "$(grep -c '^  MDS rank [01]: ' "$TMP/out")" 4
done_testing
