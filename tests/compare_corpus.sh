#!/bin/bash
# bonnie compare over results people really published (tests/compare-corpus/:
# fixtures built from the numbers and layout of real posts, listed in
# docs/compare-corpus.md). Each NN-*.txt has an NN-*.expect: one line per run
# compare must find, in order, as its kind (table, csv, table+csv, ...: where
# it was read, from the run's origin) and the 1.98 line --format csv prints.
# A run is right when its name, size and every figure (fields 3, 6, 10-50)
# equal the expected line's and its kind is the expected one; a run nobody
# expected is wrong too. MEASURE=1 only prints the fraction of results read
# right (kinds not checked, so an older binary can be measured) and exits 0.
# CORPUS=tests/compare-heldout runs the held-out texts instead (collected
# after the reader was written; tests/compare-unseen, after those;
# tests/compare-fresh, after those; tests/compare-fourth, after the fresh
# set, measured before any change; tests/compare-fifth, issue 53's; see
# docs/compare-corpus.md);
# VARIANT=crlf ends every line with CR LF,
# VARIANT=flat puts each text on one line (every newline a blank), as pages
# that lost their line breaks show it.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.." || exit 1
C=${CORPUS:-tests/compare-corpus}
# the text compare reads: the fixture as stored, or turned into a variant
variant() {
	case "${VARIANT:-}" in
	crlf) sed 's/$/\r/' "$1" ;;
	flat) tr '\n' ' ' <"$1" ;;
	*) cat "$1" ;;
	esac
}

key() { awk -F, '{ printf "%s,%s", $3, $6; for (i = 10; i <= 50; i++) printf ",%s", $i; print "" }'; }
# origin "a.txt:3 (table) + a.txt:9" -> "table+csv"; a JSON run -> "json"
kinds() {
	jq -r '.runs[] | if .format == "json" then "json" else
		(.origin | split(" + ") | map(if test("\\(table\\)$") then "table" else "csv" end) | join("+")) end'
}

total=0 right=0 extra=0
for f in "$C"/*.txt; do
	exp=${f%.txt}.expect
	[ -f "$exp" ] || continue
	in=$T/${f##*/}
	variant "$f" >"$in"
	"$BONNIE" compare --format csv "$in" >"$T/out.csv" 2>/dev/null
	key <"$T/out.csv" >"$T/got"
	if [ "${MEASURE:-}" != 1 ]; then
		"$BONNIE" compare --format json "$in" 2>/dev/null | kinds >"$T/kinds"
	fi
	grep -v '^#' "$exp" | cut -d' ' -f1 >"$T/want.kind"
	grep -v '^#' "$exp" | cut -d' ' -f2- | key >"$T/want"
	n=$(wc -l <"$T/want") got=$(wc -l <"$T/got")
	ok=0
	: >"$T/used"
	for i in $(seq 1 "$n"); do
		w=$(sed -n "${i}p" "$T/want") wk=$(sed -n "${i}p" "$T/want.kind")
		j=$(grep -nxF -- "$w" "$T/got" | cut -d: -f1 | grep -vxF -f "$T/used" | head -1)
		[ -n "$j" ] || j=0
		if [ "$j" -gt 0 ] && { [ "${MEASURE:-}" = 1 ] || [ "$(sed -n "${j}p" "$T/kinds")" = "$wk" ]; }; then
			ok=$((ok + 1))
			echo "$j" >>"$T/used"
		elif [ "${MEASURE:-}" != 1 ]; then
			echo "  $f: run $i ($wk) not found right; got:" >&2
			if [ "$j" -gt 0 ]; then sed -n "${j}p" "$T/kinds" >&2; else cat "$T/out.csv" >&2; fi
		fi
	done
	spurious=$((got > ok ? got - ok : 0))
	total=$((total + n)) right=$((right + ok)) extra=$((extra + spurious))
	[ "${MEASURE:-}" = 1 ] && { printf '%-48s %d/%d%s\n' "${f##*/}" "$ok" "$n" "$([ $spurious -gt 0 ] && echo " +$spurious extra")"; continue; }
	check "${f##*/}: $n runs read right, nothing else (got $ok right of $got)" [ "$ok" = "$n" ] && [ "$got" = "$n" ]
