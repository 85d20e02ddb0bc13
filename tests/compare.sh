#!/bin/bash
# bonnie compare end to end: golden tables (text, Markdown, CSV, JSON) from a
# fixed forum-style paste holding every CSV layout, prose, a wrapped line,
# +++++ and empty fields and three bad lines, plus a bonnie JSON document;
# the warnings; exit statuses; compare's CSV read by bon_csv2txt and
# bon_csv2html; and the --share round trip of a real run.
# UPDATE_GOLDEN=1 rewrites the expected files (review the diff!).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.." || exit 1
G=tests/compare
IN="$G/paste.txt $G/run.json"

# 1. Golden outputs, and exactly one warning per bad line.
for fmt in text markdown csv json; do
	# shellcheck disable=SC2086
	"$BONNIE" compare --format $fmt $IN >"$T/out.$fmt" 2>"$T/err.$fmt"; rc=$?
	check "compare --format $fmt exits 0 (got $rc)" [ $rc -eq 0 ]
	[ "${UPDATE_GOLDEN:-}" = 1 ] && cp "$T/out.$fmt" "$G/expected.$fmt"
	check "compare --format $fmt matches $G/expected.$fmt" diff -u "$G/expected.$fmt" "$T/out.$fmt"
	check "compare --format $fmt: the same warnings" cmp -s "$T/err.text" "$T/err.$fmt"
done
[ "${UPDATE_GOLDEN:-}" = 1 ] && cp "$T/err.text" "$G/expected.err"
check "warnings match $G/expected.err" diff -u "$G/expected.err" "$T/err.text"
check "three warnings, each naming file:line" [ "$(grep -c '^bonnie: tests/compare/paste.txt:[0-9]*: ' "$T/err.text")" = 3 ]
check "JSON output parses" jq -e '.runs | length == 8' "$T/out.json" >/dev/null
check "eight runs as eight CSV lines" [ "$(wc -l <"$T/out.csv")" = 8 ]
check "every CSV line has 50 fields" [ "$(fields "$T/out.csv" | sort -u)" = 50 ]
# shellcheck disable=SC2086
"$BONNIE" compare --base 3 --threshold 3 $IN >"$T/base3" 2>/dev/null
[ "${UPDATE_GOLDEN:-}" = 1 ] && cp "$T/base3" "$G/expected.base3"
check "--base 3 --threshold 3 matches $G/expected.base3" diff -u "$G/expected.base3" "$T/base3"
# One meaning per mark (issues 49, 52): a ratio is marked > (beyond the
# threshold) or ^ (set up differently), never with the run table's ~ # ! c ?,
# and every mark each output shows is explained in that output.
# shellcheck disable=SC2086
"$BONNIE" compare --html "$T/out.html" $IN >/dev/null 2>&1
for f in text:out.text md:out.markdown text:base3 html:out.html; do
	check "marks: $f holds one meaning per mark, each explained" \
		python3 tests/marks_check.py "compare-${f%%:*}" "$T/${f#*:}"
done
check "marks: both compare marks shown (the checks above read some)" \
	sh -c "grep -q 'slower > ^)' '$T/out.text' && grep -q '| 2.39x slower > ^ |' '$T/out.markdown'"

# 2. bonnie++'s own converters read compare's CSV without a complaint.
bon_csv2txt <"$T/out.csv" >"$T/txt" 2>"$T/txt.err"
check "bon_csv2txt prints tables" [ "$(grep -c '^Latency' "$T/txt")" -ge 8 ]
check "bon_csv2txt silent on stderr" [ ! -s "$T/txt.err" ]
bon_csv2html "$T/out.csv" >"$T/html" 2>"$T/html.err"; rc=$?
check "bon_csv2html exits 0 (got $rc)" [ $rc -eq 0 ]
check "bon_csv2html has the 1.03 box" grep -q '>oldbox<' "$T/html"
check "bon_csv2html silent on stderr" [ ! -s "$T/html.err" ]

