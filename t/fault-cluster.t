#!/bin/sh
# Faults on a private sandbox (its daemons paused, crashed and restarted by
# pid): every run ends, within its bound, either complete and verified or
# with an error that says what happened; never a hang, never a number
# reported for a phase that failed.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/tool-lib.sh"
plan 37
SANDBOX=$top_srcdir/scripts/ceph-sandbox

# fault_fio SECONDS JSON ARGS...: fio with the engine, bounded by SECONDS
# (killed past it, so a hang fails the test instead of hanging it); the
# time it took in $elapsed.
fault_fio() {
	bound=$1
	shift
	start=$(date +%s)
	timeout -k 5 "$bound" "$FIO" --output-format=json --output="$1" \
		--ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
		--thread "$@" >"$TMP/fio.out" 2>"$TMP/fio.err"
	rc=$?
	elapsed=$(( $(date +%s) - start ))
}

# fio_failed CASE REGEX TIMEOUTS EXPECTED: fio exited 1, its stderr
# matching REGEX, within TIMEOUTS seconds (what the case's configured
# timeouts add up to) plus the margin; a row of the matrix.
fio_failed() {
	is "$1: fio fails" $rc 1
	like "... saying why" "$(cat "$TMP/fio.err")" "$2"
	within "..." $elapsed $3
	matrix_row "$1" "$4" $elapsed
}

# The engine's watchdog ends fio when no call has returned for twice the
# op timeout, counted in whole ticks of a second: one more may pass.
watchdog_bound() {
	echo $((2 * $1 + 1))
}

# fio_json FILE EXPR: json_eval on fio's JSON output, past the engine's
# error lines that fio writes into the same file.
fio_json() {
	sed -n '/^{/,$p' "$1" >"$1.clean"
	json_eval "$1.clean" "$2"
}

# after SECONDS COMMAND DAEMON: a sandbox command, in the background, later.
after() {
	delay=$1
	shift
	(sleep "$delay"; "$SANDBOX" "$1" "$PRIVATE_SANDBOX" "$2" >/dev/null 2>&1) &
}

private_sandbox

# A write past a directory's quota fails with EDQUOT (the client refuses
# it, the cluster is fine), and the next job's create in that directory
# goes ahead: in the same fio process and in a new one.  An aborted mount
# would leave the MDS holding its session's caps on the directory until
# session_timeout (60 s): a create waited 61-62 s on Ceph 16 and 20.
"$CEPHFS_UTIL" mkdir /quota 755
"$CEPHFS_UTIL" setxattr /quota ceph.quota.max_bytes 4096
fault_fio 120 "$TMP/quota.json" --name=w --filename=/quota/w --rw=write \
	--bs=64k --size=1m --name=c --stonewall --filename=/quota/c \
	--cephfs_op=create --rw=write --bs=4k --size=4k
is "write past a quota, then a create beside it: fio fails" $rc 1
is "... the write with EDQUOT, the create succeeds" \
	"$(fio_json "$TMP/quota.json" "[j['error'] for j in d['jobs']]")" "[122, 0]"
within "... not waiting for the MDS's session timeout:" $elapsed 0
matrix_row "write past a directory quota, then a create there (same fio)" \
	"write fails EDQUOT, create succeeds at once" $elapsed
fault_fio 120 "$TMP/quota1.json" --name=w --filename=/quota/w1 --rw=write \
	--bs=64k --size=1m
is "write past a quota alone: EDQUOT" \
	"$(fio_json "$TMP/quota1.json" "d['jobs'][0]['error']")" 122
fault_fio 120 "$TMP/quota2.json" --name=c --filename=/quota/c2 \
	--cephfs_op=create --rw=write --bs=4k --size=4k
is "... then a create there from a new fio process succeeds" $rc 0
within "... not waiting for the MDS's session timeout:" $elapsed 0
matrix_row "write past a directory quota, then a create there (new fio)" \
	"create succeeds at once" $elapsed

# An OSD that hangs for 4 s and comes back within the 20 s op timeout.
after 2 freeze osd.0
after 6 thaw osd.0
fault_fio 90 "$TMP/freeze.json" --name=w --filename=/freeze/f --rw=write \
	--bs=64k --size=128m --fsync=16 --verify=crc32c --unlink=1 \
	--cephfs_op_timeout=20
is "OSD paused 4 s mid-write: the job completes" $rc 0
is "... every block written and verified" \
	"$(fio_json "$TMP/freeze.json" "d['jobs'][0]['write']['io_bytes'], d['jobs'][0]['read']['io_bytes'], d['jobs'][0]['error']")" \
	"(134217728, 134217728, 0)"
matrix_row "OSD paused 4 s during a verified write (op timeout 20 s)" \
	"completes, data verified" $elapsed

# The MDS crashes and a new one takes over during a create run.
# (one sequence: a revive racing the kill's pid file cleanup would leave
# the new daemon untracked)
(sleep 2; "$SANDBOX" kill "$PRIVATE_SANDBOX" mds.a &&
	"$SANDBOX" revive "$PRIVATE_SANDBOX" mds.a) >/dev/null 2>&1 &
