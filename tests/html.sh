#!/bin/sh
# --html in a real browser: reports of one run and of -x 3 (from bonnie)
# and synthetic sweep and compare pages (build/html_sample) are parsed
# strictly (html5lib, each <svg> as XML), their chart numbers compared with
# the CSV and JSON of the same run, then rendered in headless Chromium: no
# console messages, the DOM holds the same charts, the screenshot is not
# blank; then measured as laid out (html_render.py: where the summary
# starts, ticks, marks, widths, printed pages). Every page is written
# first; then one browser (html_batch.py) runs each check that needs one,
# and each is reported from its job's result. Artefacts (pages, DOM
# dumps, screenshots) stay in $BUILD_DIR/html-check. Size of the
# 700-client sweep page < 2 MiB; render times are printed, not asserted
# (tests never fail on timing).
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set BUILD_DIR to the build directory}"
PY=${PYTHON:-/usr/bin/python3}
CHECK="$PY $(dirname "$0")/html_check.py"
BATCH="$PY $(dirname "$0")/html_batch.py"
CHROMIUM=${CHROMIUM:-chromium}
OUT=$BUILD_DIR/html-check
rm -rf "$OUT" && mkdir -p "$OUT"
D=$T/work
mkdir "$D" "$T/logs"
: >"$T/jobs"
: >"$T/later"
njob=0

command -v "$CHROMIUM" >/dev/null 2>&1 || { echo "html.sh: $CHROMIUM not installed (tests/deps.sh)" >&2; exit 1; }
"$PY" -c 'import html5lib' 2>/dev/null || { echo "html.sh: python3-html5lib not installed" >&2; exit 1; }

# Starting Chromium was most of this suite's time (31 starts): each check
# that needs a browser is a job of one batch (tests/html_batch.py), run
# once every page is written, and reported from its result afterwards.
# job ID KIND ARGS...: a line of the batch.
job() {
	{ printf '%s' "$1"; shift; printf '\t%s' "$@"; echo; } >>"$T/jobs"
}
# bcheck DESC KIND ARGS...: the check DESC, run as a job of KIND
# (render: html_render.py's checks, fit: html_fit.py's, boxes:
# html_boxes.py's, with their command lines' ARGS).
bcheck() {
	njob=$((njob + 1))
	printf '%s\n' "$1" >"$T/desc.$njob"
	shift
	job "$njob" "$@"
	echo "check $njob" >>"$T/later"
}
# render NAME [--want-blue]: the page loaded at 1280x2400: its DOM after
# load, its console messages, a screenshot.
render() {
	job "$1" page "$OUT/$1.html" "$OUT/$1.dom.html" "$OUT/$1.png"
	echo "render $1 ${2:-}" >>"$T/later"
}
# result ID: passes on the batch's result ID "ok"; else prints why.
result() {
	r=$(awk -F'\t' -v id="$1" '$1 == id { print $2 == "ok" ? "ok" : $3 }' "$T/results")
	[ "$r" = ok ] && return 0
	echo "html.sh: job $1: ${r:-no result (the batch never reached it)}" >&2
	return 1
}
render_checks() { # NAME [--want-blue]
	check "$1: chromium dumps the DOM" result "$1.dom"
	check "$1: console messages" result "$1.console"
	check "$1: DOM has the file's charts" $CHECK page "$OUT/$1.html" --dom "$OUT/$1.dom.html"
	check "$1: screenshot" result "$1.shot"
	check "$1: screenshot not blank" $CHECK png "$OUT/$1.png" 20 $2
}

# One run and three runs, each with its CSV and JSON.
"$BONNIE" -d "$D" -s 1m:4k:200:2 -f64k -n 1:2k:0 -q -m "html<&>" --html "$OUT/run.html" \
	--json "$T/run.json" >"$T/run.csv" 2>"$T/err"
check "one run: exit 0" [ $? -eq 0 ]
check "one run: parser and CSV/JSON numbers" $CHECK page "$OUT/run.html" --csv "$T/run.csv" --json "$T/run.json"
check "one run: machine name escaped" grep -q 'html&lt;&amp;&gt;' "$OUT/run.html"
check "one run: reproduce line with the seed" grep -q -- "-z $(jq '.config.seed' "$T/run.json")</pre>" \
	"$OUT/run.html"
# Without -d the page names where it ran as an absolute path: "Run on
# <date>, . (ext4)" named no place a reader of the page could find.
(cd "$D" && "$BONNIE" -s 0 -n 1 -q --no-align-probe --html "$T/here.html" >/dev/null 2>&1)
check "run in the current directory: the page names its absolute path" \
	grep -q "</time>, $(cd "$D" && pwd -P) (" "$T/here.html"
