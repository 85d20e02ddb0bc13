#!/bin/sh
# Machine names from -m to every output and back through compare: a name
# with a blank is one CSV field that compare reads back (CSV line, --share
# post, JSON); bidirectional controls and bytes that are not UTF-8 become
# '_' in the table, the CSV line, the post and the JSON; compare shows such
# bytes in what it reads as \xHH escapes in every format and the page; a
# JSON rate compare cannot read is warned about and left out, not a 0.
. "$(dirname "$0")/lib.sh"
need_jq
D=$T/dir
mkdir "$D"

# run NAME OUT: a tiny run named NAME: OUT.csv (stdout), OUT.table
# (stderr), OUT.json; a second one's --share post in OUT.md and its JSON
# in OUT.share.json.
run() {
	"$BONNIE" -d "$D" -s 1m:4k:16:1 -f64k -n 1 -q -z 3 -m "$1" --json "$T/$2.json" \
		>"$T/$2.csv" 2>"$T/$2.table" || return 1
	"$BONNIE" -d "$D" -s 1m:4k:16:1 -f64k -n 1 -q -z 3 -m "$1" --share --json "$T/$2.share.json" \
		>"$T/$2.md" 2>/dev/null
}
# same A B: compare reads files A and B as the same run (its 1.98 line).
same() {
	"$BONNIE" compare --format csv "$1" >"$T/same.1" 2>/dev/null
	"$BONNIE" compare --format csv "$2" >"$T/same.2" 2>/dev/null
	[ -s "$T/same.1" ] && cmp -s "$T/same.1" "$T/same.2"
}
# clean FILE: none of the bytes no output may hold raw: ESC, U+202E,
# U+2066, a surrogate, past U+10FFFF, an overlong '/'.
clean() { ! LC_ALL=C grep -q -P '\x1b|\xe2\x80\xae|\xe2\x81\xa6|\xed\xa0\x80|\xf4\x90\x80\x80|\xe0\x80\xaf' "$1"; }

# 1. A name with a blank: the CSV line, the post and the JSON read back
# as three runs of that name, with no warning.
run "web server" ws; rc=$?
check "-m 'web server' runs (got $rc)" [ $rc -eq 0 ]
check "the CSV line carries the name as field 3" [ "$(cut -d, -f3 "$T/ws.csv")" = "web server" ]
"$BONNIE" compare --format json "$T/ws.csv" "$T/ws.md" "$T/ws.json" >"$T/ws.cmp" 2>"$T/ws.err"; rc=$?
check "compare reads the CSV line, the post and the JSON (got $rc)" [ $rc -eq 0 ]
check "compare warns about none of them" [ ! -s "$T/ws.err" ]
check "three runs named 'web server'" [ "$(jq -r '.runs[].machine' "$T/ws.cmp" | grep -cx 'web server')" = 3 ]
check "the CSV line is read as the run its JSON holds" same "$T/ws.csv" "$T/ws.json"
check "the post is read as the run its JSON holds" same "$T/ws.md" "$T/ws.share.json"
check "the post's Options line quotes the name" grep -qF -- "-m 'web server' --share" "$T/ws.md"
check "the CSV line's run has its rates" \
	[ "$(jq -r '.runs[0].phases[] | select(.name == "put_block") | .state' "$T/ws.cmp")" = measured ]
"$BONNIE" compare "$T/ws.csv" "$T/ws.md" >"$T/ws.txt" 2>&1
check "the text legend names both runs whole" [ "$(grep -c '^  [AB]   web server, 1M, CSV 1.98' "$T/ws.txt")" = 2 ]

# 2. Bidirectional controls and bytes that are not UTF-8 in -m: '_' in
# the table, the CSV line, the post and the JSON.
for c in "bidi evil$(printf '\342\200\256')txt$(printf '\342\201\246')x evil_txt_x" \
	"bad a$(printf '\355\240\200')b$(printf '\364\220\200\200')c$(printf '\340\200\257')d a___b____c___d"; do
	set -- $c
	run "$2" "$1"; rc=$?
	check "-m with $1 bytes runs (got $rc)" [ $rc -eq 0 ]
	check "$1: the CSV line names it $3" [ "$(cut -d, -f3 "$T/$1.csv")" = "$3" ]
	check "$1: the JSON names it $3" [ "$(jq -r .config.machine "$T/$1.json")" = "$3" ]
	check "$1: the post names it $3" grep -q "^Run 1 on $3," "$T/$1.md"
	check "$1: the table names it $3" grep -q "^$3 " "$T/$1.table"
	for f in csv json md table; do
		check "$1: no raw control or bad byte in the $f" clean "$T/$1.$f"
	done
done

# 3. compare quotes what it reads: a name with a surrogate, a code point
# past U+10FFFF, an overlong '/', U+2066 and ESC is \xHH escapes in every
# format and in the page.
bad=$(printf 'n\355\240\200o\364\220\200\200p\340\200\257q\342\201\246r\033s')
sed "s/,web server,/,$bad,/" "$T/ws.csv" >"$T/hostile.csv"
for fmt in text markdown csv json; do
	"$BONNIE" compare --format $fmt --html "$T/h.html" "$T/hostile.csv" "$T/ws.csv" >"$T/h.$fmt" 2>"$T/h.err"
	rc=$?
	check "compare --format $fmt of a malformed name (got $rc)" [ $rc -eq 0 ]
	check "compare --format $fmt: no raw malformed byte" clean "$T/h.$fmt"
	check "compare --format $fmt: no raw malformed byte in the page" clean "$T/h.html"
done
check "compare shows the bytes as escapes" \
	grep -qF 'n\xed\xa0\x80o\xf4\x90\x80\x80p\xe0\x80\xafq\xe2\x81\xa6r\x1bs' "$T/h.text"

# 4. A JSON rate compare cannot read (negative, exponent form): one
# warning naming the file, the run and the key; the phase is left out,
# not shown or ranked as 0.
for v in -5 1e5 1.5e19; do
	sed "/\"name\": \"put_block\"/,/rate_kib_s/s/\"rate_kib_s\": [0-9.]*/\"rate_kib_s\": $v/" \
		"$T/ws.json" >"$T/bad.json"
	check "JSON rate $v: the fixture has it once" [ "$(grep -c "\"rate_kib_s\": $v,\$" "$T/bad.json")" = 1 ]
	"$BONNIE" compare --format json "$T/bad.json" "$T/ws.json" >"$T/bad.cmp" 2>"$T/bad.err"; rc=$?
	check "JSON rate $v: compared (got $rc)" [ $rc -eq 0 ]
	check "JSON rate $v: one warning naming the file and field" \
		[ "$(grep -c "^bonnie: $T/bad.json:1: JSON run 1: rate_kib_s (block write rate) is '$v': not a rate, left out\$" "$T/bad.err")" = 1 ]
	check "JSON rate $v: block write is not run, not a 0" \
		[ "$(jq -r '.runs[0].phases[] | select(.name == "put_block") | .state' "$T/bad.cmp")" = not_run ]
done
finish
