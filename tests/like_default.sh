#!/bin/sh
# Issue 51's done-check: two runs at bonnie's own sizes on one disk, the
# second made with --like the first's JSON, compare with no setup
# difference. Without --like the file count is sized by time (512, 39, 31,
# 18 and 12 x1024 in five runs on one disk) and compare says "Not like for
# like". Only -s is given (small, to keep it under a minute): the file
# count, the per-char size and the seeks are bonnie's, by time.
. "$(dirname "$0")/lib.sh"
need_jq

D=${LIKE_DIR:-$T}/like-default.$$
mkdir "$D" || { fail "cannot make $D"; finish; exit 1; }
"$BONNIE" -d "$D" -s 8m --no-align-probe -q --json "$T/a.json" >"$T/a.out" 2>"$T/a.err" </dev/null
check "A: exit 0 ($?)" [ $? -eq 0 ]
"$BONNIE" -d "$D" --like "$T/a.json" --no-align-probe -q --json "$T/b.json" >"$T/b.out" 2>"$T/b.err" </dev/null
check "B: exit 0 ($?)" [ $? -eq 0 ]
rmdir "$D"
check "A sized its file count by time" [ "$(jq -r .config.files_auto "$T/a.json")" = true ]
check "B took A's file count" [ "$(jq -r .runs[0].counts.files "$T/a.json")" = "$(jq -r .runs[0].counts.files "$T/b.json")" ]
check "B took A's per-char size" \
	[ "$(jq -r .runs[0].counts.perchar_bytes "$T/a.json")" = "$(jq -r .runs[0].counts.perchar_bytes "$T/b.json")" ]
check "B said what it took" grep -q "^bonnie: --like $T/a.json: the settings of $T/a.json:1 (bonnie JSON): -s 8m:8k::5 -n " "$T/b.err"
"$BONNIE" compare "$T/a.json" "$T/b.json" >"$T/cmp" 2>&1
# every setup fact the same: "  name  A: v; B: v"
check "compare: every setup fact the same" awk '
	/^Setup, as the inputs record it:/ { on = 1; next }
	on && /^  [a-zA-Z\/ ]+ A: / { n++; sub(/^  [a-zA-Z\/ ]+ A: /, ""); split($0, v, "; B: "); if (v[1] != v[2]) bad = 1; next }
	on { on = 0 }
	END { exit bad || n < 8 }' "$T/cmp"
check "compare: no setup difference said" [ -z "$(grep -E 'Not like for like|differs[);]' "$T/cmp")" ]
[ "$failures" -eq 0 ] || cat "$T/cmp" >&2
finish
