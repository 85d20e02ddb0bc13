#!/bin/sh
# make phase-test: the build with a dummy phase appended to PHASES(X)
# (-DBONNIE_TEST_PHASE, phases/test_phase.c: "test stat", which bonnie++'s
# table and CSV have no place for), under ASan+UBSan, through every output:
# the table, the CSV line, --json, --kv, --share, --html, -x 2 and its
# summary, --clients 1,2 (the sweep's table, JSON and page), bonnie merge
# of two --start-at hosts (text, JSON, -q CSV) and bonnie compare of its
# own CSV and JSON in every format. Fails on a non-zero exit, a sanitizer
# report, an output that lists every phase without the dummy, or a figure
# of the dummy that is not what its run measured (the run's own JSON, or
# for a summary, a sweep and a merge the runs it is made of).
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
	ran "$label" $?
}
ran() { # ran LABEL STATUS: the command of run LABEL exited with STATUS
	label=$1
	rc=$2
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

# The dummy's numbers, not only its name. It makes up to TEST_STATS (20000)
# stat calls, one latency each (a level's end or a stonewall may stop it
# sooner, so no check counts on all of them); every output must show what
# the JSON holds, and the JSON must hold what was measured.
TEST_STATS=20000
json_numbers_ok() { # every done run of the dummy in JSON $2: its counts, its rate from its own time, its percentiles in order, its mark
	check "$1: the dummy's numbers agree with themselves" jq -e --arg n "$NAME" '
		[.. | objects | select(.name == $n and .status == "done" and has("elapsed_ns"))] as $r |
		($r | length) > 0 and all($r[];
			.operations > 0 and .latency_ns.count == .operations and .elapsed_ns > 0 and
			((.rate_files_s - .operations * 1e9 / .elapsed_ns) | fabs) <= 0.01 + .rate_files_s * 1e-6 and
			(.latency_ns | .min <= .p50 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .p99_9 and .p99_9 <= .p99_99 and .p99_99 <= .max) and
			((.low_confidence == true) == (.confidence.mark | tostring | contains("~"))))' "$2" >/dev/null
	# one call in 50 sleeps 200 us (phases/test_phase.c): the p99 is a sleep's,
	# the median a stat's, so an output that swapped them fails its check below
	check "$1: the dummy's p99 is a sleep's (>= 150 us), 10 times its median" jq -e --arg n "$NAME" '
		[.. | objects | select(.name == $n and .status == "done" and has("elapsed_ns") and .operations >= 1000)] as $r |
		($r | length) > 0 and all($r[]; .latency_ns.p99 >= 150000 and .latency_ns.p99 >= 10 * .latency_ns.p50)' "$2" >/dev/null
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
# near_latency SHOWN NS: a latency as the outputs write it (598us, 31ms, 2s)
# is within one step of its last digit of NS nanoseconds
near_latency() {
	case $1 in
	*us) near "${1%us}" "$(($2 / 1000))" ;;
	*ms) near "${1%ms}" "$(($2 / 1000000))" ;;
	*s) near "${1%s}" "$(($2 / 1000000000))" ;;
	*) false ;;
	esac
}
table_numbers_ok() { # the table's dummy row (label $1): rate, mark, %CP and worst latency are the JSON's ($2)
	label=$1
	read -r j_rate j_cpu j_max _ j_mark <<-EOF
		$(one_run "$2")
	EOF
	# the row's cells, split where they touch (a %CP of 100 or more meets the rate's mark)
	row=$(cat "$T/$label.out" "$T/$label.err" | grep "^$WORDS " | head -n 1)
	read -r t_rate t_cpu t_lat t_mark <<-EOF
		$(echo "$row" | sed -nE "s/^$WORDS +([0-9.]+[kmg]?)([^0-9 ]*) *([0-9]+) +([^ ]+).*/\1 \3 \4 \2/p")
	EOF
	check "$label: the table's rate $t_rate is the JSON's $j_rate" near "$t_rate" "$j_rate"
	check "$label: the table's mark '$t_mark' is the JSON's ('$j_mark')" [ "$t_mark" = "$j_mark" ]
	check "$label: the table's %CP $t_cpu is the JSON's $j_cpu" [ "$t_cpu" = "$j_cpu" ]
	check "$label: the table's latency $t_lat is the JSON's max $j_max ns" near_latency "$t_lat" "$j_max"
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
set -- $(one_run "$T/one.json") "" # an empty mark is $5 = ""
check "one: the HTML summary row holds the JSON's rate, p99 and mark" \
	grep -q "<tr data-key=\"$NAME\" data-value=\"${1%%.*}[0-9.]*\" data-p99=\"$4\" data-mark=\"${5:- }\">" "$T/one.html"
check "one: the HTML's latency table counts $TEST_STATS operations" \
	grep -q "<tr><td class=\"l\">$WORDS</td><td>$TEST_STATS</td>" "$T/one.html"
kv() { sed -n "s/^run\.1\.$NAME\.$1=//p" "$T/one.kv"; }
check "one: --kv has the dummy's rate, the JSON's $1" awk -v a="$(kv rate)" -v b="$1" 'BEGIN { d = a - b; exit !(a != "" && d <= 0.001 && d >= -0.001) }'
check "one: --kv has the dummy's %CP and p99, the JSON's" [ "$(kv cpu_percent) $(kv latency_p99_ns)" = "$2 $4" ]

# --share: the paste-ready block; its Markdown row is the run's JSON
# shellcheck disable=SC2086
run share "$BONNIE" $RUN --share --json "$T/share.json"
shows share "$T/share.out"
med=$(jq -r --arg n "$NAME" '.runs[0].phases[] | select(.name == $n) | .latency_ns.p50' "$T/share.json")
set -- $(one_run "$T/share.json") "" # an empty mark is $5 = ""
# the row: | test stat | RATE/s (notes) | %CPU | max | p99 | median |
row=$(grep "^| $WORDS |" "$T/share.out" | head -n 1)
cell() { echo "$row" | awk -F' [|] ' -v i="$1" '{ print $i }' | sed 's/ *|$//'; }
rate_cell=$(cell 2)
check "share: the rate ${rate_cell%%/s*} is the JSON's $1" near "${rate_cell%%/s*}" "$1"
check "share: the %CPU $(cell 3) is the JSON's $2" [ "$(cell 3)" = "$2" ]
check "share: the max latency $(cell 4) is the JSON's $3 ns" near_latency "$(cell 4)" "$3"
check "share: the p99 $(cell 5) is the JSON's $4 ns" near_latency "$(cell 5)" "$4"
check "share: the median $(cell 6) is the JSON's $med ns" near_latency "$(cell 6)" "$med"

# -x 2: two runs and their summary
# shellcheck disable=SC2086
run x2 "$BONNIE" $RUN -x 2 --json "$T/x2.json" --html "$T/x2.html"
table_shows x2
csv_lines_ok x2 "$T/x2.out"
json_runs_have x2 "$T/x2.json"
json_numbers_ok x2 "$T/x2.json"
shows x2 "$T/x2.html"
# the summary, from its two runs in the same JSON: the median of two is
# their mean, CV their sample deviation over it
set -- $(jq -r --arg n "$NAME" '[.runs[].phases[] | select(.name == $n)] as $r | ($r | map(.rate_files_s)) as $v |
	($v | add / 2) as $m |
	"\($m) \($v | min) \($v | max) \(((($v[0] - $v[1]) | fabs) / (2 | sqrt) / $m * 100))" +
	([$r[].latency_ns] | " \((.[0].p50 + .[1].p50) / 2) \((.[0].p99 + .[1].p99) / 2) \((.[0].p99_9 + .[1].p99_9) / 2) \((.[0].max + .[1].max) / 2)") +
	" \(($r | map(.cpu_percent) | add) / 2)"' "$T/x2.json")
# $1 median $2 min $3 max $4 cv% $5 p50 $6 p99 $7 p99.9 $8 max ns $9 cpu
check "x2: the summary JSON's rate, spread and latencies are its runs'" jq -e --arg n "$NAME" \
	--argjson m "$1" --argjson lo "$2" --argjson hi "$3" --argjson cv "$4" --argjson p50 "$5" --argjson p99 "$6" --argjson mx "$8" '
	.summary.phases[] | select(.name == $n) | ((.rate_files_s.median - $m) | fabs) < 0.01 and
	((.rate_files_s.min - $lo) | fabs) < 0.01 and ((.rate_files_s.max - $hi) | fabs) < 0.01 and
	((.rate_files_s.cv_percent - $cv) | fabs) < 0.01 and .runs == 2 and
	((.latency_ns_median.p50 - $p50) | fabs) <= 0.5 and ((.latency_ns_median.p99 - $p99) | fabs) <= 0.5 and
	((.latency_ns_median.max - $mx) | fabs) <= 0.5' "$T/x2.json" >/dev/null
# the text: test_stat  RATE+MARK  MIN-MAX  CV%  p50  p99  p99.9  max
row=$(grep "^$NAME " "$T/x2.err" | tail -n 1)
cell() { echo "$row" | awk -v i="$1" '{ print $i }'; }
mm=$(cell 3)
check "x2 summary: the median rate $(cell 2) is the runs' $1" near "$(cell 2 | tr -d '~!#c+<?')" "$1"
check "x2 summary: the min ${mm%-*} is the runs' $2" near "${mm%-*}" "$2"
check "x2 summary: the max ${mm#*-} is the runs' $3" near "${mm#*-}" "$3"
check "x2 summary: the CV $(cell 4) is the runs' $4%" near "$(cell 4 | tr -d %)" "$4"
check "x2 summary: the p50 $(cell 5) is the runs' $5 ns" near_latency "$(cell 5)" "${5%.*}"
check "x2 summary: the p99 $(cell 6) is the runs' $6 ns" near_latency "$(cell 6)" "${6%.*}"
check "x2 summary: the p99.9 $(cell 7) is the runs' $7 ns" near_latency "$(cell 7)" "${7%.*}"
check "x2 summary: the max $(cell 8) is the runs' $8 ns" near_latency "$(cell 8)" "${8%.*}"
# the page: the summary row's median and p99, and the repeat table's
# median, %CPU, min and max (in the unit of its median's cell)
v=$(sed -n "s/.*<tr data-key=\"$NAME\" data-value=\"\([0-9.]*\)\" data-p99=\"\([0-9]*\)\".*/\1 \2/p" "$T/x2.html" | head -n 1)
check "x2 page: the summary's median ${v% *} and p99 ${v#* } are the runs' $1 and $6" \
	awk -v a="${v% *}" -v b="${v#* }" -v m="$1" -v p="$6" 'BEGIN { d = a - m; e = b - p; exit !(a != "" && d * d < 1e-4 && e * e <= 0.25) }'
r=$(sed -n "s/.*<tr data-key=\"$NAME\" data-value=\"[0-9.]*\"><td class=\"l\">$WORDS<\/td><td>\([0-9.]*\)[^<]*<\/td><td>\([0-9]*\)<\/td><td>\([0-9.]*\)<\/td><td>\([0-9.]*\)<\/td>.*/\1 \2 \3 \4/p" "$T/x2.html" | head -n 1)
check "x2 page: the repeat table's median, %CPU, min and max ($r) are the runs' ($1 $9 $2 $3)" awk -v r="$r" -v m="$1" -v c="$9" -v lo="$2" -v hi="$3" 'BEGIN {
	n = split(r, f, " "); if (n != 4) exit 1
	for (s = 1; s <= 1e9 && (m / s - f[1]) ^ 2 > 1; s *= 1000) ;
	exit !((m / s - f[1]) ^ 2 <= 1 && (f[2] - c) ^ 2 <= 1 && (lo / s - f[3]) ^ 2 <= 1 && (hi / s - f[4]) ^ 2 <= 1)
}'

# --clients 1,2: the sweep
# shellcheck disable=SC2086
run clients "$BONNIE" $RUN --clients 1,2 --level-time 1 --json "$T/clients.json" --html "$T/clients.html"
table_shows clients
json_runs_have clients "$T/clients.json"
json_numbers_ok clients "$T/clients.json"
shows clients "$T/clients.html"
# the sweep, against each count's run in the same JSON: "clients rate p50 p99 max"
jq -r --arg n "$NAME" '.runs[] | "\(.clients) " + (.phases[] | select(.name == $n) |
	"\(.rate_files_s) \(.latency_ns.p50) \(.latency_ns.p99) \(.latency_ns.max)")' "$T/clients.json" >"$T/clients.runs"
