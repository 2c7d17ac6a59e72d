#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# One job with each way fio makes data durable or takes it back, verified:
# rw=trimwrite (each block trimmed, then written) with fdatasync= between
# the writes, verify=crc32c, and at the end end_syncfs where this fio has
# it (fio 3.42 and later: the engine syncs its whole mount, ceph_sync_fs),
# else end_fsync.  fio 3.42 moved the sync directions (DDIR_SYNCFS before
# DDIR_WAIT) and the engine flags by a bit: an engine that misread either
# fails this job.  (fio 3.33 issues no fdatasync in a trimwrite job: there
# the client sees none, as fio counts none.)
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
size=262144
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR" 0755 >/dev/null ||
	bail_out "cannot make $CEPHFS_DIR"
# The end-of-job sync, and the line the client logs for each (debug 10).
if "$FIO" --cmdhelp=end_syncfs 2>/dev/null | grep -q '^ *end_syncfs:'; then
	end=--end_syncfs=1 synced=' _sync_fs$' what="the client's whole mount"
else
	end=--end_fsync=1 synced=' ll_fsync ' what="the file"
fi

# durable_fio JSON_OUT CLIENT_LOG ARGS...: the job, file names relative
# to cephfs_root in the local working directory's name space (fio stats
# the local directory of each file name to group them for end_syncfs),
# the client's log at the level that logs each sync of the whole mount.
durable_fio() {
	json=$1 log=$2
	shift 2
	CEPH_ARGS="--log-to-stderr=false --log-file=$log --debug-client=10" \
		cephfs_fio "$json" --name=durable --cephfs_root="$CEPHFS_DIR" \
		--filename=durable --bs=4k --size=$size "$@"
}

durable_fio "$TMP/d.json" "$TMP/d.log" --rw=trimwrite --fdatasync=4 \
	--verify=crc32c "$end"
rc=$?
is "trimwrite, fdatasync=4, verify and $end: fio succeeds" "$rc $(cat "$TMP/fio.err")" "0 "
job() { json_eval "$TMP/d.json" "d['jobs'][0]$1"; }
is "... no error in the job" "$(job "['error']")" 0
is "... all of it trimmed" "$(job "['trim']['io_bytes']")" $size
is "... all of it written" "$(job "['write']['io_bytes']")" $size
is "... and verified, every block read back" "$(job "['read']['io_bytes']")" $size
# end_fsync is one ll_fsync more than fio times; end_syncfs is none.
fsyncs=$(job "['sync']['lat_ns']['N']")
[ "$end" = --end_syncfs=1 ] || fsyncs=$((fsyncs + 1))
is "... each fdatasync fio timed reached the client" "$(grep -c ' ll_fsync ' "$TMP/d.log")" "$fsyncs"
is "... the file keeps its size" "$(size_of "$CEPHFS_DIR/durable")" $size

# The end-of-job sync reaches the client: one sync more than the same
# job without it.
durable_fio "$TMP/e.json" "$TMP/e.log" --rw=write "$end"
ok $? "$end alone: fio succeeds"
durable_fio "$TMP/n.json" "$TMP/n.log" --rw=write
ok $? "the same job without it succeeds"
is "$end syncs $what once more" "$(grep -c "$synced" "$TMP/e.log")" \
	"$(( $(grep -c "$synced" "$TMP/n.log") + 1 ))"
done_testing
