# SPDX-License-Identifier: GPL-2.0-only
# Test hosts that are hosts (sourced after t/lib.sh): network namespaces on
# a private bridge, each with its own address and network stack, and a
# fio server in each.  A host whose link goes down stops answering, as a
# host behind a failed switch port does, instead of refusing at once as a
# killed server on loopback does.
#
# The subnet is 198.18.X.0/24 (RFC 2544's benchmarking range), X claimed
# for the test's life by binding the abstract unix socket
# "fio-cephfs-hosts-198.18.X": the suites of the Debian roots share this
# network namespace (and its abstract sockets) but not the pid namespace,
# so a pid alone names nothing uniquely.  The bridge (198.18.X.1) is
# fcXbPID, host I's veth fcXhIpPID and its namespace the same name; a link
# or namespace of that shape for X found at the claim is a killed run's
# (no live run holds X) and goes.  Nothing routes beyond the /24: the
# namespaces have no other route, and no link made here has an IPv6
# address.
#
# hosts_up N || unavailable "$hosts_unavailable": the bridge and N hosts,
# with host_addr I and host_veth I; host_server I VAR [ENV...] starts a
# fio server in host I (stopped by stop_servers); hosts_down, from the
# test's EXIT trap after the cluster on the bridge is stopped, removes it
# all, as the claim's holder does anyway once the test's shell is gone.
. "$top_srcdir/t/cluster.sh"
. "$top_srcdir/t/timing.sh"
. "$top_srcdir/t/servers.sh"

hosts_x=
hosts_claim_pid=

# hosts_claim: X, in $hosts_x, claimed by a process that holds it while
# this shell lives; it removes what a killed run left under X first, and
# everything under X when this shell ends, however it ends, or at
# hosts_down.
hosts_claim() {
	python3 -c 'import os, random, signal, socket, subprocess, sys, time
shell = int(sys.argv[1])

def ours(x):
    """The links and namespaces of the shape this file makes for X."""
    links = subprocess.run(["ip", "-o", "link", "show"], capture_output=True,
                           text=True).stdout.splitlines()
    names = [line.split(": ")[1].split("@")[0] for line in links]
    spaces = subprocess.run(["ip", "netns", "list"], capture_output=True,
                            text=True).stdout.split("\n")
    shape = "fc%d" % x
    return ([n for n in names if n[len(shape):][:1] in ("b", "h") and n.startswith(shape)],
            [n.split()[0] for n in spaces if n.startswith(shape + "h")])

def remove(x):
    links, spaces = ours(x)
    for name in links:
        subprocess.run(["ip", "link", "del", name], stderr=subprocess.DEVNULL)
    for name in spaces:
        subprocess.run(["ip", "netns", "del", name], stderr=subprocess.DEVNULL)

for x in random.sample(range(256), 256):
    held = socket.socket(socket.AF_UNIX)
    try:
        held.bind("\0fio-cephfs-hosts-198.18.%d" % x)
    except OSError:
        held.close()
        continue
    # An address in it on a link of another shape is not ours to take.
    used = subprocess.run(["ip", "-4", "-o", "addr", "show", "to", "198.18.%d.0/24" % x],
                          capture_output=True, text=True).stdout.splitlines()
    if any(not line.split()[1].startswith("fc%db" % x) for line in used):
        held.close()
        continue
    remove(x)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(x, flush=True)
    try:
        while os.getppid() == shell:
            time.sleep(0.5)
    finally:
        remove(x)
    sys.exit(0)
sys.exit(1)' $$ >"$TMP/hosts.claim" 2>&1 &
	hosts_claim_pid=$!
	await 0 grep -q . "$TMP/hosts.claim" && kill -0 $hosts_claim_pid 2>/dev/null ||
		{ hosts_unavailable="no subnet 198.18.X.0/24 free for test hosts"; return 1; }
	hosts_x=$(head -n 1 "$TMP/hosts.claim")
}

host_addr() { echo "198.18.$hosts_x.$((10 + $1))"; }
host_veth() { echo "fc${hosts_x}h$1p$$"; }
hosts_bridge_addr() { echo "198.18.$hosts_x.1"; }

