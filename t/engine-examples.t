#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fio's own example job files run through the engine as a user would try
# them: the examples of the fio source the engine was built against
# ($FIO_SOURCE/examples), those using only engines that do file I/O with
# system calls, rewritten by t/fio-examples.py (every ioengine= becomes
# cephfs, file names move under a new CephFS directory, sizes and run
# times come down), found by name as a job file names it (the engine's
# directory on the loader's path).  Each passes, or fails with the error
# that t/data/fio-examples.list gives it, for the reason given there.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
need_cluster
cephfs_testdir
examples=$FIO_SOURCE/examples
list=$top_srcdir/t/data/fio-examples.list
rewrite="python3 $top_srcdir/t/fio-examples.py"
[ -d "$examples" ] || bail_out "no examples in the fio source $FIO_SOURCE"

candidates=
for f in "$examples"/*.fio; do
	$rewrite --candidate "$f" && candidates="$candidates $(basename "$f" .fio)"
done
set -- $candidates

listed() { awk -F'\t' -v n="$1" -v c="$2" '!/^#/ && $1 == n { print $c }' "$list"; }

# A guard against a hang, not a speed bound: the rewrite gives every job a
# runtime of at most 5 s, and the longest example took 25 s here (exitwhat,
# five groups one after another).  fio's job processes are session leaders
# of their own, out of timeout's reach: what is left of a killed fio goes
# by name.
bound=$(( 60 + TIME_MARGIN ))
for name; do
	$rewrite "$examples/$name.fio" "$CEPHFS_DIR/$name" >"$TMP/$name.fio"
	LD_LIBRARY_PATH=$top_builddir/engine${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
		timeout -k 10 $bound \
		$TEST_WRAPPER "$FIO" --output-format=json --output="$TMP/$name.json" \
		"$TMP/$name.fio" >"$TMP/$name.out" 2>&1
	rc=$?
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		echo "stopped after $bound s" >>"$TMP/$name.out"
		pkill -KILL -f "$TMP/$name.fio"
	fi
	error=$(listed "$name" 2)
	where=$(listed "$name" 3)
	# fio writes a job's messages into the --output file, with the JSON
	out=$(cat "$TMP/$name.out"; grep -v '^ *[][{}"]' "$TMP/$name.json" 2>/dev/null)
	if [ "$where" = intermittent ]; then
		ok 0 "$name.fio $([ $rc = 0 ] && echo runs || echo "failed (exit $rc)"): listed as failing at times: $(listed "$name" 4)"
		[ $rc = 0 ] || printf '%s\n' "$out" | diag_stream
	elif [ -z "$error" ]; then
		ok $rc "$name.fio runs"
		[ $rc = 0 ] || printf '%s\n' "$out" | diag_stream
	elif [ $rc != 0 ] && printf '%s\n' "$out" | grep -Eq -- "$error"; then
		ok 0 "$name.fio cannot run here, as listed: $(listed "$name" 4)"
	elif [ $rc = 0 ] && [ "$where" = machine ]; then
		ok 0 "$name.fio runs on this machine (listed: $(listed "$name" 4))"
	else
		ok 1 "$name.fio fails with /$error/ as listed (exit $rc)"
		printf '%s\n' "$out" | diag_stream
	fi
done
stale=$(awk -F'\t' '!/^#/ && NF { print $1 }' "$list" | while read -r n; do
	case " $candidates " in
	*" $n "*) ;;
	*) [ ! -f "$examples/$n.fio" ] || echo "$n" ;;
	esac
done)
is "every listed example this fio has is one tried" "$stale" ""
done_testing