render run --want-blue
# A "From device" share over 100% in the table is explained under it.
over=$(sed -n 's/^From device *//p' "$OUT/run.html" | tr -s ' ' '\n' | tr -d '%' | awk '$1 > 100' | head -1)
if [ -n "$over" ]; then
	check "one run: From device ${over}% explained" grep -q 'class="note device-note"' "$OUT/run.html"
else
	check "one run: no From device note without a share over 100%" sh -c "! grep -q device-note '$OUT/run.html'"
fi
bcheck "one run, as laid out: summary first with the CSV/JSON figures, marks in every chart" \
	render "$OUT/run.html" --summary --csv "$T/run.csv" --json "$T/run.json"
bcheck "one run: no sideways scroll at 390 px, chart text readable, CSV wraps" render "$OUT/run.html" --phone
# The length budget on fixed content: a real run's notes come and go with
# the machine's state (a busy disk adds "other writes" lines), which made
# the real page 3672 to 4060 px tall from one run to the next. The golden
# full session's page is a whole run with every phase, always the same.
cp "$(dirname "$0")/golden/expected/run/full.html.golden" "$OUT/full.html"
bcheck "a full run's page (golden session): <= 4000 px tall at 1280; A4: <= 4 pages" \
	render "$OUT/full.html" --phone --max-height 4000 --max-pages 4
bcheck "one run: nothing cut at 390 px, no chart labels overlap (screen, print), device and alignment on the first screen" \
	fit "$OUT/run.html" --fit --labels --first-screen "$T/run.json"

"$BONNIE" -d "$D" -s 1m:4k:200:2 -f64k -n 1:2k:0 -x 3 -q -z 7 --html "$OUT/repeat.html" \
	--json "$T/rep.json" >"$T/rep.csv" 2>"$T/err"
check "three runs: exit 0" [ $? -eq 0 ]
check "three runs: each run's value equals its CSV line" $CHECK page "$OUT/repeat.html" --csv "$T/rep.csv" \
	--json "$T/rep.json"
check "three runs: repeats table" grep -q 'Each of the 3 runs' "$OUT/repeat.html"
render repeat --want-blue
bcheck "three runs, as laid out: summary first with the medians, marks in every chart" \
	render "$OUT/repeat.html" --summary --csv "$T/rep.csv" --json "$T/rep.json" --phone

# A real sweep of 1, 4 and 16 clients: per phase throughput and p99 charts
# whose points are the JSON sweep member's, the knee sentences, the table.
"$BONNIE" -d "$D" -s 1m:4k:200:2 -f64k -n 1:2k:0 --clients 1,4,16 --level-time 0 -q -z 7 --html "$OUT/clients.html" \
	--json "$T/sw.json" >"$T/sw.csv" 2>"$T/err"
check "sweep: exit 0" [ $? -eq 0 ]
check "sweep: chart points equal the JSON sweep" $CHECK page "$OUT/clients.html" --sweep "$T/sw.json"
check "sweep: the sweep table" grep -q '<pre class="sweep-table">' "$OUT/clients.html"
check "sweep: client counts in the options" grep -q "<td class=\"l\">1, 4, 16</td>" "$OUT/clients.html"
check "sweep: last count's run below" grep -q "last client count's run (16 clients)" "$OUT/clients.html"
# The page's CSV section is every count's line, the same as stdout's, and
# its table section has a table per count.
pre_text() { # FILE CLASS: the unescaped text of <pre class="CLASS">
	python3 -c 'import html, re, sys
m = re.search(r"<pre class=\"%s\">(.*?)</pre>" % sys.argv[2], open(sys.argv[1]).read(), re.S)
sys.stdout.write(html.unescape(m.group(1)) if m else "")' "$1" "$2"
}
pre_text "$OUT/clients.html" csv >"$T/sw-page.csv"
check "sweep: CSV section holds both counts' lines, as printed" cmp -s "$T/sw-page.csv" "$T/sw.csv"
check "sweep: CSV lines for 1, 4 and 16 clients" [ "$(cut -d, -f4 "$T/sw-page.csv" | tr '\n' ' ')" = "1 4 16 " ]
pre_text "$OUT/clients.html" table >"$T/sw-page.table"
check "sweep: a table per count" [ "$(grep -c '^Version ' "$T/sw-page.table")" -ge 2 ]
check "sweep: tables headed by count" grep -q '^16 clients, run 1 of 1$' "$T/sw-page.table"
render clients --want-blue
bcheck "sweep, as laid out: knee table first, a tick at each tested count" \
	render "$OUT/clients.html" --summary --sweep "$T/sw.json" --phone