check "clients: a run of each count, 1 and 2" [ "$(cut -d' ' -f1 "$T/clients.runs" | tr '\n' ' ')" = "1 2 " ]
check "clients: the sweep JSON's points are the runs' rate and latencies" jq -e --arg n "$NAME" --rawfile runs "$T/clients.runs" '
	($runs | split("\n") | map(select(. != "") | split(" ") | map(tonumber))) as $r |
	[.sweep.phases[] | select(.name == $n) | .points[]] as $p | ($p | length) == ($r | length) and
	all(range($r | length); . as $i | $p[$i] as $q | $r[$i] as $w | $q.clients == $w[0] and
		(($q.rate - $w[1]) | fabs) < 0.01 and $q.p50_ns == $w[2] and $q.p99_ns == $w[3] and $q.max_ns == $w[4])' \
	"$T/clients.json" >/dev/null
# the table: test_stat  CLIENTS  RATE/s [MARK]  p50  p99  max ...
while read -r c rate p50 p99 max; do
	row=$(grep "^$NAME  *$c  " "$T/clients.err" | head -n 1)
	set -- $(echo "$row" | awk '{ printf "%s", $3; n = 0; for (i = 4; i <= NF && n < 3; i++) if ($i ~ /^[0-9.]+(us|ms|s)$/) { printf " %s", $i; n++ } }')
	check "clients $c: the sweep table's rate $1 is the run's $rate" near "${1%/s}" "$rate"
	check "clients $c: the sweep table's p50 $2 is the run's $p50 ns" near_latency "${2:-}" "$p50"
	check "clients $c: the sweep table's p99 $3 is the run's $p99 ns" near_latency "${3:-}" "$p99"
	check "clients $c: the sweep table's max $4 is the run's $max ns" near_latency "${4:-}" "$max"
