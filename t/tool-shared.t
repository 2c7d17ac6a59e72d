#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --shared-file, --async-write-fsync and --lazy-io through the tool, and
# the engine options they set (cephfs_lazyio, cephfs_write_fsync) on
# their own: one file of the size asked, written and verified in parts;
# an fsync counted by the client for every write.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# counter JSON PHASE NAME: a phase's client counter in the tool's JSON.
counter() {
	json_eval "$1" "d['iterations'][0]['$2']['client_counters']['$3']['count']"
}

bench --async-write-fsync --files 2
is "--async-write-fsync without --async-io: exit 2" $rc 2
is "... one line naming both options" "$(cat "$TMP/err")" \
	"cephfs-tool: --async-write-fsync: only with --async-io"

# Left in place, the run shows the file as the phases had it.
bench --shared-file --threads 2 --size 256K --block-size 4K --no-cleanup \
	--json "$TMP/shared.json"
is "--shared-file over 2 threads, verified: exit 0" $rc 0
dir=$CEPHFS_DIR/$(run_dir)
is "... the run directory holds one file" "$("$CEPHFS_UTIL" ls "$dir")" benchmark_0_0
is "... of the size asked" "$(size_of "$dir/benchmark_0_0")" 262144
is "... the report says one file, shared" \
	"$(grep -cE '^  (Files: 1 \| Size: 262144 bytes|Shared file: yes)$' "$TMP/out")" 2
is "... the phases moved the file once each, counted as one file" \
	"$(json_eval "$TMP/shared.json" "[d['iterations'][0][p][k] for p in ('write', 'read') for k in ('bytes', 'files')]")" \
	"[262144, 1, 262144, 1]"
is "... the JSON configuration says so" \
	"$(json_eval "$TMP/shared.json" "[d['configuration'][k] for k in ('files', 'shared_file', 'lazy_io', 'async_write_fsync')]")" \
	"[1, True, False, False]"
"$CEPHFS_UTIL" rmtree "$dir" >/dev/null

bench --shared-file --async-io --threads 4 --size 1M --block-size 4K \
	--json "$TMP/async.json"
is "--shared-file --async-io over 4 threads, verified: exit 0" $rc 0
is "... the 4 parts read back as one file" \
	"$(json_eval "$TMP/async.json" "[d['iterations'][0]['read'][k] for k in ('bytes', 'files', 'files_planned')]")" \
	"[1048576, 1, 1]"

bench --shared-file --lazy-io --async-io --threads 4 --size 1M --block-size 4K \
	--json "$TMP/lazy.json"
is "--shared-file --lazy-io --async-io, verified: exit 0" $rc 0
like "... the report says lazy I/O" "$(cat "$TMP/out")" "  Lazy I/O: yes"
is "... and the JSON" "$(json_eval "$TMP/lazy.json" "d['configuration']['lazy_io']")" True

# Two clients writing one file: where lazy I/O relaxes coherence.
bench --shared-file --lazy-io --per-thread-mount --threads 2 --size 256K \
	--block-size 4K
is "--shared-file --lazy-io over two mounts, without --async-io, verified: exit 0" $rc 0
siblings_intact "shared-file runs cleaned up"

# The client's own counters of the write phase's mount (--perf-dump):
# one fsync per write, and none at close.
bench --async-io --async-write-fsync --files 2 --size 256K --block-size 4K \
	--perf-dump "$TMP/perf.json" --json "$TMP/awf.json"
is "--async-io --async-write-fsync: exit 0" $rc 0
is "... the report says so, and when the write clock stops" \
	"$(grep -cE '^  (Async write\+fsync: yes|Write Timing: each write is on the cluster when it completes .*)$' "$TMP/out")" 2
writes=$(counter "$TMP/awf.json" write writes)
fsyncs=$(counter "$TMP/awf.json" write fsyncs)
is "... the client wrote the 128 blocks" "$writes" 128
ok $([ "$fsyncs" -ge "$writes" ] && [ "$fsyncs" -le $((writes + 2)) ]; echo $?) \
	"... and counted an fsync for each (128 to 130, the phase's own sync included): $fsyncs"
