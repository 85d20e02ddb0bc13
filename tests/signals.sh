#!/bin/sh
# Signals: the first SIGINT or SIGTERM stops the current phase, the phases
# that completed are reported (table, 50-field CSV with the rest empty;
# with none done, one sentence and no table or CSV line;
# JSON), the scratch directory is removed and the exit status is 4; a
# second SIGINT, or SIGHUP, still removes everything and exits 4; SIGQUIT
# does as SIGINT does. A run killed by SIGKILL leaves its scratch
# directory, which the next run names (and leaves) and a live run's not.
#
# Part 1, in every phase, deterministic: the LD_PRELOAD shim
# (tests/faultshim.c, FAULT_MODE=pause) holds the phase's first operation
# until the test has sent the signal and seen it delivered, so the signal
# always lands inside that phase.
# Part 2, in every phase, real runs: the signal is sent as soon as the
# phase's progress title appears. A phase may end before the signal lands,
# so the checks there allow the stop in that phase or a later one. The shim
# holds the cleanup's first unlinkat (after the report), so even a run that
# finished every phase before the signal waits for it there: the signal
# always lands, and nothing depends on how long anything takes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

need_jq


D=$T/dir
mkdir "$D"
pid=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$T"' EXIT





# "filled"/"empty"/"mixed" for phase $2 in CSV line $1.
csv_state() {
	n=0 e=0
	for f in $(phase_fields "$2"); do
		v=$(printf '%s\n' "$1" | cut -d, -f"$f")
		n=$((n + 1))
		[ -z "$v" ] && e=$((e + 1))
	done
	# no fields (a phase not in bonnie++'s CSV): nothing of it is filled
	if [ $n -eq 0 ] || [ $e -eq $n ]; then echo empty; elif [ $e -eq 0 ]; then echo filled; else echo mixed; fi
}

one_csv_line() { [ "$(grep '^1\.98,' "$T/out" | awk -F, '{ print NF }')" = 50 ]; }
# What a stopped run reports: with a phase done, the table and one CSV
# line of 50 fields; with none, the one sentence that says so and no table
# or CSV line (an all-empty CSV line appended to a results file read as a
# run, issue 52).
any_done() { json_statuses | awk '$2 == "done" { f = 1 } END { exit !f }'; }
results_reported() {
	if any_done; then
		grep -q '^Version ' "$T/out" && one_csv_line
	else
		grep -qx 'Run 1 was interrupted before any phase finished: no results' "$T/out" &&
			! grep -q '^Version ' "$T/out" && ! grep -q '^1\.98,' "$T/out"
	fi
}

started() { grep -qF "$1..." "$T/out"; }
alive() { kill -0 "$pid" 2>/dev/null; }

# start [VAR=value...] -- ARGS...: bonnie in the background with those
# variables in its environment; output in $T/out, $T/err, $T/json.
start() {
	rm -f "$T/json"
	# emptied here, before the fork: "started" must never find the last
	# run's titles and signal the shell that has not yet become bonnie
	: >"$T/out"
	: >"$T/err"
	(
		while [ $# -gt 0 ] && [ "$1" != "--" ]; do
			# shellcheck disable=SC2163 # "$1" is VAR=value
			export "$1"
			shift
		done
		shift
		exec "$BONNIE" -d "$D" --json "$T/json" "$@"
	) >>"$T/out" 2>>"$T/err" &
	pid=$!
}
finish_run() {
	wait "$pid"
	rc=$?
	pid=""
}

# Statuses from the JSON report, "name status" a line.
json_statuses() { json_status_list "$T/json"; }

# Deterministic expectation: done before $1, interrupted at $1, not_run after.
json_exact() {
	want=$(i=0; for p in $PHASES; do
		if [ $i -lt "$1" ]; then echo "$p done"
		elif [ $i -eq "$1" ]; then echo "$p interrupted"
		else echo "$p not_run"; fi
		i=$((i + 1))
	done)
	got=$(json_statuses)
	[ "$got" = "$want" ] || { printf 'want:\n%s\ngot:\n%s\n' "$want" "$got" >&2; return 1; }
}
csv_exact() {
	line=$(grep '^1\.98,' "$T/out" | tail -n 1)
	i=0
	for p in $PHASES; do
		s=$(csv_state "$line" $i)
		if [ $i -lt "$1" ]; then [ "$s" = filled ] || return 1
		else [ "$s" = empty ] || return 1; fi
		i=$((i + 1))
	done
}

# Loose expectation for real runs, given the enabled phases $2 (a list of
# names) and the phase $1 that had started when the signal was sent: all
# enabled phases before $1 done; from $1 on, some done, then at most one
# interrupted, then nothing run; and the CSV agrees with the JSON.
json_loose() {
	st=$(json_statuses)
	[ -n "$st" ] || return 1
	seen=0 stage="done"
	for p in $PHASES; do
		s=$(printf '%s\n' "$st" | awk -v p="$p" '$1 == p { print $2 }')
		case " $2 " in
		*" $p "*) ;;
		*) [ "$s" = not_run ] || { echo "$p: $s, not enabled" >&2; return 1; }; continue ;;
		esac
		[ "$p" = "$1" ] && seen=1
		if [ $seen -eq 0 ]; then
			[ "$s" = "done" ] || { echo "$p: $s before $1" >&2; return 1; }
			continue
		fi
		case $stage/$s in
		done/done) ;;
		done/interrupted) stage=stopped ;;
		done/not_run | stopped/not_run) stage=stopped ;;
		*) echo "$p: $s after the stop" >&2; return 1 ;;
		esac
	done
}
csv_matches_json() {
	line=$(grep '^1\.98,' "$T/out" | tail -n 1)
	st=$(json_statuses)
	i=0
	for p in $PHASES; do
		s=$(printf '%s\n' "$st" | awk -v p="$p" '$1 == p { print $2 }')
		cs=$(csv_state "$line" $i)
		if [ "$s" = "done" ]; then [ "$cs" = filled ] || return 1
		else [ "$cs" = empty ] || return 1; fi
		i=$((i + 1))
	done
}

