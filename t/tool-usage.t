#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The command line without a cluster: usage errors (one line, exit 2),
# --help, --dry-run.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/matrix.sh"
. "$top_srcdir/t/tool-lib.sh"

usage() {
	start=$(date +%s)
	"$TOOL" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	elapsed=$(( $(date +%s) - start ))
}

# refused CASE REGEX ARGS...: exit 2 and one line on stderr naming what is
# wrong; a row of the reliability matrix.
refused() {
	desc=$1 regex=$2
	shift 2
	usage "$@"
	is "$desc: exit 2" $rc 2
	like "$desc: one line saying what is wrong" \
		"$(wc -l <"$TMP/err") $(cat "$TMP/err")" "^1 cephfs-tool: $regex"
	matrix_row "cephfs-tool: $desc" "exit 2, one line" $elapsed
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
	"$(grep -c -- "--output=[^ ]* --client=ip:a,8801 $TMP/c.fio.a_8801 --section=\(write\|read\) --client=ip:b,8765 $TMP/c.fio.b_8765 --section=\(write\|read\)\$" "$TMP/out")" 2

# Upstream ignores --files in shared-file mode, and says so.
CEPH_CONF=/nonexistent usage bench --shared-file --files 8 --threads 2 --size 8K \
	--block-size 4K --engine /e.so --fio /f --dry-run
is "--shared-file --files 8: runs, one line saying --files is ignored" \
	"$rc $(cat "$TMP/err")" \
	"0 cephfs-tool: --files is ignored in shared-file mode (one file)"
is "... with one file in the job file" "$(grep -c '^nrfiles=1$' "$TMP/out")" 4

# Every numeric option of the tool, out of range and unparsable.
E="--engine $ENGINE_SO --fio $FIO"
for case in "--threads 1025" "--iterations 0" "--files 0" "--size 5Q" \
	"--block-size 0" "--fsync-every -1" "--duration -1" \
	"--progress-interval 101" "--queue-depth 0" "--uid -2" "--gid x" \
	"--client-oc 2" "--client-oc-size 1.5G" "--msgr-workers 25" \
	"--mount-timeout 86401" "--op-timeout x"; do
	set -- $case
	refused "$1 $2" "$1: invalid value '$2'" bench $case
done
# Blocks too short for verify's header (fio aborted on --size 1 with heap
# corruption): the file's only block, each block, the short last block.
for case in "--size 1" "--size 44" "--size 511 --block-size 4K" \
	"--size 4K --block-size 1" "--size 1M --block-size 100" \
	"--size 1000 --block-size 512"; do
	# shellcheck disable=SC2086 # a case is several options
	refused "$case with verify" \
		"--(block-)?size: invalid value '[0-9]+' \\(.* too short for verify's headers: at least 512 bytes, or --no-verify\\)\$" \
		bench $E $case
done
refused "option given twice" "--threads: given twice" bench --threads 2 --threads 3
refused "aliases given together" "--filesystem: given twice" --fs a --filesystem b bench
refused "an abbreviation of several options" \
	"option '--no' is ambiguous; possibilities: --no-cleanup --no-verify --no-final-flush" bench --no
# User text reaches fio's job file %XX-escaped, so fio's parser can neither
# cut it nor take part of it for an option of its own.
usage bench --dry-run --prefix "a
exec_prerun=touch PWNED #" --root-path '/lim#x ' --dir-prefix '${ESC}'
is "a line break, '#', blanks and \${VAR} in values: the dry run succeeds" $rc 0
is "... and the job file carries them escaped" \
	"$(grep -c '^filename_format=%24%7BESC%7D[0-9a-f]*/a%0Aexec_prerun%3Dtouch%20PWNED%20%230_\$filenum$' "$TMP/out") $(grep -c '^cephfs_root=/lim%23x%20$' "$TMP/out")" "2 1"
is "... no line of it is fio's but the tool's" "$(grep -c '^exec_prerun' "$TMP/out")" 0
long=$(printf '%0240d' 0)
refused "a --prefix longer than a file name allows" "--prefix: too long \\(241 bytes; at most 240" \
	bench --prefix "${long}x"
refused "a --dir-prefix longer than a directory name allows" "--dir-prefix: too long \\(252 bytes; at most 251" \
	bench --dir-prefix "${long}123456789012"
refused "a --root-path longer than a job-file line once escaped" \
	"--root-path: too long for fio's job file \\(8164 bytes %XX-escaped; at most 8160\\)" \
	bench --root-path "/$(printf '%02721d' 0 | tr 0 '#')"
refused "fio binary missing" "--fio: cannot run '/no/fio'" bench --fio /no/fio --engine "$ENGINE_SO"
# The version check runs the program itself, never a shell.
refused "a --fio path with shell syntax is a path, not a command" \
	"--fio: cannot run 'dir/a';touch $TMP/PWNED;'': No such file" \
	bench --fio "dir/a';touch $TMP/PWNED;'" --engine "$ENGINE_SO"
ok $([ ! -e "$TMP/PWNED" ]; echo $?) "... and nothing it names ran"
refused "a bare --fio name is found on PATH, as fio is run" "--engine: cannot read '/no/engine.so'" \
	bench --fio "$(basename "$FIO")" --engine /no/engine.so
refused "an engine path fio's job file would not carry" \
	"--engine: '/tmp/a#b.so' has the byte 0x23 at 6, which fio's job file would not carry" \
	bench --fio "$FIO" --engine '/tmp/a#b.so'
export CEPHFS_TOOL_ENGINE="$ENGINE_SO
x"
refused "a CEPHFS_TOOL_ENGINE with a line break" "--engine: '$ENGINE_SO%0Ax' has the byte 0x0a" \
	bench --fio "$FIO"
unset CEPHFS_TOOL_ENGINE
saved_tmpdir=${TMPDIR-}
export TMPDIR="$TMP/a
b"
refused "a TMPDIR with a line break, with --plot" "TMPDIR: '$TMP/a%0Ab' has the byte 0x0a at" \
	bench $E --plot "$TMP/p.svg"
TMPDIR=$saved_tmpdir
# Named as a plot may be (.svg), so that --plot gets as far as the look.
mkdir "$TMP/dir.svg"
mkfifo "$TMP/fifo"
for opt in json plot perf-dump keep-job; do
	refused "--$opt naming a directory" "--$opt: '$TMP/dir.svg' is a directory" \
		bench $E --$opt "$TMP/dir.svg"
done
for opt in perf-dump keep-job; do
	refused "--$opt naming a FIFO, which would be replaced" \
		"--$opt: '$TMP/fifo' exists and is not a regular file" bench $E --$opt "$TMP/fifo"
done
ok $([ -p "$TMP/fifo" ]; echo $?) "... the FIFO is still a FIFO"
refused "fio of another version" "--fio: '/bin/true' is .*, but the engine was built for fio-" \
	bench --fio /bin/true --engine "$ENGINE_SO"
# The version is read from fio's file (fio_version_string) where it can be.
fio_of_other_version
refused "fio of another version, read from its file" \
	"--fio: '$TMP/fio-other' is $other, but the engine was built for $version" \
	bench --fio "$TMP/fio-other" --engine "$ENGINE_SO"
# The same fio built for another machine (its ELF header's e_machine, 2
# bytes at offset 18: x86-64 62, arm64 183) exports the same version but
# would fail only at the write phase.
perl -e 'binmode STDIN; binmode STDOUT; local $/; $_ = <STDIN>;
	substr($_, 18, 2) = pack("v", unpack("v", substr($_, 18, 2)) == 183 ? 62 : 183);
	print' <"$FIO" >"$TMP/fio-foreign"
chmod +x "$TMP/fio-foreign"
refused "fio built for another machine" \
	"--fio: '$TMP/fio-foreign' is no fio that runs here .*, but the engine was built for $version" \
	bench --fio "$TMP/fio-foreign" --engine "$ENGINE_SO"
# A fio built without libaio's headers (as a fio built from source may be).
cat >"$TMP/fio-without-libaio" <<EOF
#!/bin/sh
case \$1 in --enghelp=libaio) echo "IO engine libaio not found"; exit 1 ;; esac
exec "$FIO" "\$@"
EOF
chmod +x "$TMP/fio-without-libaio"
refused "--via fuse --async-io with a fio that has no libaio" \
	"--async-io: '$TMP/fio-without-libaio' has no libaio engine, which --via fuse runs through" \
	bench --fio "$TMP/fio-without-libaio" --engine "$ENGINE_SO" --via fuse --async-io
