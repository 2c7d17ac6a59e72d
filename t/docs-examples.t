#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every command example of README.md and doc/*.md runs as written, on the
# sandbox cluster: the blocks marked <!-- example --> (see
# t/docs-blocks.py for the rules, doc/development.md for why).  They run
# with sh -e from a scratch directory holding `build`, `jobs` and
# `scripts` links, with build/ and build/tool/ first on PATH, so both the
# build tree's names (build/fio-cephfs) and the installed ones
# (fio-cephfs, cephfs-tool) are this build's.  What they leave in the
# filesystem fails t/sandbox-stop.t.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/servers.sh"
need_cluster
work=$TMP/work
mkdir -p "$TMP/blocks" "$work"
ln -s "$top_builddir" "$work/build"
ln -s "$top_srcdir/jobs" "$work/jobs"
ln -s "$top_srcdir/scripts" "$work/scripts"
python3 "$top_srcdir/t/docs-blocks.py" "$TMP/blocks" \
	"$top_srcdir/README.md" "$top_srcdir"/doc/*.md >"$TMP/manifest" ||
	bail_out "t/docs-blocks.py failed"

errors=$(grep '^ERROR' "$TMP/manifest" | cut -f 2-)
is "every sh and ini block is marked, every fenced block names its language" \
	"$errors" ""

PATH=$top_builddir:$top_builddir/tool:$PATH
CEPH_ARGS="--log-to-stderr=false --log-file=$TMP/client.log"
export PATH CEPH_ARGS
# A fio server an example started with --daemonize goes if it fails.
trap 'for p in "$work"/*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null; done; rm -rf "$TMP"' EXIT

# A block, then a wait of up to 10 s for each fio server it started with
# --daemonize (and stopped with kill, which does not wait) to exit: until
# then its port is taken, and the next suite's example would not start.
cat >"$TMP/run-block" <<'EOF'
timeout 600 sh -e "$1"
rc=$?
for pidfile in *.pid; do
	[ -f "$pidfile" ] || continue
	pid=$(cat "$pidfile")
	tries=0
	while kill -0 "$pid" 2>/dev/null && [ $tries -lt 100 ]; do
		sleep 0.1
		tries=$((tries + 1))
	done
done
exit $rc
EOF

# Errors come first and the report last: a long output is shown from both ends.
output_head_and_tail() {
	if [ "$(wc -l <"$1")" -le 60 ]; then
		cat "$1"
	else
		head -n 30 "$1"
		echo "[...]"
		tail -n 25 "$1"
	fi
}

while IFS='	' read -r n kind where what; do
	case $kind in
	file)
		cp "$TMP/blocks/$n" "$work/$what" ;;
	run)
		start=$(date +%s)
		# An example's fio servers listen on the ports it names, which
		# another suite on this machine (CI runs each platform's at
		# once) may be using: such examples run one at a time.
		one_at_a_time=
		grep -q -- '--server=' "$TMP/blocks/$n" && one_at_a_time="machine_wide fio-servers"
		(cd "$work" && $one_at_a_time sh "$TMP/run-block" "$TMP/blocks/$n") \
			>"$TMP/out.$n" 2>&1
		rc=$?
		ok $rc "$where runs as written ($(( $(date +%s) - start )) s)"
		[ $rc = 0 ] || { diag "exit $rc; the block:"; diag_stream <"$TMP/blocks/$n"
			diag "its output:"; output_head_and_tail "$TMP/out.$n" | diag_stream; } ;;
	esac
done <"$TMP/manifest"
done_testing