# 3. Exit statuses and standard input.
"$BONNIE" compare - <"$G/paste.txt" >"$T/stdin.txt" 2>"$T/stdin.err"; rc=$?
check "- reads standard input (got $rc)" [ $rc -eq 0 ]
check "stdin origins are named (stdin)" grep -q '(stdin):3$' "$T/stdin.txt"
echo "nothing to see here" >"$T/prose"
"$BONNIE" compare "$T/prose" >/dev/null 2>"$T/none.err"; rc=$?
check "no result found: exit 2 (got $rc)" [ $rc -eq 2 ]
check "no result found: said so" grep -q 'no bonnie or bonnie++ result found' "$T/none.err"
sed -n 5p "$G/paste.txt" >"$T/one"
"$BONNIE" compare "$T/one" >"$T/one.out" 2>/dev/null; rc=$?
check "one run: exit 2 (got $rc)" [ $rc -eq 2 ]
check "one run: its table is still printed" grep -q '^block write' "$T/one.out"
"$BONNIE" compare >/dev/null 2>"$T/usage.err"; rc=$?
check "compare without FILE: usage error 1 (got $rc)" [ $rc -eq 1 ]
for bad in "--format xml" "--threshold 1" "--threshold abc" "--threshold 0x10" "--threshold 1e3" "--base 0" "--base 99" "--frob"; do
	# shellcheck disable=SC2086
	"$BONNIE" compare $bad $IN >/dev/null 2>"$T/usage.err"; rc=$?
	check "compare $bad: usage error 1 (got $rc)" [ $rc -eq 1 ]
	check "compare $bad: one line says why" [ "$(grep -c "^bonnie: compare" "$T/usage.err")" = 1 ]
done
"$BONNIE" compare --help >"$T/help" 2>&1; rc=$?
check "compare --help exits 0 (got $rc)" [ $rc -eq 0 ]
check "compare --help prints the usage" grep -q '^usage: bonnie compare' "$T/help"
"$BONNIE" compare "$T/missing" "$G/paste.txt" >/dev/null 2>"$T/missing.err"; rc=$?
check "an unreadable file is a warning, the rest compared (got $rc)" [ $rc -eq 0 ]
check "unreadable file named" grep -q "cannot read $T/missing" "$T/missing.err"

# 4. Hostile input: control bytes, invalid UTF-8 and U+202E never reach the
# terminal raw (in any format, nor the HTML page); a rate too large for the
# table is warned about as its field and left out; a NUL before a result
# does not hide it.
L=$(sed -n 3p "$G/paste.txt" | grep -o '1\.98,2\.00a,vm,1,12345,512M,[^ ]*')
{
	printf '%s\n' "$L" | sed 's/,vm,/,e\x1b]0;pwned\x07vil\xe2\x80\xaegnp,/'
	printf '%s\n' "$L" | sed 's/,78,631440,/,7\x1b[2J8,631440,/'
	printf '%s\n' "$L" | sed 's/,vm,/,bad\xff\xfe,/'
	printf '%s\n' "$L" | sed 's/,319590,/,99999999999999999999999999,/'
	printf 'junk\000 %s\n' "$L"
} >"$T/hostile"
for fmt in text markdown csv json; do
	"$BONNIE" compare --format $fmt --html "$T/hostile.html" "$T/hostile" >"$T/h.$fmt" 2>"$T/h.err"; rc=$?
	check "hostile --format $fmt: exit 0 (got $rc)" [ $rc -eq 0 ]
	for f in "$T/h.$fmt" "$T/h.err" "$T/hostile.html"; do
		check "hostile --format $fmt: no ESC, BEL or U+202E in $(basename "$f")" \
			[ -z "$(LC_ALL=C grep -l -P '\x1b|\x07|\xe2\x80\xae|\xff' "$f")" ]
	done
done
check "hostile: ESC in a name shown as \\x1b" grep -qF 'e\x1b]0;pwned\x07vil\xe2\x80\xaegnp' "$T/h.text"
check "hostile: ESC in a field quoted as \\x1b" \
	grep -qxF "bonnie: $T/hostile:2: 1.98 line skipped: field 12 (block write %CPU) is '7\\x1b[2J8'" "$T/h.err"
