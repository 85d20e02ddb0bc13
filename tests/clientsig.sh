#!/bin/sh
# Clients under signals and faults (--clients 1,3): a client killed in the
# middle of a phase (alone, or while another is stopped), a client sent
# SIGTERM by someone else than bonnie, a client killed
# while it waits at the barrier and another is stopped, SIGTERM to bonnie
# (alone, while a client is stopped, or while every client is held: they
# are killed 10 s later), Ctrl-C and Ctrl-\ to the whole process group,
# every client failing with EIO, and a client stopped long enough to be
# named. In each case every client stops, no bonnie process is left (no
# zombie, no orphan), the scratch directory is removed, the exit status is
# the documented one and the completed level (1 client) is still reported.
#
# The LD_PRELOAD shim (tests/faultshim.c) holds the clients at a known
# point: counters are per process and a client inherits its parent's at
# fork, so FAULT_NTH = (calls of the 1-client level) + 1 is each client's
# first such call, inside the 3-client level: its first write is in the
# first phase (putc), its first read in rewrite (putc and put_block done).
# While a client waits there the phase cannot end, so every client is alive
# when the test acts. Each paused client creates the pause file; the test
# removes it until bonnie has exited. A client stopped (SIGSTOP) is seen in
# state T; one waiting at the barrier sleeps in the system call it waits
# with (poll; futex before the barrier used pipes), not in the shim's
# nanosleep. Nothing depends on timing: GUARD only turns a hang into a
# failure.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

need_jq
D=$T/dir
mkdir "$D"
pid=""
trap '[ -n "$pid" ] && kill_all; rm -rf "$T"' EXIT
TIMEOUT=120
GUARD=60 # seconds bonnie may take to end once the test has acted
ARGS="-s 8m:4k:64:2 -n 1:2k:0:2 -f64k -z 5 -m host --level-time 0"
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
kids() { ps -o pid= --ppid "$1" | tr -d ' '; }
# bonnie and its clients, for a run that hangs
kill_all() {
	for k in $(kids "$pid"); do kill -KILL "$k" 2>/dev/null; done
	kill -KILL "$pid" 2>/dev/null
}
# Removes the pause file until bonnie exits (at most GUARD s: a hang is a
# failure, and its processes and files are removed), then collects its
# status.
release_and_wait() {
	end=$(($(date +%s) + GUARD))
	while alive; do
		rm -f "$P"
		if [ "$(date +%s)" -ge "$end" ]; then
			fail "$name: bonnie still runs $GUARD s after the test acted (hung)"
			kill_all
			break
		fi
		sleep 0.02
	done
	wait "$pid"
	rc=$?
	pid=""
	[ -n "${DEBUG_T:-}" ] && echo "$name: $(($(date +%s) - end + GUARD)) s" >&2
}
state_of() { awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null; }
stopped() { [ "$(state_of "$1")" = T ]; }
# Sleeping in a waiting system call (poll, ppoll, futex; not nanosleep).
case $(uname -m) in
x86_64) WAITS="7 202 271" ;;
aarch64) WAITS="73 98" ;;
*) WAITS="" ;;
esac
waiting() {
	[ "$(state_of "$1")" = S ] || return 1
	n=$(cut -d' ' -f1 "/proc/$1/syscall" 2>/dev/null)
	case " $WAITS " in *" $n "*) return 0 ;; esac
	return 1
}
# Removes the pause file until both clients wait (the barrier), at most TIMEOUT s.
both_waiting() { rm -f "$P"; waiting "$1" && waiting "$2"; }

# the writes and reads of the 1-client level, counted
FAULT_DIR=$D FAULT_REPORT=$T/count LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=0 \
	"$BONNIE" -d "$D" $ARGS --clients 1 -q >/dev/null 2>&1
W=$(awk '$1 == "write" { print $2 }' "$T/count")
R=$(awk '$1 == "read" { print $2 }' "$T/count")
check "the 1-client level writes (counted $W)" [ "${W:-0}" -gt 0 ]
check "the 1-client level reads (counted $R)" [ "${R:-0}" -gt 0 ]

