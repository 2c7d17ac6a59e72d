#!/bin/sh
# fsync= and fdatasync= reach the cluster as ceph_ll_fsync calls, counted
# by fio exactly as it counts its own psync engine's on a local file;
# end_fsync and fsync_on_close work.
. "$(dirname "$0")/lib.sh"
need_cluster
cephfs_testdir
plan 9
d=$CEPHFS_DIR
syncs() { json_eval "$1" "d['jobs'][0]['sync']['total_ios']"; }
# What fio's JSON says for the same job with psync on a local file.
psync_syncs() {
	"$FIO" --output-format=json --output="$TMP/local.json" --name=local \
		--filename="$TMP/local" --rw=write --bs=4k --size=64k "$@" >/dev/null 2>&1
	syncs "$TMP/local.json"
}

cephfs_fio "$TMP/f.json" --name=f --filename="$d/fsync" --rw=write --bs=4k \
	--size=64k --fsync=4
ok $? "write with fsync=4"
is "fsync count as with psync" "$(syncs "$TMP/f.json")" "$(psync_syncs --fsync=4)"

cephfs_fio "$TMP/fd.json" --name=fd --filename="$d/fdatasync" --rw=write \
	--bs=4k --size=64k --fdatasync=2
ok $? "write with fdatasync=2"
is "fdatasync count as with psync" "$(syncs "$TMP/fd.json")" "$(psync_syncs --fdatasync=2)"

cephfs_fio "$TMP/e.json" --name=e --filename="$d/end" --rw=write --bs=4k \
	--size=64k --end_fsync=1
ok $? "write with end_fsync=1"
is "end_fsync count as with psync" "$(syncs "$TMP/e.json")" "$(psync_syncs --end_fsync=1)"

cephfs_fio "$TMP/c.json" --name=c --nrfiles=4 --filesize=16k --bs=4k \
	--rw=write --openfiles=1 --file_service_type=sequential \
	--filename_format="$d/close.\$filenum" --fsync_on_close=1
ok $? "write with fsync_on_close=1 over four files"
is "no error reported for the close-time fsyncs" \
	"$(json_eval "$TMP/c.json" "d['jobs'][0]['error']")" 0
is "all four files complete" \
	"$(for i in 0 1 2 3; do "$CEPHFS_UTIL" stat "$d/close.$i" | cut -d' ' -f4; done | tr '\n' ' ')" \
	"16384 16384 16384 16384 "
done_testing
