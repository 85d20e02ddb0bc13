# Shared by the shell tests that work phase by phase or hold bonnie at a
# known point: the phase list, titles and CSV field positions (read from
# bonnie --list-phases), the LD_PRELOAD fault shim, built into $BUILD_DIR
# (default build/) as $SHIM, and the helpers that wait for a hold.

# From the binary, the one place they are written: one line per phase,
# tab-separated: name, title, unit, CSV fields of rate, %CPU and latency.
PHASE_LIST=$("$BONNIE" --list-phases) && [ -n "$PHASE_LIST" ] ||
	{ echo "$(basename "$0"): $BONNIE --list-phases failed" >&2; exit 1; }
PHASES=$(printf '%s\n' "$PHASE_LIST" | cut -f1 | tr '\n' ' ')

title_of() { printf '%s\n' "$PHASE_LIST" | awk -F'\t' -v p="$1" '$1 == p { print $2 }'; }

index_of() {
	i=0
	for p in $PHASES; do
		[ "$p" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo -1
}

# The CSV fields of phase number $1 (0-based) as cut -f counts them (from 1;
# --list-phases numbers them from 0, as bonnie.1 does): rate, %CPU, latency.
# A phase bonnie++'s CSV has no place for (the queue-depth profile's) has none.
phase_fields() { printf '%s\n' "$PHASE_LIST" | awk -F'\t' -v i="$1" 'NR == i + 1 && $4 != "-" { print $4 + 1, $5 + 1, $6 + 1 }'; }

lines() { wc -l <"$1" | tr -d ' '; }

# "name status" for each phase of $PHASES, in that order, from JSON file $1.
# A phase bonnie++'s CSV has no place for (the queue-depth profile's) is in
# the JSON only when it ran: absent, it counts as not_run. One of bonnie++'s
# twelve missing shows as its name alone, which no expectation matches.
json_status_list() {
	st=$(jq -r '.runs[0].phases[] | "\(.name) \(.status)"' "$1" 2>/dev/null) || return 1
	i=0
	for p in $PHASES; do
		s=$(printf '%s\n' "$st" | awk -v p="$p" '$1 == p { print $2 }')
		[ -z "$s" ] && [ -z "$(phase_fields $i)" ] && s=not_run
		echo "$p $s"
		i=$((i + 1))
	done
}

# Holding bonnie at a known point (FAULT_MODE=pause) instead of timing it.
# TIMEOUT only catches a hang; no check depends on how long anything takes.
TIMEOUT=${TIMEOUT:-300}
wait_for() { # command...: polls until it succeeds; fails after TIMEOUT s
	w=0
	while ! "$@"; do
		w=$((w + 1))
		[ $w -gt $((TIMEOUT * 50)) ] && return 1
		sleep 0.02
	done
}
# No signal pending for process $pid any more: its handler has run.
delivered() {
	[ -r "/proc/$pid/status" ] || return 0
	! grep -E '^(SigPnd|ShdPnd):' "/proc/$pid/status" | grep -qv '0000000000000000$'
}

SRC=$(cd "$(dirname "$0")" && pwd)/faultshim.c
BUILD_DIR=${BUILD_DIR:-build}
mkdir -p "$BUILD_DIR" || exit 1
SHIM=$(cd "$BUILD_DIR" && pwd)/faultshim.so
if [ ! -f "$SHIM" ] || [ -n "$(find "$SRC" -newer "$SHIM")" ]; then
	# built aside and renamed, so a script running meanwhile never loads half a file
	${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -O2 -shared -fPIC -o "$SHIM.$$" "$SRC" -ldl &&
		mv -f "$SHIM.$$" "$SHIM" || {
		rm -f "$SHIM.$$"; echo "$(basename "$0"): cannot build $SHIM" >&2; exit 1; }
fi
