#!/bin/sh
# cephfs_perf_dump: the client's perf counters, as JSON, written when the
# (shared) mount is released; they show the engine's calls reached it.
. "$(dirname "$0")/lib.sh"
need_cluster
cephfs_testdir
plan 10
d=$CEPHFS_DIR

cephfs_fio "$TMP/p.json" --thread --name=p --numjobs=2 \
	--filename_format="$d/p.\$jobnum" --rw=write --bs=64k --size=1m \
	--fsync=4 --cephfs_perf_dump="$TMP/perf.json"
ok $? "two jobs sharing a mount, with a perf dump"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/perf.json"
ok $? "the dump is valid JSON"
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
ls /tmp/fio-cephfs.*.asok >/dev/null 2>&1
ok $([ $? != 0 ]; echo $?) "no admin socket left behind"

cephfs_fio "$TMP/bad.json" --name=bad --filename="$d/bad" --rw=write --bs=4k \
	--size=4k --cephfs_perf_dump=/nonexistent/dir/perf.json
like "an unwritable dump path fails the job before it runs" \
	"$(cat "$TMP/fio.err")" "cephfs_perf_dump=/nonexistent/dir/perf.json: cannot write there"
done_testing
