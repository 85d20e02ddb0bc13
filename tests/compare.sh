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

# 5. Memory does not grow with the input: 200 MB of junk around three
# results is read with a bounded window (peak RSS under 64 MiB; it was the
# file's size and more). A JSON document past 64 MiB is skipped with one
# warning, the result after it found.
{ echo "$L"; yes 'Re: the disks {"x": 1} 1.98 and 2.00a, 42,43,44 more prose here' | head -c 100M; echo
  echo "$L"; yes 'x,y,z 1,2,3 junk' | head -c 100M; echo; echo "$L"; } >"$T/big"
rss() { # peak RSS in KiB of the command (getrusage of the child)
	python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
kib=$(rss "$BONNIE" compare "$T/big")
check "200 MB input: peak RSS under 64 MiB (got $kib KiB)" [ "$kib" -lt 65536 ]
"$BONNIE" compare --format csv "$T/big" >"$T/big.csv" 2>"$T/big.err"
check "200 MB input: the three results found" [ "$(wc -l <"$T/big.csv")" = 3 ]
check "200 MB input: no warning" [ ! -s "$T/big.err" ]
{ printf '{\n  "tool": "bonnie",\n  "runs": [\n'; yes '    1,' | head -c 65M; echo; echo "$L"; } >"$T/big"
"$BONNIE" compare --format csv "$T/big" "$T/big" >"$T/bigj.csv" 2>"$T/bigj.err"
check "JSON past 64 MiB: one warning each" \
	[ "$(grep -c "^bonnie: $T/big:1: JSON document skipped: longer than 64 MiB\$" "$T/bigj.err")" = 2 ]
check "JSON past 64 MiB: the result after it found" [ "$(wc -l <"$T/bigj.csv")" = 2 ]
rm -f "$T/big"

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
check "share -> compare equals JSON -> compare" cmp -s "$T/share.csv" "$T/json.csv"
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
check "file size differs: its cells are marked ~" grep -qF '61.7 MiB/s 65% (~10x slower !)' "$T/sizes.txt"
# CSV lines record no cache state: nothing leads (issue 51), and among the
# weaker the like-for-like difference still comes first
check "file size differs: ranked after the like-for-like difference" sh -c "tr '\n' ' ' <'$T/sizes.txt' | tr -s ' ' |
	grep -q 'not findings): block write 2.00x faster on C (cache state unknown); rewrite 10x slower on B (file size differs; cache state unknown)'"
check "file size differs: JSON setup_differs" jq -e \
	'.runs[1].phases[] | select(.name == "rewrite") | .setup_differs == ["file_size"]' "$T/sizes.json" >/dev/null
C8=$(echo "$L" | sed 's/,512M,,8192,/,512M,8k,8192,/')
C64=$(echo "$L" | sed 's/,512M,,8192,/,512M,64k,8192,/; s/,8816,32,4,/,8816,32,16,/')
printf '%s\n%s\n' "$C8" "$C64" >"$T/chunks"
"$BONNIE" compare "$T/chunks" >"$T/chunks.txt" 2>/dev/null
check "chunk size and file count differ: said" grep -qF 'B: chunk size 64k (A: 8k), file count 16 (A: 4)' "$T/chunks.txt"
check "chunk size and file count differ: block, seek and file rows marked ~ (15)" \
	[ "$(grep -c '(~1.00x)' "$T/chunks.txt")" = 15 ]
check "chunk size differs: per-char cells not marked" [ "$(grep -A1 '^per-char' "$T/chunks.txt" | grep -c '(1.00x)$')" = 4 ]

# A ratio below 0.01 is not 0.00x.
printf '%s\n%s\n' "$L" "$(echo "$L" | sed 's/,1085us,/,5us,/')" >"$T/tiny"
"$BONNIE" compare "$T/tiny" >"$T/tiny.txt" 2>/dev/null
check "ratio below 0.01 is said as how many times better" grep -qF '5 us (217x better !)' "$T/tiny.txt"
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
# Real runs (issue 33): a buffered and an O_DIRECT run of -s 256m -n 4,
# compared as CSV and as JSON. Each run's JSON gives the measured time of
# every phase; the comparison must rank by it: the headline names only
# phases both runs timed for 0.5 s or more, maxima never lead, and a file
# phase under 0.5 s carries the caveat in the CSV comparison too.
mkdir -p "$T/real"
"$BONNIE" -d "$T/real" -s 256m -n 4 -q --json "$T/buf.json" >"$T/buf.csv" 2>"$T/buf.err"; rc=$?
check "buffered run exits 0 (got $rc)" [ $rc -eq 0 ]
"$BONNIE" -d "$T/real" -s 256m -n 4 -D -q --json "$T/dir.json" >"$T/dir.csv" 2>"$T/dir.err"; rc=$?
check "-D run exits 0 (got $rc)" [ $rc -eq 0 ]
check "the -D run records O_DIRECT" jq -e '.config.direct_io == true' "$T/dir.json" >/dev/null
phase_of() { # "sequential create" -> seq_create
	case "$1" in
	"per-char write") echo putc ;; "block write") echo put_block ;; rewrite) echo rewrite ;;
	"per-char read") echo getc ;; "block read") echo get_block ;; "random seeks") echo seeks ;;
	"sequential create") echo seq_create ;; "sequential stat") echo seq_stat ;;
	"sequential delete") echo seq_del ;; "random create") echo ran_create ;;
	"random stat") echo ran_stat ;; "random delete") echo ran_del ;; *) echo "?$1" ;;
	esac
}
elapsed() { # elapsed ns of phase $2 in JSON $1
	jq -r --arg n "$2" '.runs[0].phases[] | select(.name == $n) | .elapsed_ns' "$1"
}
for kind in csv json; do
	"$BONNIE" compare "$T/buf.$kind" "$T/dir.$kind" >"$T/real.$kind.text" 2>/dev/null; rc=$?
	check "compare of the real $kind runs exits 0 (got $rc)" [ $rc -eq 0 ]
	head=$(grep '^Summary: ' "$T/real.$kind.text")
	check "$kind: the headline names no maximum latency ($head)" sh -c '! printf %s "$1" | grep -q "max latency"' _ "$head"
	check "$kind: maxima on their own labelled line" grep -q '^Maximum latencies (one sample each, not ranked as findings): ' "$T/real.$kind.text"
	check "$kind: setup stated above the table" \
		awk '/^Setup, as the inputs record it:/ { s = NR } /^Phase / { p = NR; exit } END { exit !(s && s < p) }' "$T/real.$kind.text"
	# every phase the headline names ran 0.5 s or more on both runs, as measured
	printf '%s\n' "${head#Summary: }" | tr ';' '\n' | sed 's/.*the largest: //' |
		sed -n 's/^ *\(.*\) [0-9.]*x \(faster\|slower\) on B.*/\1/p' >"$T/named"
	while read -r words; do
		ph=$(phase_of "$words")
		for run in buf dir; do
			ns=$(elapsed "$T/$run.json" "$ph")
			check "$kind: headline's $words ran 0.5 s or more on $run (${ns} ns)" [ "${ns:-0}" -ge 500000000 ]
		done
	done <"$T/named"
