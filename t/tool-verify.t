#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Verification that bites: the generated job file, run phase by phase by
# hand, catches bytes changed between the write and the read phase.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

job() {
	name=$1
	shift
	"$TOOL" --fs "$CEPHFS_FS" bench --engine "$ENGINE_SO" --root-path "$CEPHFS_DIR" \
		--threads 2 --files 4 --size 256K --block-size 64K --dry-run \
		--keep-job "$TMP/$name.fio" "$@" >/dev/null
	sed -n 's|^filename_format=\([^/]*\)/.*|\1|p' "$TMP/$name.fio" | head -n 1
}
phase() {
	(cd "$TMP" && $TEST_WRAPPER "$FIO" --section=$2 --output-format=json \
		--output="$TMP/$1-$2.json" "$TMP/$1.fio" >"$TMP/$1-$2.err" 2>&1)
}

dir=$(job verify)
phase verify write
is "the kept job's write phase runs" $? 0
phase verify read
is "its read phase verifies untouched data" $? 0
"$CEPHFS_UTIL" poke "$CEPHFS_DIR/$dir/benchmark_1_0" 70000 XXXX
phase verify read
rc=$?
ok $([ $rc != 0 ]; echo $?) "after 4 bytes changed in one file, the read phase fails"
like "... naming the file and the block's offset" \
	"$(cat "$TMP/verify-read.json" "$TMP/verify-read.err")" \
	"verify failed at file $dir/benchmark_1_0 offset 65536"
is "... in the job's error" \
	"$(sed -n '/^{/,$p' "$TMP/verify-read.json" | python3 -c 'import json,sys; print(sum(1 for j in json.load(sys.stdin)["jobs"] if j["error"]))')" 1

dir=$(job plain --no-verify)
ok $(grep -q '^verify' "$TMP/plain.fio"; [ $? = 1 ]; echo $?) "--no-verify: no verify in the job"
phase plain write
is "--no-verify write phase runs" $? 0
"$CEPHFS_UTIL" poke "$CEPHFS_DIR/$dir/benchmark_1_0" 70000 XXXX
phase plain read
is "--no-verify: the changed bytes go unnoticed" $? 0
like "... the read phase read them all" \
	"$(sed -n '/^{/,$p' "$TMP/plain-read.json" | python3 -c 'import json,sys; print(sum(j["read"]["io_bytes"] for j in json.load(sys.stdin)["jobs"]))')" '^1048576$'
done_testing