# start NAME MODE [CALL [setsid]]: --clients 1,3 held (pause) or failed
# (eio) at each client's first CALL (write, or read: in rewrite)
start() {
	name=$1
	call=${3:-write}
	if [ "$call" = read ]; then nth=$((R + 1)); else nth=$((W + 1)); fi
	rm -f "$P"
	(
		FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CALL=$call FAULT_NTH=$nth FAULT_MODE=$2 FAULT_PAUSE_FILE=$P
		export FAULT_DIR LD_PRELOAD FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
		exec ${4:-} "$BONNIE" -d "$D" $ARGS --clients 1,3 --json "$T/$1.json"
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
	rm -rf "${D:?}"/bonnie.* # what a failed case left, so that the next one starts clean
}
# stderr holds N lines besides the sweep's progress
lines_are() { [ "$(grep -v '% done' "$2" | grep -c .)" = "$1" ] || { cat "$2" >&2; false; }; }
# the 3-client level's phase statuses, "putc done put_block done ..."
level3() { jq -r '[.runs[1].phases[] | select(.status != "not_run") | .name, .status] | join(" ")' "$T/$1.json"; }

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

# SIGTERM sent to one client alone (not to bonnie) inside a phase: that
# client failed, like one killed: exit 3, one line naming it and the
# signal, the level failed and not in clients_done.
sig_pending() { grep -E '^(SigPnd|ShdPnd):' "/proc/$1/status" 2>/dev/null | grep -qv '0000000000000000$'; }
handled() { ! sig_pending "$1"; }
start alone pause
check "alone: clients paused in their first write" wait_for paused
victim=$(kids "$pid" | head -n 1)
kill -TERM "$victim"
check "alone: the client took the signal" wait_for handled "$victim"
release_and_wait
after_checks alone 3
check "alone: names the client and the signal" \
	grep -q "client [0-9]* (pid $victim): stopped by signal 15 (Terminated) sent to it alone" "$T/alone.err"
check "alone: one error line" lines_are 1 "$T/alone.err"
check "alone: the 3-client level failed in JSON" [ "$(jq -r '.runs[1].status' "$T/alone.json")" = failed ]
check "alone: clients_done is the 1-client level only" [ "$(jq -c '.sweep.clients_done' "$T/alone.json")" = "[1]" ]

# a client killed inside a phase while another is stopped: the stop
# reaches the stopped one too (SIGCONT after the SIGTERM)
start stopkill pause
check "stopkill: clients paused" wait_for paused
set -- $(kids "$pid")
check "stopkill: bonnie has 3 clients" [ $# = 3 ]
kill -STOP "$1"
check "stopkill: client stopped" wait_for stopped "$1"
kill -KILL "$2"
release_and_wait
after_checks stopkill 3
check "stopkill: names the killed client" grep -q "client [0-9]* (pid $2): killed by signal 9" "$T/stopkill.err"
check "stopkill: one error line" lines_are 1 "$T/stopkill.err"
check "stopkill: the 3-client level failed" [ "$(jq -r '.runs[1].status' "$T/stopkill.json")" = failed ]

# A client killed while it waits at the barrier: one client is stopped in
# the first phase, the other two finish it and wait at the next barrier;
# one of them is killed, then the stopped one continued. A waiter's death
# used to leave the barrier's condition variable for ever undestroyable.
if [ -n "$WAITS" ]; then
	start barrier pause
	check "barrier: clients paused" wait_for paused
	set -- $(kids "$pid")
	check "barrier: bonnie has 3 clients" [ $# = 3 ]
	kill -STOP "$1"
	check "barrier: client stopped" wait_for stopped "$1"
	check "barrier: the other two wait at the barrier" wait_for both_waiting "$2" "$3"
	kill -KILL "$3"
	kill -CONT "$1"
	release_and_wait
	after_checks barrier 3
	check "barrier: names the killed client" grep -q "client [0-9]* (pid $3): killed by signal 9" "$T/barrier.err"
	check "barrier: the 3-client level failed" [ "$(jq -r '.runs[1].status' "$T/barrier.json")" = failed ]
else
	skip "the barrier case: no system call numbers for $(uname -m)"
fi

# SIGTERM to bonnie
start term pause
check "term: clients paused" wait_for paused
kill -TERM "$pid"
check "term: delivered" wait_for delivered
release_and_wait
after_checks term 4
check "term: the 3-client level interrupted" [ "$(jq -r '.runs[1].status' "$T/term.json")" = interrupted ]
check "term: clients_done is the 1-client level only" [ "$(jq -c '.sweep.clients_done' "$T/term.json")" = "[1]" ]

# One SIGTERM to bonnie while a client is stopped in rewrite: it is
# resumed and ends; the 3-client level's completed phases are reported.
start stopterm pause read
check "stopterm: clients paused in their first read" wait_for paused
set -- $(kids "$pid")
check "stopterm: bonnie has 3 clients" [ $# = 3 ]
kill -STOP "$1"
check "stopterm: client stopped" wait_for stopped "$1"
kill -TERM "$pid"
check "stopterm: delivered" wait_for delivered
release_and_wait
after_checks stopterm 4
check "stopterm: the 3-client level interrupted in rewrite, earlier phases done" \
	[ "$(level3 stopterm)" = "putc done put_block done rewrite interrupted" ]
check "stopterm: the 3-client level's CSV line" [ "$(grep '^1\.98,' "$T/stopterm.out" | sed -n 2p | cut -d, -f4)" = 3 ]
check "stopterm: the 3-client level's table" [ "$(grep -c '^3 clients: ' "$T/stopterm.out")" = 1 ]
check "stopterm: no error" lines_are 0 "$T/stopterm.err"

# SIGTERM to bonnie while every client stays held (the pause file is left
# in place): 10 s later the clients are killed and the run ends, status 4,
# no client named as dead.
start grace pause
check "grace: clients paused" wait_for paused
kill -TERM "$pid"
check "grace: delivered" wait_for delivered
end=$(($(date +%s) + GUARD))
while alive && [ "$(date +%s)" -lt "$end" ]; do sleep 0.1; done
check "grace: bonnie ended within $GUARD s without the clients' help" sh -c "! kill -0 $pid 2>/dev/null"
alive && kill_all
release_and_wait
after_checks grace 4
check "grace: the 3-client level interrupted" [ "$(jq -r '.runs[1].status' "$T/grace.json")" = interrupted ]
check "grace: no client named" lines_are 0 "$T/grace.err"

# Ctrl-C: SIGINT to the whole process group (bonnie leads its own)
start int pause write setsid
check "int: clients paused" wait_for paused
/bin/kill -s INT -- "-$pid"
check "int: delivered" wait_for delivered
release_and_wait
after_checks int 4

# Ctrl-\: SIGQUIT to the whole process group, bonnie and its clients, is
# taken as Ctrl-C is (it used to kill them all with status 131 and leave
# the scratch directory and an empty JSON file)
start quit pause write setsid
check "quit: clients paused" wait_for paused
/bin/kill -s QUIT -- "-$pid"
check "quit: delivered" wait_for delivered
release_and_wait
after_checks quit 4
check "quit: the 3-client level interrupted" [ "$(jq -r '.runs[1].status' "$T/quit.json")" = interrupted ]
check "quit: no client named" lines_are 0 "$T/quit.err"

# --clients 1,2,4 interrupted in count 4's get_block (its first client,
# the third process bonnie forks, held at its first read: the 1-client
# count runs in bonnie itself): put_block completed at 4, get_block did
# not, so the answer never says "up to 4 clients" and names the run at 4
# as not finished (it used to answer for 4 from put_block alone). With
# --lag-floor 3600s no p99 can lag, whatever the load: the answer is one
# without a lag, which names what it did not count.
name=cut4
rm -f "$P"
(
	FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CHILD=3 FAULT_CALL=read FAULT_NTH=1 FAULT_MODE=pause FAULT_PAUSE_FILE=$P
	export FAULT_DIR LD_PRELOAD FAULT_CHILD FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
	exec "$BONNIE" -d "$D" -s 8m -f -n 0 --phases put_block,get_block --clients 1,2,4 --level-time 1 \
		--lag-floor 3600s -z 5 -m host --json "$T/cut4.json"
) >"$T/cut4.out" 2>"$T/cut4.err" &
pid=$!
check "cut4: count 4's first client held in get_block" wait_for paused
kill -INT "$pid"
check "cut4: delivered" wait_for delivered
release_and_wait
check "cut4: exit 4 (got $rc)" [ "$rc" -eq 4 ]
check "cut4: count 4's put_block done, get_block interrupted" \
	[ "$(jq -r '[.runs[2].phases[] | select(.status != "not_run") | .name, .status] | join(" ")' "$T/cut4.json")" = \
		"put_block done get_block interrupted" ]
check "cut4: clients_done is 1 and 2" [ "$(jq -c '.sweep.clients_done' "$T/cut4.json")" = "[1,2]" ]
answer=$(jq -r '.sweep.answer' "$T/cut4.json")
check "cut4: the answer does not speak for 4 clients ($answer)" sh -c "! printf '%s' \"\$1\" | grep -q 'up to 4 clients'" - "$answer"
check "cut4: the answer says the run at 4 did not finish" sh -c "printf '%s' \"\$1\" | grep -qi 'the run at 4 clients did not finish'" - "$answer"
check "cut4: takes_clients is not 4" [ "$(jq -r '.sweep.takes_clients' "$T/cut4.json")" != 4 ]
check "cut4: the text's answer is the JSON's" grep -qxF "$answer" "$T/cut4.out"
check "cut4: scratch removed" empty_dir "$D"
check "cut4: no bonnie process left" no_bonnie_left

# every client fails with EIO at its first write
start eio eio
release_and_wait
after_checks eio 3
check "eio: says write ... Input/output error" grep -q 'write .*Input/output error' "$T/eio.err"
check "eio: the 3-client level failed" [ "$(jq -r '.runs[1].status' "$T/eio.json")" = failed ]

# A client stopped for 10 s is named once; continued, the run completes.
# (The real 10 s: the only slow case here.)
named() { grep -q "client [0-9]* (pid $1) is stopped" "$T/stopmsg.err"; }
start stopmsg pause
check "stopmsg: clients paused" wait_for paused
set -- $(kids "$pid")
check "stopmsg: bonnie has 3 clients" [ $# = 3 ]
t0=$(date +%s)
kill -STOP "$1"
check "stopmsg: client stopped" wait_for stopped "$1"
check "stopmsg: the stopped client is named" wait_for named "$1"
t1=$(date +%s)
check "stopmsg: named after 10 s, not before ($((t1 - t0)) s)" [ $((t1 - t0)) -ge 10 ]
kill -CONT "$1"
release_and_wait
after_checks stopmsg 0
check "stopmsg: named once" [ "$(grep -c 'is stopped' "$T/stopmsg.err")" = 1 ]
finish