# printed, the last count's rates, latency and timelines are there too (a
# heading on screen is on paper): 10 pages where 6 were
bcheck "sweep printed: details expanded, nothing cut, A4: <= 10 pages" render "$OUT/clients.html" --max-pages 10
bcheck "sweep: nothing cut at 390 px, no chart labels overlap (screen, print)" fit "$OUT/clients.html" --fit --labels
check "sweep: one meaning per mark, each explained (its points, caption and table)" \
	"$PY" "$(dirname "$0")/marks_check.py" sweep-html "$OUT/clients.html"

# A real comparison: the one run's JSON and the sweep's CSV lines (3 runs).
"$BONNIE" compare --html "$OUT/comparison.html" "$T/run.json" "$T/sw.csv" >"$T/cmp.txt" 2>"$T/err"
check "compare --html: exit 0" [ $? -eq 0 ]
check "compare --html: text report still on stdout" grep -q '^Runs (each cell against' "$T/cmp.txt"
"$BONNIE" compare --format json "$T/run.json" "$T/sw.csv" >"$T/cmp.json" 2>/dev/null
check "compare --html: bars equal the compare JSON" $CHECK page "$OUT/comparison.html" --compare "$T/cmp.json"
# the page holds a number and its unit together with a no-break space
sed 's/\xc2\xa0/ /g' "$OUT/comparison.html" >"$T/comparison.spaced"
check "compare --html: summary sentence" grep -qF "$(sed -n 's/^Summary: //p' "$T/cmp.txt" | sed 's/&/\&amp;/g')" \
	"$T/comparison.spaced"
check "compare --html: summary in the text" grep -q '^Summary: .' "$T/cmp.txt"
check "compare --html: the CSV lines" [ "$(grep -c '^\(<pre class="csv">\)\{0,1\}1\.98,' "$OUT/comparison.html")" -eq 4 ]
render comparison --want-blue
bcheck "compare, as laid out: summary table first with the JSON's rates; no sideways scroll at 390 px" \
	render "$OUT/comparison.html" --summary --compare "$T/cmp.json" --phone --max-pages 20
bcheck "compare: nothing cut at 390 px, no chart labels overlap (screen, print)" fit "$OUT/comparison.html" --fit --labels
check "compare: a ratio marked > or ^ only, each mark explained on the page" \
	"$PY" "$(dirname "$0")/marks_check.py" compare-html "$OUT/comparison.html"
# bonnie++ 1.96 lines with +++++ slots: said in words, their latency drawn.
C196=$(dirname "$0")/compare-corpus/09-wiki-196-pre-blocks.txt
"$BONNIE" compare --html "$OUT/compare196.html" "$T/run.json" "$C196" >/dev/null 2>&1
"$BONNIE" compare --format json "$T/run.json" "$C196" >"$T/cmp196.json" 2>/dev/null
check "compare 1.96: +++++ slots drawn as too fast, latency bars equal the JSON" \
	$CHECK page "$OUT/compare196.html" --compare "$T/cmp196.json"
bcheck "compare 1.96: the summary says too fast for bonnie++ to measure" \
	render "$OUT/compare196.html" --summary --compare "$T/cmp196.json" --phone
# A forum thread of 16 runs: the table goes on in further tables of six
# runs (printed on A4 one of 16 ran 681 px off the page); every cell is
# still there once.
C16=$(dirname "$0")/compare-corpus/42-forum-thread-many-versions.txt
"$BONNIE" compare --html "$OUT/compare16.html" "$C16" >/dev/null 2>&1
"$BONNIE" compare --format json "$C16" >"$T/cmp16.json" 2>/dev/null
check "compare of 16 runs: three tables of at most six runs" \
	[ "$(grep -c '<table class="wide summary compare">' "$OUT/compare16.html")" -eq 3 ]
bcheck "compare of 16 runs: a cell per run and measured phase" render "$OUT/compare16.html" --compare "$T/cmp16.json"
"$BONNIE" compare --html "$T/no/such/dir/c.html" "$T/run.json" "$T/sw.csv" >/dev/null 2>"$T/err"; rc=$?
check "compare, unwritable --html: exit 5" [ $rc -eq 5 ]
check "compare, unwritable --html: one line naming it" [ "$(grep -c -- '--html .*no/such/dir' "$T/err")" -eq 1 ]

# Bad paths fail before measuring, with exit 5 and one line.
"$BONNIE" -d "$D" -s 256k -n 0 -q --html "$T/no/such/dir/x.html" >/dev/null 2>"$T/err"; rc=$?
check "unwritable --html: exit 5" [ $rc -eq 5 ]
check "unwritable --html: one line naming it" grep -q -- '--html .*no/such/dir' "$T/err"
check "unwritable --html: scratch removed" empty_dir "$D"

