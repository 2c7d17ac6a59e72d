#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Failures say what went wrong, exit 1, and clean up after themselves:
# unknown filesystem, missing root path, no monitor answering, a phase
# that fails.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/tool-lib.sh"
need_cluster
tool_root

"$TOOL" --fs no-such-fs bench --engine "$ENGINE_SO" --root-path "$CEPHFS_DIR" \
	>"$TMP/out" 2>"$TMP/err"
is "unknown filesystem: exit 1" $? 1
like "... says the filesystem does not exist" "$(cat "$TMP/err")" \
	"^cephfs-tool: cannot mount filesystem 'no-such-fs' .*: filesystem 'no-such-fs' does not exist$"

# With a key confined to it, as in the issue that found the root reported
# as a missing filesystem; and with that key and no such filesystem.
confined_client "$CEPHFS_DIR/lim"
confined() {
	"$TOOL" -i "$CONFINED_ID" -k "$CONFINED_KEYRING" "$@" bench \
		--engine "$ENGINE_SO" --root-path "$CEPHFS_DIR/lim" >"$TMP/out" 2>"$TMP/err"
}
confined --fs "$CEPHFS_FS"
is "missing root path: exit 1" $? 1
like "... says the root directory does not exist" "$(cat "$TMP/err")" \
	"^cephfs-tool: cannot mount .*: root directory '$CEPHFS_DIR/lim' does not exist in filesystem '$CEPHFS_FS'$"
confined --fs no-such-fs
is "unknown filesystem, confined key: exit 1" $? 1
like "... says the filesystem does not exist" "$(cat "$TMP/err")" \
	"^cephfs-tool: cannot mount filesystem 'no-such-fs' .*: filesystem 'no-such-fs' does not exist$"

keyring=$(sed -n '/^\[client\]/,/^\[/s/^keyring *= *//p' "$CEPH_CONF")
printf '[global]\nmon host = 127.0.0.1:1\nkeyring = %s\n' "$keyring" >"$TMP/dead.conf"
bench -c "$TMP/dead.conf" --mount-timeout 3
is "no monitor answering: exit 1" $rc 1
like "... says the cluster did not answer within 3 s" "$(cat "$TMP/err")" \
	'the cluster did not answer within 3 s'
# (the run directory's mount: the monitor wait, at most the session close)
within "... after the --mount-timeout, not 300 s:" $elapsed $((2 * 3))

# An engine file that fio cannot load: the phase, not the tool, fails.
echo "not an engine" >"$TMP/not-an-engine.so"
BENCH_ENGINE=$TMP/not-an-engine.so
bench --files 4 --size 64K
is "a phase that fails: exit 1" $rc 1
like "the report says the write phase failed, and why" \
	"$(grep '^  Write:' "$TMP/out")" '^  Write: FAILED: .*not-an-engine'
is "no read phase after a failed write phase" "$(grep -c '^Starting Read Phase' "$TMP/out")" 0
like "the final report counts no runs" "$(cat "$TMP/out")" 'Write Throughput Statistics \(0 runs\)'
is "... and cleans up" "$(tail -n 1 "$TMP/out")" "Cleaning up..."
siblings_intact "after a failed run"

# Mount errors that name what to fix: a root that is a file, a keyring
# that cannot be read (a directory, not a keyring, no permission).
BENCH_ENGINE=
"$TOOL" --fs "$CEPHFS_FS" bench --fio "$FIO" --engine "$ENGINE_SO" \
	--root-path "$CEPHFS_DIR/keep" >"$TMP/out" 2>"$TMP/err"
is "a root path that is a file: exit 1" $? 1
like "... says it is not a directory" "$(cat "$TMP/err")" \
	"^cephfs-tool: cannot mount .*: root '$CEPHFS_DIR/keep' is not a directory\$"
mkdir "$TMP/keyring.d"
bench -k "$TMP/keyring.d"
like "a keyring that is a directory: exit 1, naming it" "$rc $(cat "$TMP/err")" \
	"^1 cephfs-tool: cannot mount .*: keyring: Is a directory: cannot read keyring '$TMP/keyring.d'\$"
echo "not a keyring" >"$TMP/garbage.keyring"
bench -k "$TMP/garbage.keyring"
like "a keyring that is not one: exit 1, naming it" "$rc $(cat "$TMP/err")" \
	"^1 cephfs-tool: cannot mount .*: keyring '$TMP/garbage.keyring' holds no key Ceph can load for client.admin\$"
# Mode 000, for a user other than root (who reads it anyway).
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	chmod 711 "$TMP"
	cp "$keyring" "$TMP/000.keyring"
	chmod 000 "$TMP/000.keyring"
	TMPDIR=/tmp setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		"$TOOL" --fs "$CEPHFS_FS" -k "$TMP/000.keyring" bench --fio "$FIO" \
		--engine "$ENGINE_SO" --root-path "$CEPHFS_DIR" >"$TMP/out" 2>"$TMP/err"
	like "a keyring nobody may read, as nobody: exit 1, naming it" "$? $(cat "$TMP/err")" \
		"^1 cephfs-tool: cannot mount .*: keyring: Permission denied: cannot read keyring '$TMP/000.keyring'\$"
	chmod 700 "$TMP"
else
	skip 1 "not root, or no setpriv: no user to be refused the keyring"
fi

BENCH_ENGINE=$TMP/not-an-engine.so
bench --files 4 --size 64K --json "$TMP/f.json"
is "the JSON says the phase failed" \
	"$(python3 -c 'import json,sys; w=json.load(open(sys.argv[1]))["iterations"][0]["write"]; print(w["failed"], "not-an-engine" in w["error"])' "$TMP/f.json")" \
	"True True"
done_testing
