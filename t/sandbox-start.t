#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Start the one sandbox cluster that the cluster tests of this run share.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/timing.sh"

if ! command -v ceph-mon >/dev/null || ! command -v ceph-osd >/dev/null ||
   ! command -v ceph-mds >/dev/null; then
	[ "${CEPHFS_REQUIRE_CLUSTER:-0}" = 1 ] &&
		bail_out "Ceph daemons not installed and CEPHFS_REQUIRE_CLUSTER=1"
	skip_all "Ceph daemons not installed (apt-get install ceph-mon ceph-osd ceph-mds)"
fi
if [ "$(id -u)" != 0 ]; then
	[ "${CEPHFS_REQUIRE_CLUSTER:-0}" = 1 ] &&
		bail_out "the sandbox cluster needs root and CEPHFS_REQUIRE_CLUSTER=1"
	skip_all "the sandbox cluster needs root"
fi

# A sandbox left by an interrupted run is stopped first.
"$top_srcdir/scripts/ceph-sandbox" stop "$SANDBOX_DIR" >/dev/null 2>&1
start=$(date +%s)
run_ok "sandbox cluster starts" "$top_srcdir/scripts/ceph-sandbox" start "$SANDBOX_DIR"
elapsed=$(( $(date +%s) - start ))
diag "sandbox started in ${elapsed}s"
# ~7 s on an idle 2-core machine.  The script waits for osd.0 up, then for
# the mds active, each at most CEPH_SANDBOX_START_TIMEOUT (60 s).
start_timeout=${CEPH_SANDBOX_START_TIMEOUT:-60}
within "sandbox starts within its two waits for the daemons" $elapsed $((2 * start_timeout))
. "$SANDBOX_DIR/env" 2>/dev/null
run_ok "root of the new filesystem lists through libcephfs" "$CEPHFS_UTIL" ls /
done_testing
