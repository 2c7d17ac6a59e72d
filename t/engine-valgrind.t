#!/bin/sh
# The engine under valgrind inside fio (threads, so one process holds all
# jobs and mounts): no invalid access anywhere, and no definitely lost
# block allocated from the engine's code.
. "$(dirname "$0")/lib.sh"
need_cluster
command -v valgrind >/dev/null || skip_all "valgrind not installed"
# make check-asan runs fio through a script that preloads the sanitizers.
head -c 4 "$(command -v "$FIO")" | grep -q ELF ||
	skip_all "fio runs through a wrapper (make check-asan); valgrind cannot watch it"
cephfs_testdir
plan 4
d=$CEPHFS_DIR

TEST_WRAPPER="valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 --log-file=$TMP/vg.log" \
cephfs_fio "$TMP/v.json" --thread --name=v --numjobs=2 --nrfiles=2 \
	--filesize=64k --bs=16k --rw=randrw --verify=crc32c --fsync_on_close=1 \
	--iodepth=8 --cephfs_perf_dump="$TMP/perf.json" \
	--filename_format="$d/vg.\$jobnum.\$filenum" --unlink=1 \
	--name=md --stonewall --numjobs=1 --nrfiles=8 --cephfs_op=create \
	--filename_format="$d/md.\$filenum" --unlink=1
ok $? "fio with the engine runs under valgrind"
grep -q "ERROR SUMMARY" "$TMP/vg.log"
ok $? "valgrind wrote its report"

# Blank-line-separated records; keep those that are errors.
records() {
	awk -v pat="$1" 'BEGIN { RS = "==[0-9]+== \n" } $0 ~ pat { print; print "----" }' "$TMP/vg.log"
}
invalid=$(records "Invalid (read|write|free)|uninitialised|Mismatched free")
is "no invalid access or use of uninitialised memory" "$invalid" ""
leaks=$(records "definitely lost in loss record" | awk 'BEGIN { RS = "----\n" } /fio-cephfs\.so|cephfs\.c|mount_cache\.c/')
is "no definitely lost block from the engine" "$leaks" ""
[ -z "$invalid$leaks" ] || diag "$invalid" "$leaks"
done_testing
