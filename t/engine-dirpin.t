#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cephfs_dir_pin: a job's directory pinned to rank 1 of a two-rank private
# sandbox is served by rank 1, as the MDSs' own subtree maps say, and so is
# a directory made below it later; an unpinned one stays on rank 0; the
# distributed and random pins are the MDS's, read back.  Values
# the MDS would refuse, and a rank the filesystem does not have, fail the
# job with one line naming the value and leave no directory behind.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"

need_cluster
FILES=40

# pin_fio NAME DIR [ARGS...]: one job creating $FILES empty files in DIR.
pin_fio() {
	name=$1 dir=$2
	shift 2
	cephfs_fio "$TMP/$name.json" --name="$name" --cephfs_op=create \
		--nrfiles=$FILES --filesize=4k --bs=4k --rw=write \
		--file_service_type=sequential \
		--filename_format="$dir/\$filenum" "$@"
}

# refused CASE DIR REGEX ARGS...: pin_fio fails with REGEX on stderr, and
# the directory it was to make is not there.
refused() {
	case=$1 dir=$2 regex=$3
	shift 3
	pin_fio refused "$dir" "$@"
	is "$case: fio fails" $? 1
	like "... with one line naming the value" \
		"$(grep '^cephfs:' "$TMP/fio.err")" "$regex"
	is "... and leaves no directory" \
		"$("$CEPHFS_UTIL" exists "$dir"; echo $?)" 1
}

# The shared sandbox has one rank: a pin to rank 1 is a pin to nowhere.
# (The directory is at the top: the engine makes missing parents too.)
refused "rank 1 on a one-rank filesystem" "/t-$TEST_NAME-$$" \
	"^cephfs: refused: cephfs_dir_pin=1: filesystem '$CEPHFS_FS' has no MDS rank 1, it has 1 rank, 0 \\(raise its max_mds" \
	--cephfs_dir_pin=1

private_sandbox "" --mds-ranks 2
D=/pins

# subtree_auth PATH: the rank serving PATH, from the subtree maps of both
# ranks: the one whose own (auth) subtree root is PATH's nearest ancestor.
# Prints "ROOT RANK".
subtree_auth() {
	for rank in 0 1; do
		ceph tell "mds.$CEPHFS_FS:$rank" get subtrees \
			>"$TMP/subtrees.$rank" 2>/dev/null || return 1
	done
	python3 - "$1" "$TMP/subtrees.0" "$TMP/subtrees.1" <<'EOF'
import json, sys
path, best = sys.argv[1], None
for name in sys.argv[2:]:
    for tree in json.load(open(name)):
        root = tree['dir']['path']
        if not tree['is_auth'] or root.startswith('~'):
            continue
        if (path == root or path.startswith(root.rstrip('/') + '/')) and \
                (best is None or len(root) > len(best[0])):
            best = (root, tree['auth_first'])
print('%s %d' % (best[0] or '/', best[1]) if best else 'none')
EOF
}

# The MDS moves a pinned directory at its next tick (mds_tick_interval),
# not when the pin is set.
tick=$(ceph config get mds mds_tick_interval 2>/dev/null | cut -d. -f1)
: "${tick:=5}"

# auth_is PATH WANT: subtree_auth PATH says WANT; its answer in $auth.
auth_is() {
	auth=$(subtree_auth "$1")
	[ "$auth" = "$2" ]
}

# wait_auth PATH WANT DESCRIPTION: wait until subtree_auth PATH says WANT,
# at most a tick and the margin; the last answer is checked.
wait_auth() {
	await $tick auth_is "$1" "$2"
	is "$3 (within $((tick + TIME_MARGIN)) s: mds_tick_interval $tick s + $TIME_MARGIN s margin)" "$auth" "$2"
}

pin_fio pinned "$D/pinned" --cephfs_dir_pin=1
is "cephfs_dir_pin=1: the job creates its files" $? 0
is "... all $FILES of them" "$("$CEPHFS_UTIL" ls "$D/pinned" | wc -l)" $FILES
pin_fio unpinned "$D/unpinned" --cephfs_new_dir=1
is "an unpinned job beside it creates its files" $? 0
wait_auth "$D/pinned" "$D/pinned 1" \
	"the pinned directory is a subtree of its own on rank 1"
wait_auth "$D/unpinned" "/ 0" "the unpinned one is served by rank 0, with the root"

# Pins are inherited: a directory made below the pinned one later (here by
# a job without a pin) is rank 1's too, without a subtree of its own.
pin_fio below "$D/pinned/below"
is "a job makes a directory below the pinned one" $? 0
is "... which rank 1 serves" "$(subtree_auth "$D/pinned/below")" "$D/pinned 1"

