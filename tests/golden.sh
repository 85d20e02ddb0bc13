#!/bin/bash
# The golden outputs (make golden): every output of fixed synthetic runs,
# and bonnie compare in every format, byte for byte against
# tests/golden/expected/. A difference is printed in full (diff -ru) and
# fails; when it is intended, name it in the commit and run
# `make golden-update` (tests/golden.sh --update), which rewrites expected/.
#
# What is produced, into one directory laid out like expected/ (each
# name below with .golden appended):
#   run/S.{table,csv,json,html,share}   build/golden's sessions (tests/golden.c):
#                      S = full, mixed (short, 83-operation per-char, failed,
#                      not-run and cached phases), repeat (-x 3), sweep
#                      (--clients 1,2,4 with knees)
#   compare/SET.FMT    bonnie compare over SET in format FMT (text, md, csv,
#                      json; html is the --html page of the text run), with
#                      SET.FMT.err holding its stderr and exit status
#   merge/SET.FMT      bonnie merge of SET's hosts (run/host-*.json: two hosts
#                      of -c 2 on one --start-at schedule, the second 0.5 s
#                      late and without its random delete; run/hostsweep-*.json:
#                      two hosts of --clients 1,2): the table and facts (text,
#                      with html its --html page), -q (csv) and --json, each
#                      with FMT.err holding its stderr and exit status
# The sets: the produced CSV lines, the produced JSON documents, a run
# against its own CSV (mixed, full), the kept inputs of tests/golden/inputs/
# (copied from tests/compare-corpus, compare-kinds and the shared samples;
# fixed, so a change there is not an output change) all together, again
# with --base 2 --threshold 2, each alone (a one-run input records compare's
# refusal, exit 2), and the bonnie++ 2.00a samples against the full run.
#
# Nothing here depends on the machine or the clock: build/golden fixes the
# environment, the date and argv; compare runs with COLUMNS=100 in the
# work directory, so the names it quotes are relative. No masks are
# needed today; if one ever is, it goes in MASKS below, one narrow sed
# per thing masked, with why.
#
# Usage: BONNIE=build/bonnie GOLDEN=build/golden [GOLDEN_OUT=DIR] tests/golden.sh [--update]
set -u
export LC_ALL=C TZ=UTC # ls order, number and date formats: the same everywhere
: "${BONNIE:?set BONNIE to the bonnie binary}"
: "${GOLDEN:?set GOLDEN to the golden harness (make build/golden)}"
cd "$(dirname "$0")/.." || exit 1
EXPECTED=tests/golden/expected
# Every kept output ends in .golden: it is data, not source (an expected
# HTML page named .html would be read as code by tools that look for
# copies, and its charts repeat by design).
SUFFIX=.golden
INPUTS=tests/golden/inputs

T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-golden.XXXXXX")
trap 'rm -rf "$T"' EXIT
W=$T/work GOT=$T/got
mkdir -p "$W" "$GOT/run" "$GOT/compare" "$GOT/merge"

# One narrow sed expression per non-deterministic detail, each with its
# reason, applied to every produced file (one sed for all, at the end).
# None yet: every input of the outputs is fixed by build/golden and this
# script. E.g. MASKS+=('s/took [0-9.]* s/took N s/') # the harness's own time
MASKS=()

"$GOLDEN" "$W" || { echo "golden: build/golden failed ($?)" >&2; exit 1; }
RUN_OUTPUTS=$(cd "$W" && echo *)
INPUT_NAMES=$(cd "$INPUTS" && echo *)
cp "$INPUTS"/* "$W"/
TOP=$PWD
cd "$W" || exit 1
export COLUMNS=100

# compare SET ARG...: every format of compare over the files, in $W (so the
# names it quotes are relative), each with its stderr and exit status.
compare() {
	local set=$1 fmt out
	shift
	for fmt in text markdown csv json; do
		out=$GOT/compare/$set.${fmt/markdown/md}
		if [ "$fmt" = text ]; then
			"$BONNIE" compare --html "$GOT/compare/$set.html$SUFFIX" "$@" >"$out$SUFFIX" 2>"$out.err$SUFFIX"
		else
			"$BONNIE" compare --format "$fmt" "$@" >"$out$SUFFIX" 2>"$out.err$SUFFIX"
		fi
		echo "exit status $?" >>"$out.err$SUFFIX"
	done
}

compare csv full.csv mixed.csv repeat.csv sweep.csv
compare json full.json mixed.json repeat.json sweep.json
compare own mixed.json mixed.csv
compare own-full full.json full.csv
compare kept $INPUT_NAMES
compare kept-base2 --base 2 --threshold 2 $INPUT_NAMES
compare samples bonnie++-2.00a-run.txt bonnie++-2.00a.csv full.csv
for f in $INPUT_NAMES; do
	compare "input-$f" "$f"
done
# merge SET HOST...: bonnie merge's every output of the hosts' JSON, in $W
# (the --json document quotes its argv: relative names, made here, and the
# program named bonnie wherever the binary is).
merge() {
	local set=$1 out=$GOT/merge/$1
	shift
	(exec -a bonnie "$BONNIE" merge --html "$set.html" "$@") >"$out.text$SUFFIX" 2>"$out.text.err$SUFFIX"
	echo "exit status $?" >>"$out.text.err$SUFFIX"
	(exec -a bonnie "$BONNIE" merge -q "$@") >"$out.csv$SUFFIX" 2>"$out.csv.err$SUFFIX"
	echo "exit status $?" >>"$out.csv.err$SUFFIX"
	(exec -a bonnie "$BONNIE" merge --json "$set.json" "$@") >/dev/null 2>"$out.json.err$SUFFIX"
	echo "exit status $?" >>"$out.json.err$SUFFIX"
	mv "$set.html" "$out.html$SUFFIX" && mv "$set.json" "$out.json$SUFFIX"
}

merge hosts host-a.json host-b.json
merge hostsweep hostsweep-a.json hostsweep-b.json
for f in $RUN_OUTPUTS; do
	mv "$f" "$GOT/run/$f$SUFFIX"
done
if [ ${#MASKS[@]} -gt 0 ]; then
	find "$GOT" -type f -exec sed -i "${MASKS[@]/#/-e}" {} +
fi
cd "$TOP" || exit 1

if [ "${1:-}" = --update ]; then
	rm -rf "$EXPECTED"
	mkdir -p "$(dirname "$EXPECTED")"
	cp -r "$GOT" "$EXPECTED"
	echo "golden: $EXPECTED rewritten ($(find "$EXPECTED" -type f | wc -l) files); name every difference in the commit"
	exit 0
fi
# GOLDEN_OUT=DIR keeps what was produced there (to open a page in a
# browser, or to diff two branches' outputs with each other).
if [ -n "${GOLDEN_OUT:-}" ]; then
	rm -rf "$GOLDEN_OUT" && cp -r "$GOT" "$GOLDEN_OUT" || exit 1
fi
if ! diff -ru "$EXPECTED" "$GOT" >"$T/diff"; then
	cat "$T/diff"
	echo "golden: the outputs above differ from $EXPECTED ($(grep -c '^diff \|^Only in' "$T/diff") files)." >&2
	echo "golden: if every difference is intended, name each in the commit and run make golden-update" >&2
	exit 1
fi
echo "golden: $(find "$GOT" -type f | wc -l) outputs as expected"
