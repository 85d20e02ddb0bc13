#!/bin/sh
# tests/tally.sh TIER FILE: the last line of a test tier. FILE holds one
# line per shell suite, "NAME PASSED FAILED SKIPPED SECONDS [CORPUS VARIANT]"
# (tests/lib.sh's finish adds it); prints the five slowest suites, then
# "TIER: N passed, N failed, N skipped (M suites, S s)" and the suites that
# skipped, and exits 1 on a failure, on an empty tally (a tier
# that ran no suite), and on a skip when NO_SKIP=1.
set -u
tier=$1 file=$2
[ -s "$file" ] || { echo "$tier: no suite reported to $file" >&2; exit 1; }
sort -k5,5nr "$file" | awk -v tier="$tier" '
NR <= 5 { printf "%s: slowest: %s%s%s %d s\n", tier, $1, ($6 == "" ? "" : " " $6), ($7 == "" ? "" : " " $7), $5 }'
awk -v tier="$tier" -v no_skip="${NO_SKIP:-}" '
{ p += $2; f += $3; s += $4; t += $5; n++; if ($4 > 0) skipped = skipped " " $1 "(" $4 ")" }
END {
	if (s > 0) printf "%s: skipped cases in:%s\n", tier, skipped
	printf "%s: %d passed, %d failed, %d skipped (%d suites, %d s)\n", tier, p, f, s, n, t
	if (f > 0) exit 1
	if (s > 0 && no_skip == 1) { printf "%s: a skipped case fails here (NO_SKIP=1)\n", tier; exit 1 }
}' "$file"
