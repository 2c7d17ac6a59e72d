# SPDX-License-Identifier: GPL-2.0-only
# What every shell test sources first (POSIX sh): its environment, a
# scratch directory, TAP and JSON.  The other helpers, each sourced by the
# tests that need it after this file, are listed in t/README.
#
# Environment from the test harness (t/local.mk): top_srcdir, top_builddir,
# FIO, ENGINE_SO, pkglibdir, SANDBOX_DIR, CEPHFS_UTIL.  Run by hand, a test
# falls back to the build tree it lives in (and the default pkglibdir).

: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
: "${FIO:=fio}"
: "${ENGINE_SO:=$top_builddir/engine/.libs/fio-cephfs.so}"
: "${pkglibdir:=/usr/local/lib/fio-cephfs}"
: "${SANDBOX_DIR:=$top_builddir/t/sandbox}"
: "${CEPHFS_UTIL:=$top_builddir/t/cephfs-util}"
: "${TEST_WRAPPER:=}"

tap_count=0
tap_failed=0
TEST_NAME=$(basename "$0" .t)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/$TEST_NAME.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

bail_out() {
	echo "Bail out! $*"
	exit 1
}

# fio drops files in its working directory (verify state of an ended
# verify job): keep them in $TMP, out of the build tree that distcheck
# expects clean.
cd "$TMP" || bail_out "cannot enter $TMP"

diag() { printf '%s\n' "$@" | sed 's/^/# /' >&2; }

ok() {
	tap_count=$((tap_count + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_count - $2"
	else
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_count - $2"
	fi
}

# run_ok DESCRIPTION CMD...: passes when CMD exits 0.
run_ok() {
	desc=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	ok $rc "$desc"
	[ $rc = 0 ] || { diag "exit $rc: $*"; cat "$TMP/out" "$TMP/err" | tail -n 20 | diag_stream; }
	return $rc
}

# is DESCRIPTION GOT EXPECTED
is() {
	if [ "$2" = "$3" ]; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "got:      '$2'" "expected: '$3'"
	fi
}

# like DESCRIPTION TEXT REGEX (grep -E)
like() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "'$2'" "does not match /$3/"
	fi
}

diag_stream() { sed 's/^/# /' >&2; }

# skip COUNT REASON: COUNT tests that cannot run here, and why.
skip() {
	n=$1
	shift
	while [ "$n" -gt 0 ]; do
		tap_count=$((tap_count + 1))
		echo "ok $tap_count # SKIP $*"
		n=$((n - 1))
	done
}

# done_testing: the plan, the count of the cases that ran, as a test's last
# command; its status fails the test for a failed case.  A test that ends
# before it (a bail_out, a crash, a kill on timeout) has no plan, which
# the TAP driver reports as an error: nobody counts cases by hand.
done_testing() {
	echo "1..$tap_count"
	[ "$tap_failed" = 0 ]
}

# json_eval FILE EXPR: a Python expression over the JSON document `d`,
# e.g. json_eval out.json "sum(j['write']['io_bytes'] for j in d['jobs'])".
# fio 3.42 flushes a job process's messages (its "fio: pid=N, err=..."
# line) into --output before the JSON: the document is what starts at the
# first line that is "{", as cephfs-tool reads fio's output too.
json_eval() {
	python3 -c 'import json, sys
text = open(sys.argv[1]).read()
start = 0 if text.startswith("{") else text.find("\n{") + 1
d = json.JSONDecoder().raw_decode(text[start:])[0]
print(eval(sys.argv[2]))' "$1" "$2"
}