usage bench --fio "$TMP/fio-without-libaio" --engine "$ENGINE_SO" --via fuse \
	--async-io --size 0 --dry-run
is "... which size 0 does not use (fio's filecreate): accepted" $rc 0
refused "engine .so missing" "--engine: cannot read '/no/engine.so'" \
	bench --fio "$FIO" --engine /no/engine.so
refused "--json to an unwritable path" "--json: cannot write '/no/dir/out.json'" \
	bench $E --json /no/dir/out.json
# Numbers fio would store changed: fsync= is an unsigned int, where 2^32 + 1
# blocks would be 1 (an fsync after every block); every number is read
# with strtoll; the engine's client_oc_size too.
refused "--fsync-every of 2^32 + 1 blocks, which fio would store as 1" \
	"--fsync-every: invalid value '17592186048512' \\(fio's job file would have fsync=4294967297; at most 4294967295 fits\\)" \
	bench $E --size 1M --block-size 4K --fsync-every 17592186048512
refused "--size above fio's LLONG_MAX" \
	"--size: invalid value '9223372036854775808' \\(fio's job file would have filesize=9223372036854775808; at most 9223372036854775807 fits\\)" \
	bench $E --no-verify --size 9223372036854775808
refused "--client-oc-size above the engine's LLONG_MAX" \
	"--client-oc-size: invalid value '18446744073709551615' \\(fio's job file would have cephfs_client_oc_size=18446744073709551615; at most 9223372036854775807 fits\\)" \
	bench $E --client-oc-size 18446744073709551615
