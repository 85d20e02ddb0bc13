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
# set, measured before any change; tests/compare-fifth, issue 53's;
# tests/compare-sixth and tests/compare-eighth, later; see
# docs/compare-corpus.md);
# VARIANT=crlf ends every line with CR LF,
# VARIANT=flat puts each text on one line (every newline a blank), as pages
# that lost their line breaks show it.
. "$(dirname "$0")/lib.sh"
# one line of f holds word, and it matches pattern (check runs one
# command: a second one after && would not be checked)
one_warning() { [ "$(grep -c "$1" "$3")" = 1 ] && grep -q "$2" "$3"; }
cd "$(dirname "$0")/.." || exit 1
C=${CORPUS:-tests/compare-corpus}
# Every fixture with an .expect, copied into $T as compare reads it: as
# stored, or turned into a variant (one awk for the whole corpus).
mkdir -p "$T/in"
FIXTURES=()
for f in "$C"/*.txt; do [ -f "${f%.txt}.expect" ] && FIXTURES+=("$f"); done
awk -v dir="$T/in" -v variant="${VARIANT:-}" '
	FNR == 1 { if (out != "") close(out); n = split(FILENAME, p, "/"); out = dir "/" p[n] }
	{ if (variant == "crlf") print $0 "\r" >out; else if (variant == "flat") printf "%s ", $0 >out; else print >out }
	' "${FIXTURES[@]}"

key() { awk -F, '{ printf "%s,%s", $3, $6; for (i = 10; i <= 50; i++) printf ",%s", $i; print "" }'; }
# A run's fixture and kind: origin "T/in/a.txt:3 (table) + T/in/a.txt:9" ->
# "a.txt<TAB>table+csv"; a JSON run -> "<its file><TAB>json"
runs_of() {
	jq -r '.runs[] | [(.origin | split(" + ")[0] | sub(":[0-9]+.*$"; "") | split("/")[-1]),
		(if .format == "json" then "json" else
		(.origin | split(" + ") | map(if test("\\(table\\)$") then "table" else "csv" end) | join("+")) end)] | @tsv'
}

# One compare of the whole corpus per output kind (not one per text): the
# runs come back in the order their texts were named, each naming its text.
(cd "$T/in" && "$BONNIE" compare --format csv *.txt) 2>/dev/null | key >"$T/got.key"
(cd "$T/in" && "$BONNIE" compare --format json *.txt) 2>/dev/null | runs_of >"$T/got.run"
for f in "${FIXTURES[@]}"; do
	grep -v '^#' "${f%.txt}.expect" | awk -v t="${f##*/}" '{ k = $1; $1 = ""; sub(/^ /, ""); print t "\t" k "\t" $0 }'
done >"$T/want.raw"
cut -f3 "$T/want.raw" | key | paste <(cut -f1,2 "$T/want.raw") - >"$T/want"
paste "$T/got.run" "$T/got.key" >"$T/got"
check "compare named every run's text (got $(wc -l <"$T/got.run") runs, $(wc -l <"$T/got.key") CSV lines)" \
	[ "$(wc -l <"$T/got.run")" = "$(wc -l <"$T/got.key")" ]
# Matching, per text: each expected run takes the first run not taken yet
# with its figures, and counts when its kind is the expected one too.
# Prints "TEXT N OK GOT" per text; what was missed goes to stderr.
# Every text is listed, also one that expects no run (its runs are all
# runs nobody expected).
printf '%s\n' "${FIXTURES[@]##*/}" >"$T/names"
awk -F'\t' -v measure="${MEASURE:-}" '
	FILENAME == ARGV[1] { order[++files] = $1; next }
	FILENAME == ARGV[2] { nw[$1]++; wk[$1, nw[$1]] = $2; wkey[$1, nw[$1]] = $3; next }
	{ ng[$1]++; gk[$1, ng[$1]] = $2; gkey[$1, ng[$1]] = $3 }
	END {
		for (x = 1; x <= files; x++) {
			t = order[x]; if (t in seen) continue; seen[t] = 1; ok = 0
			for (i = 1; i <= nw[t]; i++) {
				j = 0
				for (g = 1; g <= ng[t]; g++) if (!((t, g) in used) && gkey[t, g] == wkey[t, i]) { j = g; break }
				if (j && (measure == 1 || gk[t, j] == wk[t, i])) { ok++; used[t, j] = 1 }
				else if (measure != 1) {
					printf "  %s: run %d (%s) not found right; got:\n", t, i, wk[t, i] > "/dev/stderr"
					if (j) print gk[t, j] > "/dev/stderr"
					else for (g = 1; g <= ng[t]; g++) print gk[t, g] "\t" gkey[t, g] > "/dev/stderr"
				}
			}
			if (measure != 1 && nw[t] + 0 == 0)
				for (g = 1; g <= ng[t]; g++) printf "  %s: a run nobody expected: %s\t%s\n", t, gk[t, g], gkey[t, g] > "/dev/stderr"
			print t, nw[t] + 0, ok, ng[t] + 0
		}
	}' "$T/names" "$T/want" "$T/got" >"$T/per_text"
total=0 right=0 extra=0
while read -r t n ok got; do
	spurious=$((got > ok ? got - ok : 0))
	total=$((total + n)) right=$((right + ok)) extra=$((extra + spurious))
	[ "${MEASURE:-}" = 1 ] && { printf '%-48s %d/%d%s\n' "$t" "$ok" "$n" "$([ $spurious -gt 0 ] && echo " +$spurious extra")"; continue; }
	check "$t: $n runs read right, nothing else (got $ok right of $got)" [ "$ok" = "$n" -a "$got" = "$n" ]
done <"$T/per_text"
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
		one_warning 'bon_csv2html' "^bonnie: $C/13-bon-csv2html-copy.txt:4: table copied from a bon_csv2html page: 3 runs read; .* whole M/sec, so each is known to within 512 KiB/s$" "$T/html.err"
fi
if [ "$C" = tests/compare-unseen ]; then
	# a text table pasted into an HTML page's cells: skipped, one line naming its line
	"$BONNIE" compare "$C/03-forum-103c-csv2html-and-raw.txt" >/dev/null 2>"$T/cells.err"
	check "table in HTML cells: one warning naming its column-names line" \
		one_warning 'HTML page' "^bonnie: $C/03-forum-103c-csv2html-and-raw.txt:27: bonnie++ table pasted into an HTML page's cells skipped" "$T/cells.err"
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