# --- Part 1: every phase, the signal held inside it --------------------------
# phase|call held (the first of the phase's own operations)
SMALL="-s 1m:4k:64:2 -f64k -n 1:1k:0 -z 11 -m sig --no-align-probe"
while IFS='|' read -r phase call; do
	[ -n "$phase" ] || continue
	idx=$(index_of "$phase")
	title=$(title_of "$phase")
	c="held SIGINT in $phase"
	rm -f "$T/paused"
	start FAULT_DIR="$D" FAULT_AFTER="$title" FAULT_CALL="$call" FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- $SMALL
	if wait_for test -e "$T/paused"; then
		kill -INT "$pid"
		check "$c: signal delivered" wait_for delivered
		rm -f "$T/paused"
		finish_run
		check "$c: exit 4 (got $rc)" [ $rc -eq 4 ]
		check "$c: progress says '$title...interrupted'" grep -qF "$title...interrupted" "$T/out"
		check "$c: the phases done reported (table, one CSV line of 50 fields), or none said" results_reported
		check "$c: CSV has the phases before $phase only" csv_exact "$idx"
		check "$c: JSON: done before, $phase interrupted, nothing after" json_exact "$idx"
		check "$c: no error message" [ ! -s "$T/err" ]
	else
		fail "$c: $phase never reached its first $call (stderr: $(head -n 1 "$T/err"))"
		kill -KILL "$pid" 2>/dev/null
		finish_run
	fi
	check "$c: scratch removed" empty_dir "$D"
done <<'CASES'
putc|write
put_block|write
rewrite|read
getc|read
get_block|read
seeks|pread
seq_create|write
seq_stat|read
seq_del|unlinkat
ran_create|write
ran_stat|read
ran_del|unlinkat
CASES

# Held inside the block write: two SIGINTs, SIGTERM, SIGHUP, SIGQUIT.
json_ok() { jq -e . "$T/json" >/dev/null 2>&1; }
held() { # held SIGNAL...: holds put_block's first write, sends the signals in turn
	rm -f "$T/paused"
	start FAULT_DIR="$D" FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- $SMALL
	if ! wait_for test -e "$T/paused"; then
		kill -KILL "$pid" 2>/dev/null
		finish_run
		rc=-1
		return
	fi
	for sig in "$@"; do
		kill -"$sig" "$pid"
		wait_for delivered
	done
	rm -f "$T/paused"
	finish_run
}
held INT INT
check "held, two SIGINTs: exit 4 (got $rc)" [ $rc -eq 4 ]
check "held, two SIGINTs: scratch removed" empty_dir "$D"
check "held, two SIGINTs: no error message" [ ! -s "$T/err" ]
held TERM
check "held SIGTERM: exit 4 (got $rc)" [ $rc -eq 4 ]
check "held SIGTERM: CSV of 50 fields" one_csv_line
check "held SIGTERM: CSV has putc only" csv_exact 1
check "held SIGTERM: JSON: putc done, put_block interrupted" json_exact 1
check "held SIGTERM: scratch removed" empty_dir "$D"
held HUP
check "held SIGHUP: exit 4 (got $rc)" [ $rc -eq 4 ]
check "held SIGHUP: scratch removed" empty_dir "$D"
# SIGQUIT (Ctrl-\) is taken as SIGINT is. From a terminal it used to
# kill the run (status 131), leaving the scratch directory and an empty
# JSON file; started in the background by this shell (which ignores
# SIGQUIT for it) it ran on to the end, status 0.
held QUIT
check "held SIGQUIT: exit 4 (got $rc)" [ $rc -eq 4 ]
check "held SIGQUIT: CSV of 50 fields" one_csv_line
check "held SIGQUIT: CSV has putc only" csv_exact 1
check "held SIGQUIT: JSON: putc done, put_block interrupted" json_exact 1
check "held SIGQUIT: no error message" [ ! -s "$T/err" ]
check "held SIGQUIT: scratch removed" empty_dir "$D"
held QUIT QUIT
check "held, two SIGQUITs: exit 4 (got $rc)" [ $rc -eq 4 ]
check "held, two SIGQUITs: JSON closed" json_ok
check "held, two SIGQUITs: scratch removed" empty_dir "$D"

