#!/bin/sh
# The creates and deletes of a time-based level end at the stonewall, so
# the phase's window is one in which every client worked: a create once
# the clients together have taken the level's pool of files, a delete once
# the first client has deleted all its files (the others stop at their
# next operation). No client ends either before every client has done its
# first operation: the start line (phases/loop/start_line.h).
#
# Two held runs at --clients 1,2 with -n 1 and --level-time 600, so no
# deadline can end a phase in a test's time and only the stonewall can. A
# time-based level's pool is what the file system holds (an eighth of its
# free inodes, cmd/plan.c pool_by_room), so the runs are on a tmpfs of
# 36864 inodes: 36863 free / 8 is 4 x 1024 files, the pool:
#
#   create: client 1 (the 2nd fork: FAULT_CHILD=2) is held at its 100th
#     openat, inside its sequential create, until client 0 has taken the
#     rest of the pool (the two files directories hold 4095 names, the
#     held create's the one missing). The create made the pool, not a file
#     more; the delete then starts with each client holding at least the
#     mean of what the creates made (the held one topped up to it, untimed),
#     so the first client done had deleted at least that many.
#   delete: client 0 is held at its 2nd unlinkat: no data phases run, and
#     the only one before is the removal of a stale timeline file when its
#     sequential create ended, so this is its sequential delete's first. It
#     is held until client 1 has deleted one file and waits, asleep, at the
#     start line for client 0 to delete one (before the start line client 1
#     deleted all of its files, 2048 or more, raised the stonewall and slept
#     in the barrier's poll, and client 0 was cut with 1 file or none: the
#     clients never worked together). Let go, both delete on until the first
#     is done: neither starved, and the untimed tidying removes the rest
#     (exit 0, the scratch directory empty).
#
# Both runs also check that every phase is done with nothing reported and
# that the file count recorded is what the creates made. Nothing depends
# on timing: each hold waits for a state, GUARD turns a hang into a failure.
. "$(dirname "$0")/lib.sh"

held_client_setup
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=2g,nr_inodes=36864 tmpfs "$D"; then
	trap 'umount "$D"; rm -rf "$T"' EXIT
else
	echo "stonewall.sh: needs root to mount a tmpfs of 36864 inodes" >&2
	exit 1
fi
POOL=4096
ARGS="-n 1 --phases seq_create,seq_del,ran_create,ran_del --level-time 600 --no-align-probe -z 5 -m host --clients 1,2"

state() { ps -o stat= -p "$1" 2>/dev/null | cut -c1; }
other_child() { ps -o pid= --ppid "$1" | awk -v h="$2" '$1 != h { print $1; exit }'; }
# the names in all clients' files directories
all_names() {
	find "$D" -mindepth 4 -maxdepth 4 -path '*/files/*' 2>/dev/null | wc -l
}

# held_run NAME CHILD CALL NTH READY: runs bonnie with client CHILD held
# at its NTH CALL; once READY (a shell test of the other client, $other)
# holds, lets it go. Leaves the exit status in $T/NAME.rc.
held_run() {
	name=$1 child=$2 call=$3 nth=$4 ready=$5
	rm -f "$P"
	(
		FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CHILD=$child FAULT_CALL=$call FAULT_NTH=$nth
		FAULT_MODE=pause FAULT_PAUSE_FILE=$P
		export FAULT_DIR LD_PRELOAD FAULT_CHILD FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
		exec "$BONNIE" -d "$D" $ARGS -q --json "$T/$name.json"
	) >"$T/$name.out" 2>"$T/$name.err" &
	pid=$!
	end=$(($(date +%s) + GUARD))
	held=
	while [ -z "$held" ] && kill -0 "$pid" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do
		[ -s "$P" ] && held=$(cat "$P")
		sleep 0.02
	done
	other=
	[ -n "$held" ] && other=$(other_child "$pid" "$held")
	while [ -n "$other" ] && ! $ready && [ "$(date +%s)" -lt "$end" ]; do
		sleep 0.02
	done
	if [ -n "$other" ] && $ready; then
		echo held >"$T/$name.held"
	elif [ -n "$held" ] || kill -0 "$pid" 2>/dev/null; then
		fail "$name: client $child held, the other at its known point (not reached in ${GUARD}s)"
	fi
	let_go "$pid" "$end" "$name"
	echo $? >"$T/$name.rc"
}

