# SPDX-License-Identifier: GPL-2.0-only
# Rows of doc/reliability.md's matrix (sourced after t/lib.sh).

# doc/reliability.md's matrix is made from the test run: a test calls
# matrix_row after the assertions of one case, and scripts/reliability-matrix
# turns every t/*.matrix of the build into the table.
MATRIX_FILE=$top_builddir/t/$TEST_NAME.matrix
matrix_failed=0

# matrix_row CASE EXPECTED SECONDS: pass when the assertions since the last
# row all passed.
matrix_row() {
	[ -n "${matrix_started:-}" ] || { : >"$MATRIX_FILE"; matrix_started=1; }
	result=pass
	[ "$tap_failed" = "$matrix_failed" ] || result=FAIL
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$result" >>"$MATRIX_FILE"
	matrix_failed=$tap_failed
}
