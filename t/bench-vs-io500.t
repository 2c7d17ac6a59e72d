#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench/vs-io500 without a cluster: it refuses an IO500 that is not a
# program, reads IO500's result lines, scores them by IO500's formula
# (checked against the [SCORE ] line of a real run), tells where a run
# stopped, and writes one ini file both sides read.
. "$(dirname "$0")/lib.sh"
. "$top_srcdir/t/bench.sh"
VS=$top_srcdir/bench/vs-io500

"$VS" --io500="$TMP/missing" >"$TMP/out" 2>"$TMP/err"
is "an IO500 that is not a program: exit 1" $? 1
like "... naming it" "$(cat "$TMP/err")" "$TMP/missing is not an executable"

# vs PYTHON: run PYTHON with the script loaded as module m.
vs() { bench_py vs-io500 "$1"; }

# IO500 02091cf's summary of a run on the sandbox, 2 ranks.
cat >"$TMP/io500" <<'OUT'
IO500 version io500-isc26_v2-26-g02091cf254d8 (standard)
ERROR INVALID (src/phase_dbg.c:15) stonewall-time 2s != 300s
[RESULT]       ior-easy-write        0.070582 GiB/s : time 5.862 seconds [INVALID]
[RESULT]    mdtest-easy-write        2.072778 kIOPS : time 4.261 seconds [INVALID]
[      ]            timestamp        0.000000 kIOPS : time 0.000 seconds
[RESULT]       ior-hard-write        0.043398 GiB/s : time 2.837 seconds [INVALID]
[RESULT]    mdtest-hard-write        1.043659 kIOPS : time 6.528 seconds [INVALID]
[RESULT]                 find       54.720447 kIOPS : time 0.207 seconds
[RESULT]        ior-easy-read        0.520385 GiB/s : time 0.792 seconds
[RESULT]     mdtest-easy-stat        4.262573 kIOPS : time 4.164 seconds
[RESULT]        ior-hard-read        0.256127 GiB/s : time 0.687 seconds
[RESULT]     mdtest-hard-stat        5.591691 kIOPS : time 2.020 seconds
[RESULT]   mdtest-easy-delete        1.559188 kIOPS : time 5.638 seconds
[RESULT]     mdtest-hard-read        0.741322 kIOPS : time 8.827 seconds
[RESULT]   mdtest-hard-delete        1.546643 kIOPS : time 4.605 seconds
[      ]  ior-rnd4K-easy-read        0.000000 GiB/s : time 0.000 seconds [INVALID]
[SCORE ] Bandwidth 0.142147 GiB/s : IOPS 2.902996 kiops : TOTAL 0.642380 [INVALID]
OUT
is "IO500's result lines: every phase, its figure, time and validity" \
	"$(vs "p, s = m.parse_output(open('$TMP/io500').read()); print(len(p), p['find'], p['ior-easy-write']['invalid'], s)")" \
	"14 {'score': 54.720447, 'seconds': 0.207, 'invalid': False} True (0.142147, 2.902996, 0.64238)"
# IO500 scores its unrounded figures; the lines give 6 decimals.
is "BW, MD and TOTAL by IO500's formula: its own [SCORE ] line" \
	"$(vs "p, _ = m.parse_output(open('$TMP/io500').read()); print(' '.join('%.5f' % v for v in m.scores(p).values()))")" \
	"0.14215 2.90300 0.64238"
is "... a phase at 0 counts as IO500 counts it: not at all" \
	"$(vs "print(m.geomean([4.0, 0.0, 1.0]), m.geomean([0.0]))")" "2.0 0.0"

# A run that aborts in the extra phase: no [SCORE ] line; the score of
# what it ran, where it stopped and why.
{ sed '/rnd4K\|SCORE/d' "$TMP/io500"
  echo 'ERROR: short read from CephFS, (aiori-CEPHFS.c:289)'
  echo 'Primary job  terminated normally, but 1 process returned'; } >"$TMP/stopped"
vs "import json; print(json.dumps(m.sample(open('$TMP/stopped').read(), 1, 9.5, m.SCORED + (m.EXTRA,))))" >"$TMP/sample"
is "stopped in ior-rnd4K-easy-read: named, no [SCORE ] line" \
	"$(vs "import json; s = json.load(open('$TMP/sample')); print(s['stopped_in'], s['missing'], s['printed'])")" \
	"ior-rnd4K-easy-read ['ior-rnd4K-easy-read'] None"
is "... its score computed from its phase lines" \
	"$(vs "import json; s = json.load(open('$TMP/sample')); print('%.5f' % s['scores']['TOTAL'])")" "0.64238"
is "... and why, IO500's INVALID notes left out" \
	"$(vs "import json; print(json.load(open('$TMP/sample'))['errors'])")" \
	"['ERROR: short read from CephFS, (aiori-CEPHFS.c:289)']"
printf '[RESULT]        ior-hard-read        0.000001 GiB/s : time 166.058 seconds [INVALID]\ncephfs-tool io500: ior-hard-read: cephfs: r1: ceph_ll_readv(/d/file): Input/output error\n[INVALID] mdtest-hard-stat: did not run\n' >"$TMP/eio"
is "an error in lower case is one too" \
	"$(vs "print(m.error_lines(open('$TMP/eio').read()))")" \
	"['cephfs-tool io500: ior-hard-read: cephfs: r1: ceph_ll_readv(/d/file): Input/output error']"
is "a complete run that exits 0 has nothing to explain" \
	"$(vs "s = m.sample(open('$TMP/io500').read(), 0, 9.5, m.SCORED); print(s['missing'], 'errors' in s)")" \
	"[] False"