# READY tests: the other client has reached the point the run needs.
# The pool is taken once every name but the held client's (claimed, its
# create in flight) is in the directories: the other client can claim no
# more, whatever it does next. It then waits in the top-up's 1 ms naps
# (no barrier between the create and the delete without the stat phases),
# which under load is as often runnable as asleep, so its state is not
# the test: the names are.
pool_taken() { [ "$(all_names)" -ge $((POOL - 1)) ]; }
# at the start line: asleep in its naps (nanosleep, not the barrier's
# poll) with the names in its files directory (the one it holds open) the
# same over two looks 0.2 s apart: one fewer than it held, so fewer than
# the pool. The start gate's naps (also nanosleep) end within a
# millisecond of client 0's start. Without a start line client 1 never
# waits there (it deletes all of its files and sleeps in the barrier's
# poll), and the run fails at GUARD.
names_left() {
	dir=$(for f in /proc/"$other"/fd/*; do readlink "$f"; done 2>/dev/null | grep '/files$' | head -n 1)
	[ -n "$dir" ] && find "$dir" -mindepth 1 -maxdepth 1 | wc -l
}
other_at_start_line() {
	[ -s "$T/left" ] && return 0 # seen there once: held_run asks again after
	case $(cat /proc/"$other"/wchan 2>/dev/null) in *nanosleep*) ;; *) return 1 ;; esac
	a=$(names_left)
	sleep 0.2
	case $(cat /proc/"$other"/wchan 2>/dev/null) in *nanosleep*) ;; *) return 1 ;; esac
	b=$(names_left)
	[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" -gt 0 ] && [ "$a" -lt "$POOL" ] && echo "$a" >"$T/left"
}
two='.runs[] | select(.clients == 2) | .phases[]'
ops() { jq -r "$two | select(.name == \"$2\") | .operations" "$T/$1.json"; }
done_all="[$two | select(.status != \"not_run\") | .name] == [\"seq_create\", \"seq_del\", \"ran_create\", \"ran_del\"]
	and ([$two | select(.status != \"not_run\") | .status == \"done\"] | all)"

# --- the create's stonewall: the pool
held_run create 2 openat 100 pool_taken
check "create: client 1 was held while client 0 took the pool" [ -f "$T/create.held" ]
check "create: exit 0 (got $(cat "$T/create.rc"))" [ "$(cat "$T/create.rc")" -eq 0 ]
made=$(ops create seq_create)
check "create: the clients made the pool, not a file more ($made of $POOL)" [ "${made:-0}" -eq "$POOL" ]
# every client held the clients' mean or more when the delete began, so
# the first one done had deleted at least that many
mean=$(((made + 1) / 2))
check "create: the delete started from at least the mean each ($(ops create seq_del) deleted, mean $mean)" \
	[ "$(ops create seq_del)" -ge "$mean" ]
check "create: the file count recorded is what the creates made" \
	jq -e "([$two | select(.name | test(\"create\")) | .operations] | max) as \$m
		| [.runs[] | select(.clients == 2) | .counts.files == ((\$m + 1023) / 1024 | floor) * 1024] | all" "$T/create.json" >/dev/null
check "create: the file phases done at 2 clients" jq -e "$done_all" "$T/create.json" >/dev/null
check "create: scratch directory removed" empty_dir "$D"

# --- the delete's stonewall: the first client done
held_run delete 1 unlinkat 2 other_at_start_line
check "delete: exit 0 (got $(cat "$T/delete.rc"))" [ "$(cat "$T/delete.rc")" -eq 0 ]
del='.runs[] | select(.clients == 2) | .phases[] | select(.name == "seq_del") | .clients'
left=$(cat "$T/left" 2>/dev/null)
check "delete: client 0 held before its first delete, client 1 waited at the start line (${left:-no} names left)" \
	[ -f "$T/delete.held" -a -n "$left" ]
check "delete: no client starved, both deleted on after the line ($(jq -c "$del | [.starved, .units]" "$T/delete.json"))" \
	jq -e "$del | .idle == 0 and .starved == 0 and .units[0] >= 1 and .units[1] >= 1" "$T/delete.json" >/dev/null
check "delete: the clients worked together ($(jq -c "$del | .overlap" "$T/delete.json"))" \
	jq -e "$del | .overlap >= 0.9 and (.overlap_low | not)" "$T/delete.json" >/dev/null
check "delete: the file phases done at 2 clients" jq -e "$done_all" "$T/delete.json" >/dev/null
check "delete: nothing reported as an error" sh -c "! grep -q '^bonnie:' '$T/delete.err'"
check "delete: the rest removed, scratch directory empty" empty_dir "$D"
finish
