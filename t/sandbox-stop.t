#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Stop the shared sandbox cluster: no daemon and no directory left behind.
. "$(dirname "$0")/lib.sh"

[ -f "$SANDBOX_DIR/env" ] || skip_all "no sandbox cluster was started"
. "$SANDBOX_DIR/env"
is "tests left nothing in the filesystem" "$("$CEPHFS_UTIL" ls / 2>&1)" ""
pids=$(cat "$SANDBOX_DIR"/run/*.pid 2>/dev/null)
run_ok "sandbox cluster stops" "$top_srcdir/scripts/ceph-sandbox" stop "$SANDBOX_DIR"
alive=
for pid in $pids; do
	kill -0 "$pid" 2>/dev/null && alive="$alive $pid"
done
is "no sandbox daemon left running" "$alive" ""
ok $([ ! -e "$SANDBOX_DIR" ]; echo $?) "sandbox directory removed"
done_testing
