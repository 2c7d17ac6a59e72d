#!/bin/sh
# The command line without a cluster: usage errors (one line, exit 2),
# --help, --dry-run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tool-lib.sh"
plan 19

usage() {
	"$TOOL" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

usage bench --threads 0
is "--threads 0: exit 2 (the original dies of SIGFPE)" $rc 2
is "... one line naming option and value" "$(cat "$TMP/err")" \
	"cephfs-tool: --threads: invalid value '0' (must be 1 to 1024)"
is "... nothing on stdout" "$(cat "$TMP/out")" ""
usage bench --size abc
is "--size abc: exit 2 (the original runs it as size 0)" $rc 2
like "... says so" "$(cat "$TMP/err")" "^cephfs-tool: --size: invalid value 'abc'"
usage bench --files 0
is "--files 0: exit 2 (the original prints -nan)" $rc 2
usage bench --iterations 0
is "--iterations 0: exit 2 (the original prints an empty report)" $rc 2
usage bench --async-io --per-thread-mount
is "--async-io with --per-thread-mount: exit 2" $rc 2
usage bench --bogus
is "unknown option: exit 2" "$rc $(cat "$TMP/err")" "2 cephfs-tool: unknown option '--bogus'"

usage --help
is "--help: exit 0" $rc 0
like "--help lists the bench options" "$(cat "$TMP/out")" '--queue-depth N'

CEPH_CONF=/nonexistent usage --fs x bench --threads 2 --files 3 --size 8K \
	--block-size 4K --root-path /r --engine /e.so --fio /f --dry-run \
	--keep-job "$TMP/kept.fio"
is "--dry-run: exit 0 without a cluster" $rc 0
like "--dry-run prints the job file" "$(cat "$TMP/out")" '^ioengine=external:/e.so$'
is "--dry-run prints a fio command per phase" \
	"$(grep -c "^/f --section=\(write\|read\) --output-format=json+ .*$TMP/kept.fio\$" "$TMP/out")" 2
is "--keep-job with --dry-run writes the same job file" \
	"$(sed -n '/^\[global\]/,/^; ---/p' "$TMP/out" | sed '$d')" \
	"$(sed -n '/^\[global\]/,$p' "$TMP/kept.fio")"
is "--dry-run: two write and two read sections (3 files over 2 threads)" \
	"$(grep -c '^\[write\]$' "$TMP/kept.fio") $(grep -c '^\[read\]$' "$TMP/kept.fio")" "2 2"

usage bench --clients a:8801,b:x
is "--clients with a bad port: exit 2, naming it" "$rc $(cat "$TMP/err")" \
	"2 cephfs-tool: --clients: invalid client host 'b:x' (port must be 1 to 65535)"
CEPH_CONF=/nonexistent usage bench --files 2 --clients a:8801,b --dry-run \
	--keep-job "$TMP/c.fio" --plot p.svg
is "--dry-run --clients: a job file per host, each in its own directory" \
	"$(grep -h '^filename_format=' "$TMP/c.fio.a_8801" "$TMP/c.fio.b_8765" | sed 's/bench_run_[0-9a-f]*//')" \
	"filename_format=/a_8801/benchmark_0_\$filenum
filename_format=/a_8801/benchmark_0_\$filenum
filename_format=/b_8765/benchmark_0_\$filenum
filename_format=/b_8765/benchmark_0_\$filenum"
is "... and one fio --client per phase, every host with its job file" \
	"$(grep -c -- "--eta=never --client=ip:a,8801 $TMP/c.fio.a_8801 --section=\(write\|read\) --client=ip:b,8765 $TMP/c.fio.b_8765 --section=\(write\|read\)\$" "$TMP/out")" 2
done_testing
