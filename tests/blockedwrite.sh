#!/bin/sh
# A report write that waits on a reader who never reads (a FIFO held open
# by a process that sleeps) ends at a signal: SIGINT, SIGTERM or SIGHUP
# while bonnie is blocked in that write makes it exit 4, say that the
# report was cut short, and remove the scratch directory; so does a second
# SIGINT when the first came during a phase and the report then blocked. A
# reader that reads still gets the whole page after a SIGINT in a phase.
#
# The test knows bonnie is blocked: /proc/PID/syscall shows a task asleep
# in a system call (a running one reads "running"), so "write on the
# descriptor of the FIFO" there is a write that waits for the reader. The
# page of this run is about 80 KiB, over the 64 KiB a pipe holds. GUARD
# only turns a hang into a failure.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

need_faultshim
D=$T/dir
mkdir "$D"
F=$T/fifo
mkfifo "$F"
P=$T/pause
GUARD=30
pid="" reader=""
trap '[ -n "$reader" ] && kill "$reader" 2>/dev/null; [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$T"' EXIT
ARGS="-s 1m:4k:16:1 -n 1 -f -q --no-align-probe -z 3"
case $(uname -m) in
x86_64) WRITE=1 ;;
aarch64) WRITE=64 ;;
*) skip "no write system call number for $(uname -m)"; finish; exit ;;
esac

# A reader that opens the FIFO and never reads.
hold_reader() {
	sh -c 'exec 3<"$1"; exec sleep 600' _ "$F" &
	reader=$!
}
drop_reader() {
	[ -n "$reader" ] && kill "$reader" 2>/dev/null && wait "$reader" 2>/dev/null
	reader=""
}
# bonnie ($pid) asleep in a write to the FIFO
blocked() {
	set -- $(cat "/proc/$pid/syscall" 2>/dev/null)
	[ "${1:-}" = "$WRITE" ] && [ "$(readlink "/proc/$pid/fd/$(($2))")" = "$F" ]
}
# ends PID: waits for bonnie at most GUARD s, then lets the reader go
# (which unblocks it); rc is its status, secs how long it took.
ends() {
	t0=$(date +%s.%N)
	end=$(($(date +%s) + GUARD))
	while kill -0 "$pid" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do sleep 0.02; done
	if kill -0 "$pid" 2>/dev/null; then
		fail "$name: bonnie still blocked $GUARD s after the signal"
		drop_reader
	fi
	wait "$pid"
	rc=$?
	pid=""
	secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
	echo "blockedwrite.sh: $name: ended $secs s after the signal"
	drop_reader
}
after() { # after STATUS MESSAGE-PATTERN
	check "$name: exit $1 (got $rc)" [ "$rc" -eq "$1" ]
	check "$name: says the report was cut short" grep -q "$2" "$T/err"
	check "$name: scratch removed" empty_dir "$D"
}

# blocked_case NAME SIGNAL WHERE: --html to the FIFO, or "-" with the FIFO as stdout
blocked_case() {
	name=$1
	hold_reader
	if [ "$3" = file ]; then
		"$BONNIE" -d "$D" $ARGS --html "$F" >/dev/null 2>"$T/err" &
	else
		"$BONNIE" -d "$D" $ARGS --html - >"$F" 2>"$T/err" &
	fi
	pid=$!
	if wait_for blocked; then
		kill -"$2" "$pid"
		ends
	else
		fail "$name: bonnie never blocked in its write to the FIFO"
		drop_reader
		wait "$pid"
		pid=""
	fi
}
blocked_case "SIGINT, --html FIFO" INT file
after 4 "^bonnie: --html $F: cannot write: cut short: a signal ended a write that its reader did not take"
blocked_case "SIGTERM, --html - to a FIFO" TERM stdout
after 4 "^bonnie: standard output: cut short: a signal ended a write that its reader did not take"
blocked_case "SIGHUP, --html FIFO" HUP file
after 4 "^bonnie: --html $F: cannot write: cut short"

# The first SIGINT in the last phase (held at its first unlink): the FIFO
# could take bytes then, so the report is written, and blocks; the second
# SIGINT ends it.
start_held() {
	rm -f "$P"
	(
		FAULT_DIR=$D FAULT_AFTER="$(title_of ran_del)" FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_MODE=pause \
			FAULT_PAUSE_FILE=$P LD_PRELOAD=$SHIM
		export FAULT_DIR FAULT_AFTER FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE LD_PRELOAD
		exec "$BONNIE" -d "$D" -s 1m:4k:16:1 -n 1 -f --no-align-probe -z 3 --html "$F"
	) >"$T/out" 2>"$T/err" &
	pid=$!
}
name="second SIGINT"
hold_reader
start_held
if wait_for test -e "$P"; then
	kill -INT "$pid"
	check "$name: first delivered" wait_for delivered
	rm -f "$P"
	if wait_for blocked; then
		kill -INT "$pid"
		ends
	else
		fail "$name: the report never blocked"
		drop_reader
		wait "$pid"
		pid=""
	fi
	after 4 "^bonnie: --html $F: cannot write: cut short"
	check "$name: the table was written before the page" grep -q '^Version ' "$T/out"
else
	fail "$name: the last phase never reached its first unlink"
	drop_reader
	kill -KILL "$pid"
	wait "$pid"
	pid=""
fi

# A reader that reads: one SIGINT in a phase, and the whole page arrives.
name="SIGINT, reader reads"
cat "$F" >"$T/page.html" &
reader=$!
start_held
if wait_for test -e "$P"; then
	kill -INT "$pid"
	check "$name: delivered" wait_for delivered
	rm -f "$P"
	ends
	wait "$reader" 2>/dev/null
	reader=""
	check "$name: exit 4 (got $rc)" [ "$rc" -eq 4 ]
	check "$name: the whole page" grep -q '</html>' "$T/page.html"
	check "$name: no message" [ -z "$(grep '^bonnie: ' "$T/err")" ]
	check "$name: scratch removed" empty_dir "$D"
else
	fail "$name: the last phase never reached its first unlink"
	kill -KILL "$pid"
	wait "$pid"
	pid=""
	drop_reader
fi
finish