# --- Part 2: real runs, the signal sent when the phase's title appears --------
# The backstop: the first unlinkat once the table's Latency row is out (the
# cleanup, reached whether or not a phase was interrupted).
start_backstop() {
	# the header over the report: printed whether or not a phase finished
	start FAULT_DIR="$D" FAULT_AFTER="File system:" FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- "$@"
}
# Sizes give each phase a moment here, but nothing relies on it: a phase
# that ends before the signal lands is allowed for, and the backstop holds
# a run that finished.
IO_PERCHAR="-s 16m:8k:2000:3 -f1m -n 0"
IO_BLOCK="-s 16m:8k:2000:3 -f -n 0"
FILES="-s 0 -n 4:4k:4k"
while IFS='|' read -r phase; do
	[ -n "$phase" ] || continue
	case $phase in
	putc | getc) args=$IO_PERCHAR enabled="putc put_block rewrite getc get_block seeks" ;;
	put_block | rewrite | get_block | seeks) args=$IO_BLOCK enabled="put_block rewrite get_block seeks" ;;
	*) args=$FILES enabled="seq_create seq_stat seq_del ran_create ran_stat ran_del" ;;
	esac
	title=$(title_of "$phase")
	c="SIGINT in a real $phase"
	rm -f "$T/paused"
	# shellcheck disable=SC2086
	start_backstop $args -z 5 -m sig --no-align-probe
	if wait_for started "$title"; then
		kill -INT "$pid"
		check "$c: held in the cleanup after the report" wait_for test -e "$T/paused"
		check "$c: signal delivered" wait_for delivered
		rm -f "$T/paused"
		finish_run
		check "$c: exit 4 (got $rc)" [ $rc -eq 4 ]
		check "$c: the phases done reported (table, one CSV line of 50 fields), or none said" results_reported
		check "$c: JSON: phases before $phase done, at most one interrupted, none after" json_loose "$phase" "$enabled"
		check "$c: CSV filled exactly for the phases done" csv_matches_json
		echo "signals.sh: $c: stopped in $(json_statuses | awk '$2 == "interrupted" { print $1 }')"
		check "$c: no error message" [ ! -s "$T/err" ]
	else
		fail "$c: '$title...' never appeared (rc so far: $(alive && echo running || echo exited); stderr: $(head -n 1 "$T/err"))"
		kill -KILL "$pid" 2>/dev/null
		finish_run
	fi
	check "$c: scratch removed" empty_dir "$D"
done <<'CASES'
putc
put_block
rewrite
getc
get_block
seeks
seq_create
seq_stat
seq_del
ran_create
ran_stat
ran_del
CASES

# Two SIGINTs while seq_stat is held, with 4096 files to remove afterwards.
rm -f "$T/paused"
start FAULT_DIR="$D" FAULT_AFTER="Stat files in sequential order" FAULT_CALL=read FAULT_NTH=1 FAULT_MODE=pause \
	FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- $FILES -z 5 --no-align-probe
if wait_for test -e "$T/paused"; then
	kill -INT "$pid"
	check "two SIGINTs: first delivered" wait_for delivered
	kill -INT "$pid"
	check "two SIGINTs: second delivered" wait_for delivered
	rm -f "$T/paused"
	finish_run
	check "two SIGINTs: exit 4 (got $rc)" [ $rc -eq 4 ]
	check "two SIGINTs: no error message" [ ! -s "$T/err" ]
else
	fail "two SIGINTs: the stat phase never reached its first read"
	kill -KILL "$pid" 2>/dev/null
	finish_run
fi
check "two SIGINTs: scratch removed" empty_dir "$D"

# A second SIGINT while the first one's cleanup runs: the first held in
# seq_del's first unlink, the second in the cleanup's first unlink (once
# "interrupted" is out), with the files still there.
rm -f "$T/paused"
start FAULT_DIR="$D" FAULT_AFTER="Delete files in sequential order" FAULT_AFTER2="interrupted" \
	FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_MODE=pause FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- \
	$FILES -z 5 --no-align-probe
