#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# No value or path crashes fio: every spelling of a cephfs_root mounts the
# directory it names (or is refused at init, naming the option), and
# every hook fio calls after the engine's init failed or never ran
# survives it.  Each case segfaulted fio before.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/matrix.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR
"$CEPHFS_UTIL" mkdir "$d" 755
"$CEPHFS_UTIL" mkdir "$d/r" 755
"$CEPHFS_UTIL" mkdir "$d/a#b c%" 755

# not_crashed DESC: fio's exit status is its own, not a signal's.
not_crashed() {
	ok $([ $rc -lt 128 ]; echo $?) "$1: no crash (exit $rc)"
}

# Each spelling of a root, the file name under it, and the path where the
# file must land.  "//" mounted a root whose first ceph_mkdir segfaulted;
# the others failed to mount (EINVAL, ENOENT).
n=0
while IFS='|' read -r root name where; do
	n=$((n + 1))
	start=$(date +%s)
	cephfs_fio "$TMP/r.json" --name=r --cephfs_root="$root" \
		--filename="$name-$n" --rw=write --bs=4k --size=4k
	rc=$?
	not_crashed "cephfs_root=$root"
	is "cephfs_root=$root: exit 0" $rc 0
	is "... the file is in $where" "$(size_of "$where/$(basename "$name")-$n")" 4096
	matrix_row "engine: cephfs_root=$root" "mounts $where's directory" \
		$(( $(date +%s) - start ))
done <<EOF
//|$d/top|$d
///|$d/top|$d
/./|$d/top|$d
/.|$d/top|$d
/$d|f|$d
$d/./r/|f|$d/r
$d//r|f|$d/r
$d/r/|f|$d/r
$d/r//.//|f|$d/r
EOF

# A root with '#', a blank and '%' in a name, escaped as cephfs-tool
# writes it: its bytes reach libcephfs as given, the slashes normalised.
cephfs_fio "$TMP/r.json" --name=r --cephfs_escaped=1 \
	--cephfs_root="$(echo "$d" | sed 's,/,%2F,g')%2F%2Fa%23b%20c%25%2F" \
	--filename=f --rw=write --bs=4k --size=4k
rc=$?
not_crashed "escaped cephfs_root '$d//a#b c%/'"
is "... exit 0, the file in '$d/a#b c%'" "$rc $(size_of "$d/a#b c%/f")" "0 4096"
matrix_row "engine: escaped cephfs_root with '//', '#', ' ', '%'" \
	"mounts the directory named" 0

# '..' depends on symbolic links; a relative root names nothing.
for case in "/..|a '..' component" "$d/..|a '..' component" \
	"$d/../x|a '..' component" "$d/r/..|a '..' component" \
	"r|must be an absolute path"; do
	root=${case%%|*} why=${case#*|}
	start=$(date +%s)
	cephfs_fio "$TMP/r.json" --name=r --cephfs_root="$root" --filename=f \
		--rw=write --bs=4k --size=4k
	rc=$?
	not_crashed "cephfs_root=$root"
	is "cephfs_root=$root: exit 1" $rc 1
	like "... naming the option" "$(cat "$TMP/fio.err")" \
		"^cephfs: cephfs_root=$root: $why"
	matrix_row "engine: cephfs_root=$root" "fio exits 1, one line naming it" \
		$(( $(date +%s) - start ))
done

# File names lose their empty and '.' components too: libcephfs asserted
# (filepath::last_dentry) unlinking, removing or renaming "//".  Here they
# name the mount root, which the operations refuse.
for name in // /// /./; do
	for op in unlink rmdir rename rename_back "io --unlink=1"; do
		# shellcheck disable=SC2086 # op may carry an option
		cephfs_fio "$TMP/n.json" --name=n --cephfs_root="$d" \
			--filename="$name" --rw=write --bs=4k --size=4k --cephfs_op=$op
		rc=$?
		not_crashed "filename=$name cephfs_op=$op"
		is "... exit 1" $rc 1
		like "... naming the call" "$(cat "$TMP/fio.err")" \
			"^cephfs: n: ceph_[a-z_]+\\(/[^)]*\\): "
		matrix_row "engine: filename=$name cephfs_op=$op" \
			"fio exits 1 naming the call" 0
	done
done
is "... and the root is still there" "$("$CEPHFS_UTIL" exists "$d/r"; echo $?)" 0

# After a failed init (a missing root; a refused option, before any
# mount) or a skipped one (fio's read_iolog missing), fio's
# close_and_free_files calls unlink_file for every file with unlink=1,
# close_file for the open ones, then cleanup.  A file of the job's name
# that the run did not make stays.
"$CEPHFS_UTIL" put "$d/keep" 100
"$CEPHFS_UTIL" mkdir "$d/keepdir" 755
for failure in "--cephfs_root=$d/missing|root directory '$d/missing' does not exist" \
	"--cephfs_uid=-2|cephfs_uid=-2 is out of range" \
	"--read_iolog=$TMP/missing.log|read iolog: No such file"; do
	cause=${failure%%|*} why=${failure#*|}
	for job in "--filename=keep --unlink=1" \
		"--filename=keep --unlink=1 --verify=crc32c" \
		"--nrfiles=4 --filename_format=keep.\$filenum --unlink=1" \
		"--filename=keep --unlink=1 --create_on_open=1" \
		"--filename=keepdir --unlink=1 --cephfs_op=mkdir" \
		"--filename=keep --unlink=1 --thread --numjobs=2" \
		"--filename=keep --unlink=1 --create_serialize=0" \
		"--filename=keep --unlink=1 --fsync_on_close=1 --end_fsync=1" \
		"--filename=keep --unlink=1 --rw=read --pre_read=1" \
		"--filename=keep --unlink=1 --iodepth=4"; do
		start=$(date +%s)
		# shellcheck disable=SC2086 # a job is several options
		cephfs_fio "$TMP/h.json" --name=h --cephfs_root="$d" \
			--rw=write --bs=4k --size=8k "$cause" $job
		rc=$?
		not_crashed "$cause $job"
		ok $([ $rc != 0 ]; echo $?) "... fio fails"
		like "... saying why" "$(cat "$TMP/fio.err")" "$why"
		matrix_row "engine: $job after $cause" "fio fails without a crash" \
			$(( $(date +%s) - start ))
	done
	is "$cause: what the run did not make stays" \
		"$(size_of "$d/keep") $("$CEPHFS_UTIL" exists "$d/keepdir"; echo $?)" "100 0"
done
done_testing
