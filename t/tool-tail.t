#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --size not a multiple of --block-size: every file is exactly --size
# bytes, its last block short (as the original writes it), and fio's
# bytes are files x size in both phases.  Without --duration a write
# phase that cannot write every file (a quota) fails, saying how many it
# wrote.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
MiB=1048576

phase_bytes() {
	json_eval "$TMP/r.json" "[i[p]['bytes'] for i in d['iterations'] for p in ('write', 'read')]"
}
# sizes_in DIR: the sizes of the files in DIR, sorted, on one line.
sizes_in() {
	for f in $("$CEPHFS_UTIL" ls "$1"); do
		size_of "$1/$f"
	done | sort -n | tr '\n' ' '
}

bench --files 3 --size 3M --block-size 2M --json "$TMP/r.json" --no-cleanup
is "3 MiB files in 2 MiB blocks: exit 0" $rc 0
dir=$CEPHFS_DIR/$(run_dir)
is "... every file is 3 MiB" "$(sizes_in "$dir")" "3145728 3145728 3145728 "
is "... fio's bytes are files x size, written and read" "$(phase_bytes)" \
	"[$((9 * MiB)), $((9 * MiB))]"
is "... every file written and read" \
	"$(json_eval "$TMP/r.json" "[i[p]['files'] for i in d['iterations'] for p in ('write', 'read')]")" \
	"[3, 3]"
"$CEPHFS_UTIL" rmtree "$dir"

bench --threads 2 --files 4 --size $((2 * MiB + 1)) --block-size 2M --no-verify \
	--async-io --queue-depth 4 --json "$TMP/r.json" --no-cleanup
is "1 byte past a block, 2 threads, --async-io: exit 0" $rc 0
dir=$CEPHFS_DIR/$(run_dir)
is "... every file is 2 MiB + 1" "$(sizes_in "$dir")" \
	"2097153 2097153 2097153 2097153 "
is "... fio's bytes are files x size" "$(phase_bytes)" \
	"[$((4 * (2 * MiB + 1))), $((4 * (2 * MiB + 1)))]"
"$CEPHFS_UTIL" rmtree "$dir"

bench --files 2 --size $((2 * MiB + 1)) --block-size 2M
is "a last block too short for verify's headers: exit 2" $rc 2
is "... one line naming the size, the block and --no-verify" "$(cat "$TMP/err")" \
	"cephfs-tool: --size: invalid value '2097153' (its last block, 1 bytes after whole --block-size blocks, is too short for verify's headers: at least 512 bytes, or --no-verify)"
siblings_intact "refused before the run"

# The client checks a write against the directory's recursive size,
# which the MDS updates lazily: a quota below the first write fails it.
"$CEPHFS_UTIL" setxattr "$CEPHFS_DIR" ceph.quota.max_bytes 4096 ||
	bail_out "cannot set a quota on $CEPHFS_DIR"
bench --files 3 --size 64K
is "a write phase past a quota: exit 1" $rc 1
like "... its line has fio's error and how many of the files exist, counted on the cluster" \
	"$(grep '^  Write:' "$TMP/out")" \
	"^  Write: FAILED: .*Disk quota exceeded; [0-3] of 3 files exist in $CEPHFS_DIR/[^ /]+\$"
is "... no read phase" "$(grep -c '^Starting Read Phase' "$TMP/out")" 0
siblings_intact "a write phase past a quota"
done_testing