if wait_for test -e "$T/paused"; then
	kill -INT "$pid"
	check "SIGINT during cleanup: first delivered" wait_for delivered
	rm -f "$T/paused"
	check "SIGINT during cleanup: held again in the cleanup" wait_for test -e "$T/paused"
	check "SIGINT during cleanup: seq_del said interrupted" grep -qF "Delete files in sequential order...interrupted" "$T/out"
	check "SIGINT during cleanup: files still to remove" [ -n "$(find "$D" -type f | head -n 1)" ]
	kill -INT "$pid"
	check "SIGINT during cleanup: second delivered" wait_for delivered
	rm -f "$T/paused"
	finish_run
	check "SIGINT during cleanup: exit 4 (got $rc)" [ $rc -eq 4 ]
	check "SIGINT during cleanup: no error message" [ ! -s "$T/err" ]
else
	fail "SIGINT during cleanup: the delete phase never reached its first unlink"
	kill -KILL "$pid" 2>/dev/null
	finish_run
fi
check "SIGINT during cleanup: scratch removed" empty_dir "$D"

for sig in TERM HUP; do
	rm -f "$T/paused"
	start_backstop $IO_BLOCK -z 5 --no-align-probe
	if wait_for started "Rewriting"; then
		kill -"$sig" "$pid"
		# SIGHUP stops at once, without the report: no backstop then
		[ $sig = TERM ] && check "SIGTERM: held in the cleanup after the report" wait_for test -e "$T/paused"
		check "SIG$sig: delivered" wait_for delivered
		rm -f "$T/paused"
		finish_run
		check "SIG$sig: exit 4 (got $rc)" [ $rc -eq 4 ]
		if [ $sig = TERM ]; then
			check "SIGTERM: CSV of 50 fields" one_csv_line
			check "SIGTERM: JSON consistent" json_loose rewrite "put_block rewrite get_block seeks"
		fi
	else
		fail "SIG$sig: the rewrite phase never started"
		kill -KILL "$pid" 2>/dev/null
		finish_run
	fi
	check "SIG$sig: scratch removed" empty_dir "$D"
done

# --- A run killed by SIGKILL leaves its scratch directory ---------------------
# (no handler can run). The next run in the same -d names it in one note
# (size, age, the rm -r line) and leaves it there; its own directory is
# removed as always, and the directory of a run still alive (held by the
# shim, its lock held) is not named.
held_start() { # held_start: SMALL held at put_block's first write, pid set
	rm -f "$T/paused"
	start FAULT_DIR="$D" FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM" -- $SMALL
	wait_for test -e "$T/paused"
}
notes() { grep -c '^bonnie: note: .* is left from an earlier run that was killed' "$T/next.err"; }
check "killed: the run is held" held_start
kill -KILL "$pid"
finish_run
check "killed: SIGKILL ended it (got $rc)" [ $rc -eq 137 ]
left=$(ls "$D")
check "killed: it left its scratch directory ($left)" [ "$(printf '%s\n' "$left" | grep -c '^bonnie\.......$')" = 1 ]
check "killed: a live run is held beside it" held_start
live=$(ls "$D" | grep -vxF "$left")
check "killed: the live run's directory ($live)" [ -n "$live" ]
# a directory changed in the last 2 s may be a run starting (not yet
# locked) and is not named: wait until the leftover is older than that
aged() { [ $(($(date +%s) - $(stat -c %Z "$D/$left"))) -ge 3 ]; }
check "killed: the leftover is 3 s old" wait_for aged
"$BONNIE" -d "$D" $SMALL >"$T/next.out" 2>"$T/next.err"
rc=$?
check "killed: the next run ends 0 (got $rc)" [ $rc -eq 0 ]
check "killed: the next run names the leftover with its size, age and how to remove it" \
	grep -qE "^bonnie: note: $D/$left \\((at least )?[0-9.]+ [KMGT]?i?B, last changed [0-9]+ (s|min|h|days) ago\\) is left from an earlier run that was killed; bonnie leaves it: remove it with rm -r '$D/$left'\$" "$T/next.err"
check "killed: one note, not the live run's directory nor its own" [ "$(notes)" = 1 ]
check "killed: the live run's directory is not named" sh -c "! grep -qF '$live' '$T/next.err'"
check "killed: the leftover is still there" [ -d "$D/$left" ]
check "killed: the live run's directory is still there" [ -d "$D/$live" ]
check "killed: the next run removed its own directory" [ "$(ls "$D" | sort | tr '\n' ' ')" = "$(printf '%s\n' "$left" "$live" | sort | tr '\n' ' ')" ]
rm -f "$T/paused"
finish_run
check "killed: the live run ends 0 (got $rc)" [ $rc -eq 0 ]
check "killed: the live run removed its directory, not the leftover" [ "$(ls "$D")" = "$left" ]
rm -rf "${D:?}/$left"

finish
