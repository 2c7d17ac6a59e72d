#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --plot: an SVG of MiB/s and files/s over time with one series per phase
# and iteration, from fio's own rate logs; valid XML; the benchmark still
# reports when the plot cannot be written.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# Phases of a few hundred ms at least: the plot's step is 100 ms.
bench --threads 2 --files 40 --size 1M --block-size 256K --iterations 2 \
	--plot "$TMP/bench.svg" --json "$TMP/bench.json"
is "--plot: exit 0" $rc 0
ok $([ -s "$TMP/bench.svg" ]; echo $?) "the SVG is written"
summary=$(svg_summary "$TMP/bench.svg" 2>&1)
is "valid XML: two panels, one series per phase and iteration, each drawn" \
	"$summary" "bandwidth write1 read1 write2 read2 drawn: 4
file-rate write1 read1 write2 read2 drawn: 4"
like "axes with units" "$(tr '\n' ' ' <"$TMP/bench.svg")" 'Bandwidth \(MiB/s\).*File rate \(files/s\).*Time since the benchmark started \(s\)'
is "phase labels" "$(grep -o '>[WR][12]</text>' "$TMP/bench.svg" | tr '\n' ' ')" \
	">W1</text> >R1</text> >W2</text> >R2</text> "
is "the report is unchanged by --plot" "$(grep -c '^  \(Write\|Read\): ' "$TMP/out")" 4
# fio's averaged rate logs held 74-80 % of the bytes and their bands the
# whole fio process: each series is now what its phase measured.
is "each series adds up to its phase's MiB and files, its band the phase's time" \
	"$(svg_against_json "$TMP/bench.svg" "$TMP/bench.json")" "checked 8"
siblings_intact "--plot"

# Phases far shorter than one step: each drawn at its reported rate.
bench --files 4 --size 64K --block-size 64K --iterations 2 --plot "$TMP/short.svg"
is "phases shorter than fio's 100 ms log step: exit 0" $rc 0
is "... every phase drawn" "$(svg_summary "$TMP/short.svg" 2>&1)" \
	"bandwidth write1 read1 write2 read2 drawn: 4
file-rate write1 read1 write2 read2 drawn: 4"

bench --threads 2 --files 2000 --size 0 --plot "$TMP/md.svg" --json "$TMP/md.json"
is "size 0 with --plot: exit 0" $rc 0
is "size 0: the file rate panel alone" "$(svg_summary "$TMP/md.svg" 2>&1)" \
	"file-rate write1 read1 drawn: 2"
is "... adding up to the phases' files, over their times" \
	"$(svg_against_json "$TMP/md.svg" "$TMP/md.json")" "checked 2"

bench --files 4 --size 64K --plot "$TMP/no-such-dir/x.svg"
is "an unwritable plot path: exit 2" $rc 2
like "... says so" "$(cat "$TMP/err")" "--plot: cannot write '$TMP/no-such-dir/x.svg'"
is "... before running anything" "$(cat "$TMP/out")" ""
done_testing
