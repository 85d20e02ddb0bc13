# Shared helpers for the shell tests: a private temporary directory that
# is removed on exit, pass/fail bookkeeping, and CSV field counting.
set -u
: "${BONNIE:?set BONNIE to the binary under test}"

T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-sh.XXXXXX")
trap 'rm -rf "$T"' EXIT
failures=0
checks=0
skipped=0
# when the suite began: finish prints its time, and the tier's tally adds
# it up (tests/tally.sh names the slowest suites, CI's time budget)
suite_t0=$(date +%s)
# The suites preload shims (tests/faultshim.c, listshim.c, bench/window_shim.c);
# ASan (make sanitize) wants its runtime first and aborts unless told to let
# them go ahead of it.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}verify_asan_link_order=0"
export ASAN_OPTIONS

pass() { checks=$((checks + 1)); }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*" >&2; }
check() { # check "description" command...
	desc=$1; shift
	if "$@"; then pass; else fail "$desc"; fi
}
fields() { awk -F, '{ print NF }' "$1"; }
# What a suite needs before it starts: jq, and the fault shim (sets SHIM).
need_jq() {
	command -v jq >/dev/null || { echo "$(basename "$0"): jq is required (tests/deps.sh installs it)" >&2; exit 1; }
}
need_faultshim() {
	SHIM=${BUILD_DIR:?set BUILD_DIR to the build directory (for faultshim.so)}/faultshim.so
	[ -f "$SHIM" ] || { echo "$(basename "$0"): $SHIM is missing (make build/faultshim.so)" >&2; exit 1; }
}
# The suites that hold a client with the shim's pause: jq, the shim, the
# directory D under test, the pause file P, and GUARD seconds before a
# hold that is never reached is a failure.
held_client_setup() {
	need_jq
	need_faultshim
	D=$T/dir
	mkdir "$D"
	P=$T/pause
	GUARD=120
}
# let_go PID END [NAME]: removes the pause file until bonnie (PID) ends,
# killing it past END (seconds since the epoch); returns its exit status.
let_go() {
	while kill -0 "$1" 2>/dev/null; do
		rm -f "$P"
		[ "$(date +%s)" -ge "$2" ] && { fail "${3:+$3: }bonnie still runs after ${GUARD}s"; kill -KILL "$1"; break; }
		sleep 0.02
	done
	wait "$1"
}
empty_dir() { [ -z "$(ls -A "$1")" ]; }
# Processes of the binary under test: argv[0] is $BONNIE, or a zombie of it.
# A shell whose command line only mentions the path (make's recipe shell
# runs "BONNIE=... tests/x.sh") is not one.
bonnie_procs() {
	ps -eo pid=,stat=,args= | awk -v b="$BONNIE" -v z="[$(basename "$BONNIE")]" '$3 == b || $3 == z'
}
# no_bonnie_left: no process of the binary under test is left. One that is
# ending (a zombie its parent reaps, seen once in .ci/run of e2b4bff, gone
# before it could be printed) is given up to 10 s to go; one still there
# then is a leak, printed with its parent, state and age.
no_bonnie_left() {
	tries=0
	while [ -n "$(bonnie_procs)" ] && [ "$tries" -lt 100 ]; do
		sleep 0.1
		tries=$((tries + 1))
	done
	[ -z "$(bonnie_procs)" ] && return 0
	ps -eo pid=,ppid=,stat=,etime=,args= | awk -v b="$BONNIE" -v z="[$(basename "$BONNIE")]" '$5 == b || $5 == z' >&2
	false
}
# skip "what and why": a case that could not run here. Never silent: it is
# counted, printed, and added to $TEST_TALLY (make check-full sums them in
# its last line and fails on any unless ALLOW_SKIP=1); in make check,
# which installs its prerequisites, a skip fails the suite.
skip() {
	skipped=$((skipped + 1))
	echo "SKIP: $(basename "$0"): $*" >&2
}
# The suite's last line, in the form CI reads ("N passed, N failed,
# N skipped"); exits non-zero on a failure, and on a skip unless the
# tier allows skips (ALLOW_SKIP=1, set by make check-full).
finish() {
	secs=$(($(date +%s) - suite_t0))
	echo "$(basename "$0"): $((checks - failures)) passed, $failures failed, $skipped skipped in $secs s"
	[ -n "${TEST_TALLY:-}" ] && echo "$(basename "$0") $((checks - failures)) $failures $skipped $secs${CORPUS:+ $(basename "$CORPUS")}${VARIANT:+ $VARIANT}" >>"$TEST_TALLY"
	[ "$failures" -eq 0 ] || return 1
	[ "$skipped" -eq 0 ] || [ "${ALLOW_SKIP:-}" = 1 ] || { echo "$(basename "$0"): a skip fails this tier" >&2; return 1; }
}
