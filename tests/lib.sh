# Shared helpers for the shell tests: a private temporary directory that
# is removed on exit, pass/fail bookkeeping, and CSV field counting.
set -u
: "${BONNIE:?set BONNIE to the binary under test}"

T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-sh.XXXXXX")
trap 'rm -rf "$T"' EXIT
failures=0
checks=0

pass() { checks=$((checks + 1)); }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*" >&2; }
check() { # check "description" command...
	desc=$1; shift
	if "$@"; then pass; else fail "$desc"; fi
}
fields() { awk -F, '{ print NF }' "$1"; }
empty_dir() { [ -z "$(ls -A "$1")" ]; }
# Processes of the binary under test: argv[0] is $BONNIE, or a zombie of it.
# A shell whose command line only mentions the path (make's recipe shell
# runs "BONNIE=... tests/x.sh") is not one.
bonnie_procs() {
	ps -eo pid=,stat=,args= | awk -v b="$BONNIE" -v z="[$(basename "$BONNIE")]" '$3 == b || $3 == z'
}
no_bonnie_left() { [ -z "$(bonnie_procs)" ] || { bonnie_procs >&2; false; }; }
finish() {
	echo "$(basename "$0"): $checks checks, $failures failed"
	[ "$failures" -eq 0 ]
}