done <"$T/clients.runs"
# the page's charts: throughput and p99 against clients, the runs' figures
chart() { # chart ID: the data-y of its series
	sed -n "/id=\"$1\"/,/<\/svg>/s/.*<g class=\"series\" [^>]*data-y=\"\([^\"]*\)\".*/\1/p" "$T/clients.html" | head -n 1
}
check "clients page: the throughput chart's points are the runs' rates" awk -v a="$(chart "sweep-$NAME")" \
	-v b="$(cut -d' ' -f2 "$T/clients.runs" | tr '\n' ' ')" 'BEGIN { n = split(a, x, " "); if (n != split(b, y, " ") || n == 0) exit 1
	for (i = 1; i <= n; i++) if ((x[i] - y[i]) ^ 2 > 1e-4) exit 1 }'
check "clients page: the p99 chart's points are the runs' p99s" [ "$(chart "sweep-p99-$NAME")" = "$(cut -d' ' -f4 "$T/clients.runs" | paste -sd' ')" ]

# merge: two hosts on one --start-at schedule, merged to text, JSON and
# (-q) CSV. Levels of 1 s here and in the sweep: each phase's slot is not
# 5 s of waiting, and still ample for the dummy's TEST_STATS calls.
mkdir "$T/hosts"
start=$(($(date +%s) + 6))
for h in 1 2; do
	"$BONNIE" -d "$T/hosts" -s 2m:4k:200:2 -f64k -n 1 -q -m "host$h" --level-time 1 --start-at "$start" \
		--json "$T/host$h.json" >"$T/host$h.out" 2>"$T/host$h.err" &
	eval "pid$h=\$!"
