#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The engine under valgrind inside fio (threads, so one process holds all
# jobs and mounts), through each async path: no invalid access anywhere,
# and no definitely lost block allocated from the engine's code.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
need_cluster
command -v valgrind >/dev/null || unavailable "valgrind not installed (scripts/install-deps installs it)"
# make check-asan runs fio through a script that preloads the sanitizers.
head -c 4 "$(command -v "$FIO")" | grep -q ELF ||
	skip_all "fio runs through a wrapper (make check-asan); valgrind cannot watch it"
cephfs_testdir
d=$CEPHFS_DIR

# Blank-line-separated records of $1's log; keep those that are errors.
records() {
	awk -v pat="$2" 'BEGIN { RS = "==[0-9]+== \n" } $0 ~ pat { print; print "----" }' "$1"
}

# Both async paths (iodepth=8), with a metadata job after.
under_valgrind() {
	log=$TMP/vg-$1.log
	TEST_WRAPPER="valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 --fullpath-after= --log-file=$log" \
	cephfs_fio "$TMP/v-$1.json" --thread --name=v --numjobs=2 --nrfiles=2 \
		--filesize=64k --bs=16k --rw=randrw --verify=crc32c --fsync_on_close=1 \
		--iodepth=8 --cephfs_async=$1 --cephfs_perf_dump="$TMP/perf.json" \
		--filename_format="$d/vg-$1.\$jobnum.\$filenum" --unlink=1 \
		--name=md --stonewall --numjobs=1 --nrfiles=8 --cephfs_op=create \
		--filename_format="$d/md-$1.\$filenum" --unlink=1
	ok $? "$1: fio with the engine runs under valgrind"
	grep -q "ERROR SUMMARY" "$log"
	ok $? "$1: valgrind wrote its report"
	invalid=$(records "$log" "Invalid (read|write|free)|uninitialised|Mismatched free")
	is "$1: no invalid access or use of uninitialised memory" "$invalid" ""
	# A frame of the engine's: in its .so, or in its sources, which
	# --fullpath-after= names by their whole path (fio has an options.c
	# too, and "io.c" is the end of "fio.c").
	leaks=$(records "$log" "definitely lost in loss record" | awk 'BEGIN { RS = "----\n" } /fio-cephfs\.so|[(\/]engine\/[a-z_]+\.c:/')
	is "$1: no definitely lost block from the engine" "$leaks" ""
	[ -z "$invalid$leaks" ] || diag "$invalid" "$leaks"
}

under_valgrind emulated
if native_async; then
	under_valgrind native
else
	without ceph_ll_nonblocking_readv_writev 4
fi
done_testing
