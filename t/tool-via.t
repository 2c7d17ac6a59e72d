#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --via: the same benchmark through libcephfs and through a ceph-fuse
# mount the tool makes and unmounts itself (fio's own engines there), each
# client's report, the side by side table and JSON with the ratios to
# libcephfs; no mount and no ceph-fuse left after success or a signal;
# the kernel client refused with its reason, at once.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/faults.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
[ -c /dev/fuse ] || skip_all "no /dev/fuse here for ceph-fuse"
command -v ceph-fuse >/dev/null || skip_all "no ceph-fuse (package ceph-fuse)"
tool_root

# The tool's temporary directories, and with them its mount points, go
# here: whatever it leaves is seen.
export TMPDIR="$TMP/tooltmp"
mkdir -p "$TMPDIR"
MOUNT_TIMEOUT=10

# ours_left: every ceph-fuse process or mount under $TMPDIR, and what is
# left in it.
ours_left() {
	pgrep -af "ceph-fuse.*$TMPDIR" | sed 's/^/process: /'
	grep " $TMPDIR" /proc/mounts | sed 's/^/mount: /'
	ls -A "$TMPDIR"
}

bench --via kernel
is "--via kernel: exit 2" $rc 2
if grep -q '	ceph$' /proc/filesystems || [ -e "/lib/modules/$(uname -r)/kernel/fs/ceph" ]; then
	like "... it says the tool does not mount the kernel client" "$(cat "$TMP/err")" \
		'^cephfs-tool: --via kernel: this tool does not mount the kernel client'
else
	like "... naming what this machine lacks" "$(cat "$TMP/err")" \
		'^cephfs-tool: --via kernel: this machine has no ceph kernel client \(no ceph in /proc/filesystems and no /lib/modules/'
fi
within "... refused before any mount," "$elapsed" 0

bench --via fuse,libcephfs,fuse
is "a client listed twice: exit 2" $rc 2
is "... named" "$(cat "$TMP/err")" \
	"cephfs-tool: --via: invalid value 'fuse,libcephfs,fuse' (fuse is listed twice)"
bench --via libcephfs,nfs
is "an unknown client: named" "$(cat "$TMP/err")" \
	"cephfs-tool: --via: invalid value 'libcephfs,nfs' ('nfs' is not libcephfs, fuse or kernel)"
bench --via fuse --lazy-io
is "--lazy-io through ceph-fuse: refused, saying why" "$(cat "$TMP/err")" \
	"cephfs-tool: --lazy-io: cannot be combined with --via fuse (ceph_ll_lazyio is the engine's)"
# fio's own engines get the names unescaped: one fio would re-read.
bench --via fuse --prefix 'a$b'
is "a prefix fio would expand: exit 2" $rc 2
like "... naming it" "$(cat "$TMP/err")" "^cephfs-tool: --prefix: 'a\\\$b' has the byte 0x24 at 1"
bench --via fuse --size 10000 --block-size 4096
like "a short last block through ceph-fuse: refused" "$(cat "$TMP/err")" \
	"^cephfs-tool: --size: invalid value '10000' \(with --via fuse, must be whole blocks of 4096 bytes\)"
is "nothing of the refused runs is left" "$(ours_left)" ""

bench --via libcephfs,fuse --dry-run --threads 2 --files 4 --size 1M --block-size 256K
is "--dry-run: exit 0" $rc 0
like "... the ceph-fuse command, with the run's settings" "$(cat "$TMP/out")" \
	"ceph-fuse -f --id=admin --client_fs=$CEPHFS_FS --client_mountpoint=$CEPHFS_DIR --client_mount_timeout=30"
is "... a job file for each client: the engine's, then fio's psync with no engine option" \
	"$(grep -E '^(ioengine=|cephfs_escaped)' "$TMP/out" | tr '\n' ' ')" \
	"ioengine=external:$ENGINE_SO cephfs_escaped=1 ioengine=psync "

bench --via libcephfs,fuse --threads 2 --files 8 --size 4M --block-size 1M \
	--iterations 2 --mount-timeout $MOUNT_TIMEOUT --json "$TMP/via.json"
is "--via libcephfs,fuse, 2 iterations: exit 0" $rc 0
is "... each client's run under its heading, in order" \
	"$(grep '^=== Through' "$TMP/out" | cut -d: -f1)" "=== Through libcephfs
=== Through ceph-fuse"
is "... each with its final report" "$(grep -c '^\*\*\* Final Report' "$TMP/out")" 2
like "... then the side by side table" "$(cat "$TMP/out")" \
	'\*\*\* Side by Side \(mean over iterations; ratio to libcephfs\) \*\*\*'
like "... libcephfs at 1.00x, ceph-fuse at its ratio" \
	"$(grep '^Write Throughput (MiB/s)' "$TMP/out")" \
	'^Write Throughput \(MiB/s\) +[0-9.e+]+ \( 1\.00x\) +[0-9.e+]+ \( *[0-9.]+x\)$'
is "... rows for every rate and latency" \
	"$(sed -n '/Side by Side/,/^Cleaning/p' "$TMP/out" | grep -c ' (\(MiB/s\|files/s\|ms\)) ')" 8