check "hostile: the huge rate is named and left out" grep -qxF \
	"bonnie: $T/hostile:4: 1.98 line: field 11 (block write rate) is '99999999999999999999999999': too large for a rate, left out" \
	"$T/h.err"
check "hostile: NUL bytes named once" [ "$(grep -c 'NUL bytes' "$T/h.err")" = 1 ]
check "hostile: four runs (the one after the NUL too)" [ "$(jq '.runs | length' "$T/h.json")" = 4 ]
check "hostile: the huge rate's phase is not run" \
	[ "$(jq -r '.runs[2].phases[] | select(.name == "put_block") | .state' "$T/h.json")" = not_run ]

# The big inputs below on tmpfs where there is one: 265 MB written to a
# loaded disk took most of this suite's time.
BIGDIR=$T
if [ -d /dev/shm ] && [ -w /dev/shm ] && SHM=$(mktemp -d /dev/shm/bonnie-compare.XXXXXX); then
	BIGDIR=$SHM
	trap 'rm -rf "$T" "$SHM"' EXIT
fi
BIGIN=$BIGDIR/big

# 5. Memory does not grow with the input: 200 MB of junk around three
# results is read with a bounded window (peak RSS under 64 MiB; it was the
# file's size and more). A JSON document past 64 MiB is skipped with one
# warning, the result after it found.
{ echo "$L"; yes 'Re: the disks {"x": 1} 1.98 and 2.00a, 42,43,44 more prose here' | head -c 100M; echo
  echo "$L"; yes 'x,y,z 1,2,3 junk' | head -c 100M; echo; echo "$L"; } >"$BIGIN"
