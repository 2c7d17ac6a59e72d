#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Rewrite one of fio's example job files to run through the engine.

usage: fio-examples.py EXAMPLE.fio DIR  (the job file on stdout)

Only what a user would change to try an example on CephFS: every
ioengine= becomes cephfs, every file name moves under DIR (a CephFS
path; directory= goes, since fio checks it on the local filesystem),
sizes above SIZE_CAP and run times above RUNTIME_CAP come down (a
job with no size, a device's, gets SIZE_CAP; one with no runtime
RUNTIME_BOUND), and numjobs, nrfiles,
loops and number_ios are capped so that two cores get through all of them.
Everything else, bs, rw, iodepth, verify, rates, stays as shipped.

With --candidate, print nothing and exit 0 when the example uses only
engines that do file I/O with system calls (the ones the engine can
stand in for), 1 when it uses another.
"""
import os
import re
import sys

FILE_ENGINES = {"sync", "psync", "vsync", "pvsync", "pvsync2", "libaio",
                "posixaio", "mmap", "io_uring", "null"}
SIZE_CAP = 4 << 20
RUNTIME_CAP = 1
RUNTIME_BOUND = 5
COUNT_CAPS = {"numjobs": 4, "nrfiles": 16, "loops": 2, "number_ios": 200}
SIZE_KEYS = {"size", "filesize", "io_size", "io_limit", "offset",
             "offset_increment", "zonesize", "zonerange", "zoneskip"}
# (not ss_dur or ss_ramp: fio 3.41 wants them multiples of ss_interval;
# the runtime ends a steady-state job anyway)
TIME_KEYS = {"runtime", "timeout", "ramp_time", "startdelay"}
SUFFIX = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
          "p": 1 << 50}
TIME_SUFFIX = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
ASSIGN = re.compile(r"^(\s*)([A-Za-z_0-9]+)(\s*=\s*)(.*?)\s*$")


def size_bytes(value):
    m = re.fullmatch(r"(\d+)([kmgtp]?)(i?b?)", value.lower())
    return int(m.group(1)) * SUFFIX[m.group(2)] if m else None


def seconds(value):
    m = re.fullmatch(r"(\d+)([smhd]?)", value.lower())
    return int(m.group(1)) * TIME_SUFFIX[m.group(2)] if m else None


def keys(lines):
    return {m.group(2) for m in map(ASSIGN.match, lines) if m}


def engines(lines):
    found = {m.group(4) for m in map(ASSIGN.match, lines)
             if m and m.group(2) == "ioengine"}
    return found or {"psync"}


def capped_sizes(value):
    """size=10G -> 16m; a range (1k-4g) or list keeps its shape."""
    def cap(part):
        n = size_bytes(part)
        return "%dm" % (SIZE_CAP >> 20) if n is not None and n > SIZE_CAP else part
    return re.sub(r"[0-9]+[kmgtpKMGTP]?[iI]?[bB]?", lambda m: cap(m.group(0)),
                  value)


def rewrite_value(key, value, where):
    if key == "ioengine":
        return "cephfs"
    if key == "filename":
        return ":".join(where + "/" + os.path.basename(name.rstrip("/"))
                        for name in value.split(":"))
    if key in SIZE_KEYS:
        return capped_sizes(value)
    if key in TIME_KEYS:
        n = seconds(value)
        return str(min(n, RUNTIME_CAP)) if n is not None else value
    if key in COUNT_CAPS and value.isdigit():
        return str(min(int(value), COUNT_CAPS[key]))
    return value


def rewrite(lines, where):
    out = []
    has_engine = "ioengine" in keys(lines)
    head = ["[global]",
            "filename_format=%s/$jobname.$jobnum.$filenum" % where,
            # a bound for the jobs that give none (their own wins)
            "runtime=%d" % RUNTIME_BOUND]
    if not has_engine:
        head.append("ioengine=cephfs")
    if not keys(lines) & {"size", "filesize"}:
        # a device gives the size; a new file needs one
        head.append("size=%dm" % (SIZE_CAP >> 20))
    out.extend(head)
    for line in lines:
        m = ASSIGN.match(line)
        if m and m.group(2) == "directory":
            continue
        if m:
            line = "%s%s%s%s" % (m.group(1), m.group(2), m.group(3),
                                 rewrite_value(m.group(2), m.group(4), where))
        out.append(line)
    return out


def main(argv):
    candidate = argv[1:2] == ["--candidate"]
    if candidate:
        argv = argv[1:]
    if len(argv) != 3 - candidate:
        sys.exit("usage: fio-examples.py [--candidate] EXAMPLE.fio [DIR]")
    with open(argv[1]) as f:
        lines = f.read().splitlines()
    if candidate:
        return 0 if engines(lines) <= FILE_ENGINES else 1
    print("\n".join(rewrite(lines, argv[2].rstrip("/"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
