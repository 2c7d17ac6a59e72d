#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The newest upstream's sizes and report on the cluster: the defaults
# (--size 4MB, --block-size 4MB: 4,000,000 bytes, one block a file) write
# and verify whole files, a block size that is no power of two verifies
# too (with --async-io), every rate is bytes / 2^20 / seconds under a
# MiB/s label, and --version names the libcephfs the sandbox runs.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/libcephfs.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# config_line LABEL: the configuration block's line for LABEL.
config_line() {
	sed -n "/^Benchmark Configuration:/,/^$/s|^  $1: ||p" "$TMP/out"
}

bench --files 2 --no-cleanup --json "$TMP/defaults.json" --keep-job "$TMP/job.fio"
is "the defaults: exit 0" $rc 0
is "... files of 4MB: 4000000 bytes" "$(config_line Files)" "2 | Size: 4000000 bytes"
is "... in blocks of 4MB" "$(config_line 'Block Size')" "4000000 bytes"
is "... async I/O off, said so" "$(config_line 'Async I/O')" "disabled"
is "fio got plain byte counts" "$(grep -E '^(bs|filesize)=' "$TMP/job.fio" | tr '\n' ' ')" \
	"bs=4000000 filesize=4000000 "
dir=$(run_dir)
is "each file on the cluster holds 4000000 bytes" \
	"$(for f in $("$CEPHFS_UTIL" ls "$CEPHFS_DIR/$dir" | sort); do
		"$CEPHFS_UTIL" stat "$CEPHFS_DIR/$dir/$f" | cut -d' ' -f4; done | tr '\n' ' ')" \
	"4000000 4000000 "
"$CEPHFS_UTIL" rmtree "$CEPHFS_DIR/$dir"
is "both phases moved 2 x 4000000 bytes, read back verified" \
	"$(json_eval "$TMP/defaults.json" "[d['iterations'][0][p]['bytes'] for p in ('write', 'read')]")" \
	"[8000000, 8000000]"
# The JSON has six significant digits.
is "the rates are bytes / 2^20 / seconds" \
	"$(json_eval "$TMP/defaults.json" "[abs(r['throughput_mbps'] - r['bytes'] / 1048576 / r['duration_sec']) <= 1e-5 * r['throughput_mbps'] for r in (d['iterations'][0]['write'], d['iterations'][0]['read'])]")" \
	"[True, True]"
is "... labelled MiB/s in the JSON summary" \
	"$(json_eval "$TMP/defaults.json" "[d['summary'][k]['unit'] for k in ('Write Throughput', 'Read Throughput')]")" \
	"['MiB/s', 'MiB/s']"
is "... and in the text, each phase and statistic" \
	"$(grep -Ec '^  (Write: |Read:  |Mean:    |Std Dev: |Min:     |Max:     )[0-9.e+]+ MiB/s' "$TMP/out")" 10
siblings_intact "the defaults"

# The path the engine takes: native where configure found the call.
ASYNC_PATH=emulated
native_async && ASYNC_PATH=native
bench --files 2 --size 4MB --block-size 1MB --async-io --queue-depth 4 \
	--json "$TMP/async.json"
is "--async-io in blocks of 1MB (1000000 bytes): exit 0" $rc 0
is "... the configuration names the engine's path" \
	"$(config_line 'Async I/O' | sed 's/ (\([a-z]*\): .*)$/ (\1)/')" "enabled ($ASYNC_PATH)"
is "... the JSON too, with the depth" \
	"$(json_eval "$TMP/async.json" "[d['configuration'][k] for k in ('async_io', 'queue_depth', 'async_path')]")" \
	"[True, 4, '$ASYNC_PATH']"
is "... 4 verified blocks a file, both phases" \
	"$(json_eval "$TMP/async.json" "[d['iterations'][0][p]['bytes'] for p in ('write', 'read')]")" \
	"[8000000, 8000000]"

# The sandbox's daemons are of the installed Ceph, as is the libcephfs
# the tool loads (t/tool-version.t checks the line against the library).
"$TOOL" --version >"$TMP/version" 2>&1
is "--version: exit 0" $? 0
ceph_release=$(ceph -c "$CEPH_CONF" --connect-timeout 30 version 2>"$TMP/ceph.err" |
	sed -n 's/^ceph version \([^ ]*\) .*/\1/p')
is "... the libcephfs loaded is the release the cluster runs" \
	"$(sed -n 's/^libcephfs loaded: Ceph //p' "$TMP/version")" "$ceph_release"
done_testing
