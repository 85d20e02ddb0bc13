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
finish() {
	echo "$(basename "$0"): $checks checks, $failures failed"
	[ "$failures" -eq 0 ]
}
