#!/bin/sh
# Directory listings as on a network share, through the LD_PRELOAD shim
# tests/listshim.c (built into $BUILD_DIR, default build/), on a local -d:
#  - LIST_SNAPSHOT: a descriptor lists what its directory held when it was
#    opened, and a dup() shares that (smbnetfs). bonnie lists every directory
#    through a new open: the file tests find their files, every phase runs,
#    and nothing is left under -d, also after SIGTERM in a block phase (the
#    data file) and in the stat phase (the file tree);
#  - LIST_STALE: the first listing after a removal misses an entry (a late
#    directory cache). The cleanup lists again after an rmdir that finds a
#    directory not empty: nothing is left, and no false error;
#  - a leftover the cleanup cannot remove is named in its message.
# The shim reports how many entries went through a snapshot ("checked") and
# how many it hid ("hidden"): each case checks that the behaviour it
# depends on did happen.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

LSRC=$(cd "$(dirname "$0")" && pwd)/listshim.c
LISTSHIM=$(cd "$BUILD_DIR" && pwd)/listshim.so
if [ ! -f "$LISTSHIM" ] || [ -n "$(find "$LSRC" -newer "$LISTSHIM")" ]; then
	${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -O2 -shared -fPIC -o "$LISTSHIM.$$" "$LSRC" -ldl &&
		mv -f "$LISTSHIM.$$" "$LISTSHIM" || {
		rm -f "$LISTSHIM.$$"; echo "dirlist.sh: cannot build $LISTSHIM" >&2; exit 1; }
fi

D=$T/dir
mkdir "$D"
pid=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$T"' EXIT

# All twelve phases, small; 1024 files of 0..1 KiB (so stat opens them).
SMALL="-s 1m:4k:64:2 -f64k -n 1:1k:0 -z 5 --no-align-probe"
# the fault shim first: the opens the list shim makes are not counted there
SHIMS="$SHIM $LISTSHIM"

report() { awk -v k="$1" '$1 == k { print $2 }' "$T/rep" 2>/dev/null; }
csv_ok() { [ "$(grep '^1\.98,' "$T/out" | awk -F, '{ print NF }')" = 50 ]; }
nothing_left() { empty_dir "$D" || { find "$D" | head -n 5 >&2; false; }; }
# each case starts from an empty -d: what one left is not another's failure
fresh_d() { rm -rf "$D" && mkdir "$D"; }

# run VAR=value... -- bonnie args...: bonnie under both shims, in the
# foreground; rc, $T/out, $T/err, $T/rep.
run() {
	rm -f "$T/rep"
	fresh_d
	(
		while [ $# -gt 0 ] && [ "$1" != "--" ]; do
			# shellcheck disable=SC2163 # "$1" is VAR=value
			export "$1"
			shift
		done
		shift
		LIST_DIR=$D LIST_REPORT=$T/rep FAULT_DIR=$D LD_PRELOAD=$SHIMS
		export LIST_DIR LIST_REPORT FAULT_DIR LD_PRELOAD
		exec "$BONNIE" -d "$D" "$@"
	) >"$T/out" 2>"$T/err"
	rc=$?
}

# --- Snapshot listings: every phase runs, nothing is left --------------------
# shellcheck disable=SC2086
run LIST_SNAPSHOT=1 -- $SMALL
c="snapshot listings, all phases"
check "$c: exit 0 (got $rc: $(head -n 2 "$T/err"))" [ $rc -eq 0 ]
check "$c: nothing on stderr" [ ! -s "$T/err" ]
check "$c: CSV of 50 fields" csv_ok
check "$c: listings went through snapshots (checked $(report checked))" [ "$(report checked)" -gt 0 ]
check "$c: no listing was a stale one (withheld $(report withheld))" [ "$(report withheld)" -eq 0 ]
check "$c: nothing left under -d" nothing_left

run LIST_SNAPSHOT=1 -- -s 0 -n 1:1k:0:4 -z 5 --no-align-probe
c="snapshot listings, 4 subdirectories"
check "$c: exit 0 (got $rc: $(head -n 2 "$T/err"))" [ $rc -eq 0 ]
check "$c: CSV of 50 fields" csv_ok
check "$c: listings went through snapshots" [ "$(report checked)" -gt 0 ]
check "$c: nothing left under -d" nothing_left

# SIGTERM while bonnie is held at a known point: the data file (rewrite),
# and the file tree with the data file (sequential stat) must go.
while IFS='|' read -r phase call; do
	[ -n "$phase" ] || continue
	c="snapshot listings, SIGTERM in $phase"
	rm -f "$T/paused" "$T/rep"
	fresh_d
	(
		LIST_DIR=$D LIST_SNAPSHOT=1 LIST_REPORT=$T/rep FAULT_DIR=$D FAULT_AFTER=$(title_of "$phase") \
			FAULT_CALL=$call FAULT_NTH=1 FAULT_MODE=pause FAULT_PAUSE_FILE=$T/paused LD_PRELOAD=$SHIMS
		export LIST_DIR LIST_SNAPSHOT LIST_REPORT FAULT_DIR FAULT_AFTER FAULT_CALL FAULT_NTH FAULT_MODE \
			FAULT_PAUSE_FILE LD_PRELOAD
		# shellcheck disable=SC2086
		exec "$BONNIE" -d "$D" $SMALL
	) >"$T/out" 2>"$T/err" &
	pid=$!
	if wait_for test -e "$T/paused"; then
		kill -TERM "$pid"
		check "$c: signal delivered" wait_for delivered
		rm -f "$T/paused"
		wait "$pid"; rc=$?
		check "$c: exit 4 (got $rc: $(head -n 2 "$T/err"))" [ $rc -eq 4 ]
		check "$c: no error message" [ ! -s "$T/err" ]
		check "$c: the cleanup listed through snapshots" [ "$(report checked)" -gt 0 ]
	else
		fail "$c: $phase never reached its first $call (stderr: $(head -n 1 "$T/err"))"
		kill -KILL "$pid" 2>/dev/null
		wait "$pid"
	fi
	pid=""
	check "$c: nothing left under -d" nothing_left
done <<'CASES'
rewrite|read
seq_stat|read
CASES

# --- Stale listings: the cleanup lists again ----------------------------------
# The random stat fails (EIO on its first open) with the random tree of 1024
# files in place. The scratch directory had entries removed before (the
# sequential tree), so the cleanup's first listing of it misses "files".
# shellcheck disable=SC2086
run LIST_STALE=1 FAULT_AFTER="$(title_of ran_stat)" FAULT_CALL=openat FAULT_NTH=1 -- $SMALL
c="stale listing at cleanup"
check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
check "$c: one line, the injected error (got: $(cat "$T/err"))" \
	sh -c "[ \$(wc -l <'$T/err') -eq 1 ] && grep -q '^bonnie: open $D/bonnie\.[A-Za-z0-9]*/files/[A-Za-z0-9]*: Input/output error\$' '$T/err'"
check "$c: a listing missed an entry (hidden $(report hidden))" [ "$(report hidden)" -ge 1 ]
check "$c: nothing left under -d" nothing_left

# shellcheck disable=SC2086
run LIST_STALE=1 LIST_SNAPSHOT=1 -- $SMALL
c="stale and snapshot listings, all phases"
check "$c: exit 0 (got $rc: $(head -n 2 "$T/err"))" [ $rc -eq 0 ]
check "$c: nothing on stderr" [ ! -s "$T/err" ]
check "$c: a listing missed an entry (hidden $(report hidden))" [ "$(report hidden)" -ge 1 ]
check "$c: nothing left under -d" nothing_left

# --- A leftover the cleanup cannot remove is named --------------------------
# Every unlinkat fails from the random delete on: the phase fails, and so
# does the cleanup, on the files directory's first entry.
# shellcheck disable=SC2086
run FAULT_AFTER="$(title_of ran_del)" FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_REPEAT=all -- $SMALL
c="cleanup that cannot remove"
check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
check "$c: the phase's error, then the leftover named (got: $(cat "$T/err"))" \
	sh -c "[ \$(wc -l <'$T/err') -eq 2 ] &&
	sed -n 2p '$T/err' | grep -q '^bonnie: cannot remove the scratch directory: unlink $D/bonnie\.[A-Za-z0-9]*/[a-z.]*: Input/output error\$'"

finish