# Synthetic sweep (12 phases x 700 client counts) and compare pages.
check "html_sample writes the pages" "$BUILD_DIR/html_sample" "$OUT"
check "sweep: parser" $CHECK page "$OUT/sweep.html"
check "compare: parser" $CHECK page "$OUT/compare.html"
render sweep --want-blue
bcheck "700-count sweep, as laid out: a tick at each count, labels apart" render "$OUT/sweep.html" --sweep - --phone
bcheck "700-count sweep: nothing cut at 390 px, no chart labels overlap (screen, print)" fit "$OUT/sweep.html" --fit --labels
render compare --want-blue
bcheck "synthetic compare: nothing cut at 390 px, no chart labels overlap (screen, print)" fit "$OUT/compare.html" --fit --labels
size=$(wc -c <"$OUT/sweep.html")
check "sweep page under 2 MiB ($size bytes)" [ "$size" -lt 2097152 ]

# The queue-depth profile's page, from a real short run.
"$BONNIE" -d "$D" -s 4m --phases qd --qd-time 0.5 -q -z 7 --html "$OUT/qd.html" >/dev/null 2>"$T/err"
check "qd profile page: exit 0" [ $? -eq 0 ]
bcheck "qd profile page: nothing cut at 390 px, no chart labels overlap (screen, print)" fit "$OUT/qd.html" --fit --labels

# Bounding boxes (html_boxes.py) of every page above, real and synthetic:
# at 390 and 1280 px nothing scrolls sideways or is cut (a table with a
# column per run or phase scrolls in its own box, by design), no word
# breaks inside unless it cannot fit a line, no number parts from its unit,
# no mark touches a unit; printed on A4, every section heading shown on
# screen is printed with something under it, and nothing is cut.
bcheck "bounding boxes at 390 px, 1280 px and printed, every page" boxes "$OUT/run.html" "$OUT/repeat.html" \
	"$OUT/clients.html" "$OUT/comparison.html" "$OUT/compare196.html" "$OUT/qd.html" "$OUT/full.html" \
	"$OUT/sweep.html" "$OUT/compare.html" "$OUT/compare16.html"
# ... and the check can fail: a page whose number breaks from its unit,
# whose mark touches a unit, whose word breaks inside ("pha se"), and whose
# heading prints bare.
cat >"$T/bad-boxes.html" <<'EOF2'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>td{width:3em}@media print{.x{display:none}}</style></head><body>
<table><tr><td>1491.0 MiB/s</td><td>6219 seeks/s<span>c</span></td></tr></table>
<p style="width:6em;word-break:break-all">sequential phase latency</p>
<h2>Shown</h2><p class="x">only on screen</p><h2>Next</h2><p>text</p></body></html>
EOF2
job bad-boxes quiet:boxes "$T/bad-boxes.html"

# The console check can fail: a page with a script error is caught.
# (rendered as the real pages are, its result checked after the batch)
printf '<!DOCTYPE html><title>x</title><script>undefined_function()</script>\n' >"$T/bad.html"
job bad quiet:page "$T/bad.html" "$T/bad.dom.html" "$T/bad.png"

# Render time (printed only): a copy of the sweep page logs the time from
# navigation start to the first frame after load.
sed 's|</body>|<script>onload=function(){requestAnimationFrame(function(){setTimeout(function(){console.log("render-ms "+Math.round(performance.now()))},0)})}</script></body>|' \
	"$OUT/sweep.html" >"$T/timed.html"
job timed timed "$T/timed.html"

# The one browser runs every job; then each check is reported.
$BATCH "$T/jobs" "$T/results" "$T/logs"
while read -r what id want; do
	case $what in
	check) check "$(cat "$T/desc.$id")" result "$id" ;;
	render) render_checks "$id" "$want" ;;
	esac
done <"$T/later"
B=$T/logs/bad-boxes.log
check "bounding boxes: a parted number, a glued mark, a broken word and a bare printed heading are found" \
	sh -c "grep -q 'parted from its unit' '$B' && grep -q 'glued to a unit: 6219 seeks/sc' '$B' && grep -q 'nothing printed under it: Shown' '$B' && grep -q 'word broken across lines: \"phase\"' '$B'"
check "console errors are detected" grep -q "^bad.console	FAIL	console messages: .*undefined_function" "$T/results"
echo "html.sh: sweep page $size bytes, $(grep -o 'render-ms [0-9]*' "$T/logs/timed.log" | head -1 || echo 'render time not measured')"
finish
