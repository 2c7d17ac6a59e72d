# SPDX-License-Identifier: GPL-2.0-only
"""What the performance scripts in bench/ share: running a client
program with its CPU and peak RSS, the sandbox cluster, a ceph-fuse
mount, waiting for the MDS to purge removed files, the memory check, and
a main that always stops what it started."""
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time


class Broke(Exception):
    pass


def run(cmd, env=None, timeout=None):
    """Run @cmd; return its stdout, the child's user+sys CPU and peak RSS
    (KiB: the largest of the child and the descendants it waited for)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        # os.wait4 reaps the child itself, to get its rusage.
        killer = threading.Timer(timeout, child.kill) if timeout else None
        if killer:
            killer.start()
        try:
            _, status, ru = os.wait4(child.pid, 0)
        finally:
            # A ^C in the wait would leave the timer thread, which the
            # interpreter waits for at exit, running for the whole timeout.
            if killer:
                killer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode:
            raise Broke("%s: exit %d\n%s%s" % (" ".join(cmd), child.returncode,
                        out.read().decode()[-2000:], err.read().decode()[-2000:]))
        return out.read().decode(), ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def own_sandbox():
    """Whether the harness starts its own cluster (no CEPH_CONF given)."""
    return not os.environ.get("CEPH_CONF")


def sandbox_dir(a):
    return os.path.abspath(os.path.join(a.workdir, "sandbox"))


def start_cluster(a):
    """CEPH_CONF's cluster, or a sandbox in @a.workdir (harness_main stops
    it at exit); called again, a fresh sandbox in place of the last one."""
    if not own_sandbox():
        return os.environ["CEPH_CONF"], os.environ.get("CEPHFS_FS", "cephfs")
    sb = sandbox_dir(a)
    subprocess.call([a.sandbox, "stop", sb], stderr=subprocess.DEVNULL)
    out = subprocess.run([a.sandbox, "start", sb], check=True, stdout=subprocess.PIPE,
                         text=True).stdout
    env = dict(l.split("=", 1) for l in out.splitlines() if "=" in l and " " not in l)
    return env["CEPH_CONF"], env.get("CEPHFS_FS", "cephfs")


class Fuse:
    """One ceph-fuse client in the foreground."""

    def __init__(self, conf, fs, mnt, log):
        self.cmd = ["ceph-fuse", "-f", "-c", conf, "--client_fs=" + fs,
                    "--log-file=" + log, mnt]
        self.mnt, self.proc, self.spent = mnt, None, 0.0
        os.makedirs(mnt, exist_ok=True)

    def mount(self):
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        for _ in range(300):
            if os.path.ismount(self.mnt):
                return
            if self.proc.poll() is not None:
                raise Broke("ceph-fuse: " + self.proc.stderr.read().decode().strip())
            time.sleep(0.1)
        self.umount()
        raise Broke("ceph-fuse: not mounted after 30 s")

    def umount(self):
        if not self.proc:
            return
        self.spent += self.proc_cpu()
        # umount(8), not fusermount: the harness runs as root (it drops
        # caches), and fusermount comes with the fuse package, which
        # ceph-fuse does not need.
        subprocess.call(["umount", self.mnt], stderr=subprocess.DEVNULL)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            subprocess.call(["umount", "-l", self.mnt], stderr=subprocess.DEVNULL)
        self.proc = None

    def proc_cpu(self):
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu(self):
        """CPU of every ceph-fuse process this object ran, so far."""
        return self.spent + (self.proc_cpu() if self.proc else 0)


def mds_sockets(conf):
    """The admin sockets of @conf's MDS daemons when they run here (a
    sandbox names its run dir); none for a cluster elsewhere."""
    with open(conf) as f:
        run_dir = next((value.strip() for key, _, value in
                        (line.partition("=") for line in f)
                        if key.strip() == "run dir"), None)
    return glob.glob(os.path.join(run_dir, "ceph-mds.*.asok")) if run_dir else []


def purge_backlog(sock):
    """Removed files @sock's MDS has still to purge: strays, and purge
    queue items journaled or executing."""
    # CEPH_ARGS carries the clients' log options, which the admin socket
    # command refuses as arguments.
    env = {k: v for k, v in os.environ.items() if k != "CEPH_ARGS"}
    dump = json.loads(subprocess.run(["ceph", "--admin-daemon", sock, "perf", "dump"],
                                     check=True, stdout=subprocess.PIPE, text=True,
                                     env=env).stdout)
    pq = dump.get("purge_queue", {})
    return (dump["mds_cache"]["num_strays"] + pq.get("pq_item_in_journal", 0) +
            pq.get("pq_executing", 0))


def settle(sockets, timeout=60, stall=2.0):
    """Wait until the MDS daemons behind @sockets have purged what earlier
    runs removed, so that a run does not pay for its predecessor's
    cleanup, or until that backlog has not shrunk for @stall seconds: a
    stray a client still holds (a ceph-fuse mount's kernel inodes) is
    purged when that client lets go, which no wait brings about.  The
    backlog left and the seconds waited (at most @timeout)."""
    started = last_drop = time.monotonic()
    least = None
    while True:
        now = time.monotonic()
        left = sum(purge_backlog(s) for s in sockets)
        if least is None or left < least:
            least, last_drop = left, now
        if not left or now - started >= timeout or now - last_drop >= stall:
            return left, now - started
        time.sleep(0.05)


def memory_check(fio, counts, runners, modes):
    """
    Peak RSS over the metadata @modes (one thread each) of few and of many
    empty files, for each of @runners ({"engine": .., "raw": ..}, objects
    with phase(mode, threads, files)), and of fio with the null engine:
    libcephfs's inode cache grows in the first two, fio's file table in
    the last.
    """
    mem = {"files": counts, "fio-null": []}
    for n in counts:
        for who, runner in runners.items():
            peak = max(runner.phase(m, 1, n)["rss_kib"] for m in modes)
            mem.setdefault(who, []).append(peak)
            print("memory: %s %d files: peak RSS %d KiB" % (who, n, peak), flush=True)
        mem["fio-null"].append(run([fio, "--name=null", "--ioengine=null", "--thread",
                                    "--filename_format=bench/$jobnum.$filenum",
                                    "--nrfiles=%d" % n, "--filesize=4k", "--bs=4k",
                                    "--output=/dev/null"])[2])
    return mem


def growth(mem, who):
    return mem[who][-1] - mem[who][0]


def engine_own_growth(mem):
    """The engine's RSS growth less what libcephfs (the raw loop's growth)
    and fio's file table (the null engine's) account for, over its RSS."""
    return (growth(mem, "engine") - growth(mem, "raw") - growth(mem, "fio-null")) / \
        mem["engine"][0]


def print_targets(goals):
    """Each target PASS, MISS or n/a (not measured), its verdict kept in it."""
    print("\nTargets")
    for g in goals:
        r = g["ratio"]
        met = r is not None and (r <= g["goal"] if g["at_most"] else r >= g["goal"])
        g["verdict"] = "n/a" if r is None else "PASS" if met else "MISS"
        print("  %-4s  %-66s %6s (goal %s %.2f)" % (g["verdict"], g["target"],
              "-" if r is None else "%.3f" % r, "<=" if g["at_most"] else ">=", g["goal"]))


def harness_main(name, a, measure):
    """measure(a, stack) with libcephfs' log in @a.workdir; whatever it
    pushed on stack (sandbox, mounts) is undone at exit, ^C included."""
    os.makedirs(a.workdir, exist_ok=True)
    os.environ["CEPH_ARGS"] = "--log-to-stderr=false --log-file=%s" % \
        os.path.abspath(os.path.join(a.workdir, "client.log"))
    stack = []
    if own_sandbox():
        stack.append(lambda: subprocess.call([a.sandbox, "stop", sandbox_dir(a)]))
    # SIGTERM/SIGHUP unwind like ^C, so the sandbox and the mount go too.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.default_int_handler)
    try:
        return measure(a, stack)
    except (Broke, subprocess.CalledProcessError, KeyboardInterrupt) as e:
        print("%s: %s" % (name, e), file=sys.stderr)
        return 1
    finally:
        while stack:
            stack.pop()()
