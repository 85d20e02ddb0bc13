#!/bin/sh
# The creates and deletes of a time-based level end at the stonewall: the
# first client that has done all its work stops the others at their next
# operation, so the phase's window is one in which every client worked.
#
# Two held runs at --clients 1,2 with -n 1 (a 2-client part is 512 files,
# a client's cap by time 4 x 512 = 2048) and --level-time 600, so no
# deadline can end a phase in a test's time and only the stonewall can:
#
#   create: client 1 (the 2nd fork: FAULT_CHILD=2) is held at its 100th
#     openat, inside its sequential create; it is let go only once client
#     0 has made its whole cap (2048 names in its files directory) and
#     sleeps at the next barrier. Without the stonewall client 1 would go
#     on to its own 2048; with it, it stops at its next create, so the
#     2-client seq_create made fewer than 2 x 2048.
#   delete: client 0 is held at its 10th unlinkat (its sequential delete:
#     no data phases run, so no earlier unlink) until client 1 has deleted
#     all it has and sleeps at the barrier; client 0 then stops, so fewer
#     were deleted than the clients held, and the untimed tidying removes
#     the rest (the scratch directory is empty, exit 0).
#
# Both runs also check what a create by time changes: the delete starts
# with every client holding at least the mean of what the creates made, the
# stat-free pipeline finds no file it did not make, and the recorded file
# count is what the creates made. Nothing depends on timing: each hold
# waits for a state, GUARD turns a hang into a failure.
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null || { echo "stonewall.sh: jq is required (tests/deps.sh installs it)" >&2; exit 1; }
SHIM=${BUILD_DIR:?set BUILD_DIR}/faultshim.so
[ -f "$SHIM" ] || { echo "stonewall.sh: $SHIM is missing (make build/faultshim.so)" >&2; exit 1; }
D=$T/dir
mkdir "$D"
P=$T/pause
GUARD=120
CAP=2048
ARGS="-n 1 --phases seq_create,seq_del,ran_create,ran_del --level-time 600 --no-align-probe -z 5 -m host --clients 1,2"

state() { ps -o stat= -p "$1" 2>/dev/null | cut -c1; }
other_child() { ps -o pid= --ppid "$1" | awk -v h="$2" '$1 != h { print $1; exit }'; }
# the most names in one client's files directory
most_names() {
	for f in $(find "$D" -mindepth 3 -maxdepth 3 -type d -name files 2>/dev/null); do
		ls "$f" | wc -l
	done | sort -n | tail -1
}

# held_run NAME CHILD CALL NTH READY: runs bonnie with client CHILD held
# at its NTH CALL; once the other client is asleep (at a barrier) and
# READY (a shell test) holds, lets it go. Leaves the exit status in $T/NAME.rc.
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
	while [ -z "$held" ] && [ "$(date +%s)" -lt "$end" ]; do
		[ -s "$P" ] && held=$(cat "$P")
		sleep 0.02
	done
	other=
	[ -n "$held" ] && other=$(other_child "$pid" "$held")
	while [ -n "$other" ] && ! { [ "$(state "$other")" = S ] && $ready; } && [ "$(date +%s)" -lt "$end" ]; do
		sleep 0.02
	done
	if [ -n "$other" ] && [ "$(state "$other")" = S ] && $ready; then
		pass
	else
		fail "$name: client $child held, the other asleep at a barrier (not reached in ${GUARD}s)"
	fi
	while kill -0 "$pid" 2>/dev/null; do
		rm -f "$P"
		[ "$(date +%s)" -ge "$end" ] && { fail "$name: bonnie still runs after ${GUARD}s"; kill -KILL "$pid"; break; }
		sleep 0.02
	done
	wait "$pid"
	echo $? >"$T/$name.rc"
}

cap_made() { [ "$(most_names)" = "$CAP" ]; }
always() { true; }
two='.runs[] | select(.clients == 2) | .phases[]'
ops() { jq -r "$two | select(.name == \"$2\") | .operations" "$T/$1.json"; }

# --- the create's stonewall
held_run create 2 openat 100 cap_made
check "create: exit 0 (got $(cat "$T/create.rc"))" [ "$(cat "$T/create.rc")" -eq 0 ]
made=$(ops create seq_create)
check "create: one client made its cap, the held one was stopped ($made of $((2 * CAP)))" \
	[ "${made:-0}" -ge "$CAP" ] && [ "${made:-0}" -lt $((2 * CAP)) ]
# every client made files up to the clients' mean before the delete, so
# the first one done had deleted at least that many
mean=$(((made + 1) / 2))
check "create: the delete started from at least the mean each ($(ops create seq_del) deleted, mean $mean)" \
	[ "$(ops create seq_del)" -ge "$mean" ]
check "create: the file count recorded is what the creates made" \
	jq -e "([$two | select(.name | test(\"create\")) | .operations] | max) as \$m
		| [.runs[] | select(.clients == 2) | .counts.files == ((\$m + 1023) / 1024 | floor) * 1024] | all" "$T/create.json" >/dev/null
check "create: every phase done at 2 clients" \
	jq -e "[$two | select(.status != \"not_run\") | .name] == [\"seq_create\", \"seq_del\", \"ran_create\", \"ran_del\"] and ([$two | select(.status != \"not_run\") | .status == \"done\"] | all)" "$T/create.json" >/dev/null
check "create: scratch directory removed" empty_dir "$D"

# --- the delete's stonewall
held_run delete 1 unlinkat 10 always
check "delete: exit 0 (got $(cat "$T/delete.rc"))" [ "$(cat "$T/delete.rc")" -eq 0 ]
deleted=$(ops delete seq_del)
# when the delete began each client held at least the mean of what the
# creates made (made, or topped up to it); the one not held deleted all of
# its own, the held one stopped at once
made=$(ops delete seq_create)
mean=$(((made + 1) / 2))
check "delete: the held client was stopped ($deleted deleted; $made made, mean $mean)" \
	[ "${deleted:-0}" -ge "$mean" ] && [ "${deleted:-0}" -lt $((CAP + mean)) ]
check "delete: every phase done at 2 clients" \
	jq -e "[$two | select(.status != \"not_run\") | .name] == [\"seq_create\", \"seq_del\", \"ran_create\", \"ran_del\"] and ([$two | select(.status != \"not_run\") | .status == \"done\"] | all)" "$T/delete.json" >/dev/null
check "delete: nothing reported as an error" sh -c "! grep -q '^bonnie:' '$T/delete.err'"
check "delete: the rest removed, scratch directory empty" empty_dir "$D"
finish
