#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Cold reads stay cold: every byte a cephfs-tool read phase reads comes
# from the OSD during that run, not from the writer's client cache.  The
# OSD's own counter of bytes sent to clients (osd.op_out_bytes) must grow
# by at least the data read.  The control shows the counter tells the two
# apart: read back on the writer's mount (fio's verify in the same job),
# the same data comes from the client cache and the OSD sends almost none.
# And the read phase times what the original's does: each file's lookup
# at the MDS is its open's, inside the phase's clock.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

FILES=8
SIZE=$((4 * 1048576))
TOTAL=$((FILES * SIZE))

# Bytes the OSD has sent in replies to reads, since it started.
osd_read_bytes() {
	ceph -c "$CEPH_CONF" --connect-timeout 30 tell osd.0 perf dump 2>"$TMP/ceph.err" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["osd"]["op_out_bytes"])'
}

before=$(osd_read_bytes)
like "the OSD's read counter can be read" "$before" '^[0-9]+$'

# The tool writes nothing it reads back here (no verify): the OSD sends
# data only for the read phase.
bench --threads 2 --files $FILES --size 4M --block-size 1M --no-verify
is "the run exits 0" $rc 0
like "the read phase ran" "$(grep '^  Read: ' "$TMP/out")" '^  Read:  [0-9.e+]+ MiB/s, [0-9.e+]+ files/s'

after=$(osd_read_bytes)
sent=$((after - before))
ok $([ "$sent" -ge "$TOTAL" ]; echo $?) \
	"the OSD sent at least the $TOTAL bytes read during the run (sent $sent)"
siblings_intact "cold read"

# Control: written and verified in one job, so on one mount.
before=$(osd_read_bytes)
cephfs_fio "$TMP/warm.json" --name=warm --filename="$CEPHFS_DIR/warm" \
	--rw=write --bs=1m --size=$TOTAL --verify=crc32c --do_verify=1 \
	--verify_state_save=0
ok $? "control: written and verified in one fio job"
after=$(osd_read_bytes)
sent=$((after - before))
ok $([ "$sent" -lt $((TOTAL / 4)) ]; echo $?) \
	"control: a read on the writer's mount comes from its cache (the OSD sent $sent of $TOTAL bytes)"
# The MDS lookups of the kept read phase, run again on a fresh mount with
# the client log on: "after/files", how many of the run's files were
# looked up by their own open (the engine's ll_walk) rather than before
# it.  A size check of every file before fio's clock starts (the engine
# lays out missing or short files unless allow_file_create=0) would look
# them all up first, and the timed opens find them cached.
lookups_by_open() {
	rm -f "$TMP/client.log"
	CEPH_ARGS="--log-to-stderr=false --debug-client=10 --log-file=$TMP/client.log" \
		$TEST_WRAPPER "$FIO" --section=read --output="$TMP/read.out" "$1" 2>"$TMP/read.err" ||
		{ echo "fio failed: $(tail -n 1 "$TMP/read.err")"; return; }
	python3 - "$TMP/client.log" "$2" <<'PY'
import re, sys
walked, looked_up = {}, {}
for n, line in enumerate(open(sys.argv[1], errors="replace")):
    for seen, pattern in ((walked, r" ll_walk \S*/(%s\S*)$"),
                          (looked_up, r" lookup #\S*/(%s\S*) ")):
        m = re.search(pattern % re.escape(sys.argv[2]), line)
        if m:
            seen.setdefault(m.group(1), n)
files = set(walked) | set(looked_up)
after = sum(1 for f in files if f in walked and looked_up.get(f, -1) > walked[f])
print("%d/%d" % (after, len(files)))
PY
}

bench --files 3 --size 64K --no-verify --no-cleanup --prefix lk_ \
	--keep-job "$TMP/job.fio"
is "a run keeping its job and files: exit 0" $rc 0
is "the read phase looks each file up as it opens it, inside its clock" \
	"$(lookups_by_open "$TMP/job.fio" lk_)" 3/3
sed 's/^allow_file_create=0$/allow_file_create=1/' "$TMP/job.fio" >"$TMP/sized.fio"
ok $(grep -q '^allow_file_create=1$' "$TMP/sized.fio"; echo $?) \
	"control: the job with fio's default allow_file_create=1"
is "control: then every file is looked up before the opens" \
	"$(lookups_by_open "$TMP/sized.fio" lk_)" 0/3
done_testing