bench --async-io --files 2 --size 256K --block-size 4K \
	--perf-dump "$TMP/perf.json" --json "$TMP/plain.json"
is "--async-io alone: exit 0" $rc 0
ok $([ "$(counter "$TMP/plain.json" write fsyncs)" -le 3 ]; echo $?) \
	"... an fsync per file at close, not per write: $(counter "$TMP/plain.json" write fsyncs)"

# The engine options on their own, counted by the client (cephfs_perf_dump
# writes its counters when the mount goes).
d=$CEPHFS_DIR
cephfs_fio "$TMP/lazy-fio.json" --thread --name=lazy --filename="$d/lazy" \
	--rw=write --bs=4k --size=64k --verify=crc32c --cephfs_lazyio=1
is "cephfs_lazyio=1 write with verify: fio exits 0" $? 0
is "... wrote and verified 64 KiB" \
	"$(json_eval "$TMP/lazy-fio.json" "[d['jobs'][0][k]['io_bytes'] for k in ('write', 'read')]")" \
	"[65536, 65536]"

# fsynced_job NAME ARGS...: a 16-write job under cephfs_write_fsync=1;
# the client's fsyncs and writes in $fsynced.
fsynced_job() {
	name=$1
	shift
	cephfs_fio "$TMP/$name.json" --thread --name="$name" --filename="$d/$name" \
		--rw=write --bs=4k --size=64k --cephfs_write_fsync=1 \
		--cephfs_perf_dump="$TMP/$name-perf.json" "$@"
	rc=$?
	fsynced=$(json_eval "$TMP/$name-perf.json" \
		"'%d %d' % (d['client']['fsync']['avgcount'], d['client']['wrlat']['avgcount'])")
}
fsynced_job sync-wf
is "cephfs_write_fsync=1, iodepth=1: fio exits 0" $rc 0
is "... the client counted 16 fsyncs for 16 writes" "$fsynced" "16 16"
fsynced_job emulated-wf --iodepth=4 --cephfs_async=emulated
is "cephfs_write_fsync=1, emulated iodepth=4: fio exits 0" $rc 0
is "... 16 fsyncs for 16 writes" "$fsynced" "16 16"
is "... fio's own sync count stays 0 (the fsync is part of the write)" \
	"$(json_eval "$TMP/emulated-wf.json" "d['jobs'][0]['sync']['lat_ns']['N']")" 0
# cephfs_async's default: native where libcephfs has the call, else emulated.
fsynced_job default-wf --iodepth=4
is "cephfs_write_fsync=1, iodepth=4 as cephfs_async defaults: fio exits 0" $rc 0
is "... 16 fsyncs for 16 writes (io_info.fsync where native)" "$fsynced" "16 16"
cephfs_fio "$TMP/md.json" --thread --name=md --filename="$d/lazy" --rw=read \
	--bs=4k --cephfs_op=stat --cephfs_lazyio=1
ok $([ $? != 0 ]; echo $?) "cephfs_lazyio with cephfs_op=stat is refused"
like "... saying it is for cephfs_op=io only" "$(cat "$TMP/fio.err")" \
	"^cephfs: cephfs_lazyio=1 is for cephfs_op=io only$"
cephfs_fio "$TMP/md.json" --thread --name=md --filename="$d/lazy" --rw=read \
	--bs=4k --cephfs_op=open --cephfs_write_fsync=1
like "cephfs_write_fsync with cephfs_op=open is refused, saying so" \
	"$? $(cat "$TMP/fio.err")" "^[1-9][0-9]* cephfs: cephfs_write_fsync=1 is for cephfs_op=io only$"
is "files of the engine cases as written" \
	"$(for f in lazy sync-wf emulated-wf default-wf; do size_of "$d/$f"; done | tr '\n' ' ')" \
	"65536 65536 65536 65536 "
done_testing
