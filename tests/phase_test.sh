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

# The dummy's numbers, not only its name. It makes TEST_STATS (20000)
# stat calls, one latency each; every output must show what the JSON
# holds, and the JSON must hold what was measured.
TEST_STATS=20000
json_numbers_ok() { # every done run of the dummy in JSON $2 (a client makes TEST_STATS calls): its counts, its rate from its own time, its percentiles in order, its mark
	check "$1: the dummy's numbers agree with themselves" jq -e --arg n "$NAME" --argjson ops "$TEST_STATS" '
		[.. | objects | select(.name == $n and .status == "done" and has("elapsed_ns"))] as $r |
		($r | length) > 0 and all($r[];
			.operations > 0 and .operations % $ops == 0 and .latency_ns.count == .operations and .elapsed_ns > 0 and
			((.rate_files_s - .operations * 1e9 / .elapsed_ns) | fabs) <= 0.01 + .rate_files_s * 1e-6 and
			(.latency_ns | .min <= .p50 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .p99_9 and .p99_9 <= .p99_99 and .p99_99 <= .max) and
			((.low_confidence == true) == (.confidence.mark | tostring | contains("~"))))' "$2" >/dev/null
}
# one_run FILE: the dummy's only run in JSON FILE, as "rate cpu max_ns p99_ns mark"
one_run() {
	jq -r --arg n "$NAME" '.runs[0].phases[] | select(.name == $n) |
		"\(.rate_files_s) \(.cpu_percent) \(.latency_ns.max) \(.latency_ns.p99) \(.confidence.mark // "")"' "$1"
}
# near SHOWN EXACT: a figure as a table shows it (a k, m or g suffix, truncated
# or rounded) is within one step of its last digit of the exact figure
near() {
	awk -v s="$1" -v x="$2" 'BEGIN {
		m = 1; u = substr(s, length(s)); if (u == "k") m = 1e3; else if (u == "m") m = 1e6; else if (u == "g") m = 1e9
		if (m > 1) s = substr(s, 1, length(s) - 1)
		step = m; if (index(s, ".")) step = m / 10 ^ (length(s) - index(s, "."))
		d = s * m - x; if (d < 0) d = -d
		exit !(d <= step)
	}'
}
table_numbers_ok() { # the table's dummy row (label $1): rate, mark, %CP and worst latency are the JSON's ($2)
	set -- "$1" $(one_run "$2")
	row=$(cat "$T/$1.out" "$T/$1.err" | grep "^$WORDS " | head -n 1)
	set -- "$@" $(echo "$row" | awk '{ print $3, $4, $5 }')
	# $2 rate $3 cpu $4 max $5 p99 $6 mark; the row: $7 rate+mark, $8 %CP, $9 latency in us
	rate_cell=$(echo "$7" | tr -d '~!#c+')
	check "$1: the table's rate $7 is the JSON's $2" near "$rate_cell" "$2"
	check "$1: the table's mark is the JSON's ('$6')" [ "$(echo "$7" | tr -d '0-9.kmg')" = "$6" ]
	check "$1: the table's %CP $8 is the JSON's $3" [ "$8" = "$3" ]
	check "$1: the table's latency $9 is the JSON's max $4 ns" near "${9%us}" "$(($4 / 1000))"
}

run list "$BONNIE" --list-phases
check "--list-phases: the dummy, last, with no CSV fields" \
	[ "$(tail -n 1 "$T/list.out" | cut -f1,4-7)" = "$(printf '%s\t-\t-\t-\t%s' "$NAME" "$WORDS")" ]

# one run: table, CSV, JSON, HTML
# shellcheck disable=SC2086
run one "$BONNIE" $RUN --json "$T/one.json" --html "$T/one.html" --kv "$T/one.kv"
grep '^1\.98,' "$T/one.out" >"$T/one.csv"
table_shows one
csv_lines_ok one "$T/one.csv"
json_runs_have one "$T/one.json"
json_numbers_ok one "$T/one.json"
table_numbers_ok one "$T/one.json"
shows one "$T/one.html"
set -- $(one_run "$T/one.json")
check "one: the HTML summary row holds the JSON's rate, p99 and mark" \
	grep -q "<tr data-key=\"$NAME\" data-value=\"${1%%.*}[0-9.]*\" data-p99=\"$4\" data-mark=\"$5\">" "$T/one.html"
check "one: the HTML's latency table counts $TEST_STATS operations" \
	grep -q "<tr><td class=\"l\">$WORDS</td><td>$TEST_STATS</td>" "$T/one.html"
kv() { sed -n "s/^run\.1\.$NAME\.$1=//p" "$T/one.kv"; }
check "one: --kv has the dummy's rate, the JSON's $1" awk -v a="$(kv rate)" -v b="$1" 'BEGIN { d = a - b; exit !(a != "" && d <= 0.001 && d >= -0.001) }'
check "one: --kv has the dummy's %CP and p99, the JSON's" [ "$(kv cpu_percent) $(kv latency_p99_ns)" = "$2 $4" ]

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
json_numbers_ok x2 "$T/x2.json"
shows x2 "$T/x2.html"

# --clients 1,2: the sweep
# shellcheck disable=SC2086
run clients "$BONNIE" $RUN --clients 1,2 --json "$T/clients.json" --html "$T/clients.html"
table_shows clients
json_runs_have clients "$T/clients.json"
json_numbers_ok clients "$T/clients.json"
shows clients "$T/clients.html"

# compare: the run's own CSV and JSON, in every format
for f in text markdown csv json; do
	run "compare-$f" "$BONNIE" compare --format "$f" "$T/one.csv" "$T/one.json"
done
shows compare-text "$T/compare-text.out"
# the Markdown table names phases as bonnie does (test_stat), to fit 80 columns
check "compare-markdown: a row for $NAME" grep -q "^| $NAME |" "$T/compare-markdown.out"
csv_lines_ok compare-csv "$T/compare-csv.out"
check "compare-json: lists $NAME" grep -q "\"$NAME\"" "$T/compare-json.out"
set -- $(one_run "$T/one.json")
# the CSV run (A) has no place for the dummy: its column says "not run", the JSON run's (B) has the figures
# one table: the phase's words, then each run's cell (A's first)
row=$(grep "^$WORDS  " "$T/compare-text.out" | head -n 1)
check "compare-text: the CSV run's dummy is not run" sh -c 'echo "$1" | grep -q "^$2  *not run  "' _ "$row" "$WORDS"
shown=$(echo "$row" | awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9.]+\/s$/) { sub(/\/s$/, "", $i); print $i, $(i + 1); exit } }')
check "compare-text: the dummy's rate ${shown% *}/s is the JSON's $1" near "${shown% *}" "$1"
check "compare-text: the dummy's %CP ${shown#* } is the JSON's $2%" [ "${shown#* }" = "$2%" ]
check "compare-json: the JSON run's dummy has the run's rate and mark" jq -e --arg n "$NAME" --argjson r "$1" --arg m "$5" \
	'[.. | objects | select(.name == $n and .state == "measured")] | any(.rate == $r and .mark == $m)' "$T/compare-json.out" >/dev/null
run compare-html "$BONNIE" compare --html "$T/compare.html" "$T/one.csv" "$T/one.json"
shows compare-html "$T/compare.html"
# and the documents of the other runs, each with the dummy in every run
run compare-docs "$BONNIE" compare "$T/one.json" "$T/x2.json" "$T/clients.json"
shows compare-docs "$T/compare-docs.out"

finish
