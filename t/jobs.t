#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every shipped job file, jobs/*.fio (globbed: a new one is run too), on a
# private sandbox with two MDS ranks (jobs/pinned.fio needs them), with
# only its file counts, sizes and runtime scaled down (scaled_job): fio
# exits 0, no job reports an error, and each job did what it asks, as
# fio's JSON counts it.  A job file naming $clientuid is meant for fio
# --client and runs on two test hosts (t/hosts.sh: network namespaces,
# each with a fio server, the sandbox listening on their bridge) from a
# host list file, as its header says; one naming ${CEPHFS_FUSE_DIR} runs
# on a ceph-fuse mount of the sandbox's filesystem.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/servers.sh"
. "$top_srcdir/t/fuse.sh"
. "$top_srcdir/t/hosts.sh"
need_cluster
command -v ss >/dev/null || skip_all "no ss (iproute2) to see the fio servers listen"
trap 'hosts_down; rm -rf "$TMP"' EXIT
# Without test hosts the client jobs skip, naming why (CI fails instead).
if hosts_up 2; then
	hosts_sandbox 1073741824 --mds-ranks 2
else
	[ "${CEPHFS_REQUIRE_CLUSTER:-0}" != 1 ] ||
		bail_out "$hosts_unavailable and CEPHFS_REQUIRE_CLUSTER=1"
	private_sandbox 1073741824 --mds-ranks 2
fi
trap 'unmount_fuse; stop_servers; "$top_srcdir/scripts/ceph-sandbox" stop "$PRIVATE_SANDBOX" >/dev/null 2>&1; hosts_down; rm -rf "$TMP"' EXIT