done
check "csv: the I/O mode a CSV line cannot record is unknown" grep -q '^  I/O mode     A: unknown; B: unknown$' "$T/real.csv.text"
# the JSON runs record their I/O mode, file system and device: stated, and
# a buffered run against an -D run is not like for like, in the I/O mode
check "json: the setup names buffered and O_DIRECT" grep -q '^  I/O mode     A: buffered; B: O_DIRECT$' "$T/real.json.text"
check "json: not like for like, naming the I/O mode" \
	grep -q '^Not like for like: the runs differ in I/O mode' "$T/real.json.text"
fs=$(jq -r '.environment.file_system.type + " on " + .environment.file_system.source' "$T/buf.json")
check "json: the file system as the run recorded it ($fs)" grep -qF "  file system  A: $fs; B: $fs" "$T/real.json.text"
check "csv: the CSV lines cannot say they differ in I/O mode" sh -c '! grep -q "^Not like for like.*I/O mode" "$1"' _ "$T/real.csv.text"
# the short-phase caveat by the one rule in the CSV comparison, for every
# phase kind but per-char (bonnie's CSV line does not hold its bytes): a
# phase measured under 0.4 s says so, one over 0.6 s does not
for ph in put_block rewrite get_block seeks seq_create seq_stat seq_del ran_create ran_stat ran_del; do
	words=$(case $ph in put_block) echo "block write" ;; get_block) echo "block read" ;; seeks) echo "random seeks" ;;
		seq_create) echo "sequential create" ;; seq_stat) echo "sequential stat" ;; seq_del) echo "sequential delete" ;;
		ran_create) echo "random create" ;; ran_stat) echo "random stat" ;; ran_del) echo "random delete" ;; *) echo $ph ;; esac)
	row=$(grep "^$words  " "$T/real.csv.text")
	ns=$(elapsed "$T/buf.json" "$ph")
	cell=$(printf '%s' "$row" | sed "s/^$words  *//; s/  .*//") # A's cell: up to the gap before B's
	if [ "$ns" -lt 400000000 ]; then
		check "csv: A's $words ran ${ns} ns: its cell says under 0.5 s ($cell)" sh -c 'printf %s "$1" | grep -q "under 0.5 s"' _ "$cell"
	elif [ "$ns" -gt 600000000 ]; then
		check "csv: A's $words ran ${ns} ns: its cell says no short phase ($cell)" sh -c '! printf %s "$1" | grep -q "under 0.5 s"' _ "$cell"
	fi
