#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Nothing outside cephfs_root is touched, whatever the key allows: a name
# whose ".." climbs above the root is refused at init, and a symbolic link
# that leads above it (a directory on the way or the file itself) when the
# file is reached, before any I/O.  Links that stay inside, relative or
# absolute (those start at the mount root), still work.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
need_cluster
cephfs_testdir
d=$CEPHFS_DIR

"$CEPHFS_UTIL" mkdir "$d/lim/sub" 755
"$CEPHFS_UTIL" mkdir "$d/secret" 755
"$CEPHFS_UTIL" put "$d/secret/data" 4096
"$CEPHFS_UTIL" poke "$d/secret/data" 0 "secret" || bail_out "no secret"
secret=$("$CEPHFS_UTIL" cat "$d/secret/data" | md5sum)

# job WHAT ARGS...: one 4 KiB job at the root $d/lim, with an admin key.
job() {
	cephfs_fio "$TMP/j.json" --name=j --cephfs_root="$d/lim" --bs=4k \
		--size=4k "$@"
}

# refused DESCRIPTION REGEX ARGS...: the job fails saying REGEX, and
# nothing outside the root changed.
refused() {
	desc=$1 regex=$2
	shift 2
	job "$@"
	ok $([ $? != 0 ]; echo $?) "$desc: refused"
	like "$desc: says why, naming it" "$(cat "$TMP/fio.err")" "$regex"
	is "$desc: nothing outside the root changed" \
		"$("$CEPHFS_UTIL" cat "$d/secret/data" | md5sum) $("$CEPHFS_UTIL" ls "$d" | sort | tr '\n' ' ')" \
		"$secret lim secret "
}

refused "../x" "^cephfs: file \\.\\./x: '\\.\\.' leads above the mount root" \
	--filename=../x --rw=write
refused "a/../../x" "^cephfs: file a/\\.\\./\\.\\./x: '\\.\\.' leads above" \
	--filename=a/../../x --rw=write

"$CEPHFS_UTIL" symlink ../secret "$d/lim/l"
via_l="^cephfs: j: resolve\\(l/data\\): leads above the mount root \\(cephfs_root\\) through the symbolic link /l -> \\.\\./secret$"
refused "a write through a directory link to ../secret" "$via_l" \
	--filename=l/data --rw=write
refused "a read through it" "$via_l" --filename=l/data --rw=read
"$CEPHFS_UTIL" symlink ../secret/data "$d/lim/ld"
via_ld="^cephfs: j: .*\\(ld\\): leads above the mount root \\(cephfs_root\\) through the symbolic link /ld -> \\.\\./secret/data$"
refused "a write to a link to ../secret/data" "$via_ld" \
	--filename=ld --rw=write
refused "a read of it" "$via_ld" --filename=ld --rw=read
refused "a stat of it" "$via_ld" --filename=ld --rw=read --cephfs_op=stat

# Inside the root: a file, relative and absolute links to it, a link to a
# directory; all lead where they point.
job --filename=file --rw=write --verify=crc32c --do_verify=0
ok $? "a file at the root"
"$CEPHFS_UTIL" symlink file "$d/lim/rel"
"$CEPHFS_UTIL" symlink /file "$d/lim/abs"
"$CEPHFS_UTIL" symlink ../file "$d/lim/sub/up"
for link in rel abs sub/up; do
	job --filename=$link --rw=read --verify=crc32c
	ok $? "a read through the link $link verifies the file"
done
job --filename=rel --rw=write --verify=md5 --do_verify=0
ok $? "a write through the link rel"
job --filename=file --rw=read --verify=md5
ok $? "... went to the file"
"$CEPHFS_UTIL" symlink sub "$d/lim/dl"
job --filename=dl/new --rw=write
ok $? "a write through a link to a directory inside"
is "... lands in that directory" \
	"$("$CEPHFS_UTIL" stat "$d/lim/sub/new" | cut -d' ' -f4)" 4096
done_testing
