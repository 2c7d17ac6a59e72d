#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Faults on a private sandbox (its daemons paused, crashed and restarted by
# pid): every run ends, within its bound, either complete and verified or
# with an error that says what happened; never a hang, never a number
# reported for a phase that failed.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"
SANDBOX=$top_srcdir/scripts/ceph-sandbox

# fault_fio SECONDS JSON ARGS...: fio with the engine, bounded by SECONDS
# (killed past it, so a hang fails the test instead of hanging it); the
# time it took in $elapsed, the time it ended (ms) in $fio_end.
fault_fio() {
	bound=$1
	shift
	start=$(date +%s)
	timeout -k 5 "$bound" "$FIO" --output-format=json --output="$1" \
		--ioengine=external:"$ENGINE_SO" --cephfs_fs="$CEPHFS_FS" \
		--thread "$@" >"$TMP/fio.out" 2>"$TMP/fio.err"
	rc=$?
	fio_end=$(now_ms)
	elapsed=$(( fio_end / 1000 - start ))
	[ $rc = 0 ] || diag "fio exit $rc: $(tail -n 3 "$TMP/fio.err")"
}

# fio_failed CASE REGEX TIMEOUTS EXPECTED [SECONDS]: fio exited 1, its
# stderr matching REGEX, within TIMEOUTS seconds (what the case's
# configured timeouts add up to) plus the margin, counted from the fault
# when SECONDS says how long fio ran after it; a row of the matrix.
fio_failed() {
	is "$1: fio fails" $rc 1
	like "... saying why" "$(cat "$TMP/fio.err")" "$2"
	within "..." ${5:-$elapsed} $3
	matrix_row "$1" "$4" $elapsed
}

# The engine's watchdog ends fio when no call has returned for twice the
# op timeout, counted in whole ticks of a second: one more may pass.
watchdog_bound() {
	echo $((2 * $1 + 1))
}

# fio_json FILE EXPR: a Python expression over the last whole JSON
# document in FILE (fio's result, after the engine's error lines and the
# reports of --status-interval that fio writes into the same file); `j`
# is its first job.  Fails while there is none.
fio_json() {
	python3 - "$1" "$2" <<'PY'
import json, re, sys
text, last = open(sys.argv[1], errors="replace").read(), None
for m in re.finditer(r"^\{", text, re.M):
    try:
        last = json.JSONDecoder().raw_decode(text, m.start())[0]
    except ValueError:
        pass
if last is None:
    sys.exit(1)
d, j = last, last["jobs"][0]
print(eval(sys.argv[2]))
PY
}

# fio_reports FILE EXPR: fio's latest report in FILE (--status-interval=1)
# makes EXPR true; a precondition for a fault.
fio_reports() {
	[ "$(fio_json "$1" "bool($2)" 2>/dev/null)" = True ]
}

# sandbox_cmd NAME COMMAND DAEMON: a sandbox command on the private
# sandbox; once it has succeeded, $TMP/NAME.t holds the times (ms) it
# began and returned: a daemon killed or frozen is so from the second, one
# revived or thawed was not before the first.  Its errors go to
# $TMP/NAME.err.
sandbox_cmd() {
	sc_start=$(now_ms)
	"$SANDBOX" "$2" "$PRIVATE_SANDBOX" "$3" >/dev/null 2>"$TMP/$1.err" &&
		echo "$sc_start $(now_ms)" >"$TMP/$1.t"
}

# began NAME, returned NAME: the times sandbox_cmd NAME recorded (empty if
# the command never ran).
began() { cut -d' ' -f1 "$TMP/$1.t" 2>/dev/null; }
returned() { cut -d' ' -f2 "$TMP/$1.t" 2>/dev/null; }

# since_fault NAME: whole seconds from sandbox_cmd NAME's return to fio's
# end (counted from 0 when it never ran, so that no bound holds).
since_fault() {
	fault_at=$(returned "$1")
	echo $(( (fio_end - ${fault_at:-0}) / 1000 ))
}