fault_fio 120 "$TMP/mds.json" --name=create --cephfs_op=create --nrfiles=3000 \
	--openfiles=1 --filename_format='/mds/$filenum' --bs=4k --rw=write \
	--name=unlink --stonewall --cephfs_op=unlink --nrfiles=3000 \
	--openfiles=1 --filename_format='/mds/$filenum' --bs=4k --rw=write \
	--cephfs_op_timeout=30
is "MDS restarted during creates: the run completes" $rc 0
is "... all 3000 files created, then removed" \
	"$(fio_json "$TMP/mds.json" "[j['write']['total_ios'] for j in d['jobs']]")" "[3000, 3000]"
is "... nothing left behind" "$("$CEPHFS_UTIL" exists /mds; echo $?)" 1
matrix_row "MDS crashed and restarted during 3000 creates" \
	"completes once the MDS is active" $elapsed

# The monitor crashes during a run: data and metadata go on without it,
# and the job ends complete.  Before unmounting the engine makes one
# statfs round trip (so libcephfs's dispatcher is done with the last MDS
# reply); that asks the monitor, so the op timeout bounds it.
after 2 kill mon.a
fault_fio 60 "$TMP/monrun.json" --name=w --filename=/monrun/f --rw=write \
	--bs=4k --size=1m --time_based --runtime=4 --unlink=1 \
	--cephfs_op_timeout=5
is "monitor crashed during a write run: the run completes" $rc 0
like "... having written" "$(fio_json "$TMP/monrun.json" "d['jobs'][0]['write']['io_bytes']")" '^[1-9]'
within "... within its runtime and the op timeout" $elapsed $((4 + 5))
matrix_row "monitor crashed during a 4 s write (op timeout 5 s)" \
	"completes; the unmount's statfs gives up after the op timeout" $elapsed
"$SANDBOX" revive "$PRIVATE_SANDBOX" mon.a >/dev/null 2>&1

# The OSD crashes during creates: the MDS cannot journal, its replies stop,
# and no Ceph timeout ends the wait: the engine's watchdog does.  The MDS
# still answers about 500 more creates (it replies before its journal
# write, until some 500 requests wait for it): a fraction of a second with
# sequential file service.  (fio's default, roundrobin, scans all 200000
# files for the one open file before each create: 60 creates/s, so those
# 500 took 8 s on a quiet machine and 30 s on a loaded one.)
after 3 kill osd.0
fault_fio 90 "$TMP/mdhang.json" --name=create --cephfs_op=create \
	--nrfiles=200000 --openfiles=1 --file_service_type=sequential \
	--filename_format='/hang/$filenum' \
	--bs=4k --rw=write --time_based --runtime=60 --cephfs_op_timeout=5
fio_failed "OSD crashed during a create run (op timeout 5 s)" \
	'cephfs: no libcephfs call returned for 10 s .*the cluster is not answering' \
	$((3 + $(watchdog_bound 5))) "fio exits 1: cluster not answering"

# Then the monitor too: a new job cannot mount.
"$SANDBOX" kill "$PRIVATE_SANDBOX" mon.a >/dev/null 2>&1
fault_fio 60 "$TMP/mon.json" --name=w --filename=/mon/f --rw=write --bs=4k \
	--size=4k --cephfs_mount_timeout=5
# (the monitor wait, then at most the session close: twice the timeout)
fio_failed "monitor down before the run (mount timeout 5 s)" \
	'did not answer within 5 s' $((2 * 5)) "fio exits 1: did not answer"

# The tool, when the OSD crashes during its write phase.
private_sandbox
CEPHFS_DIR=/tool
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR" 777
# Its fio runs in $TMP (to find a leftover one), and a hang is killed.
TMPDIR=$TMP
export TMPDIR
TEST_WRAPPER="timeout -k 5 120 $TEST_WRAPPER"
after 4 kill osd.0
bench --mount-timeout 5 --op-timeout 5 --threads 2 --files 400 --size 16M \
	--block-size 1M --duration 30
is "cephfs-tool, OSD crashed mid-write: exit 1" $rc 1
like "... the write phase failed, no throughput" "$(grep '^  Write:' "$TMP/out")" \
	'^  Write: FAILED: '
is "... no read phase after it" "$(grep -c '^Starting Read Phase' "$TMP/out")" 0
is "... no run counted" "$(grep -c 'Statistics (0 runs)' "$TMP/out")" 4
# (measured with debug_client 15: 4 s; the fsync at close of the file
# whose data was cached gets the writeback's ETIMEDOUT after one op
# timeout; the next file's fsync waits on its create, which the MDS can
# no longer journal, until the watchdog; then the cleanup's mount fails:
# the monitor wait and the session close)
within "... the phase, then a cleanup that cannot mount:" $elapsed \
	$((4 + 5 + $(watchdog_bound 5) + 2 * 5))
ok $(pgrep -f "^$FIO .*$TMP" >/dev/null; [ $? = 1 ]; echo $?) \
	"... no fio left behind"
matrix_row "OSD crashed during a cephfs-tool write phase (op timeout 5 s)" \
	"exit 1, phase FAILED, no figures" $elapsed

