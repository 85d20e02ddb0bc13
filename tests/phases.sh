# Shared by the shell tests that work phase by phase (faults.sh,
# signals.sh): the phase list and titles, CSV field positions, and the
# LD_PRELOAD fault shim, built into $BUILD_DIR (default build/) as $SHIM.

PHASES="putc put_block rewrite getc get_block seeks seq_create seq_stat seq_del ran_create ran_stat ran_del"

title_of() {
	case $1 in
	putc) echo "Writing a byte at a time" ;;
	put_block) echo "Writing intelligently" ;;
	rewrite) echo "Rewriting" ;;
	getc) echo "Reading a byte at a time" ;;
	get_block) echo "Reading intelligently" ;;
	seeks) echo "start 'em" ;;
	seq_create) echo "Create files in sequential order" ;;
	seq_stat) echo "Stat files in sequential order" ;;
	seq_del) echo "Delete files in sequential order" ;;
	ran_create) echo "Create files in random order" ;;
	ran_stat) echo "Stat files in random order" ;;
	ran_del) echo "Delete files in random order" ;;
	esac
}

index_of() {
	i=0
	for p in $PHASES; do
		[ "$p" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo -1
}

# The CSV fields (1-based) of phase number $1: rate, %CPU, latency.
phase_fields() {
	if [ "$1" -lt 6 ]; then
		echo "$((10 + 2 * $1)) $((11 + 2 * $1)) $((39 + $1))"
	else
		k=$(($1 - 6))
		echo "$((27 + 2 * k)) $((28 + 2 * k)) $((45 + k))"
	fi
}

lines() { wc -l <"$1" | tr -d ' '; }

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
# Sanitizer builds want their runtime first; let the shim go ahead of it.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}verify_asan_link_order=0"
export ASAN_OPTIONS
