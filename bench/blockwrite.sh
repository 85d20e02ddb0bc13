#!/bin/sh
# bench/blockwrite.sh: block write and rewrite, bonnie against bonnie++,
# in interleaved pairs (or triples, with a second bonnie binary to compare
# a change). Prints a markdown table of the median pair ratio
# of the rates, [min-max], and each side's median CPU seconds per GiB
# (CSV %CPU / 100 x GiB / rate). Both tools: same directory, file size,
# chunk and seeks, -f (no per-char), -n 0; bonnie with --no-evict, as
# bonnie++ never drops the page cache. Then, unless BW_CALLGRIND=0, exact
# user-space instruction counts per chunk (valgrind callgrind) of a 64 MiB
# run of each tool. The "before" binary is BW_OLD, or one built from the
# git revision BW_BEFORE (e.g. adeb73d, the last commit with the old stamp).
#
#   BW_PAIRS=5 BW_SIZE=2048 BW_DIR=/var/tmp BW_BEFORE=adeb73d bench/blockwrite.sh [bonnie]
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
BONNIE=${1:-build/bonnie}
PAIRS=${BW_PAIRS:-5}
SIZE=${BW_SIZE:-2048}   # MiB
CHUNK=${BW_CHUNK:-8192}
DIR=${BW_DIR:-/var/tmp}
OLD=${BW_OLD:-}
BEFORE=${BW_BEFORE:-}
CALLGRIND=${BW_CALLGRIND:-1}
CGSIZE=64 # MiB: 8192 chunks of 8 KiB per phase

command -v bonnie++ >/dev/null 2>&1 || { echo "blockwrite: bonnie++ is not installed" >&2; exit 1; }
UOPT=
[ "$(id -u)" -eq 0 ] && UOPT="-u root"
W=$(mktemp -d "$DIR/bonnie-bw.XXXXXX")
trap 'rm -rf "$W"' EXIT INT TERM

# The "before" binary, from a pristine export of that revision.
if [ -z "$OLD" ] && [ -n "$BEFORE" ]; then
	mkdir "$W/before"
	git -C "$HERE/.." archive "$BEFORE" | tar -x -C "$W/before" ||
		{ echo "blockwrite: cannot export revision $BEFORE" >&2; exit 1; }
	make -s -C "$W/before" -j2 build/bonnie >"$W/before.log" 2>&1 ||
		{ cat "$W/before.log" >&2; echo "blockwrite: building $BEFORE failed" >&2; exit 1; }
	OLD=$W/before/build/bonnie
fi
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

[ "$CALLGRIND" = 0 ] && exit 0
if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
	echo "blockwrite: valgrind/callgrind_annotate not found: no instruction counts" >&2
	exit 0
fi

# Instructions of one callgrind run: "total stamp block_write rewrite"
# (whole process; pattern_stamp, block_write_run and rewrite_run inclusive;
# 0 where a function is not in the binary's symbols, as in stripped bonnie++).
cg() { # CMD...
	sync -f "$W" 2>/dev/null || sync
	valgrind --tool=callgrind --callgrind-out-file="$W/cg.out" -- "$@" >/dev/null 2>"$W/cg.err" ||
		{ cat "$W/cg.err" >&2; exit 1; }
	callgrind_annotate --auto=no --inclusive=yes "$W/cg.out" | awk '
		function num(s) { gsub(",", "", s); return s + 0 }
		/PROGRAM TOTALS/ { total = num($1) }
		/:pattern_stamp[ \t]/ && !st { st = num($1) }
		/:block_write_run[ \t]/ && !bw { bw = num($1) }
		/:rewrite_run[ \t]/ && !rw { rw = num($1) }
		END { print total + 0, st + 0, bw + 0, rw + 0 }'
	rm -f "$W/cg.out"
}
CHUNKS=$((CGSIZE * 1048576 / CHUNK))
# seeks = procs = 5: the seek phase stamps (nearly) nothing, so block
# write and rewrite stamp every chunk once: 2 x CHUNKS stamps.
BOPTS="-s ${CGSIZE}m:$CHUNK:5:5 -f -n 0 -q -z 1 --no-align-probe --no-evict"
NOW=$(cg "$BONNIE" -d "$W" $BOPTS)
[ -n "$OLD" ] && THEN=$(cg "$OLD" -d "$W" $BOPTS) || THEN=""
PEER=$(cg bonnie++ -d "$W" -s "$CGSIZE:$CHUNK:5:5" -f -n 0 -q -r 0 $UOPT)
echo
echo "Instructions per $CHUNK B chunk, user space only (valgrind --tool=callgrind; $CGSIZE MiB: $CHUNKS block-write and $CHUNKS rewrite chunks; bonnie \`$BOPTS\`, bonnie++ \`-s $CGSIZE:$CHUNK:5:5 -f -n 0 -r 0\`, stripped, so whole process only):"
echo
printf '%s\n%s\n%s\n%s\n' "now $NOW" "before ${THEN:-}" "peer $PEER" | awk -v c="$CHUNKS" '
	NF >= 5 { tot[$1] = $2; st[$1] = $3; bw[$1] = $4; rw[$1] = $5; have[$1] = 1 }
	function f(x) { return x > 0 ? sprintf("%.0f", x) : "-" }
	END {
		hdr = "| | bonnie"; sep = "|---|---"
		if (have["before"]) { hdr = hdr " | bonnie before"; sep = sep "|---" }
		print hdr " | bonnie++ |"; print sep "|---|"
		split("pattern_stamp, per stamped chunk|block_write_run, per chunk (stamp, write, latency lap)|rewrite_run, per chunk (read, stamp, seek back, write, lap)|whole process, per chunk of the file", rows, "|")
		for (i = 1; i <= 4; i++) {
			line = "| " rows[i]
			split("now before peer", ts, " ")
			for (t = 1; t <= 3; t++) {
				if (ts[t] == "before" && !have["before"]) continue
				k = ts[t]
				v = i == 1 ? st[k] / (2 * c) : i == 2 ? bw[k] / c : i == 3 ? rw[k] / c : tot[k] / c
				line = line " | " (k == "peer" && i < 4 ? "-" : f(v))
			}
			print line " |"
		}
	}'