done
for h in 1 2; do
	eval "wait \$pid$h"
	ran "host$h" $?
done
run merge "$BONNIE" merge --json "$T/merged.json" "$T/host1.json" "$T/host2.json"
run merge-csv "$BONNIE" merge -q "$T/host1.json" "$T/host2.json"
json_runs_have merge "$T/merged.json"
# the merged run: both hosts' operations (up to TEST_STATS each), their latency
# counts, its rate the hosts' rates in the window together
check "merge: the dummy's operations and latencies are both hosts'" jq -e --arg n "$NAME" --argjson ops "$TEST_STATS" \
	--slurpfile h1 "$T/host1.json" --slurpfile h2 "$T/host2.json" '
	def ph(d): d.runs[0].phases[] | select(.name == $n);
	ph(.) as $m | ph($h1[0]) as $a | ph($h2[0]) as $b | (.merged.phases[] | select(.name == $n)) as $w |
	$a.operations > 0 and $a.operations <= $ops and $b.operations > 0 and $b.operations <= $ops and
	$m.operations == $a.operations + $b.operations and
	$m.latency_ns.count == $a.latency_ns.count + $b.latency_ns.count and
	($w.hosts | map(.host)) == ["host1", "host2"] and $w.window_ns == $m.elapsed_ns and
	(($m.rate_files_s - ($w.hosts | map(.rate) | add)) | fabs) < 0.01' "$T/merged.json" >/dev/null
