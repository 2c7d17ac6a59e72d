# SPDX-License-Identifier: GPL-2.0-only
# What a test shares with the other suites on this machine: fio servers on
# free loopback ports, and machine-wide locks (sourced after t/lib.sh).
. "$top_srcdir/t/timing.sh"

# fio servers on loopback for fio --client, stopped by stop_servers (call
# it from the test's EXIT trap).
server_pids=
listening() { [ -n "$(ss -Hltn "sport = :$1")" ]; }

# start_server VAR [ENV...]: a fio server on loopback, on the first port
# that nothing listens on of 20 from a random start below the ephemeral
# range (fio binds with SO_REUSEPORT: it would share a busy port rather
# than fail, and CI runs each platform's suite at once), its port in VAR.
start_server() {
	var=$1
	shift
	first=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 12000))
	for port in $(seq $first $((first + 19))); do
		listening $port && continue
		env "$@" "$FIO" --server=ip:127.0.0.1,$port \
			>"$TMP/server-$port.log" 2>&1 &
		server_pids="$server_pids $!"
		# (no configured timeout bounds fio's start: the margin does)
		if await 0 listening $port; then
			eval "$var=$port"
			return 0
		fi
		bail_out "fio --server on port $port: $(cat "$TMP/server-$port.log")"
	done
	bail_out "no free port for a fio server in $first-$((first + 19))"
}

# machine_wide NAME CMD...: CMD once no other test on this machine holds
# NAME, in any Debian root too: an abstract unix socket, bound for CMD's
# time, which the roots share with the host (one network namespace).
machine_wide() {
	python3 -c 'import socket, subprocess, sys, time
held = socket.socket(socket.AF_UNIX)
while True:
    try:
        held.bind("\0fio-cephfs-" + sys.argv[1])
        break
    except OSError:
        time.sleep(0.2)
sys.exit(subprocess.call(sys.argv[2:]))' "$@"
}

stop_servers() {
	for pid in $server_pids; do
		kill $pid 2>/dev/null
		wait $pid 2>/dev/null
	done
	server_pids=
}
