#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every option of `cephfs-tool bench --help` and of `fio --enghelp=` (the
# built engine), and every job file in jobs/, has a case on a cluster:
# some test of CLUSTER_TESTS passes it to the tool or fio (t/coverage.py
# says what counts).  An option or job file added without one fails here,
# named.  No cluster needed.
. "$(dirname "$0")/lib.sh"
TOOL=$top_builddir/tool/cephfs-tool

# The cluster tests, as the build's Makefile lists them (from t/local.mk).
sed -n '/^CLUSTER_TESTS = /,/[^\\]$/p' "$top_builddir/Makefile" |
	sed 's/^CLUSTER_TESTS = //; s/\\$//' | tr -s ' \t' '\n\n' | sed '/^$/d' |
	sed "s|^|$top_srcdir/|" >"$TMP/cluster-tests"
n=$(wc -l <"$TMP/cluster-tests")
ok $([ "$n" -ge 20 ] && grep -q 't/jobs\.t$' "$TMP/cluster-tests"; echo $?) \
	"the Makefile lists the cluster tests ($n, t/jobs.t among them)"

# cases NAMES-FILE: the names no cluster test passes, one a line.
cases() {
	python3 "$top_srcdir/t/coverage.py" "$1" $(cat "$TMP/cluster-tests") 2>&1
}

"$TOOL" bench --help >"$TMP/help" 2>&1
# Every -x and --name of the option column (up to two blanks), but
# --help: it prints this and exits before any mount (t/tool-usage.t).
sed -n 's/^  \(-[^ ].*\)/\1/p' "$TMP/help" | sed 's/  .*//' |
	grep -Eo -- '(^|[ ,])--?[a-z][a-z0-9-]*' | sed 's/^[ ,]*//' |
	grep -Evx -- '-h|--help' | sort -u >"$TMP/tool-opts"
n=$(wc -l <"$TMP/tool-opts")
ok $([ "$n" -ge 40 ] && grep -qx -- --threads "$TMP/tool-opts" && grep -qx -- -c "$TMP/tool-opts"; echo $?) \
	"cephfs-tool bench --help lists the options ($n, --threads and -c among them)"
is "every cephfs-tool option has a cluster case" "$(cases "$TMP/tool-opts")" ""

"$FIO" --enghelp="$ENGINE_SO" >"$TMP/enghelp" 2>&1
sed -n 's/^\(cephfs_[a-z0-9_]*\) *:.*/\1/p' "$TMP/enghelp" | sort -u >"$TMP/engine-opts"
n=$(wc -l <"$TMP/engine-opts")
ok $([ "$n" -ge 20 ]; echo $?) "fio --enghelp lists the engine's options ($n)"
is "every engine option has a cluster case" "$(cases "$TMP/engine-opts")" ""

(cd "$top_srcdir" && ls jobs/*.fio) >"$TMP/jobs"
is "every job file in jobs/ has a cluster case" "$(cases "$TMP/jobs")" ""

# What does not count: an option only named in a description or in
# expected text, or in a comment; what does: a word of a command that
# runs fio, itself or through a function.
cat >"$TMP/sample.t" <<'EOF'
# --dry-run in a comment
is "--no-verify: exit 0" $rc 0
like "the job says so" "$(cat job)" '^cephfs_op=create$'
is "both" "$(cat job)" "cephfs_uid=1 cephfs_gid=2"
run() {
	"$FIO" --cephfs_root=/ "$@"
}
run --cephfs_fs=x
EOF
printf '%s\n' --dry-run --no-verify cephfs_op cephfs_uid cephfs_root cephfs_fs >"$TMP/sample-names"
is "a name in a comment, description or expected text is no case" \
	"$(python3 "$top_srcdir/t/coverage.py" "$TMP/sample-names" "$TMP/sample.t" 2>&1 | tr '\n' ' ')" \
	"--dry-run --no-verify cephfs_op cephfs_uid "
printf 'cephfs_root\ncephfs_fs\n' >"$TMP/sample-names"
is "... an argument of fio, direct or through a function, is" \
	"$(python3 "$top_srcdir/t/coverage.py" "$TMP/sample-names" "$TMP/sample.t" 2>&1)" ""
done_testing
