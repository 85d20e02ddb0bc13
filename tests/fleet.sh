#!/bin/bash
# bonnie.1's many-hosts recipe (EXAMPLES), for real: two sshd instances on 127.0.0.1
# (own ports, host keys and authorized_keys in a temporary directory),
# bonnie run on each over ssh with -m naming the host, each host's CSV or
# JSON collected into a directory, then `bonnie compare DIR/*` names the
# fastest and slowest host per phase. The same through pdsh -R ssh, whose
# "host: " prefixes compare reads past.
. "$(dirname "$0")/lib.sh"

for c in sshd ssh ssh-keygen pdsh; do
	command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || {
		echo "fleet.sh: $c missing: run tests/deps.sh" >&2; exit 1; }
done
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
# sshd run as root wants its privilege separation directory (the package
# creates it at boot); it is left in place.
[ "$(id -u)" -ne 0 ] || [ -d /run/sshd ] || mkdir -m 755 /run/sshd

ssh-keygen -q -t ed25519 -N '' -f "$T/hostkey" -C fleet-host
ssh-keygen -q -t ed25519 -N '' -f "$T/id" -C fleet-client
cp "$T/id.pub" "$T/authorized_keys"
pids=""
stop_sshd() { for p in $pids; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; pids=""; }
trap 'stop_sshd; rm -rf "$T"' EXIT

# Starts sshd for host $1 on a free port: waits for its "Server listening"
# line (printed once it listens), tries the next port if it exits instead.
start_sshd() {
	local name=$1 port=$(( 20000 + ($$ * 7 + ${#pids} * 13) % 30000 )) try pid
	for try in 1 2 3 4 5 6 7 8; do
		port=$((port + try))
		cat >"$T/sshd_$name" <<CFG
ListenAddress 127.0.0.1
Port $port
HostKey $T/hostkey
AuthorizedKeysFile $T/authorized_keys
PidFile none
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
CFG
		: >"$T/sshd_$name.log"
		"$SSHD" -D -e -f "$T/sshd_$name" 2>"$T/sshd_$name.log" &
		pid=$!
		while kill -0 "$pid" 2>/dev/null && ! grep -q "Server listening on 127.0.0.1 port $port" "$T/sshd_$name.log"; do
			sleep 0.05
		done
		if kill -0 "$pid" 2>/dev/null; then
			pids="$pids $pid"
			printf 'Host %s\n  HostName 127.0.0.1\n  Port %s\n' "$name" "$port" >>"$T/ssh_config"
			return 0
		fi
		wait "$pid" 2>/dev/null
	done
	cat "$T/sshd_$name.log" >&2
	return 1
}
start_sshd node1 || { fail "sshd for node1 did not start"; finish; exit 1; }
start_sshd node2 || { fail "sshd for node2 did not start"; finish; exit 1; }
cat >>"$T/ssh_config" <<CFG
Host *
  User $(id -un)
  IdentityFile $T/id
  IdentitiesOnly yes
  UserKnownHostsFile $T/known_hosts
  StrictHostKeyChecking accept-new
  BatchMode yes
  LogLevel ERROR
CFG
ssh() { command ssh -F "$T/ssh_config" "$@"; }
check "ssh reaches node1" ssh -n node1 true
check "ssh reaches node2" ssh -n node2 true
mkdir "$T/work1" "$T/work2"

# The recipe (bonnie.1, EXAMPLES): node1 reports CSV, node2 JSON; only
# the results go into results/ (stderr holds the run's own table, which
# compare reads too, and would be each run a second time).
mkdir "$T/results"
ssh -n node1 "$BONNIE" -q -m node1 -d "$T/work1" -s 2m -f -n 1 >"$T/results/node1.csv" 2>"$T/node1.err" &
p1=$!
ssh -n node2 "$BONNIE" --json - -m node2 -d "$T/work2" -s 2m -f -n 1 >"$T/results/node2.json" 2>"$T/node2.err" &
p2=$!
wait $p1; rc1=$?
wait $p2; rc2=$?
check "bonnie over ssh on node1 exits 0 (got $rc1)" [ $rc1 -eq 0 ]
check "bonnie over ssh on node2 exits 0 (got $rc2)" [ $rc2 -eq 0 ]
check "node1's CSV line came back" [ "$(fields "$T/results/node1.csv")" = 50 ]
check "node2's JSON came back" jq -e '.config.machine == "node2"' "$T/results/node2.json" >/dev/null
"$BONNIE" compare "$T"/results/* >"$T/fleet.txt" 2>"$T/fleet.err"; rc=$?
check "compare DIR/* exits 0 (got $rc)" [ $rc -eq 0 ]
check "compare DIR/* prints no warning" [ ! -s "$T/fleet.err" ]
check "both hosts are columns" grep -q '^Phase *A node1 2M *B node2 2M$' "$T/fleet.txt"
check "fastest and slowest host per phase" \
	[ "$(grep -cE '^  block write +fastest [AB] node[12] 2M: .*; slowest [AB] node[12] 2M: ' "$T/fleet.txt")" = 1 ]
check "a summary line" grep -q '^Summary: ' "$T/fleet.txt"

# The same through pdsh: one file, each line prefixed with the host name.
PDSH_SSH_ARGS="-F $T/ssh_config %h" PDSH_RCMD_TYPE=ssh \
	pdsh -w node1,node2 "$BONNIE -q -m %h -d $T/work1 -s 2m -f -n 1 -z 3 2>/dev/null" >"$T/pdsh.out" 2>"$T/pdsh.err"; rc=$?
check "pdsh exits 0 (got $rc)" [ $rc -eq 0 ]
check "pdsh prefixes each line" [ "$(grep -c '^node[12]: 1.98,' "$T/pdsh.out")" = 2 ]
"$BONNIE" compare "$T/pdsh.out" >"$T/pdsh.txt" 2>"$T/pdsh.cmp.err"; rc=$?
check "compare reads pdsh's output (got $rc)" [ $rc -eq 0 ]
check "compare of pdsh's output warns of nothing" [ ! -s "$T/pdsh.cmp.err" ]
check "both pdsh hosts are columns" grep -qE '^Phase *A node[12] 2M *B node[12] 2M$' "$T/pdsh.txt"
stop_sshd
finish