# The ephemeral pins move nothing that can be waited for here (the job
# makes files, not subdirectories), so the MDS's record of them is read
# back through another client's mount (the vxattrs it fills from the
# inode the MDS sends).
pin_fio distributed "$D/distributed" --cephfs_dir_pin=distributed
is "cephfs_dir_pin=distributed: the job creates its files" $? 0
is "... in a directory the MDS has pinned distributed (ceph.dir.pin.distributed)" \
	"$("$CEPHFS_UTIL" getxattr "$D/distributed" ceph.dir.pin.distributed)" 1
pin_fio random "$D/random" --cephfs_dir_pin=random:0.01
is "cephfs_dir_pin=random:0.01 (the MDS's default maximum): the job creates its files" $? 0
is "... in a directory the MDS has pinned at random, 0.01 (ceph.dir.pin.random)" \
	"$("$CEPHFS_UTIL" getxattr "$D/random" ceph.dir.pin.random)" 0.01

refused "a rank the two-rank filesystem lacks" "$D/rank2" \
	"^cephfs: refused: cephfs_dir_pin=2: filesystem '$CEPHFS_FS' has no MDS rank 2, it has 2 ranks, 0 to 1 " \
	--cephfs_dir_pin=2
refused "random above the MDS's mds_export_ephemeral_random_max" "$D/random-max" \
	"^cephfs: refused: cephfs_dir_pin=random:0.5: ceph_setxattr\\($D/random-max, ceph.dir.pin.random=0.5\\): Invalid argument \\(the MDS takes no more than its mds_export_ephemeral_random_max" \
	--cephfs_dir_pin=random:0.5
refused "a rank past the MDS's limit" "$D/rank256" \
	"^cephfs: cephfs_dir_pin=256: rank out of range \\(0 to 255" \
	--cephfs_dir_pin=256
refused "bad syntax" "$D/bad" \
	"^cephfs: cephfs_dir_pin=rank1: expected a rank \\(0 to 255\\), 'distributed' or 'random:P'$" \
	--cephfs_dir_pin=rank1
# jobs/pinned.fio as shipped, its create phase, then once the MDS has moved
# rank1's directory to rank 1 (at a tick after the pin, and later on a
# busy machine: a directory under a stream of creates may not move before
# they end) its stat and unlink phases: both ranks serve them, and its
# unlink phase leaves nothing.
# rank_requests RANK: client requests that RANK has handled so far.
rank_requests() {
	ceph tell "mds.$CEPHFS_FS:$1" perf dump 2>/dev/null | python3 -c \
		'import json, sys; print(json.load(sys.stdin)["mds_server"]["handle_client_request"])'
}
# pinned_sections OUTPUT SECTION...: those sections of jobs/pinned.fio.
pinned_sections() {
	out=$1
	shift
	LD_LIBRARY_PATH=$top_builddir/engine $TEST_WRAPPER "$FIO" --output-format=json \
		--output="$TMP/$out.json" "$@" "$top_srcdir/jobs/pinned.fio" \
		>"$TMP/fio.out" 2>"$TMP/fio.err"
}
pinned_sections create --section=create-rank0 --section=create-rank1
is "jobs/pinned.fio runs on the two-rank sandbox: its creates" $? 0
wait_auth /pinned/rank1 "/pinned/rank1 1" "... rank1's directory is a subtree of rank 1"
before=$(rank_requests 1)
pinned_sections stat-unlink --section=stat-rank0 --section=stat-rank1 \
	--section=unlink-rank0 --section=unlink-rank1
is "... its stats and unlinks" $? 0
is "... every job of its three phases does one operation per file" \
	"$(for f in create stat-unlink; do json_eval "$TMP/$f.json" "sorted(set((j['error'], j['write']['clat_ns']['N']) for j in d['jobs']))"; done | sort -u)" \
	"[(0, 4096)]"
after=$(rank_requests 1)
ok $([ $((after - before)) -ge 8192 ]; echo $?) \
	"... rank 1 served at least rank1's 4096 stats and 4096 unlinks ($((after - before)) requests)"
is "... and leaves nothing" "$("$CEPHFS_UTIL" exists /pinned; echo $?)" 1

cephfs_fio "$TMP/root.json" --name=root --cephfs_op=create --nrfiles=2 \
	--filesize=4k --filename_format="root-\$filenum" --cephfs_dir_pin=1
is "files at the mount root with a pin: fio fails" $? 1
like "... saying the pin needs a directory of the job's" \
	"$(grep '^cephfs:' "$TMP/fio.err")" \
	"cephfs_dir_pin=1: the files are at the mount root; a pin needs them in a directory"
done_testing