# in_host I CMD...: CMD in host I's network namespace.  Not `ip netns
# exec`, whose remount of /sys fails in a Debian root's chroot ("mount
# --make-rslave /": its / is no mount point); nothing here needs that /sys.
in_host() {
	ih_ns=/run/netns/$(host_veth $1)
	shift
	nsenter --net="$ih_ns" "$@"
}

# hosts_run WHAT CMD...: CMD, or hosts_unavailable naming WHAT and why.
hosts_run() {
	hr_what=$1
	shift
	"$@" 2>"$TMP/hosts.err" && return 0
	hosts_unavailable="$hr_what: $(head -n 1 "$TMP/hosts.err") (needs root, iproute2 and network namespaces)"
	return 1
}

hosts_up() {
	command -v ip >/dev/null || { hosts_unavailable="no ip (iproute2) for test hosts"; return 1; }
	hosts_claim || return 1
	hosts_bridge=fc${hosts_x}b$$
	hosts_run "ip link add type bridge" \
		ip link add "$hosts_bridge" type bridge || return 1
	hosts_run "ip link set addrgenmode none (bridge)" \
		ip link set "$hosts_bridge" addrgenmode none &&
	hosts_run "ip addr add (bridge)" \
		ip addr add "$(hosts_bridge_addr)/24" dev "$hosts_bridge" &&
	hosts_run "ip link set up (bridge)" ip link set "$hosts_bridge" up || return 1
	for i in $(seq "$1"); do
		veth=$(host_veth $i)
		hosts_run "ip netns add (host $i)" ip netns add "$veth" || return 1
		hosts_run "ip link add type veth (host $i)" \
			ip link add "$veth" type veth peer name eth0 netns "$veth" &&
		hosts_run "ip link set addrgenmode none (host $i)" \
			ip link set "$veth" addrgenmode none &&
		hosts_run "ip link set master (host $i)" \
			ip link set "$veth" master "$hosts_bridge" up &&
		hosts_run "ip link set addrgenmode none (in host $i)" \
			in_host $i ip link set eth0 addrgenmode none &&
		hosts_run "ip addr add (in host $i)" \
			in_host $i ip addr add "$(host_addr $i)/24" dev eth0 &&
		hosts_run "ip link set up (in host $i)" \
			in_host $i sh -c 'ip link set lo up && ip link set eth0 up' ||
			return 1
	done
}

hosts_down() {
	[ -n "$hosts_claim_pid" ] || return 0
	kill "$hosts_claim_pid" 2>/dev/null
	wait "$hosts_claim_pid" 2>/dev/null
	hosts_claim_pid=
}

# host_listening I PORT: host I's fio server listens (in its namespace).
host_listening() {
	[ -n "$(in_host $1 ss -Hltn "sport = :$2")" ]
}

# host_server I VAR [ENV...]: a fio server in host I on its address,
# fio's port 8765 (its own network stack: no other run's), "ADDR:PORT" in VAR.
host_server() {
	hs_i=$1 hs_var=$2
	shift 2
	# (nsenter itself, not in_host: $! must be the server's pid, not a subshell's)
	nsenter --net="/run/netns/$(host_veth $hs_i)" env "$@" "$FIO" \
		--server="ip:$(host_addr $hs_i),8765" >"$TMP/server-host$hs_i.log" 2>&1 &
	server_pids="$server_pids $!"
	# (no configured timeout bounds fio's start: the margin does)
	await 0 host_listening $hs_i 8765 ||
		bail_out "fio --server in host $hs_i: $(cat "$TMP/server-host$hs_i.log")"
	eval "$hs_var=\$(host_addr \$hs_i):8765"
}

# host_link I up|down: host I's link at the bridge.
host_link() {
	ip link set "$(host_veth $1)" "$2"
}

# hosts_sandbox [START_OPTIONS...]: a private sandbox cluster whose daemons
# listen on the bridge's address, reached from every host (the loopback
# sandbox is not: each namespace has its own loopback).
hosts_sandbox() {
	CEPH_SANDBOX_ADDR=$(hosts_bridge_addr) private_sandbox "$@"
}
