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
	grep -qxF "bonnie: $T/hostile:2: 1.98 line skipped: field 13 (block write %CPU) is '7\\x1b[2J8'" "$T/h.err"
check "hostile: the huge rate is named and left out" grep -qxF \
	"bonnie: $T/hostile:4: 1.98 line: field 12 (block write rate) is '99999999999999999999999999': too large for a rate, left out" \
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
for phase in "block write" "rewrite" "random seeks" "sequential create"; do
	want=$(grep "^| $phase | " "$T/share.md" | cut -d'|' -f3 | sed 's/ (under 0.5 s)//; s/^ //; s/ $//')
	check "share table and compare agree on $phase ($want)" grep -qF "| $phase | rate | $want " "$T/share.cmp"
done
"$BONNIE" --share --json - -s 1m >/dev/null 2>"$T/both.err"; rc=$?
check "--share with --json -: usage error (got $rc)" [ $rc -eq 1 ]
finish
