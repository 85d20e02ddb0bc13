#!/bin/sh
# Clients under signals and faults (--clients 1,3): a client killed in the
# middle of a phase, SIGTERM to bonnie, Ctrl-C to the whole process group,
# and every client failing with EIO. In each case every client stops, no
# bonnie process is left (no zombie, no orphan), the scratch directory is
# removed, the exit status is the documented one and the completed level
# (1 client) is still reported.
#
# The LD_PRELOAD shim (tests/faultshim.c) holds the clients at a known
# point: counters are per process and a client inherits its parent's at
# fork, so FAULT_NTH = (writes of the 1-client level) + 1 is each client's
# first write, inside the 3-client level's first phase. While a client
# waits there the phase cannot end, so every client is alive when the test
# acts. Each paused client creates the pause file; the test removes it
# until bonnie has exited.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

command -v jq >/dev/null || { echo "clientsig.sh: jq is required (tests/deps.sh installs it)" >&2; exit 1; }
D=$T/dir
mkdir "$D"
pid=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$T"' EXIT
TIMEOUT=120
ARGS="-s 8m:4k:64:2 -n 1:2k:0:2 -f64k -z 5 -m host"
P=$T/pause

wait_for() {
	w=0
	while ! "$@"; do
		w=$((w + 1))
		[ $w -gt $((TIMEOUT * 50)) ] && return 1
		sleep 0.02
	done
}
alive() { kill -0 "$pid" 2>/dev/null; }
paused() { [ -e "$P" ]; }
delivered() {
	[ -r "/proc/$pid/status" ] || return 0
	! grep -E '^(SigPnd|ShdPnd):' "/proc/$pid/status" | grep -qv '0000000000000000$'
}
# Removes the pause file until bonnie exits, then collects its status.
release_and_wait() {
	while alive; do
		rm -f "$P"
		sleep 0.02
	done
	wait "$pid"
	rc=$?
	pid=""
}
kids() { ps -o pid= --ppid "$1" | tr -d ' '; }

# the writes of the 1-client level, counted
FAULT_DIR=$D FAULT_REPORT=$T/count LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=0 \
	"$BONNIE" -d "$D" $ARGS --clients 1 -q >/dev/null 2>&1
W=$(awk '$1 == "write" { print $2 }' "$T/count")
check "the 1-client level writes (counted $W)" [ "${W:-0}" -gt 0 ]

# start NAME MODE [setsid]: --clients 1,3 held (pause) or failed (eio) at each client's first write
start() {
	rm -f "$P"
	(
		FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=$((W + 1)) FAULT_MODE=$2 FAULT_PAUSE_FILE=$P
		export FAULT_DIR LD_PRELOAD FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
		exec ${3:-} "$BONNIE" -d "$D" $ARGS --clients 1,3 --json "$T/$1.json"
	) >"$T/$1.out" 2>"$T/$1.err" &
	pid=$!
}
after_checks() { # name expected-status
	check "$1: exit $2 (got $rc)" [ "$rc" -eq "$2" ]
	check "$1: the 1-client level is in the CSV" [ "$(grep '^1\.98,' "$T/$1.out" | head -n 1 | cut -d, -f4)" = 1 ]
	check "$1: the 1-client level in the sweep table" grep -q '^put_block *1 ' "$T/$1.out"
	check "$1: JSON closed, both levels" [ "$(jq -c '[.runs[].clients]' "$T/$1.json")" = "[1,3]" ]
	check "$1: scratch removed" empty_dir "$D"
	check "$1: no bonnie process left" no_bonnie_left
}

# a client killed inside a phase
start kill pause
check "kill: clients paused in their first write" wait_for paused
victim=$(kids "$pid" | head -n 1)
check "kill: bonnie has 3 clients" [ "$(kids "$pid" | wc -l)" = 3 ]
kill -KILL "$victim"
release_and_wait
after_checks kill 3
check "kill: names the client and the signal" grep -q "client [0-9]* (pid $victim): killed by signal 9" "$T/kill.err"
check "kill: the phase failed in JSON" [ "$(jq -r '.runs[1].status' "$T/kill.json")" = failed ]

# SIGTERM to bonnie: forwarded to every client
start term pause
check "term: clients paused" wait_for paused
kill -TERM "$pid"
check "term: delivered" wait_for delivered
release_and_wait
after_checks term 4
check "term: the 3-client level interrupted" [ "$(jq -r '.runs[1].status' "$T/term.json")" = interrupted ]

# Ctrl-C: SIGINT to the whole process group (bonnie leads its own)
start int pause setsid
check "int: clients paused" wait_for paused
/bin/kill -s INT -- "-$pid"
check "int: delivered" wait_for delivered
release_and_wait
after_checks int 4

# every client fails with EIO at its first write
start eio eio
release_and_wait
after_checks eio 3
check "eio: says write ... Input/output error" grep -q 'write .*Input/output error' "$T/eio.err"
check "eio: the 3-client level failed" [ "$(jq -r '.runs[1].status' "$T/eio.json")" = failed ]
finish