done
if [ "${MEASURE:-}" = 1 ]; then
	echo "read right: $right of $total results ($((100 * right / total))%), $extra runs nobody expected"
	exit 0
fi
check "the corpus has fixtures ($total results)" [ "$total" -gt 0 ]
if [ "$C" = tests/compare-kinds ]; then
	# a table whose I/O row is not readable: skipped, with one line saying where and why
	"$BONNIE" compare "$C/11-unreadable-io-row.txt" >/dev/null 2>"$T/damaged.err"
	check "unreadable I/O row: one warning naming the table's line" \
		grep -qx "bonnie: $C/11-unreadable-io-row.txt:3: table skipped: its I/O row is not readable" "$T/damaged.err"
	# a bon_csv2html page copied as text: read, and one line naming its
	# column names row says its block rates are whole M/sec
	"$BONNIE" compare "$C/13-bon-csv2html-copy.txt" >/dev/null 2>"$T/html.err"
	check "bon_csv2html copy: one warning naming its header row's line and the rounding" \
		[ "$(grep -c 'bon_csv2html' "$T/html.err")" = 1 ] && grep -q "^bonnie: $C/13-bon-csv2html-copy.txt:4: table copied from a bon_csv2html page: 3 runs read; .* whole M/sec, so each is known to within 512 KiB/s$" "$T/html.err"
fi
if [ "$C" = tests/compare-unseen ]; then
	# a text table pasted into an HTML page's cells: skipped, one line naming its line
	"$BONNIE" compare "$C/03-forum-103c-csv2html-and-raw.txt" >/dev/null 2>"$T/cells.err"
	check "table in HTML cells: one warning naming its column-names line" \
		[ "$(grep -c 'HTML page' "$T/cells.err")" = 1 ] && grep -q "^bonnie: $C/03-forum-103c-csv2html-and-raw.txt:27: bonnie++ table pasted into an HTML page's cells skipped" "$T/cells.err"
fi
[ "$C" = tests/compare-corpus ] && [ -z "${VARIANT:-}" ] || { finish; exit; }

# The README example: the flattened Japanese post with its CSV lines removed
# is read back to both servers' numbers from the tables alone.
"$BONNIE" compare "$C/31-blog-ja-196-flattened-tables-only.txt" >"$T/readme.txt" 2>"$T/readme.err"; rc=$?
check "tables only: compared (got $rc)" [ $rc -eq 0 ]
check "tables only: no warning" [ ! -s "$T/readme.err" ]
check "tables only: both servers" grep -q '^  B   copper.smectic.com, 3544M, table from 1.96' "$T/readme.txt"
# and the README's excerpt is what compare prints for it, run as the README
# prints it from the top of the tree: every line of the block after the
# command, in order ("..." stands for lines left out).
ROOT=$(cd "$(dirname "$0")/.." && pwd)
(cd "$ROOT" && "$BONNIE" compare tests/compare-corpus/31-blog-ja-196-flattened-tables-only.txt) >"$T/post.out" 2>/dev/null
awk '/^\.\/bonnie compare tests\/compare-corpus\/31-/ { f = 1; next } f && /^```$/ { if (++n == 3) exit; next } f && n == 2' \
	"$ROOT/README.md" >"$T/readme.block"
check "README: the compare excerpt is there" [ "$(wc -l <"$T/readme.block")" -ge 10 ]
check "README: the compare excerpt is what compare prints, in order" awk '
	NR == FNR { out[++n] = $0; next }
	$0 == "..." { next }
	{ while (i < n && out[++i] != $0) ; if (out[i] != $0) { print "not printed: " $0; bad = 1; exit } }
	END { exit bad }' "$T/post.out" "$T/readme.block"
finish