is "... the JSON: a report per client" \
	"$(json_eval "$TMP/via.json" "[c['configuration']['client'] for c in d['clients']]")" \
	"['libcephfs', 'fuse']"
is "... each with both iterations of every file written and read" \
	"$(json_eval "$TMP/via.json" "sorted(set(it[p]['bytes'] for c in d['clients'] for it in c['iterations'] for p in ('write', 'read')))")" \
	"[33554432]"
is "... ratios to libcephfs: its own 1, ceph-fuse's its mean over libcephfs's" \
	"$(json_eval "$TMP/via.json" "all(m['libcephfs']['ratio'] == 1 and abs(m['fuse']['ratio'] - m['fuse']['mean'] / m['libcephfs']['mean']) < 1e-3 * m['fuse']['ratio'] for m in d['side_by_side']['metrics'])")" \
	True
is "... the reference named" "$(json_eval "$TMP/via.json" "d['side_by_side']['reference']")" libcephfs
is "... ceph-fuse's figures are its summary's" \
	"$(json_eval "$TMP/via.json" "d['side_by_side']['metrics'][0]['fuse']['mean'] == d['clients'][1]['summary']['Write Throughput']['mean']")" \
	True
is "... no ceph-fuse, mount or temporary file left" "$(ours_left)" ""
siblings_intact "after --via libcephfs,fuse"

bench --via fuse --threads 2 --files 40 --size 0 --json "$TMP/md.json"
is "--via fuse, size 0: exit 0" $rc 0
is "... fio's filecreate created and opened every file" \
	"$(json_eval "$TMP/md.json" "[d['iterations'][0][p]['files'] for p in ('write', 'read')]")" "[40, 40]"
is "... one report, saying which client" \
	"$(json_eval "$TMP/md.json" "[d['configuration']['client'], 'clients' in d]")" "['fuse', False]"
like "... the heading names the engine" "$(grep '^=== ' "$TMP/out")" "fio's filecreate engine"
is "... nothing left" "$(ours_left)" ""

bench --via fuse --async-io --queue-depth 4 --files 2 --size 1M --block-size 64K
is "--via fuse --async-io: exit 0" $rc 0
like "... through fio's libaio" "$(grep '^=== ' "$TMP/out")" "fio's libaio engine"

# fio's main process creates the files before a job's uid= applies.
bench --via fuse --uid 1000
is "--uid through ceph-fuse: refused, saying why" "$(cat "$TMP/err")" \
	"cephfs-tool: --uid: cannot be combined with --via fuse (fio creates the files before its jobs could become that user)"

# fuse_working: the run's ceph-fuse is mounted and fio writes there.
fuse_working() {
	fuse_pid=$(pgrep -f "ceph-fuse.*$TMPDIR")
	[ -n "$fuse_pid" ] && pgrep -P $pid -x fio >/dev/null &&
		[ -n "$(run_dir)" ] &&
		"$CEPHFS_UTIL" ls "$CEPHFS_DIR/$(run_dir)" 2>/dev/null | grep -q .
}
ceph -c "$CEPH_CONF" --connect-timeout 30 fs get "$CEPHFS_FS" -f json >"$TMP/fs.json" &&
	session_timeout=$(json_eval "$TMP/fs.json" "d['mdsmap']['session_timeout']") ||
	bail_out "cannot read $CEPHFS_FS's session_timeout"
"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
	--root-path "$CEPHFS_DIR" --via fuse --threads 2 --files 2000 \
	--size 64K --block-size 4K --fsync-every 4K --duration 60 \
	--mount-timeout $MOUNT_TIMEOUT >"$TMP/out" 2>"$TMP/err" &
pid=$!
# Its end, at most: fio's stop (the tool's grace, then it kills fio); the
# mount busy with fio's files closing, ceph-fuse's exit after the
# unmount (the mount timeout and the tool's margin); the cleanup's mount,
# and its wait on the caps of a ceph-fuse that left without closing its
# MDS session (killed, or its own close timed out): until the MDS's
# session_timeout (a listing waited 62 s after ceph-fuse was killed).
tool_constant stop_grace 3-run/runner.h STOP_GRACE_SEC
tool_constant busy 3-run/fusemount.c BUSY_SEC
tool_constant exit_margin 3-run/fusemount.c EXIT_MARGIN_SEC
signal_when $MOUNT_TIMEOUT fuse_working TERM $pid "fio was writing through ceph-fuse" \
	$((stop_grace + busy + MOUNT_TIMEOUT + exit_margin + MOUNT_TIMEOUT + session_timeout))
is "SIGTERM during a ceph-fuse phase: exit 143" $rc 143
diag "SIGTERM to exit: $elapsed s"
[ "$rc" = 143 ] || tail -n 5 "$TMP/out" "$TMP/err" $(find "$TMPDIR" -name ceph-fuse.log) |
	diag_stream
like "... the phase says it was interrupted" "$(grep '^  Write:' "$TMP/out")" \
	'^  Write: FAILED: interrupted'
is "... no ceph-fuse, mount or temporary file left" "$(ours_left)" ""
siblings_intact "after SIGTERM"
done_testing