set -- "$top_srcdir"/jobs/*.fio

# scaled_job FILE: FILE with nrfiles and cephfs_entries at most 4, a size or filesize over
# 4 MiB cut to 4 MiB (still a whole 4 MiB block of the shipped files) and
# runtime at most 2 s; every other line as shipped.
scaled_job() {
	awk 'BEGIN { FS = OFS = "=" }
	($1 == "nrfiles" || $1 == "cephfs_entries") && $2 + 0 > 4 { $2 = 4 }
	($1 == "filesize" || $1 == "size") &&
		($2 ~ /^[0-9]+[gGtT]$/ || ($2 ~ /^[0-9]+[mM]$/ && $2 + 0 > 4)) { $2 = "4m" }
	$1 == "runtime" && $2 + 0 > 2 { $2 = 2 }
	{ print }' "$1"
}

# run_job NAME FILE: fio on the job file as its header says to run it,
# with the engine on the loader path; JSON in $TMP/NAME.json, exit status
# in $rc.  A client job runs on both test hosts, listed in $TMP/hosts.list.
run_job() {
	client=
	if grep -q '\$clientuid' "$2"; then
		if [ ! -s "$TMP/hosts.list" ]; then
			host_server 1 server1 LD_LIBRARY_PATH="$top_builddir/engine"
			host_server 2 server2 LD_LIBRARY_PATH="$top_builddir/engine"
			printf '%s\n' "${server1%:*}" "${server2%:*}" >"$TMP/hosts.list"
		fi
		client=--client=$TMP/hosts.list
	fi
	if grep -q '\${CEPHFS_FUSE_DIR}' "$2"; then
		[ -n "$fuse_pid" ] || mount_fuse || { rc=mount; return; }
	fi
	LD_LIBRARY_PATH=$top_builddir/engine $TEST_WRAPPER "$FIO" \
		--output-format=json --output="$TMP/$1.json" $client "$2" \
		>"$TMP/$1.out" 2>"$TMP/$1.err"
	rc=$?
	[ $rc = 0 ] || tail -n 5 "$TMP/$1.err" "$TMP/$1.json" | diag_stream
}

# done_what_asked NAME: per job of the job file $TMP/NAME.fio, what it
# should have done against what fio counted in $TMP/NAME.json (a line for
# each job that did not), from its options and its [global] ones:
# a metadata cephfs_op: one I/O per file in the direction of rw, or per
# entry of each file under cephfs_entries; data: every file's bytes (nrfiles x filesize, or size;
# read and write together for a mixed rw); time-based: at least one I/O in
# each direction of rw.  Jobs of one name (numjobs without
# group_reporting, or on each client host) are summed.
done_what_asked() {
	python3 - "$TMP/$1.fio" "$TMP/$1.json" <<'PY'
import configparser, json, re, sys
job = configparser.ConfigParser(allow_no_value=True, interpolation=None,
                                delimiters=("=",), comment_prefixes=(";", "#"))
job.read(sys.argv[1])
text = open(sys.argv[2]).read()
d = json.loads(text[text.index("{"):])
entries = [j for j in d.get("jobs", d.get("client_stats", []))
           if j["jobname"] != "All clients"]
hosts = len({j.get("hostname") for j in entries})
names = []
done = {}
for j in entries:
    if j["jobname"] not in done:
        names.append(j["jobname"])
        opts = dict(job["global"]) if job.has_section("global") else {}
        opts.update(job[j["jobname"]])
        done[j["jobname"]] = {"opts": opts, "error": 0,
                              "read": [0, 0], "write": [0, 0]}
    e = done[j["jobname"]]
    e["error"] = e["error"] or j["error"]
    for rw in ("read", "write"):
        e[rw][0] += j[rw]["io_bytes"]
        e[rw][1] += j[rw]["total_ios"]

def size(text):
    m = re.fullmatch(r"(\d+)([kmg]?)", text.lower())
    return int(m.group(1)) << {"": 0, "k": 10, "m": 20, "g": 30}[m.group(2)]

missing = [name for name in job.sections() if name != "global" and name not in done]
if missing or not names:
    print("not in fio's output:", missing or "any job")
for name in names:
    e = done[name]
    o = e["opts"]
    jobs = int(o.get("numjobs", 1)) * hosts
    files = int(o.get("nrfiles", 1))
    rw = o.get("rw", "read")
    if e["error"]:
        print("%s: error %d" % (name, e["error"]))
    rw = rw.replace("rand", "")
    if rw in ("rw", "readwrite"):
        rw = "read+write"
    what = 1 if o.get("cephfs_op", "io") != "io" else 0
    if what:
        want = jobs * files * max(1, int(o.get("cephfs_entries", 0)))
    elif "time_based" in o and o["time_based"] != "0":
        for direction in rw.split("+"):
            if not e[direction][1]:
                print("%s: no %s in its %s s" % (name, direction, o.get("runtime")))
        continue
    elif "filesize" in o:
        want = jobs * files * size(o["filesize"])
    else:
        want = jobs * size(o["size"])
    got = sum(e[direction][what] for direction in rw.split("+"))
    if got != want:
        print("%s: %s %d %s, asked for %d" % (name, rw, got, ("bytes", "I/Os")[what], want))
PY
}

# files_under DIR: the files (not directories) under DIR of the
# filesystem, a path a line.
files_under() {
	"$CEPHFS_UTIL" ls "$1/" | while read -r entry; do
		if "$CEPHFS_UTIL" ls "$1/$entry" >/dev/null 2>&1; then
			files_under "$1/$entry"
		else
			echo "$1/$entry"
		fi
	done
}

for job in "$@"; do
	name=$(basename "$job" .fio)
	client_job=$(grep -c '\$clientuid' "$job")
	if [ "$client_job" != 0 ] && [ -n "${hosts_unavailable:-}" ]; then
		skip 4 "jobs/$name.fio runs on test hosts: $hosts_unavailable"
		continue
	fi
	scaled_job "$job" >"$TMP/$name.fio"
	run_job "$name" "$TMP/$name.fio"
	unmount_fuse
	is "jobs/$name.fio, scaled: fio exits 0" $rc 0
	is "... each job did what it asks" "$(done_what_asked "$name" 2>&1)" ""
	is "... and removed every file it made, as its header says" \
		"$(files_under "")" ""
	[ "$client_job" = 0 ] ||
		is "... on both test hosts, named by their addresses" \
			"$(python3 -c 'import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text[text.index("{"):])
print(" ".join(sorted({j["hostname"] for j in d["client_stats"]
                       if j["jobname"] != "All clients"})))' "$TMP/$name.json")" \
			"${server1%:*} ${server2%:*}"
	# The next job starts on an empty filesystem, whatever this one left.
	"$CEPHFS_UTIL" ls / | while read -r entry; do
		"$CEPHFS_UTIL" rmtree "/$entry"
	done
done

# What a typo in a job file does to the checks above.
scaled_job "$top_srcdir/jobs/quickstart.fio" >"$TMP/typo.fio"
printf 'nrfile=4\n' >>"$TMP/typo.fio"
run_job typo "$TMP/typo.fio" 2>/dev/null
ok $([ $rc != 0 ]; echo $?) "a job file with an unknown option fails (exit $rc)"
like "... fio names the option" "$(cat "$TMP/typo.err")" 'nrfile'
done_testing