# fault_fired NAME DESCRIPTION: the fault went, on its precondition.  If
# not, what the sandbox command said and what the cluster says: a case
# whose precondition never came (fio reports nothing while a call blocks)
# fails with the cluster's state, not only with its own.
fault_fired() {
	[ -s "$TMP/$1.t" ]
	ff_fired=$?
	ok $ff_fired "$2"
	[ $ff_fired = 0 ] && return
	diag "$(cat "$TMP/$1.err" 2>/dev/null)"
	diag "$(timeout 30 ceph health detail 2>&1; timeout 30 ceph fs status 2>&1)"
}

# completions LOG T...: of the writes in fio's latency log LOG (written
# with log_unix_epoch=1), how many completed before the first time T (ms),
# between each two, and after the last.
completions() {
	python3 - "$@" <<'PY'
import sys
cuts = [int(t) for t in sys.argv[2:]]
counts = [0] * (len(cuts) + 1)
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.split(",")]
    if f[2] == "1":
        counts[sum(int(f[0]) >= c for c in cuts)] += 1
print(" ".join(map(str, counts)))
PY
}

# mds_serving DAEMON SINCE: when (ms) the daemon's log first says it went to
# up:clientreplay or up:active, after SINCE: when it answered clients again.
mds_serving() {
	python3 - "$PRIVATE_SANDBOX/log/ceph-$1.log" "$2" <<'PY'
import re, sys
from datetime import datetime
when = None
for line in open(sys.argv[1], errors="replace"):
    if re.search(r"state change \S+ --> up:(clientreplay|active)$", line):
        t = int(datetime.strptime(line.split()[0], "%Y-%m-%dT%H:%M:%S.%f%z").timestamp() * 1000)
        if t >= int(sys.argv[2]) and when is None:
            when = t
print(when or "")
PY
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
# The pause starts once fio reports writes (after its mount: the 30 s
# mount timeout); the write phase lasts 8 s at least (128 MiB at 16 MiB/s),
# so the pause falls inside it on any machine.
(await 30 fio_reports "$TMP/freeze.json" "0 < j['write']['io_bytes'] < 128 * 2 ** 20" &&
	sandbox_cmd frozen freeze osd.0 &&
	sleep 4 &&	# the length of the fault, not a wait for anything
	sandbox_cmd thawed thaw osd.0) &
fault_fio 90 "$TMP/freeze.json" --name=w --filename=/freeze/f --rw=write \
	--bs=64k --size=128m --rate=,16m --fsync=16 --verify=crc32c --unlink=1 \
	--cephfs_op_timeout=20 --status-interval=1 \
	--write_lat_log="$TMP/freeze" --log_unix_epoch=1
wait
fault_fired thawed "OSD paused and let go once fio was writing"
is "OSD paused 4 s mid-write: the job completes" $rc 0
is "... every block written and verified" \
	"$(fio_json "$TMP/freeze.json" "j['write']['io_bytes'], j['read']['io_bytes'], j['error']")" \
	"(134217728, 134217728, 0)"
# fio's own log of each write: some done before the pause and after it,
# none from a second into it (the writes the client cache still took, up
# to the next fsync) until it ended.
io=$(completions "$TMP/freeze_clat.1.log" "$(returned frozen)" \
	"$(( $(returned frozen) + 1000 ))" "$(began thawed)")
like "... the writes stalled for the pause, inside the write phase (before, first second, pause, after: $io)" \
	"$io" '^[1-9][0-9]* [0-9]+ 0 [1-9][0-9]*$'
matrix_row "OSD paused 4 s during a verified write (op timeout 20 s)" \
	"completes, data verified" $elapsed

# The MDS crashes and a new one takes over during a create run, once fio
# reports creates (after its 30 s mount timeout); 3000 creates at 500/s
# take 6 s at least.  On a new sandbox: on the one the OSD was paused on,
# creates once stopped in the first second, before any fault, and no MDS
# served for minutes (a loaded machine; the cause was not found).  (one sequence: a revive racing the kill's pid file
# cleanup would leave the new daemon untracked)
private_sandbox
(await 30 fio_reports "$TMP/mds.json" "0 < j['write']['total_ios'] < 3000" &&
	sandbox_cmd mds-down kill mds.a &&
	sandbox_cmd mds-up revive mds.a) &
fault_fio 120 "$TMP/mds.json" --name=create --cephfs_op=create --nrfiles=3000 \
	--openfiles=1 --filename_format='/mds/$filenum' --bs=4k --rw=write \
	--rate_iops=500 --write_lat_log="$TMP/mds" --log_unix_epoch=1 \
	--name=unlink --stonewall --cephfs_op=unlink --nrfiles=3000 \
	--openfiles=1 --filename_format='/mds/$filenum' --bs=4k --rw=write \
	--cephfs_op_timeout=30 --status-interval=1
wait
fault_fired mds-up "MDS crashed and restarted once fio was creating"
is "MDS restarted during creates: the run completes" $rc 0
is "... all 3000 files created, then removed" \
	"$(fio_json "$TMP/mds.json" "[j['write']['total_ios'] for j in d['jobs']]")" "[3000, 3000]"
is "... nothing left behind" "$("$CEPHFS_UTIL" exists /mds; echo $?)" 1
# From the crash until the new MDS's log says it serves clients again, no
# create completed (but in the first second: replies already on their
# way); some did before, and after.
down=$(returned mds-down)
back=$(mds_serving mds.a "${down:-0}")
io=$(completions "$TMP/mds_clat.1.log" "${down:-0}" "$(( ${down:-0} + 1000 ))" "${back:-0}")
like "... no create completed while no MDS served, $(( (${back:-0} - ${down:-0}) / 1000 )) s; some before and after (before, first second, down, after: $io)" \
	"$io" '^[1-9][0-9]* [0-9]+ 0 [1-9][0-9]*$'
matrix_row "MDS crashed and restarted during 3000 creates" \
	"completes once the MDS is active" $elapsed

# The monitor crashes during a run, once fio reports writes (after its
# 30 s mount timeout, with most of the 8 s runtime left): data and
# metadata go on without it, and the job ends complete.  Before unmounting
# the engine makes one statfs round trip (so libcephfs's dispatcher is
# done with the last MDS reply); that asks the monitor, so the op timeout
# bounds it.
(await 30 fio_reports "$TMP/monrun.json" "j['write']['io_bytes'] > 0" &&
	sandbox_cmd mon-down kill mon.a) &
fault_fio 60 "$TMP/monrun.json" --name=w --filename=/monrun/f --rw=write \
	--bs=4k --size=1m --time_based --runtime=8 --unlink=1 \
	--cephfs_op_timeout=5 --status-interval=1 \
	--write_lat_log="$TMP/monrun" --log_unix_epoch=1
wait
fault_fired mon-down "monitor crashed once fio was writing"
is "monitor crashed during a write run: the run completes" $rc 0
io=$(completions "$TMP/monrun_clat.1.log" "$(returned mon-down)")
like "... having written before the crash and after it (fio's log: $io)" \
	"$io" '^[1-9][0-9]* [1-9][0-9]*$'
# The unmount's statfs waits for the monitor until the op timeout: the
# client saw the monitor gone.
last=$(awk -F', ' '$3 == 1 { t = $1 } END { print t }' "$TMP/monrun_clat.1.log")
ok $([ -n "$last" ] && [ $(( fio_end - last )) -ge 5000 ]; echo $?) \
	"... and waited the 5 s op timeout for it after the last write ($(( fio_end - ${last:-0} )) ms)"
# The unmount may also wait for the MDS to close the session, up to
# client_shutdown_timeout (30 s by default): 44 s once on the host.
within "... within its runtime, the op timeout and the shutdown timeout" $elapsed $((8 + 5 + 30))
matrix_row "monitor crashed during an 8 s write (op timeout 5 s)" \
	"completes; the unmount's statfs gives up after the op timeout" $elapsed
"$SANDBOX" revive "$PRIVATE_SANDBOX" mon.a >/dev/null 2>&1

# The OSD crashes during creates, once fio reports them: the MDS cannot
# journal, its replies stop, and no Ceph timeout ends the wait: the
# engine's watchdog does, counted from the crash.  The MDS
# still answers about 500 more creates (it replies before its journal
# write, until some 500 requests wait for it): a fraction of a second with
# sequential file service.  (fio's default, roundrobin, scans all 200000
# files for the one open file before each create: 60 creates/s, so those
# 500 took 8 s on a quiet machine and 30 s on a loaded one.)
(await 30 fio_reports "$TMP/mdhang.json" "j['write']['total_ios'] > 0" &&
	sandbox_cmd osd-down kill osd.0) &
fault_fio 90 "$TMP/mdhang.json" --name=create --cephfs_op=create \
	--nrfiles=200000 --openfiles=1 --file_service_type=sequential \
	--filename_format='/hang/$filenum' --status-interval=1 \
	--bs=4k --rw=write --time_based --runtime=60 --cephfs_op_timeout=5
wait
fault_fired osd-down "OSD crashed once fio was creating"
fio_failed "OSD crashed during a create run (op timeout 5 s)" \
	'cephfs: no libcephfs call returned for 10 s .*the cluster is not answering' \
	$(watchdog_bound 5) "fio exits 1: cluster not answering" \
	$(since_fault osd-down)

# Then the monitor too: a new job cannot mount.  (A second kill is refused:
# a fault that did not happen must not pass for one.)
run_ok "the monitor is killed" "$SANDBOX" kill "$PRIVATE_SANDBOX" mon.a
"$SANDBOX" kill "$PRIVATE_SANDBOX" mon.a 2>"$TMP/err"
is "... and cannot be killed twice: exit 1" $? 1
like "... saying so" "$(cat "$TMP/err")" '^ceph-sandbox: mon.a is not running$'
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
# The crash comes once the phase's data reaches the OSD, after fio's 5 s
# mount timeout.
data_written() { rados -p cephfs_data ls 2>/dev/null | grep -q .; }
(await 5 data_written && sandbox_cmd tool-osd-down kill osd.0) &
bench --mount-timeout 5 --op-timeout 5 --threads 2 --files 400 --size 16M \
	--block-size 1M --duration 30
tool_end=$(now_ms)
wait
fault_fired tool-osd-down "OSD crashed once the tool's write phase had data on it"
is "cephfs-tool, OSD crashed mid-write: exit 1" $rc 1
like "... the write phase failed on the crash (a call timed out), no throughput" \
	"$(grep '^  Write:' "$TMP/out")" \
	'^  Write: FAILED: .*(Connection timed out|the cluster is not answering)'
is "... no read phase after it" "$(grep -c '^Starting Read Phase' "$TMP/out")" 0
is "... no run counted" "$(grep -c 'Statistics (0 runs)' "$TMP/out")" 4
# From the crash (measured with debug_client 15: 4 s): the fsync at close
# of the file whose data was cached gets the writeback's ETIMEDOUT after
# one op timeout; the next file's fsync waits on its create, which the MDS
# can no longer journal, until the watchdog; then the cleanup's mount
# fails: the monitor wait and the session close.
down=$(returned tool-osd-down)
within "... the phase, then a cleanup that cannot mount, from the crash:" \
	$(( (tool_end - ${down:-0}) / 1000 )) $((5 + $(watchdog_bound 5) + 2 * 5))
ok $(pgrep -f "^$FIO .*$TMP" >/dev/null; [ $? = 1 ]; echo $?) \
	"... no fio left behind"
matrix_row "OSD crashed during a cephfs-tool write phase (op timeout 5 s)" \
	"exit 1, phase FAILED, no figures" $elapsed

# The MDS hangs (frozen) during the tool's write phase: fio's watchdog
# ends fio, whose reports then count none of the files it made.  The
# failed phase says how many exist, counted on the cluster; while the MDS
# still hangs, that the count is unknown, and the cleanup that cannot
# mount names the directory it left.  100,000 empty files take longer
# than the freeze takes to come.  (On a new sandbox: the OSD of the one
# above is gone.)
private_sandbox
CEPHFS_DIR=/count
"$CEPHFS_UTIL" mkdir "$CEPHFS_DIR" 777
rundir_has_files() {
	rhf_dir=$(named_run_dir)
	[ -n "$rhf_dir" ] && "$CEPHFS_UTIL" ls "$CEPHFS_DIR/$rhf_dir" 2>/dev/null | grep -q .
}
fio_gone() { ! pgrep -f "^$FIO .*$TMP" >/dev/null; }

# (after fio's 10 s mount timeout; the last run's report and errors must
# not name a directory for this one)
rm -f "$TMP/out" "$TMP/err"
(await 10 rundir_has_files && sandbox_cmd left-frozen freeze mds.a) &
bench --mount-timeout 10 --op-timeout 5 --threads 2 --files 100000 --size 0
tool_end=$(now_ms)
wait
fault_fired left-frozen "MDS frozen once the write phase had made files"
is "cephfs-tool, MDS frozen to the end: exit 1" $rc 1
dir=$(named_run_dir)
like "... the count of files is unknown, saying why" "$(grep '^  Write:' "$TMP/out")" \
	"; how many of 100000 files exist in $CEPHFS_DIR/$dir is unknown: cannot mount .*client_mount_timeout"
# The cleanup's mount fails (the cleanup then names the directory and
# removes the TMPDIR folder), or, the MDS long silent, mounts and its
# listing waits until the tool's own watchdog ends the tool, naming both.
tmp_dir=$(sed -n "s|^cephfs-tool: this run works in [^ ]* and \([^ ;]*\);.*|\1|p" "$TMP/err")
removal="cephfs-tool --fs $CEPHFS_FS --root-path $CEPHFS_DIR cleanup $CEPHFS_DIR/$dir"
like "... the cleanup's failure names the directory it left, and how to remove it" \
	"$(grep '^cephfs-tool: ' "$TMP/err" | tail -n 1)" \
	"^cephfs-tool: (cleanup: cannot mount .*; $CEPHFS_DIR/$dir is left, remove it with: $removal|$CEPHFS_DIR/$dir and $tmp_dir are left; remove them with: $removal; rm -r --one-file-system $tmp_dir)\$"
ok $([ -n "$tmp_dir" ] && { [ ! -e "$tmp_dir" ] ||
	grep -q "^cephfs-tool: .* and $tmp_dir are left" "$TMP/err"; }; echo $?) \
	"... its folder in TMPDIR ($tmp_dir) is removed, or named as left"
# From the freeze: fio's watchdog, then the count's and the cleanup's
# mounts, each waiting the mount timeout and then the session close.
frozen=$(returned left-frozen)
within "... the phase, the count and the cleanup, from the freeze:" \
	$(( (tool_end - ${frozen:-0}) / 1000 )) $(($(watchdog_bound 5) + 2 * 2 * 10))
sandbox_cmd left-thawed thaw mds.a
ok $(await 10 rundir_has_files; echo $?) "... the directory it names is there, with files, once the MDS is let go"
matrix_row "MDS frozen during a cephfs-tool write phase and its cleanup (op timeout 5 s, mount timeout 10 s)" \
	"exit 1, count unknown, cleanup names the directory it left" $elapsed

# The dead fio's caps in the root would hold the next run's mkdir until
# the MDS finds its session stale: evicted, as an operator would, by id
# (Ceph 18 and 20 refuse a `client evict` without a filter).
timeout 30 ceph tell mds.a session ls --format=json >"$TMP/sessions.json" 2>"$TMP/evict.out" ||
	bail_out "cannot list the MDS's sessions: $(tail -n 3 "$TMP/evict.out")"
for id in $(python3 -c 'import json, sys
print(" ".join(str(s["id"]) for s in json.load(open(sys.argv[1]))))' "$TMP/sessions.json"); do
	timeout 30 ceph tell mds.a client evict "id=$id" >"$TMP/evict.out" 2>&1 ||
		bail_out "cannot evict the dead fio's session $id: $(tail -n 3 "$TMP/evict.out")"
done

# The MDS let go once fio has ended: the count lists the run directory,
# where the dead fio's caps hold the listing until the MDS finds fio's
# session stale and revokes them: once let go, it waits session_timeout
# (30 s here; 60 s by default) before it finds any session stale, then a
# tick of its own (5 s).  The tool's own watchdog would end the tool
# after twice the op timeout: 25 s makes that 50 s.
ceph fs set "$CEPHFS_FS" session_timeout 30 >/dev/null 2>&1 ||
	bail_out "cannot set $CEPHFS_FS's session_timeout"
rm -f "$TMP/out" "$TMP/err"
(await 10 rundir_has_files && sandbox_cmd count-frozen freeze mds.a &&
	await $(watchdog_bound 25) fio_gone &&
	sandbox_cmd count-thawed thaw mds.a) &
bench --mount-timeout 10 --op-timeout 25 --threads 2 --files 100000 --size 0 \
	--no-cleanup
tool_end=$(now_ms)
wait
fault_fired count-thawed "MDS frozen once the write phase had made files, let go once fio had ended"
is "cephfs-tool, MDS frozen mid-write: exit 1" $rc 1
dir=$(named_run_dir)
write=$(grep '^  Write:' "$TMP/out")
# The count waits on the dead fio's caps; where the MDS keeps them past
# the count's bound (seen once on Ceph 20), the line says the count is
# unknown and why, never a figure.
like "... the write phase failed, saying how many files exist, or that it cannot tell" "$write" \
	"^  Write: FAILED: .+; ([0-9]+ of 100000 files exist in $CEPHFS_DIR/$dir|how many of 100000 files exist in $CEPHFS_DIR/$dir is unknown: .+)\$"
count=$(echo "$write" | sed -n 's/.*; \([0-9]*\) of 100000 files exist in .*/\1/p')
if [ -n "$count" ]; then
	is "... as many as the run directory holds" "$count" \
		"$("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | grep -c '^benchmark_')"
else
	like "... no figure where the count is unknown" "$write" "is unknown: "
fi
# From the freeze: fio's watchdog, then the count: its mount (the mount
# timeout) and its listing, until the session timeout and a tick.
frozen=$(returned count-frozen)
within "... the phase and the count, from the freeze:" \
	$(( (tool_end - ${frozen:-0}) / 1000 )) $(($(watchdog_bound 25) + 10 + 30 + 5))
matrix_row "MDS frozen during a cephfs-tool write phase, let go after fio's watchdog (op timeout 25 s)" \
	"exit 1, phase FAILED with the count of files on the cluster" $elapsed

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
f2_created() { grep -q ' _ll_create [^ ]* f2 .* = 0 ' "$CLIENT_LOG" 2>/dev/null; }
f2_safe() {
	awk '/ _ll_create [^ ]* f2 .* = 0 /{c=1} c && /already got unsafe/{f=1} END{exit !f}' \
		"$CLIENT_LOG"
}
# f2 is created after fio's mount (the 30 s mount timeout) and two files at
# the rate, 4 s each; no configured timeout bounds the MDS's journal write
# that makes the create safe.
(await $((30 + 2 * 4)) f2_created && await 0 f2_safe &&
	sandbox_cmd fsync-osd-down kill osd.0) &
CEPH_ARGS="--debug_client=15 --debug_objectcacher=7 --log_file=$CLIENT_LOG"
export CEPH_ARGS
fault_fio 90 "$TMP/fsync.json" --name=w --filename_format='/fsync/f$filenum' \
	--nrfiles=3 --filesize=4m --bs=1m --rate=1m --rw=write --openfiles=1 \
	--file_service_type=sequential --fsync_on_close=1 --cephfs_op_timeout=5
unset CEPH_ARGS
wait
fault_fired fsync-osd-down "OSD crashed during a write with fsync at close, once f2's create was safe"
is "... fio fails" $rc 1
is "... the job's error is ETIMEDOUT" \
	"$(fio_json "$TMP/fsync.json" "j['error']")" 110
like "... named with the fsync of the file being written" \
	"$(grep '^cephfs:' "$TMP/fio.err")" \
	'^cephfs: w: ceph_ll_fsync\(/fsync/f2\): Connection timed out$'
# Counted from the crash: what was left of f2 at 1 MiB/s, then two fsyncs
# of it, an op timeout each.  Before the crash the run waits for the MDS's
# journal write that makes f2's create safe, which no timeout bounds:
# counted from fio's start, 37 s was exceeded (46-47 s) on Ceph 20 with
# three suites running at once.
within "..." $(since_fault fsync-osd-down) $((4 + 2 * 5))
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
ok $(fio_json "$TMP/full.json" "int(d['jobs'][0]['write']['io_bytes'] >= 2 ** 30)") \
	"... less than asked was written, and it is not counted as all of it"
matrix_row "write phase larger than the cluster (192 MiB memstore)" \
	"fio exits 1, error ENOSPC" $elapsed
done_testing
