#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fsync=, fdatasync=, end_fsync and fsync_on_close reach the cluster as
# ceph_ll_fsync calls: the client itself counts them (its perf counter
# client.fsync, read through its admin socket while the job holds its
# mount after its I/O), and fio counts them as it counts its own psync
# engine's on a local file.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/held.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
# A held job has mounted (cephfs_mount_timeout, 30 s) and written 64 KiB,
# each flush to the OSD bounded by cephfs_op_timeout (120 s).
HOLD_TIMEOUTS=$((30 + 120))
# The syncs fio timed: its sync total_ios leaves fdatasyncs out.
syncs() { json_eval "$1" "d['jobs'][0]['sync']['lat_ns']['N']"; }
# What fio's JSON says for the same job with psync on a local file.
psync_syncs() {
	"$FIO" --output-format=json --output="$TMP/local.json" --name=local \
		--filename="$TMP/local" --rw=write --bs=4k --size=64k "$@" >/dev/null 2>&1
	syncs "$TMP/local.json"
}

# synced CASE NAME ARGS...: job NAME held after its I/O; the fsyncs its
# client counted in $client_fsyncs.  Three tests.
synced() {
	case=$1 name=$2
	shift 2
	held_fio "$TMP/$name.json" --thread --name="$name" --rw=write --bs=4k \
		"$@" "$(hold_option postrun "$name")"
	wait_held "$case: the job holds its mount after its I/O" 1 $HOLD_TIMEOUTS
	set -- $(held_sockets)
	is "... one client, with an admin socket" $# 1
	client_fsyncs=$(client_ask "${1:-none}" perf dump | python3 -c \
		'import json, sys; print(json.load(sys.stdin)["client"]["fsync"]["avgcount"])')
	release_held
	is "$case: fio succeeds" $rc 0
}

synced "fsync=4" f --filename="$d/fsync" --size=64k --fsync=4
like "the client counted fio's fsyncs, some" "$client_fsyncs $(syncs "$TMP/f.json")" '^([1-9][0-9]*) \1$'
is "fsync count as with psync" "$(syncs "$TMP/f.json")" "$(psync_syncs --fsync=4)"

synced "fdatasync=2" fd --filename="$d/fdatasync" --size=64k --fdatasync=2
like "the client counted fio's fdatasyncs, some" "$client_fsyncs $(syncs "$TMP/fd.json")" '^([1-9][0-9]*) \1$'
is "fdatasync count as with psync" "$(syncs "$TMP/fd.json")" "$(psync_syncs --fdatasync=2)"

# fio leaves the end-of-job fsync out of its sync counts, with psync too.
synced "end_fsync=1" e --filename="$d/end" --size=64k --end_fsync=1
is "the client counted the one end-of-job fsync" "$client_fsyncs" 1
is "end_fsync count as with psync" "$(syncs "$TMP/e.json")" "$(psync_syncs --end_fsync=1)"

synced "fsync_on_close=1 over four files" c --nrfiles=4 --filesize=16k \
	--openfiles=1 --file_service_type=sequential \
	--filename_format="$d/close.\$filenum" --fsync_on_close=1
is "the client counted one fsync per file closed" "$client_fsyncs" 4
is "no error reported for the close-time fsyncs" \
	"$(json_eval "$TMP/c.json" "d['jobs'][0]['error']")" 0
is "all four files complete" \
	"$(for i in 0 1 2 3; do "$CEPHFS_UTIL" stat "$d/close.$i" | cut -d' ' -f4; done | tr '\n' ' ')" \
	"16384 16384 16384 16384 "
done_testing
