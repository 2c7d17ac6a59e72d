#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The options no other cluster test gives, each for its effect on the
# cluster or in the run: --prefix and --dir-prefix (the names made),
# --no-final-flush (no fsync in the write phase, as the client counts
# them), --progress-interval (the percent steps of the progress lines),
# --clients-file (the hosts that wrote), and the long spellings
# --filesystem, --id and --keyring (the mount they make).
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/servers.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
command -v ss >/dev/null || skip_all "no ss (iproute2) to find free ports for the fio servers"

bench --files 3 --size 64K --prefix pfx. --dir-prefix run. --no-cleanup
is "--prefix pfx. --dir-prefix run.: exit 0" $rc 0
dir=$(run_dir)
like "... the run directory is named run. and 4 hex digits" "$dir" '^run\.[0-9a-f]{4}$'
is "... on the cluster, beside the siblings" "$(left_in_root)" "bench_run_sibling keep $dir "
is "... its files are pfx.<thread>_<file>" \
	"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort | tr '\n' ' ')" "pfx.0_0 pfx.0_1 pfx.0_2 "
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"

# fsync_counts JSON: the fsyncs the client counted in each iteration's
# write phase (its mount's perf counters).
fsync_counts() {
	json_eval "$1" "[i['write']['client_counters']['fsyncs']['count'] for i in d['iterations']]"
}
bench --files 4 --size 64K --block-size 16K --perf-dump "$TMP/flush-perf.json" \
	--json "$TMP/flush.json"
is "the final flush is timed by default: exit 0" $rc 0
ok $(json_eval "$TMP/flush.json" "int(d['iterations'][0]['write']['client_counters']['fsyncs']['count'] < 4)") \
	"... at least an fsync per file in the write phase ($(fsync_counts "$TMP/flush.json") for 4 files)"
bench --files 4 --size 64K --block-size 16K --no-final-flush \
	--perf-dump "$TMP/noflush-perf.json" --json "$TMP/noflush.json"
is "--no-final-flush: no fsync in the write phase" \
	"$rc $(fsync_counts "$TMP/noflush.json")" "0 [0]"
is "... the read phase read and checked every block all the same" \
	"$(json_eval "$TMP/noflush.json" "d['iterations'][0]['read']['bytes']")" 262144

# Creates of size 0, more than any machine makes in the 3 s of --duration:
# fio's status comes every second, at about 33% and 66% of each phase.
bench --threads 2 --files 100000 --size 0 --duration 3 --progress \
	--progress-interval 50
is "--progress --progress-interval 50: exit 0" $rc 0
grep -E '^(Starting|\[)' "$TMP/out" >"$TMP/progress"
# steps: per phase, the percents of its progress lines.
steps=$(awk '/^Starting/ { if (s != "") print s; s = $2 ":"; next }
	{ p = $1; sub(/^\[/, "", p); sub(/%.*/, "", p); s = s " " p }
	END { print s }' "$TMP/progress")
like "... the write phase's lines at 50% or more, one per step, the last 100%" \
	"$(echo "$steps" | sed -n 1p)" '^Write: ([5-9][0-9] )?100$'
like "... and so the read phase's" "$(echo "$steps" | sed -n 2p)" '^Read: ([5-9][0-9] )?100$'

# Two fio servers, named in a file with a comment and a blank line.
trap 'stop_servers; rm -rf "$TMP"; "$CEPHFS_UTIL" rmtree "$CEPHFS_DIR" >/dev/null 2>&1' EXIT
start_server p1
start_server p2
printf '# load hosts\n127.0.0.1:%s\n\nlocalhost:%s\n' "$p1" "$p2" >"$TMP/hosts"
bench --clients-file "$TMP/hosts" --files 4 --size 64K --no-cleanup
is "--clients-file: exit 0" $rc 0
dir=$(run_dir)
is "... each host of the file wrote its share of the 4 files in its own directory" \
	"$(for host in "127.0.0.1_$p1" "localhost_$p2"; do
		printf '%s: ' "$host"
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir/$host" | sort | tr '\n' ' '
	done)" "127.0.0.1_$p1: benchmark_0_0 benchmark_0_1 localhost_$p2: benchmark_0_0 benchmark_0_1 "
is "... and no other" "$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | wc -l)" 2
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"
stop_servers

# A key that may use only lim: the run there works with it, a run outside
# is refused, so the tool mounted as --id with --keyring.
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR/lim" 777
confined_client "$CEPHFS_DIR/lim"
long_names() {
	"$TOOL" --filesystem "$1" --id "$CONFINED_ID" --keyring "$CONFINED_KEYRING" \
		bench --fio "$FIO" --engine "$ENGINE_SO" --root-path "$2" \
		--files 2 --size 64K >"$TMP/out" 2>"$TMP/err"
}
long_names "$CEPHFS_FS" "$CEPHFS_DIR/lim"
is "--filesystem --id --keyring: the confined key's own directory, exit 0" $? 0
long_names "$CEPHFS_FS" "$CEPHFS_DIR"
is "... outside it, refused: exit 1" $? 1
long_names no-such-fs "$CEPHFS_DIR/lim"
is "--filesystem no-such-fs: exit 1" $? 1
like "... no such filesystem" "$(cat "$TMP/err")" "filesystem 'no-such-fs' does not exist"
done_testing