done
# Markdown of the two real runs (issue 51): one table, whatever the
# reader's width; every line within 80 columns with no COLUMNS (a post's
# width); every row as many cells as the heading; each mark after a
# figure said in the legend under the table.
for kind in csv json; do
	md="$T/real.$kind.md"
	env -u COLUMNS "$BONNIE" compare --format markdown "$T/buf.$kind" "$T/dir.$kind" >"$md" 2>/dev/null
	check "$kind markdown: every line within 80 columns (widest $(wc -L <"$md"))" [ "$(wc -L <"$md")" -le 80 ]
	check "$kind markdown: one table (one heading row, one separator row)" \
		[ "$(grep -c '^| Phase |' "$md")" = 1 -a "$(grep -c '^|---|' "$md")" = 1 ]
	check "$kind markdown: the table's rows are one block, each as wide as the heading" \
		awk -F'|' '/^\|/ { if (end) bad = 1; if (!nf) nf = NF; if (NF != nf) bad = 1; rows++; next }
			rows { end = 1 } END { exit bad || rows < 14 }' "$md"
	for m in '~' 'c' '#'; do
		if grep '^| ' "$md" | grep -qE "% [~#!c?]*[$m][~#!c?]* \|"; then
			check "$kind markdown: the mark $m after a figure is in the legend" \
				grep -qE "^Marks after a figure.* [$m] " "$md"
		fi
	done
done
# bonnie's own table read back (issue 51): a real run's stdout (its table
# and CSV line) and its table alone, compared with the -D run: the run is
# named and sized as it ran, and each figure's mark in the table (its
# JSON's first reason) is the mark compare puts after the figure, none
# where the table has none, as the evidence rule weighs it.
"$BONNIE" -d "$T/real" -s 32m -n 1 -m own_table --json "$T/own.json" >"$T/own.out" 2>/dev/null; rc=$?
check "own-table run exits 0 (got $rc)" [ $rc -eq 0 ]
grep -v '^1\.98,' "$T/own.out" >"$T/own.table"
mark_of() { # the table's mark of a JSON reason
	case "$1" in short) echo '~' ;; few_operations) echo '#' ;; unstable) echo '!' ;; cached) echo c ;;
	not_evicted) echo '?' ;; *) echo '' ;; esac
}
for in in own.out own.table; do
	"$BONNIE" compare --format markdown "$T/$in" "$T/dir.json" >"$T/$in.md" 2>"$T/$in.err"; rc=$?
	check "$in: compare reads it (got $rc: $(head -c 200 "$T/$in.err"))" [ $rc -eq 0 ]
	check "$in: run A is the run, named and sized, read from its table" \
		sh -c 'tr "\n" " " <"$1" | grep -q "^.*- A: own_table, 32M, .*$2:[0-9]*  *(table)"' _ "$T/$in.md" "$in"
	jq -r '.runs[0].phases[] | select(.status == "done") | [.name, (.confidence.reasons[0] // "-")] | @tsv' \
		"$T/own.json" >"$T/own.reasons"
	while read -r ph why; do
		want=$(mark_of "$why")
		cell=$(grep "^| $ph | " "$T/$in.md" | head -n 1 | cut -d'|' -f3 | sed 's/ *$//')
		got=$(printf '%s' "$cell" | sed -n 's/.*% \([~#!c?]*\)$/\1/p')
		check "$in: $ph's cell '$cell' has the table's mark '$want'" [ -n "$cell" -a "$got" = "$want" ]
	done <"$T/own.reasons"
done

# Widths in terminal columns (issue 51): run A named in Japanese with an
# emoji and a combining accent (U+1F680 is two columns to a UTF-8
# terminal; bonnie's own table, used under C, does not list it), B the
# same run: under C.UTF-8, B's heading starts in the column its cells do
# (wc -L counts as the terminal does). One column off with the table.
wide=$(printf '\346\235\261\344\272\254\360\237\232\200e\314\201') # 東京🚀é
awk -F, -v OFS=, -v n="$wide" '{ $3 = n; print }' "$T/buf.csv" >"$T/wide.csv"
awk -F, -v OFS=, '{ $3 = "ab"; print }' "$T/buf.csv" >>"$T/wide.csv"
LC_ALL=C.UTF-8 COLUMNS=200 "$BONNIE" compare "$T/wide.csv" >"$T/wide.text" 2>/dev/null
cols_before() { # display columns of $1 before the last $2
	printf '%s' "${1%"$2"*}" | LC_ALL=C.UTF-8 wc -L
}
hdr=$(grep '^Phase ' "$T/wide.text")
row=$(grep '^block write ' "$T/wide.text")
cell=$(printf '%s' "$row" | sed 's/^block write  *//; s/  .*//')
check "C.UTF-8: the wide name is in the heading" grep -qF "A $wide" "$T/wide.text"
check "C.UTF-8: B's heading starts where B's cell does ($(cols_before "$hdr" "B ab") vs $(cols_before "$row" "$cell"))" \
	[ -n "$cell" -a "$(cols_before "$hdr" "B ab")" = "$(cols_before "$row" "$cell")" ]
rm -rf "$T/real"

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