table_numbers_ok merge "$T/merged.json"
# its line in the per-phase window table: window s, overlap, spread ms, fairness, slowest host;
# each within the text's half unit plus the JSON's own (overlap and fairness are 4
# decimals there: 9.1% beside 0.0915 is one figure rounded twice)
set -- $(grep "^$NAME " "$T/merge.out" | tail -n 1)
check "merge: the window line ($*) is the JSON's" jq -e --arg n "$NAME" --arg w "$2" --arg o "${3%\%}" --arg s "$4" --arg f "$5" \
	--arg slow "$7" '.merged.phases[] | select(.name == $n) | ((.window_ns / 1e9 - ($w | tonumber)) | fabs) <= 0.0005 + 1e-9 and
	((.overlap * 100 - ($o | tonumber)) | fabs) <= 0.055 + 1e-9 and ((.start_spread_ns / 1e6 - ($s | tonumber)) | fabs) <= 0.05 + 1e-9 and
	((.fairness - ($f | tonumber)) | fabs) <= 0.00055 + 1e-9 and .slowest == $slow' "$T/merged.json" >/dev/null
# CSV: bonnie++'s line has no place for the dummy: 50 fields, the text's line, 2 clients
grep '^1\.98,' "$T/merge-csv.out" >"$T/merge.csv"
csv_lines_ok merge-csv "$T/merge.csv"
check "merge -q: the CSV line is the text's, of 2 clients" sh -c '[ "$(cat "$1")" = "$(grep "^1\.98," "$2")" ] &&
	[ "$(cut -d, -f4 "$1")" = 2 ]' _ "$T/merge.csv" "$T/merge.out"

# compare: the run's own CSV and JSON, in every format
for f in text markdown csv json; do
	run "compare-$f" "$BONNIE" compare --format "$f" "$T/one.csv" "$T/one.json"
