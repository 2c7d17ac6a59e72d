#!/bin/sh
# Cold reads stay cold: every byte a cephfs-tool read phase reads comes
# from the OSD during that run, not from the writer's client cache.  The
# OSD's own counter of bytes sent to clients (osd.op_out_bytes) must grow
# by at least the data read.  The control shows the counter tells the two
# apart: read back on the writer's mount (fio's verify in the same job),
# the same data comes from the client cache and the OSD sends almost none.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root
plan 8

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
done_testing
