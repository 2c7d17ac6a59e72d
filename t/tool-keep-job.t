#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fio reads the job file in the tool's own directory, never --keep-job's
# copy: two runs given the same --keep-job path, the first held before its
# write phase while the second runs to the end, each run's fio reads its
# own job file and works in its own directory.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

# Seconds the held fio waits for the release at most, and the test for it
# to be held: the other run's mount, write, read and cleanup, each within
# the default --mount-timeout (30 s), plus the margin.
HOLD_SEC=$((4 * 30 + TIME_MARGIN))

# A fio that, for a write phase with HOLD set, says it is held and waits
# for the file $HOLD, then keeps a copy of the job file it reads in $COPY.
cat >"$TMP/fio-held" <<EOF
#!/bin/sh
case " \$* " in
*" --section=write "*)
	if [ -n "\${HOLD:-}" ]; then
		: >"\$HOLD.held"
		i=0
		while [ ! -e "\$HOLD" ] && [ \$i -lt $((HOLD_SEC * 10)) ]; do
			sleep 0.1
			i=\$((i + 1))
		done
	fi
	for jobfile; do :; done
	cp "\$jobfile" "\$COPY" ;;
esac
exec "$FIO" "\$@"
EOF
chmod +x "$TMP/fio-held"

run() {
	"$TOOL" --fs "$CEPHFS_FS" bench --fio "$TMP/fio-held" --engine "$ENGINE_SO" \
		--root-path "$CEPHFS_DIR" --files 4 --size 64K \
		--keep-job "$TMP/kept.fio" "$@"
}

HOLD=$TMP/go COPY=$TMP/a.fio run --json "$TMP/a.json" >"$TMP/a.out" 2>"$TMP/a.err" &
a_pid=$!
i=0
while [ ! -e "$TMP/go.held" ] && [ $i -lt $((HOLD_SEC * 10)) ]; do
	sleep 0.1
	i=$((i + 1))
done
ok $([ -e "$TMP/go.held" ]; echo $?) "run A is held before its write phase"
COPY=$TMP/b.fio run --json "$TMP/b.json" >"$TMP/b.out" 2>"$TMP/b.err"
is "run B, given the same --keep-job, runs to the end" $? 0
: >"$TMP/go"
wait $a_pid
is "run A, released, runs to the end" $? 0

a_dir=$(sed -n 's/^  Subdirectory: //p' "$TMP/a.out")
b_dir=$(sed -n 's/^  Subdirectory: //p' "$TMP/b.out")
ok $([ -n "$a_dir" ] && [ -n "$b_dir" ] && [ "$a_dir" != "$b_dir" ]; echo $?) \
	"each run has its own directory ($a_dir, $b_dir)"
is "A's fio read A's job file (its files in $a_dir), not the kept copy B replaced" \
	"$(grep -c "^filename_format=$a_dir/" "$TMP/a.fio") $(grep -c "$b_dir" "$TMP/a.fio")" "2 0"
is "B's fio read B's job file" "$(grep -c "^filename_format=$b_dir/" "$TMP/b.fio")" 2
is "A's JSON reports its own directory and its 4 files" \
	"$(json_eval "$TMP/a.json" 'd["configuration"]["subdirectory"]') $(json_eval "$TMP/a.json" 'd["iterations"][0]["write"]["files"]')" \
	"$a_dir 4"
is "the kept job file is a copy of the last run to write it (B)" \
	"$(grep -c "^filename_format=$b_dir/" "$TMP/kept.fio")" 2
siblings_intact "after both runs (B's directory is not left behind by A)"
done_testing