rss() { # peak RSS in KiB of the command (getrusage of the child)
	python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
kib=$(rss "$BONNIE" compare "$BIGIN")
check "200 MB input: peak RSS under 64 MiB (got $kib KiB)" [ "$kib" -lt 65536 ]
"$BONNIE" compare --format csv "$BIGIN" >"$T/big.csv" 2>"$T/big.err"
check "200 MB input: the three results found" [ "$(wc -l <"$T/big.csv")" = 3 ]
check "200 MB input: no warning" [ ! -s "$T/big.err" ]
{ printf '{\n  "tool": "bonnie",\n  "runs": [\n'; yes '    1,' | head -c 65M; echo; echo "$L"; } >"$BIGIN"
"$BONNIE" compare --format csv "$BIGIN" "$BIGIN" >"$T/bigj.csv" 2>"$T/bigj.err"
check "JSON past 64 MiB: one warning each" \
	[ "$(grep -c "^bonnie: $BIGIN:1: JSON document skipped: longer than 64 MiB\$" "$T/bigj.err")" = 2 ]
check "JSON past 64 MiB: the result after it found" [ "$(wc -l <"$T/bigj.csv")" = 2 ]
rm -f "$BIGIN"

# 6. --share of a real run reads back to the same numbers as its JSON.
"$BONNIE" -d "$T" -s 2m:4k:100:2 -f64k -n 1 -z 9 -m share_host --share --json "$T/run.json" >"$T/share.md" 2>/dev/null; rc=$?
check "--share run exits 0 (got $rc)" [ $rc -eq 0 ]
check "--share prints a Markdown table" grep -q '^| block write | ' "$T/share.md"
check "--share prints the environment" grep -q '^- File system: ' "$T/share.md"
check "--share has no tabs or trailing blanks" [ -z "$(grep -n -P '\t| $' "$T/share.md")" ]
"$BONNIE" compare --format csv "$T/share.md" >"$T/share.csv" 2>"$T/share.err"
"$BONNIE" compare --format csv "$T/run.json" >"$T/json.csv" 2>/dev/null
check "share -> compare: no warning but the one-run note" \
	[ "$(cat "$T/share.err")" = "bonnie: compare: only one run found: nothing to compare it with" ]
check "share -> compare gives the CSV line in the post" grep -qxF "$(cat "$T/share.csv")" "$T/share.md"
check "share -> compare equals JSON -> compare" diff -u "$T/share.csv" "$T/json.csv"
# The table's rate cells are the numbers compare prints for the post.
"$BONNIE" compare --format markdown "$T/share.md" >"$T/share.cmp" 2>/dev/null
for pair in "block write=put_block" "rewrite=rewrite" "random seeks=seeks" "sequential create=seq_create"; do
	phase=${pair%=*}
	want=$(grep "^| $phase | " "$T/share.md" | cut -d'|' -f3 | sed 's/ (.*)//; s/^ //; s/ $//')
	check "share table and compare agree on $phase ($want)" grep -qF "| ${pair#*=} | $want " "$T/share.cmp"
done
# A post keeps the run's context: the options as given, how the data was
# written and read, the marks (in words: a forum takes ~ and # as markup)
# and the notes under the table.
check "--share: the options as given" grep -qxF -- "- Options: -d $T -s 2m:4k:100:2 -f64k -n 1 -z 9 -m share_host --share --json $T/run.json" "$T/share.md"
check "--share: buffered, cache dropped" grep -qxF -- "- I/O: buffered; page cache dropped before each reading phase" "$T/share.md"
check "--share: a phase under 0.5 s says so in its cell" grep -q '^| sequential stat | [0-9.]*/s (under 0.5 s' "$T/share.md"
check "--share: a phase of under 100 operations says so" grep -q '^| per-char write | .*under 100 operations' "$T/share.md"
# The notes under the table are list items: forums that join single line
# breaks ran 8-10 plain note lines into one paragraph.
awk '/^\|/ { on = 1; next } /^(bonnie\+\+ 1\.98 CSV|Settings for bonnie --like)/ { on = 0 } on && NF' "$T/share.md" >"$T/share.notes"
check "--share: the run has notes under its table" [ -s "$T/share.notes" ]
check "--share: every note is a list item (got: $(grep -v '^- ' "$T/share.notes" | head -n 1))" \
	sh -c '! grep -qv "^- " "$1"' sh "$T/share.notes"
"$BONNIE" -d "$T" -s 2m:4k:100:2 -f64k -n 1 -z 9 -m share_host --no-evict --share >"$T/noevict.md" 2>/dev/null; rc=$?
check "--share --no-evict exits 0 (got $rc)" [ $rc -eq 0 ]
check "--share --no-evict: the I/O line says so" grep -qxF -- "- I/O: buffered; page cache not dropped (--no-evict)" "$T/noevict.md"
check "--share --no-evict: the reading phases' cells say so" grep -q '^| block read | .*cache not dropped' "$T/noevict.md"
check "--share --no-evict: the table's note" grep -q '^- page cache not dropped before reads' "$T/noevict.md"
if [ "$(stat -f -c %T "$T")" != tmpfs ]; then # tmpfs has no O_DIRECT
	"$BONNIE" -d "$T" -s 2m:4k:100:2 -f64k -n 1 -z 9 -m share_host -D --share >"$T/direct.md" 2>/dev/null; rc=$?
	check "--share -D exits 0 (got $rc)" [ $rc -eq 0 ]
	check "--share -D: the I/O line says direct" grep -q '^- I/O: direct (-D: O_DIRECT' "$T/direct.md"
	check "--share -D: the options hold -D" grep -q '^- Options: .* -D --share$' "$T/direct.md"
	check "--share -D: the note on buffered per-char phases" grep -qxF -- "- -D: per-char phases cannot use O_DIRECT and ran buffered" "$T/direct.md"
else
	echo "compare.sh: $T is tmpfs (no O_DIRECT): --share -D not checked here (tests/docs.sh runs -D on a device)"
fi
check "--share posts have no tabs or trailing blanks" [ -z "$(grep -n -P '\t| $' "$T/noevict.md" "$T/direct.md" 2>/dev/null)" ]
"$BONNIE" --share --json - -s 1m >/dev/null 2>"$T/both.err"; rc=$?
check "--share with --json -: usage error (got $rc)" [ $rc -eq 1 ]
# 7. Comparisons that mislead (issue 25 point 6), on lines built from the
# documented layouts: the 1.98 line above and a bonnie++ 1.03 line (27
# fields: name, size, six rate/%CPU pairs, files, six more pairs).
OLD='oldbox,512M,53500,99,81234,31,30211,12,51800,96,61222,9,210.5,1,4,1203,40,+++++,+++,1650,23,1190,41,+++++,+++,1401,20'
printf '%s\n%s\n' "$L" "$OLD" >"$T/mix"
"$BONNIE" compare "$T/mix" >"$T/mix.txt" 2>/dev/null
"$BONNIE" compare --format json "$T/mix" >"$T/mix.json" 2>/dev/null
check "1.0x per-char against 1.98: cells marked n/c" \
	[ "$(grep -c '^per-char [a-z]*  .*(n/c)$' "$T/mix.txt")" = 2 ]
check "1.0x per-char against 1.98: said why once" [ "$(grep -c 'n/c = not comparable' "$T/mix.txt")" = 1 ]
check "1.0x per-char against 1.98: not in the summary" [ -z "$(grep '^Summary' "$T/mix.txt" | grep 'per-char')" ]
check "1.0x per-char against 1.98: JSON ratio null, not flagged, not comparable" jq -e \
	'[.runs[1].phases[] | select(.name == "putc" or .name == "getc")] | length == 2 and
	 all(.rate_ratio == null and .rate_flagged == false and .rate_comparable == false)' "$T/mix.json" >/dev/null
check "1.0x per-char against 1.98: no per-char difference listed" \
	jq -e '[.differences[] | select(.phase == "putc" or .phase == "getc")] == []' "$T/mix.json" >/dev/null
"$BONNIE" compare --html "$T/mix.html" "$T/mix" >/dev/null 2>&1
check "1.0x per-char against 1.98: the HTML page says why once" [ "$(grep -c '<p class="note">n/c = not comparable' "$T/mix.html")" = 1 ]
check "1.0x block write against 1.98: still compared" jq -e \
	'.runs[1].phases[] | select(.name == "put_block") | .rate_flagged and .rate_comparable' "$T/mix.json" >/dev/null

# A 16 GiB run 10x slower at rewrite, a 512 MiB one 2x faster at block
# write, a bonnie line with chunk 64k against one with 8k, and 16k files
# against 4k: the like-for-like difference comes first.
BIG=$(echo "$L" | sed 's/,512M,/,16G,/; s/,631440,65,/,63144,65,/')
FAST=$(echo "$L" | sed 's/,319590,78,/,639180,78,/')
printf '%s\n%s\n%s\n' "$L" "$BIG" "$FAST" >"$T/sizes"
"$BONNIE" compare "$T/sizes" >"$T/sizes.txt" 2>/dev/null
"$BONNIE" compare --format json "$T/sizes" >"$T/sizes.json" 2>/dev/null
check "file size differs: the run is named with both sizes" grep -qF 'B: file size 16G (A: 512M)' "$T/sizes.txt"
check "file size differs: its cells are marked ^ (set up differently) and > (beyond 1.50x)" grep -qF '61.7 MiB/s 65% (10x slower > ^)' "$T/sizes.txt"
# CSV lines record no cache state: nothing leads (issue 51), and among the
# weaker the like-for-like difference still comes first
check "file size differs: ranked after the like-for-like difference" sh -c "tr '\n' ' ' <'$T/sizes.txt' | tr -s ' ' |
	grep -q 'not findings): block write 2.00x faster on C (cache state unknown for A and C); rewrite 10x slower on B (file size differs; cache state unknown for A and B)'"
check "file size differs: JSON setup_differs" jq -e \
	'.runs[1].phases[] | select(.name == "rewrite") | .setup_differs == ["file_size"]' "$T/sizes.json" >/dev/null
C8=$(echo "$L" | sed 's/,512M,,8192,/,512M,8k,8192,/')
C64=$(echo "$L" | sed 's/,512M,,8192,/,512M,64k,8192,/; s/,8816,32,4,/,8816,32,16,/')
printf '%s\n%s\n' "$C8" "$C64" >"$T/chunks"
"$BONNIE" compare "$T/chunks" >"$T/chunks.txt" 2>/dev/null
check "chunk size and file count differ: said" grep -qF 'B: chunk size 64k (A: 8k), file count 16 (A: 4)' "$T/chunks.txt"
check "chunk size and file count differ: block, seek and file rows marked ^ (15)" \
	[ "$(grep -c '(1.00x ^)' "$T/chunks.txt")" = 15 ]
check "chunk size differs: per-char cells not marked" [ "$(grep -A1 '^per-char' "$T/chunks.txt" | grep -c '(1.00x)$')" = 4 ]

# A ratio below 0.01 is not 0.00x.
printf '%s\n%s\n' "$L" "$(echo "$L" | sed 's/,1085us,/,5us,/')" >"$T/tiny"
"$BONNIE" compare "$T/tiny" >"$T/tiny.txt" 2>/dev/null
check "ratio below 0.01 is said as how many times better" grep -qF '5 us (217x better >)' "$T/tiny.txt"
check "no 0.00x" [ -z "$(grep -F '0.00x' "$T/tiny.txt")" ]

# A damaged 1.0x line (a field doubled) is one warning naming file and line.
printf 'the old box:\n%s\n' "$(echo "$OLD" | sed 's/,4,/,4,4,/')" >"$T/damaged"
"$BONNIE" compare "$T/damaged" >/dev/null 2>"$T/damaged.err"
check "damaged 1.0x line: one warning naming file and line" \
	[ "$(grep -cxF "bonnie: $T/damaged:2: 1.0x line skipped: 28 fields, a 1.0x line has 27" "$T/damaged.err")" = 1 ]

# --format json is a document when nothing was found.
"$BONNIE" compare --format json "$T/prose" >"$T/none.json" 2>/dev/null; rc=$?
check "nothing found, --format json: still exit 2 (got $rc)" [ $rc -eq 2 ]
# (jq -e is content with an empty input: the document must be there)
check "nothing found, --format json: a valid document with no runs" \
	[ "$(jq -c '[.tool, .runs, .differences, .base]' "$T/none.json")" = '["bonnie compare",[],[],null]' ]

# 8. A run's marks (issue 32): a kept 256 MiB run whose table marked seeks
# c (from the page cache) and the file phases ~ (under 0.5 s), as its JSON
# and its CSV line. The JSON's cells say what its table marked; the CSV line
# cannot, and a line says so rather than showing none.
"$BONNIE" compare $G/cached.json $G/cached.csv >"$T/marks.txt" 2>/dev/null
"$BONNIE" compare --format json $G/cached.json $G/cached.csv >"$T/marks.json" 2>/dev/null
check "JSON run: seeks from the page cache in its cell" grep -q '^random seeks  *[0-9]*/s [0-9]*% (from the page cache) ' "$T/marks.txt"
check "JSON run: a short file phase says so" grep -q '^sequential create  *[0-9]*/s [0-9]*% (under 0.5 s) ' "$T/marks.txt"
check "CSV run: no words invented for it" [ "$(grep '^random seeks ' "$T/marks.txt" | grep -o 'page cache' | wc -l)" = 1 ]
check "CSV run: said once that it cannot say" [ "$(grep -c '^  B: read from a CSV line, a table or an older bonnie JSON, which do not say' "$T/marks.txt")" = 1 ]
check "compare's JSON: every phase's mark and reasons are the run's own" \
	[ "$(jq -c '[.runs[0].phases[] | [.name, .reasons, .mark]]' "$T/marks.json")" = \
	  "$(jq -c '[.runs[0].phases[] | [.name, .confidence.reasons, .confidence.mark]]' $G/cached.json)" ]
check "compare's JSON: the run's table marked seeks c" \
	[ "$(jq -r '.runs[0].phases[] | select(.name == "seeks") | .mark' "$T/marks.json")" = c ]
check "compare's JSON: a CSV line's marks are unknown (null), not none" \
	[ "$(jq -c '[.runs[1].phases[] | [.reasons, .mark]] | unique' "$T/marks.json")" = '[[null,null]]' ]
"$BONNIE" compare --html "$T/marks.html" $G/cached.json $G/cached.csv >/dev/null 2>&1
# a number, its unit and its mark are held together by no-break spaces
sed 's/\xc2\xa0/ /g' "$T/marks.html" >"$T/marks.spaced"
check "compare --html: the JSON run's seeks cell has its table's mark c, a space after the unit" \
	grep -q 'data-key="seeks" data-run="0" [^>]*>[0-9]* seeks/s <span class="mark">c</span>' "$T/marks.spaced"
check "compare --html: the CSV run's seeks cell has none" \
	grep -q 'data-key="seeks" data-run="1" [^>]*>[0-9]* seeks/s <span class="ratio">' "$T/marks.spaced"
check "compare --html: what c means, said once" [ "$(grep -c '<li><span class="mark">c</span> read most of its data from a cache, not the device' "$T/marks.html")" = 1 ]
# 40 runs: pages of runs, every line within 200 columns (80 with COLUMNS=80).
for i in $(seq 1 40); do echo "$L" | sed "s/,vm,/,host$i,/"; done >"$T/many"
for fmt in text markdown; do
	"$BONNIE" compare --format $fmt "$T/many" >"$T/many.$fmt" 2>/dev/null
	COLUMNS=80 "$BONNIE" compare --format $fmt "$T/many" >"$T/many80.$fmt" 2>/dev/null
	# a Markdown table is one, whole: its reader draws it; the lines around it fit
	grep -v '^|' "$T/many.$fmt" >"$T/many.$fmt.prose"
	grep -v '^|' "$T/many80.$fmt" >"$T/many80.$fmt.prose"
	check "40 runs, $fmt: no line wider than 200 (got $(wc -L <"$T/many.$fmt.prose"))" [ "$(wc -L <"$T/many.$fmt.prose")" -le 200 ]
	check "40 runs, $fmt, COLUMNS=80: no line wider than 80 (got $(wc -L <"$T/many80.$fmt.prose"))" \
		[ "$(wc -L <"$T/many80.$fmt.prose")" -le 80 ]
	check "40 runs, $fmt: the last run is in the table" grep -q 'R40 host40 512M' "$T/many.$fmt"
done
check "40 runs: tables repeat the phase column" [ "$(grep -c '^Phase ' "$T/many.text")" -ge 4 ]
check "40 runs, COLUMNS=80: runs side by side (it was one a page)" [ "$(grep -c '^Phase ' "$T/many80.text")" -le 20 ]
check "40 runs, markdown: one table" [ "$(grep -c '^| Phase ' "$T/many.markdown")" = 1 ]
# On a terminal (script(1) gives it a pty of 80 columns) without COLUMNS in
# the environment, as bash leaves it: the terminal's own width; COLUMNS set
# overrides it.

if command -v script >/dev/null; then
	script -qec "stty cols 80 rows 24; env -u COLUMNS '$BONNIE' compare '$T/many'" /dev/null 2>/dev/null |
		tr -d '\r' >"$T/tty80.text"
	check "40 runs on an 80-column terminal, no COLUMNS: no line wider than 80 (got $(wc -L <"$T/tty80.text"))" \
		[ "$(wc -L <"$T/tty80.text")" -le 80 ]
	check "40 runs on an 80-column terminal: the runs are there" grep -q 'R40 host40 512M' "$T/tty80.text"
	script -qec "stty cols 80 rows 24; COLUMNS=120 '$BONNIE' compare '$T/many'" /dev/null 2>/dev/null |
		tr -d '\r' >"$T/tty120.text"
	w=$(wc -L <"$T/tty120.text")
	check "40 runs on an 80-column terminal, COLUMNS=120: COLUMNS wins (widest line $w)" test "$w" -gt 80 -a "$w" -le 120
else
	fail "script(1) is needed to give compare a terminal"
fi
check "40 runs: every page has every phase row" [ "$(grep -c '^block write ' "$T/many.text")" = "$(grep -c '^Phase ' "$T/many.text")" ]
finish
