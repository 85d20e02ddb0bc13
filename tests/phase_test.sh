#!/bin/sh
# make phase-test: the build with a dummy phase appended to PHASES(X)
# (-DBONNIE_TEST_PHASE, phases/test_phase.c: "test stat", which bonnie++'s
# table and CSV have no place for), under ASan+UBSan, through every output:
# the table, the CSV line, --json, --share, --html, -x 2, --clients 1,2, and
# bonnie compare of its own CSV and JSON in every format. Fails on a
# non-zero exit, a sanitizer report, or an output that lists every phase
# (table, JSON, HTML, compare) without the dummy.
. "$(dirname "$0")/lib.sh"
need_jq

D=$T/dir
mkdir "$D"
NAME=test_stat
WORDS="test stat"
# small: 2 MiB, 200 seeks, 64 KiB per-char, 1024 files
RUN="-d $D -s 2m:4k:200:2 -f64k -n 1 -q"

# run LABEL command...: stdout to $T/LABEL.out, stderr to $T/LABEL.err;
# exit 0 and no sanitizer report, else the end of stderr is shown.
run() {
	label=$1
	shift
	"$@" >"$T/$label.out" 2>"$T/$label.err"
	rc=$?
	check "$label: exit 0 (got $rc)" [ $rc -eq 0 ]
	if grep -qE 'Sanitizer|runtime error:' "$T/$label.err"; then
		fail "$label: a sanitizer report"
		rc=1
	fi
	[ $rc -eq 0 ] || report_of "$T/$label.err" >&2
}
report_of() { # what a failure said: a sanitizer's error, summary and first frames, else the end of stderr
	grep -qE '==ERROR|runtime error:' "$1" || { tail -n 20 "$1"; return; }
	grep -E '==ERROR|runtime error:|^SUMMARY| #[0-5] ' "$1" | head -n 12
}
shows() { # shows LABEL FILE: the dummy's words are in FILE
	check "$1: shows $WORDS" grep -q "$WORDS" "$2"
}
table_shows() { # the table (stdout, or stderr under -q/--share) has the dummy's line
	check "$1: the table has a $WORDS line" sh -c "cat '$T/$1.out' '$T/$1.err' | grep -q '^$WORDS '"
}
json_runs_have() { # every phase list in JSON file $2 has the dummy once, and every run of it was done
	check "$1: every phase list includes $NAME, done in every run" jq -e --arg n "$NAME" \
		'[.. | objects | select(has("phases") and (.phases | type) == "array")] as $lists |
		 [.. | objects | select(.name == $n and has("status"))] as $runs |
		 ($lists | length) > 0 and all($lists[]; .phases | map(select(.name == $n)) | length == 1) and
		 ($runs | length) > 0 and all($runs[]; .status == "done")' "$2" >/dev/null
}
csv_lines_ok() { # every 1.98 line in $2 has bonnie++'s 50 fields: the dummy adds none
	check "$1: CSV lines of 50 fields" sh -c \
		"grep -q '^1\\.98,' '$2' && grep '^1\\.98,' '$2' | awk -F, 'NF != 50 { bad = 1 } END { exit bad }'"
}

run list "$BONNIE" --list-phases
check "--list-phases: the dummy, last, with no CSV fields" \
	[ "$(tail -n 1 "$T/list.out" | cut -f1,4-7)" = "$(printf '%s\t-\t-\t-\t%s' "$NAME" "$WORDS")" ]

# one run: table, CSV, JSON, HTML
# shellcheck disable=SC2086
run one "$BONNIE" $RUN --json "$T/one.json" --html "$T/one.html"
grep '^1\.98,' "$T/one.out" >"$T/one.csv"
table_shows one
csv_lines_ok one "$T/one.csv"
json_runs_have one "$T/one.json"
shows one "$T/one.html"

# --share: the paste-ready block
# shellcheck disable=SC2086
run share "$BONNIE" $RUN --share
shows share "$T/share.out"

# -x 2: two runs and their summary
# shellcheck disable=SC2086
run x2 "$BONNIE" $RUN -x 2 --json "$T/x2.json" --html "$T/x2.html"
table_shows x2
csv_lines_ok x2 "$T/x2.out"
json_runs_have x2 "$T/x2.json"
shows x2 "$T/x2.html"

# --clients 1,2: the sweep
# shellcheck disable=SC2086
run clients "$BONNIE" $RUN --clients 1,2 --json "$T/clients.json" --html "$T/clients.html"
table_shows clients
json_runs_have clients "$T/clients.json"
shows clients "$T/clients.html"

# compare: the run's own CSV and JSON, in every format
for f in text markdown csv json; do
	run "compare-$f" "$BONNIE" compare --format "$f" "$T/one.csv" "$T/one.json"
done
shows compare-text "$T/compare-text.out"
shows compare-markdown "$T/compare-markdown.out"
csv_lines_ok compare-csv "$T/compare-csv.out"
check "compare-json: lists $NAME" grep -q "\"$NAME\"" "$T/compare-json.out"
run compare-html "$BONNIE" compare --html "$T/compare.html" "$T/one.csv" "$T/one.json"
shows compare-html "$T/compare.html"
# and the documents of the other runs, each with the dummy in every run
run compare-docs "$BONNIE" compare "$T/one.json" "$T/x2.json" "$T/clients.json"
shows compare-docs "$T/compare-docs.out"

echo "phase_test.sh: $checks checks, $failures failures"
[ "$failures" -eq 0 ]
