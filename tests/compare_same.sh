#!/bin/bash
# A refactor's proof for bonnie compare (a dev tool, not in make check):
# two binaries read every input text of the tests (tests/compare*/ and
# tests/golden/inputs) and must print the same, byte for byte. Each text
# is compared alone and paired with a fixed full run (the golden full.json,
# so a one-run input is compared, not refused), every directory's texts
# all together too, in every format: text (with its --html page),
# markdown, csv and json. stdout, stderr, the exit status and the page are
# kept per binary and diffed (diff -r): any difference is printed and
# fails. Each binary runs in its own copy of the inputs with COLUMNS=100,
# so the names it quotes are relative and the same.
#
# Usage: tests/compare_same.sh OLD NEW   (OLD = NEW gives no difference)
set -u
export LC_ALL=C TZ=UTC COLUMNS=100
[ $# = 2 ] || { echo "usage: $0 OLD-BONNIE NEW-BONNIE" >&2; exit 2; }
OLD=$(realpath "$1") NEW=$(realpath "$2") || exit 2
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-same.XXXXXX")
trap 'rm -rf "$T"' EXIT
# The texts: everything but a fixture's .expect and .spec (what a test
# wants of it, not an input), named relative to tests/.
INPUTS=$(cd tests && find compare compare-* golden/inputs -type f ! -name '*.expect' ! -name '*.spec' | sort)
DIRS=$(cd tests && find compare compare-* golden/inputs -maxdepth 0 -type d | sort)

# one KEY ARG...: every format of compare over ARG..., into ../out/KEY.*
one() {
	local key=$1 fmt out
	shift
	for fmt in text markdown csv json; do
		out=../out/$key.$fmt
		if [ "$fmt" = text ]; then
			"$BIN" compare --html page.html "$@" >"$out" 2>"$out.err"
			echo "exit status $?" >>"$out.err"
			[ -f page.html ] && mv page.html "../out/$key.html"
		else
			"$BIN" compare --format "$fmt" "$@" >"$out" 2>"$out.err"
			echo "exit status $?" >>"$out.err"
		fi
	done
}

# side NAME BIN: every comparison by BIN, in $T/NAME/in
side() {
	local f d
	BIN=$2
	mkdir -p "$T/$1/in" "$T/$1/out"
	cp -r tests/compare tests/compare-* tests/golden "$T/$1/in/"
	cp tests/golden/expected/run/full.json.golden "$T/$1/in/full.json"
	cd "$T/$1/in" || exit 1
	for f in $INPUTS; do
		one "${f//\//_}" "$f"
		one "${f//\//_}+full" "$f" full.json
	done
	for d in $DIRS; do
		# shellcheck disable=SC2046 # one argument per text
		one "all-${d//\//_}" $(echo "$INPUTS" | grep "^$d/[^/]*$")
	done
}

(side old "$OLD") &
(side new "$NEW") &
wait
n=$(find "$T/old/out" -type f | wc -l)
if diff -r "$T/old/out" "$T/new/out"; then
	echo "compare_same: no difference ($n outputs of $(echo "$INPUTS" | wc -l) texts)"
else
	echo "compare_same: the outputs differ (above)" >&2
	exit 1
fi