usage bench --dry-run --size 1M --block-size 4K --fsync-every 17592186040320
is "--fsync-every of 2^32 - 1 blocks: accepted" $rc 0
is "... fio's job file has it as given" "$(grep -c '^fsync=4294967295$' "$TMP/out")" 1
# Two outputs naming one file, however it is spelled (n.svg is not there
# yet, e.svg is; ABS is its absolute path): refused before the run, naming
# both options and both paths.
mkdir "$TMP/sub"
: >"$TMP/e.svg"
ln -s e.svg "$TMP/l.svg"
ln "$TMP/e.svg" "$TMP/h.svg"
for pair in json:plot json:perf-dump json:keep-job plot:perf-dump \
	plot:keep-job perf-dump:keep-job; do
	first=${pair%:*} second=${pair#*:}
	for same in n.svg:n.svg n.svg:./n.svg n.svg:sub/../n.svg n.svg:ABS \
		e.svg:./e.svg e.svg:l.svg e.svg:h.svg; do
		p=${same%%:*} q=${same#*:}
		[ "$q" = ABS ] && q=$TMP/$p
		refused "--$first $p --$second ${same#*:}" \
			"--$first '$p' and --$second '$q' are the same file" \
			bench $E --$first "$p" --$second "$q"
	done
done
# --keep-job's other files: PATH.fuse through ceph-fuse, PATH.<host> per
# client host.
refused "--json P.fuse --keep-job P --via libcephfs,fuse" \
	"--json 'k.fio.fuse' and --keep-job 'k.fio.fuse' are the same file" \
	bench $E --json k.fio.fuse --keep-job k.fio --via libcephfs,fuse
refused "--perf-dump P.<host> --keep-job P --clients" \
	"--perf-dump 'k.fio.b_8765' and --keep-job 'k.fio.b_8765' are the same file" \
	bench $E --perf-dump k.fio.b_8765 --keep-job k.fio --clients a:8801,b
# stdout is no file: --json - with a --keep-job named '-' is not refused.
CEPH_CONF=/nonexistent usage bench $E --json - --keep-job -
like "--json - and --keep-job -: not the same file, the run goes on (to the mount)" \
	"$rc $(cat "$TMP/err")" "^1 cephfs-tool: cannot mount"

# TMPDIR is where the tool makes its directory: named before the run.
for tmpdir in "$TMP/none:does not exist" "$TMP/e.svg:is not a directory"; do
	export TMPDIR="${tmpdir%:*}"
	refused "TMPDIR that ${tmpdir#*:}" \
		"TMPDIR: '${tmpdir%:*}' ${tmpdir#*:} \\(the tool makes its working directory there\\)" \
		bench $E
	TMPDIR=$saved_tmpdir
done
# One it cannot write in: as root, the test asks as nobody.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	printf '#!/bin/sh\nexec setpriv --reuid=nobody --regid=%s --clear-groups "%s" "$@"\n' \
		"$(id -g nobody)" "$TOOL" >"$TMP/as-nobody"
	chmod +x "$TMP/as-nobody"
	saved_tool=$TOOL TOOL=$TMP/as-nobody
	export TMPDIR=/
	refused "TMPDIR that is not writable" \
		"TMPDIR: '/' is not writable \\(the tool makes its working directory there\\)" \
		bench $E
	TMPDIR=$saved_tmpdir TOOL=$saved_tool
else
	skip 2 "not root, or no setpriv: no user to lack write permission"
fi
# Without ceph_get_perf_counters, the engine's admin socket (--perf-dump) is
# in TMPDIR, where Ceph expands $cluster, $name...
mkdir "$TMP/\$cluster"
export TMPDIR="$TMP/\$cluster"
if configured ceph_get_perf_counters; then
	CEPH_CONF=/nonexistent usage bench $E --perf-dump pd.json
	like "TMPDIR with \$cluster, --perf-dump through ceph_get_perf_counters: goes on" \
		"$rc $(cat "$TMP/err")" "^1 cephfs-tool: cannot mount"
	is "... no TMPDIR error" "$(grep -c TMPDIR "$TMP/err")" 0
else
	refused "TMPDIR with \$cluster, with --perf-dump" \
		"TMPDIR: '$TMP/\\\$cluster' has the byte 0x24 at $((${#TMP} + 1)), which the admin socket's path \\(--perf-dump: Ceph expands" \
		bench $E --perf-dump pd.json
fi
TMPDIR=$saved_tmpdir
done_testing