# Rounds: ours at 0.85x and 1.1x IO500's find, equal elsewhere.
rounds="[{'io500': m.sample(open('$TMP/io500').read(), 0, 1, m.SCORED),
          'ours': m.sample(open('$TMP/io500').read().replace('54.720447', '%f' % (54.720447 * f)), 0, 1, m.SCORED)}
         for f in (0.85, 1.1, 0.85)]"
is "medians of each side, their ratio and the ratio round by round" \
	"$(vs "r = m.summarize($rounds)['find']; print(r['io500'], round(r['ratio'], 2), [round(x, 2) for x in r['paired']])")" \
	"54.720447 0.85 [0.85, 1.1, 0.85]"
vs "m.targets(m.summarize($rounds), $rounds)" >"$TMP/targets"
like "a phase under 0.9x: MISS" "$(grep ' find ' "$TMP/targets")" "^  MISS  find >= 0\.9x"
like "... one at 1.0x: PASS" "$(grep ' ior-hard-read ' "$TMP/targets")" "^  PASS  ior-hard-read >= 0\.9x"
like "TOTAL: its own target" "$(grep 'TOTAL' "$TMP/targets")" "^  MISS  TOTAL >= 1\.0x"
like "no run of ours aborted: PASS" "$(grep 'aborts' "$TMP/targets")" "^  PASS .* 0\.000 \(goal <= 0\.00\)"
stopped="[{'io500': m.sample(open('$TMP/stopped').read(), 1, 1, m.SCORED + (m.EXTRA,)),
           'ours': m.sample(open('$TMP/io500').read(), 0, 1, m.SCORED + (m.EXTRA,))}]"
is "an aborted run counted, on its side" "$(vs "print(m.aborts($stopped, 'io500'), m.aborts($stopped, 'ours'))")" "[1] []"
vs "m.targets(m.summarize($stopped), $stopped)" >"$TMP/targets"
like "... IO500's abort is no target of ours" "$(grep 'aborts' "$TMP/targets")" \
	"^  PASS  runs of ours with a phase that aborts +0\.000"
vs "m.print_runs($stopped)" >"$TMP/runs"
like "... and printed with where it stopped and why" "$(cat "$TMP/runs")" \
	"round 1 io500 +1\.0 s, exit 1, no \[SCORE \] line; no result line from ior-rnd4K-easy-read on \(1 phase\(s\)\)"

# One ini file: the shared parameters, IO500's datadir on the mount, the
# CEPHFS API of its phases, bench/mds-settle before each phase; the
# extra off unless --rnd4k.
args="type('A', (), {'mpirun': 'mpirun', 'ranks': 2, 'io500': '/p/io500', 'tool': '/t',
                     'fio': 'fio', 'engine': '/e', 'rnd4k': %s})"
vs "m.commands($(printf "$args" False), 'ceph.conf', 'cephfs', '$TMP', '/mnt')" >/dev/null
is "the ini: IO500's datadir through the mount, global api POSIX" \
	"$(grep -e '^datadir' -e '^api' "$TMP/io500.ini" | tr '\n' ' ')" \
	"datadir = /mnt/io500-data api = POSIX "
is "... every phase section with the CEPHFS API" \
	"$(grep -c '^API = CEPHFS --cephfs.user=admin --cephfs.conf=ceph.conf --cephfs.prefix=/mnt$' "$TMP/io500.ini")" 4
like "... the extra not run" "$(sed -n '/rnd4K/,$p' "$TMP/io500.ini")" "run = FALSE"
like "... the shared stonewall" "$(sed -n '/^\[debug\]/,/^$/p' "$TMP/io500.ini")" \
	"stonewall-time = $(vs "print(m.SHARED['debug']['stonewall-time'])")\$"
is "... both sides wait for the MDS's purges before each phase" \
	"$(grep -e '^drop-caches' "$TMP/io500.ini" | tr '\n' ' ')" \
	"drop-caches = TRUE drop-caches-cmd = $(cd "$top_srcdir" && pwd)/bench/mds-settle ceph.conf "
is "IO500 under mpirun as root, the file system named in CEPH_ARGS" \
	"$(vs "c, d = m.commands($(printf "$args" False), 'ceph.conf', 'cephfs', '$TMP', '/mnt'); cmd, env = c['io500']; print(' '.join(cmd[1:]), env['CEPH_ARGS'].split()[-1], d)")" \
	"--allow-run-as-root --oversubscribe -np 2 /p/io500 $TMP/io500.ini --client_fs=cephfs /mnt/io500-data"
# mpirun(1): a rank to a core for 2 or fewer, none when oversubscribed.
is "mpirun's binding: a core for 1 rank" "$(vs "print(m.binds_to_core(1))")" True
is "... none for 3 (a socket, or oversubscribed)" "$(vs "print(m.binds_to_core(3))")" False
is "... for 2, a core where there are 2 CPUs" "$(vs "print(m.binds_to_core(2))")" \
	"$([ "$(nproc)" -ge 2 ] && echo True || echo False)"
bound=$([ "$(nproc)" -ge 2 ] && echo " --bind-to-core")
is "ours: the same ini, the datadir in CephFS, as many processes, bound as mpirun binds" \
	"$(vs "c, _ = m.commands($(printf "$args" True), 'ceph.conf', 'cephfs', '$TMP', '/mnt'); print(' '.join(c['ours'][0][10:]))")" \
	"--ini $TMP/io500.ini --dir /io500-data --processes 2$bound --rnd4k"
like "--rnd4k: the extra runs on IO500's side too" "$(sed -n '/rnd4K/,$p' "$TMP/io500.ini")" "run = TRUE"
done_testing
