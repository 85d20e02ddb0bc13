#!/bin/sh
# bench/blockwrite.sh: block write and rewrite, bonnie against bonnie++,
# in interleaved pairs (or triples, with a second bonnie binary to compare
# a change: BW_OLD=path). Prints a markdown table of the median pair ratio
# of the rates, [min-max], and each side's median CPU seconds per GiB
# (CSV %CPU / 100 x GiB / rate). Both tools: same directory, file size,
# chunk and seeks, -f (no per-char), -n 0; bonnie with --no-evict, as
# bonnie++ never drops the page cache.
#
#   BW_PAIRS=5 BW_SIZE=2048 BW_DIR=/var/tmp bench/blockwrite.sh [bonnie]
set -eu

BONNIE=${1:-build/bonnie}
PAIRS=${BW_PAIRS:-5}
SIZE=${BW_SIZE:-2048}   # MiB
CHUNK=${BW_CHUNK:-8192}
DIR=${BW_DIR:-/var/tmp}
OLD=${BW_OLD:-}

command -v bonnie++ >/dev/null 2>&1 || { echo "blockwrite: bonnie++ is not installed" >&2; exit 1; }
UOPT=
[ "$(id -u)" -eq 0 ] && UOPT="-u root"
W=$(mktemp -d "$DIR/bonnie-bw.XXXXXX")
trap 'rm -rf "$W"' EXIT INT TERM
OUT="$W/results" # tool pair put_rate put_cpu rewrite_rate rewrite_cpu
: >"$OUT"

# One run; appends "tool pair" and CSV fields 11-14 (0-based: block write
# and rewrite rate and %CPU; +++++ reads as 0 and is left out).
one() { # TOOL PAIR CMD...
	tool=$1 pair=$2
	shift 2
	sync -f "$W" 2>/dev/null || sync
	"$@" >"$W/out" 2>"$W/err" || { cat "$W/err" >&2; exit 1; }
	grep '^1\.9' "$W/out" | tail -1 |
		awk -F, -v t="$tool" -v p="$pair" '{ print t, p, $12 + 0, $13 + 0, $14 + 0, $15 + 0 }' >>"$OUT"
}

for p in $(seq 1 "$PAIRS"); do
	one bonnie "$p" "$BONNIE" -d "$W" -s "$SIZE:$CHUNK:8192:5" -f -n 0 -q --no-evict --no-align-probe
	[ -n "$OLD" ] && one old "$p" "$OLD" -d "$W" -s "$SIZE:$CHUNK:8192:5" -f -n 0 -q --no-evict --no-align-probe
	one bonnie++ "$p" bonnie++ -d "$W" -s "$SIZE:$CHUNK:8192:5" -f -n 0 -q -r 0 $UOPT
done

# Median of pair ratios [min-max], and median CPU s/GiB per tool.
awk -v old="$OLD" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function minmax(a, n,   i, lo, hi) {
	lo = hi = a[1]
	for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
	return sprintf("%.3f-%.3f", lo, hi)
}
function cpu_per_gib(rate, pct) { return rate > 0 ? pct / 100 * 1048576 / rate : 0 }
{ rate[$1, $2, 11] = $3; pct[$1, $2, 11] = $4; rate[$1, $2, 13] = $5; pct[$1, $2, 13] = $6; if ($2 > np) np = $2 }
END {
	print "| phase | tool | ratio to bonnie++: median [min-max of " np " pairs] | median MiB/s | bonnie++ median MiB/s | CPU s/GiB (median) | bonnie++ CPU s/GiB (median) |"
	print "|---|---|---|---|---|---|---|"
	nt = split(old == "" ? "bonnie" : "bonnie old", tools, " ")
	for (f = 11; f <= 13; f += 2) for (t = 1; t <= nt; t++) {
		n = 0
		for (p = 1; p <= np; p++) if (rate[tools[t], p, f] > 0 && rate["bonnie++", p, f] > 0) {
			n++
			r[n] = rate[tools[t], p, f] / rate["bonnie++", p, f]
			a[n] = rate[tools[t], p, f] / 1024; b[n] = rate["bonnie++", p, f] / 1024
			ca[n] = cpu_per_gib(rate[tools[t], p, f], pct[tools[t], p, f])
			cb[n] = cpu_per_gib(rate["bonnie++", p, f], pct["bonnie++", p, f])
		}
		if (n == 0) continue
		mm = minmax(r, n)
		printf "| %s | %s | %.3f [%s] | %.0f | %.0f | %.2f | %.2f |\n", f == 11 ? "block write" : "rewrite",
			tools[t] == "old" ? "bonnie before" : "bonnie", median(r, n), mm, median(a, n), median(b, n), median(ca, n), median(cb, n)
	}
}' "$OUT"
