#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_perf_dump: the client's perf counters, as JSON, written when the
# (shared) mount is released; they show the engine's calls reached it.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/held.sh"
need_cluster
cephfs_testdir
# Ceph 20 has ceph_get_perf_counters; Ceph 16 needs an admin socket.
if configured ceph_get_perf_counters; then
	perf_call=yes
else
	perf_call=no
	lacks ceph_get_perf_counters
fi
d=$CEPHFS_DIR

cephfs_fio "$TMP/p.json" --thread --name=p --numjobs=2 \
	--filename_format="$d/p.\$jobnum" --rw=write --bs=64k --size=1m \
	--fsync=4 --cephfs_perf_dump="$TMP/perf.json"
ok $? "two jobs sharing a mount, with a perf dump"
# Upstream cephfs-tool's --perf-dump writes past the length
# ceph_get_perf_counters returns (Ceph 20), so its file is not JSON; this
# one is, on both paths.
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/perf.json"
ok $? "the dump is valid JSON (perf-counter call: $perf_call)"
for section in client objecter objectcacher-libcephfs; do
	is "it has a $section section" "$(json_eval "$TMP/perf.json" "'$section' in d")" True
done
is "the client section has mdavg, readavg, writeavg" \
	"$(json_eval "$TMP/perf.json" "all(k in d['client'] for k in ('mdavg', 'readavg', 'writeavg'))")" True
is "one dump for the shared mount counts both jobs' writes" \
	"$(json_eval "$TMP/perf.json" "d['client']['wrlat']['avgcount']")" 32
is "the client saw every fsync fio counted" \
	"$(json_eval "$TMP/perf.json" "d['client']['fsync']['avgcount']")" \
	"$(json_eval "$TMP/p.json" "sum(j['sync']['total_ios'] for j in d['jobs'])")"

# Without ceph_get_perf_counters (Ceph 16) the counters come through an
# admin socket of the mount's own: in a directory made by mkdtemp under
# TMPDIR, private (0700, a random name), removed at unmount.  With the
# call (Ceph 20) there is no socket at all.  Two jobs with a mount each,
# writing at 256 KiB/s for 4 s, so their directories are seen while fio
# runs; fio itself ends within its mount and op timeouts.
sockets=$TMP/tmpdir
mkdir "$sockets"
TMPDIR=$sockets cephfs_fio "$TMP/s.json" --thread --name=s --numjobs=2 \
	--cephfs_mount_per_job=1 --filename_format="$d/s.\$jobnum" --rw=write \
	--bs=64k --size=1m --rate=256k --cephfs_perf_dump="$TMP/s-perf.json" &
fio_pid=$!
seen= modes=
while kill -0 $fio_pid 2>/dev/null; do
	set -- "$sockets"/*
	[ -e "$1" ] && seen="$*"
	if [ -S "$1/client.asok" ] && [ -S "${2:-}/client.asok" ]; then
		modes=$(stat -c %a "$@" | tr '\n' ' ')
		break
	fi
	sleep 0.1
done
wait $fio_pid
ok $? "two jobs with a mount each, with a perf dump"
if [ $perf_call = yes ]; then
	is "ceph_get_perf_counters: no admin socket directory is made" "$seen" ""
else
	set -- $seen
	is "each mount has its directory, holding its admin socket" $# 2
	is "both directories are private: mode 0700" "$modes" "700 700 "
	like "their names are mkdtemp's, unpredictable and distinct" \
		"$(basename -a "$@" | sort -u | tr '\n' ' ')" \
		'^fio-cephfs\.[A-Za-z0-9]{6} fio-cephfs\.[A-Za-z0-9]{6} $'
	TMPDIR=$TMP/no-such-dir cephfs_fio "$TMP/bad.json" --name=bad \
		--filename="$d/bad" --rw=write --bs=4k --size=4k \
		--cephfs_perf_dump="$TMP/perf.json"
	like "a TMPDIR that does not exist fails the job, naming it" \
		"$(cat "$TMP/fio.err")" \
		"mkdtemp: No such file or directory: no directory for the admin socket \\(perf dump\\) in $TMP/no-such-dir \\(TMPDIR\\)"
fi
is "nothing is left in TMPDIR after the unmount" "$(ls -A "$sockets")" ""
is "the dump of the last mount released is whole JSON, counting its job's writes" \
	"$(json_eval "$TMP/s-perf.json" "d['client']['wrlat']['avgcount']")" 16
is "no temporary dump file is left" "$(ls "$TMP" | grep -c 'perf.json.')" 0

cephfs_fio "$TMP/bad.json" --name=bad --filename="$d/bad" --rw=write --bs=4k \
	--size=4k --cephfs_perf_dump=/nonexistent/dir/perf.json
like "an unwritable dump path fails the job before it runs" \
	"$(cat "$TMP/fio.err")" "cephfs_perf_dump=/nonexistent/dir/perf.json: cannot write there"

# The dump replaces a regular file only: a temporary file renamed over a
# device would replace /dev/null for every user of the machine.
mkfifo "$TMP/fifo"
mkdir "$TMP/dir"
for at in fifo dir; do
	cephfs_fio "$TMP/bad.json" --name=bad --filename="$d/bad" --rw=write \
		--bs=4k --size=4k --cephfs_perf_dump="$TMP/$at"
	ok $([ $? != 0 ]; echo $?) "a dump at a $at is refused"
	like "... at init, naming it" "$(cat "$TMP/fio.err")" \
		"^cephfs: cephfs_perf_dump=$TMP/$at: cannot write there: (it exists and is not a regular file|Is a directory)$"
done
[ -p "$TMP/fifo" ]
ok $? "the FIFO is still a FIFO"
echo old >"$TMP/target.json"
ln -s target.json "$TMP/link.json"
cephfs_fio "$TMP/l.json" --name=l --filename="$d/l" --rw=write --bs=4k \
	--size=4k --cephfs_perf_dump="$TMP/link.json"
is "a dump through a symbolic link goes to the file it points to" \
	"$([ -L "$TMP/link.json" ] && json_eval "$TMP/target.json" "d['client']['wrlat']['avgcount']")" 1

# The dump is the client's own count: the job holds after its I/O while
# the test asks its client (through the admin socket the engine made in
# TMPDIR, or with ceph_get_perf_counters the sandbox's), and the dump
# written at release says the same.  Held, the job has mounted
# (cephfs_mount_timeout, 30 s) and written, each flush bounded by
# cephfs_op_timeout (120 s).
rm -rf "$sockets"
mkdir "$sockets"
TMPDIR=$sockets held_fio "$TMP/h.json" --thread --name=h --filename="$d/h" \
	--rw=write --bs=4k --size=64k --fsync=4 --cephfs_perf_dump="$TMP/h-perf.json" \
	"$(hold_option postrun h)"
wait_held "a job with a perf dump holds after its I/O" 1 $((30 + 120))
counts="(d['client']['wrlat']['avgcount'], d['client']['fsync']['avgcount'])"
client_ask "$(ls "$sockets"/fio-cephfs.*/client.asok 2>/dev/null; held_sockets)" \
	perf dump >"$TMP/h-live.json"
live=$(json_eval "$TMP/h-live.json" "$counts")
release_held
is "... fio succeeds" $rc 0
is "the dump counts the writes and fsyncs its running client counted: $live" \
	"$(json_eval "$TMP/h-perf.json" "$counts")" "$live"
done_testing