# The OSD crashes while the last of three files is written, its data in
# the client's cache: that file's fsync (at close, and fio's end fsync)
# gets the writeback's ETIMEDOUT after the op timeout, and fio reports it
# for that file.  The client log (debug_client 15, debug_objectcacher 7)
# shows which object writes failed and what each fsync got: none of a
# file whose writes had failed returned 0 (an error the engine could
# never see).  Files stay within the 4 MiB max_size the MDS grants at
# create, and the crash waits for the create's safe reply: with the OSD
# gone the MDS can journal neither (the watchdog's case above).
private_sandbox
"$CEPHFS_UTIL" mkdir /fsync 755
CLIENT_LOG=$TMP/fsync-client.log
(i=0
until grep -q ' _ll_create [^ ]* f2 .* = 0 ' "$CLIENT_LOG" 2>/dev/null ||
	[ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
i=0
until awk '/ _ll_create [^ ]* f2 .* = 0 /{c=1} c && /already got unsafe/{f=1} END{exit !f}' \
	"$CLIENT_LOG" || [ $i -ge 20 ]; do sleep 0.1; i=$((i + 1)); done
"$SANDBOX" kill "$PRIVATE_SANDBOX" osd.0 && : >"$TMP/osd-killed") >/dev/null 2>&1 &
CEPH_ARGS="--debug_client=15 --debug_objectcacher=7 --log_file=$CLIENT_LOG"
export CEPH_ARGS
fault_fio 90 "$TMP/fsync.json" --name=w --filename_format='/fsync/f$filenum' \
	--nrfiles=3 --filesize=4m --bs=1m --rate=1m --rw=write --openfiles=1 \
	--file_service_type=sequential --fsync_on_close=1 --cephfs_op_timeout=5
unset CEPH_ARGS
wait
ok $([ -f "$TMP/osd-killed" ]; echo $?) "OSD crashed during a write with fsync at close"
is "... fio fails" $rc 1
is "... the job's error is ETIMEDOUT" \
	"$(fio_json "$TMP/fsync.json" "d['jobs'][0]['error']")" 110
like "... named with the fsync of the file being written" \
	"$(grep '^cephfs:' "$TMP/fio.err")" \
	'^cephfs: w: ceph_ll_fsync\(/fsync/f2\): Connection timed out$'
# (3 files at 1 MiB/s, then two fsyncs of the last one: an op timeout each)
within "..." $elapsed $((3 * 4 + 2 * 5))
# Per fsync in the log: the file, what it got, and whether a write of its
# objects had failed before (no write succeeds after the crash).
fsyncs=$(python3 -c 'import re, sys
names, pending, failed, out = {}, {}, set(), []
for line in open(sys.argv[1], errors="replace"):
    f = line.split()
    if len(f) < 2:
        continue
    m = re.search(r" _ll_create \S+ (\S+) \S+ \S+ = 0 \(\S+ ([0-9a-f]+)\)", line)
    if m:
        names[m.group(2)] = m.group(1)
    m = re.search(r" ll_fsync \S+ 0x([0-9a-f]+)", line)
    if m:
        pending[f[1]] = m.group(1)
    m = re.search(r" bh_write_commit ([0-9a-f]+)\.\S+ .* returned -", line)
    if m:
        failed.add(m.group(1))
    m = re.search(r" got (-?[0-9]+) from flush writeback", line)
    if m and f[1] in pending:
        ino = pending.pop(f[1])
        out.append("%s:%s:%s" % (names.get(ino, ino), m.group(1),
                                 "failed" if ino in failed else "ok"))
print(" ".join(out))' "$CLIENT_LOG")
diag "fsyncs (file:result:its writes): $fsyncs"
like "... the client log shows f2's writes failing, and its fsync getting that" \
	"$fsyncs" 'f2:-110:failed'
is "... no fsync of a file whose writes failed returned 0" \
	"$(printf '%s\n' $fsyncs | grep -c ':0:failed$')" 0
matrix_row "OSD crashed while the last file's data is cached (fsync_on_close, op timeout 5 s)" \
	"fio exits 1, ETIMEDOUT on that file's fsync" $elapsed

# A write phase larger than the cluster: ENOSPC, reported as an error.
private_sandbox 201326592
fault_fio 120 "$TMP/full.json" --name=w --filename=/full/f --rw=write \
	--bs=1m --size=1g --rate=40m --fsync=8 --cephfs_op_timeout=20
is "write past a 192 MiB cluster: fio fails" $rc 1
is "... the job's error is ENOSPC" \
	"$(fio_json "$TMP/full.json" "d['jobs'][0]['error']")" 28
like "... named with the call" "$(cat "$TMP/fio.err")" \
	'cephfs: w: ceph_ll_[a-z]+\(/full/f\): No space left on device'
ok $(fio_json "$TMP/full.json" "int(d['jobs'][0]['write']['io_bytes'] >= 1 << 30)") \
	"... less than asked was written, and it is not counted as all of it"
matrix_row "write phase larger than the cluster (192 MiB memstore)" \
	"fio exits 1, error ENOSPC" $elapsed
done_testing