done
shows compare-text "$T/compare-text.out"
# the Markdown table names phases as bonnie does (test_stat), to fit 80 columns
check "compare-markdown: a row for $NAME" grep -q "^| $NAME |" "$T/compare-markdown.out"
csv_lines_ok compare-csv "$T/compare-csv.out"
check "compare-json: lists $NAME" grep -q "\"$NAME\"" "$T/compare-json.out"
set -- $(one_run "$T/one.json") "" # an empty mark is $5 = ""
# the CSV run (A) has no place for the dummy: its column says "not run", the JSON run's (B) has the figures
# one table: the phase's words, then each run's cell (A's first)
row=$(grep "^$WORDS  " "$T/compare-text.out" | head -n 1)
check "compare-text: the CSV run's dummy is not run" sh -c 'echo "$1" | grep -q "^$2  *not run  "' _ "$row" "$WORDS"
shown=$(echo "$row" | awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9.]+\/s$/) { sub(/\/s$/, "", $i); print $i, $(i + 1); exit } }')
check "compare-text: the dummy's rate ${shown% *}/s is the JSON's $1" near "${shown% *}" "$1"
check "compare-text: the dummy's %CP ${shown#* } is the JSON's $2%" [ "${shown#* }" = "$2%" ]
check "compare-json: the JSON run's dummy has the run's rate and mark" jq -e --arg n "$NAME" --argjson r "$1" --arg m "$5" \
	'[.. | objects | select(.name == $n and .state == "measured")] | any(.rate == $r and .mark == $m)' "$T/compare-json.out" >/dev/null
# Markdown: | test_stat | not run | RATE/s CPU% MARK | |
set -- $(grep "^| $NAME |" "$T/compare-markdown.out" | awk -F' [|] ' '{ print $3 }') "" "" ""
check "compare-markdown: the dummy's rate ${1%/s} is the JSON's $(one_run "$T/one.json" | cut -d' ' -f1)" \
	near "${1%/s}" "$(one_run "$T/one.json" | cut -d' ' -f1)"
check "compare-markdown: the dummy's %CPU $2 and mark '$3' are the JSON's" \
	[ "$2 ${3% |}" = "$(one_run "$T/one.json" | awk '{ print $2 "% " $5 }')" ]
run compare-html "$BONNIE" compare --html "$T/compare.html" "$T/one.csv" "$T/one.json"
shows compare-html "$T/compare.html"
set -- $(one_run "$T/one.json") "" # an empty mark is $5 = ""
# the page: the JSON run's cell (its rate, in files/s, and its mark), and
# its bars in the rate and p99 charts
cell=$(sed -n "s/.*<td data-key=\"$NAME\" data-run=\"1\" data-value=\"\([0-9.]*\)\">\([0-9]*\)[^0-9<][^<]*files\/s.*/\1 \2/p" "$T/compare.html")
mark=$(sed -n "s/.*<td data-key=\"$NAME\" data-run=\"1\" [^>]*>[^<]*<span class=\"mark\">\([^<]*\)<.*/\1/p" "$T/compare.html")
check "compare-html: the dummy's cell ($cell) holds the JSON's rate $1" awk -v c="$cell" -v r="$1" 'BEGIN {
	n = split(c, f, " "); exit !(n == 2 && (f[1] - r) ^ 2 < 1e-4 && (f[2] - r) ^ 2 < 1) }'
check "compare-html: the dummy's cell's mark '$mark' is the JSON's '${5:-}'" [ "$mark" = "${5:-}" ]
bars=$(sed -n "s/.*<g class=\"bar\" data-key=\"$NAME\" data-series=\"1\" data-value=\"\([0-9.]*\)\".*/\1/p" "$T/compare.html" | paste -sd' ')
check "compare-html: the dummy's bars ($bars) are the JSON's rate $1 and p99 $4" \
	awk -v b="$bars" -v r="$1" -v p="$4" 'BEGIN { n = split(b, f, " "); exit !(n == 2 && (f[1] - r) ^ 2 < 1e-4 && f[2] == p) }'
# and the documents of the other runs, each with the dummy in every run
run compare-docs "$BONNIE" compare "$T/one.json" "$T/x2.json" "$T/clients.json"
shows compare-docs "$T/compare-docs.out"

finish
