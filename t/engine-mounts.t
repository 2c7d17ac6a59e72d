#!/bin/sh
# Mount sharing: threads of one fio process share one mount per
# configuration, cephfs_mount_per_job gives each its own, processes mount
# their own, a later stonewall group mounts afresh (cold reads), and an
# unmount right after the last open does not wait for the client's tick.
. "$(dirname "$0")/lib.sh"
need_cluster
cephfs_testdir
plan 15
d=$CEPHFS_DIR

# fio --debug=process shows the engine's "new mount" / "shared mount"
# lines, on fio's normal output (in JSON mode they would land in the JSON).
traced_fio() {
	$TEST_WRAPPER "$FIO" --debug=process --ioengine=external:"$ENGINE_SO" \
		--cephfs_fs="$CEPHFS_FS" "$@" >"$TMP/fio.out" 2>"$TMP/fio.err"
}
mounts() { grep -c "cephfs: $1 mount" "$TMP/fio.out"; }

# fio mounts in each job's init, after it has started the job, so on a
# loaded machine one job of a group can finish and unmount before the
# next one mounts.  Jobs meant to share a mount meet at a barrier first:
# exec_prerun runs after the engine's init, and returns once N jobs have
# arrived in DIR, or after the mount timeout + TIME_MARGIN (then a count
# below fails the test, instead of it hanging).
barrier() {
	dir=$TMP/barrier-$1
	mkdir "$dir"
	echo "--exec_prerun=sh -c 'mktemp -p $dir >/dev/null; i=0; while [ \$(ls $dir | wc -l) -lt $2 ] && [ \$i -lt $(( (30 + TIME_MARGIN) * 20 )) ]; do sleep 0.05; i=\$((i + 1)); done'"
}
four_jobs() {
	name=$1
	shift
	(cd "$TMP" && traced_fio --name=m --numjobs=4 \
		--filename_format="$d/$name.\$jobnum" --rw=write --bs=64k \
		--size=256k --verify=crc32c "$@")
}

four_jobs shared --thread "$(barrier shared 4)"
ok $? "4 jobs as threads"
is "threads: one new mount" "$(mounts new)" 1
is "threads: three jobs share it" "$(mounts shared)" 3

four_jobs own --thread --cephfs_mount_per_job=1
ok $? "4 jobs as threads with cephfs_mount_per_job=1"
is "own mounts: four new mounts" "$(mounts new)" 4
is "own mounts: none shared" "$(mounts shared)" 0

four_jobs proc
ok $? "4 jobs as processes"
is "processes: one mount each" "$(mounts new)" 4

(cd "$TMP" && traced_fio --thread --filesize=256k --bs=64k \
	--filename_format="$d/group.\$jobnum" --verify=crc32c \
	--name=write --numjobs=2 --rw=write --do_verify=0 "$(barrier write 2)" \
	--name=read --numjobs=2 --rw=read --stonewall "$(barrier read 2)")
ok $? "write group then read group, two threads each"
is "each group mounts afresh" "$(mounts new)" 2
is "within a group the mount is shared" "$(mounts shared)" 2
like "the read group verified all it read" "$(cat "$TMP/fio.out")" "READ: .*io=512KiB"

# A job that unmounts straight after its last open: libcephfs logs "cache
# still has N+M items, waiting" when ceph_unmount finds inodes the last
# MDS reply still holds, and sleeps until the client's next tick.  With
# debug_client=20, before the engine let the dispatcher finish first, 14
# of 20 such unmounts waited; three runs of two give six chances.
runs=0
for run in 1 2 3; do
	(cd "$TMP" && CEPH_ARGS="$CEPH_ARGS --debug-client=20 --log-file=$TMP/client.$run.log" \
		traced_fio --thread --bs=4k --nrfiles=100 \
		--filename_format="$d/tick$run.\$filenum" \
		--name=create --rw=write --cephfs_op=create \
		--name=open --rw=read --cephfs_op=open --stonewall) &&
		runs=$((runs + 1))
done
is "three runs: create then open 100 files with debug_client=20" $runs 3
is "each group unmounted" "$(cat "$TMP"/client.*.log | grep -c ' unmounting$')" 6
is "no unmount waited for the client's tick" \
	"$(cat "$TMP"/client.*.log | grep -c 'cache still has')" 0
done_testing
