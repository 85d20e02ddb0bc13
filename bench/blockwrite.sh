#!/bin/sh
# bench/blockwrite.sh: block write and rewrite, bonnie against bonnie++,
# in interleaved pairs (or triples, with a second bonnie binary to compare
# a change), the order rotating from pair to pair. Prints two markdown
# tables of the median pair ratio of the rates, [min-max], the pairs at or
# above 1.0 and each side's median CPU seconds per GiB: one from the tools'
# own CSV figures (%CPU / 100 x GiB / rate), one from bench/window_shim.c,
# which times the same span in every tool (first chunk write to the fsync's
# return) with one clock and one getrusage. Both tools: same directory, file
# size, chunk and seeks, -f (no per-char), -n 0; bonnie with --no-evict, as
# bonnie++ never drops the page cache. Then, unless BW_CALLGRIND=0, exact
# user-space instruction counts per chunk (valgrind callgrind) of a 64 MiB
# run of each tool. The "before" binary is BW_OLD, or one built from the
# git revision BW_BEFORE (e.g. adeb73d, the last commit with the old stamp).
# BW_KEEP=FILE keeps the raw lines (tool pair csv-rates shim-windows).
#
#   BW_PAIRS=5 BW_SIZE=2048 BW_DIR=/var/tmp BW_BEFORE=adeb73d bench/blockwrite.sh [bonnie]
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
BONNIE=${1:-build/bonnie}
case $BONNIE in /*) ;; *) BONNIE=$(pwd)/$BONNIE ;; esac
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
# BW_QUIET_MEMORY=1: take the guest's free page reporting out of the
# measurement, on a VM whose balloon reports freed memory to the host (here
# within milliseconds: page_reporting min_free_ms 0). Without it, the page
# cache one run frees is handed back to the host, the next run's page cache
# faults in again at the host, and that stall is charged to whichever tool
# runs as system time in the copy: CPU per GiB swings 1.0-2.3 s from it.
# With it, reporting waits 60 s (the most the knob takes; restored on exit)
# and before each run SIZE + 1 GiB is touched and freed, so every tool
# starts on memory the host already backs.
PR_KNOB=/sys/module/page_reporting/parameters/min_free_ms
PR_SAVED=
restore() {
	[ -z "$PR_SAVED" ] || echo "$PR_SAVED" >"$PR_KNOB" 2>/dev/null ||
		echo "blockwrite: could not restore $PR_KNOB to $PR_SAVED" >&2
	rm -rf "$W"
}
trap restore EXIT
trap 'exit 130' INT TERM
if [ "${BW_QUIET_MEMORY:-0}" = 1 ]; then
	if [ -w "$PR_KNOB" ]; then
		PR_SAVED=$(cat "$PR_KNOB")
		echo 60000 >"$PR_KNOB" || { echo "blockwrite: cannot set $PR_KNOB" >&2; exit 1; }
	fi
	: "${BW_PRERUN:=python3 -c 'import sys; b = bytearray(int(sys.argv[1]) << 20); b[::4096] = bytes(len(b) // 4096)' $((SIZE + 1024))}"
fi

# The "before" binary, from a pristine export of that revision.
if [ -z "$OLD" ] && [ -n "$BEFORE" ]; then
	mkdir "$W/before"
	git -C "$HERE/.." archive "$BEFORE" | tar -x -C "$W/before" ||
		{ echo "blockwrite: cannot export revision $BEFORE" >&2; exit 1; }
	make -s -C "$W/before" -j2 build/bonnie >"$W/before.log" 2>&1 ||
		{ cat "$W/before.log" >&2; echo "blockwrite: building $BEFORE failed" >&2; exit 1; }
	OLD=$W/before/build/bonnie
fi
# The window shim (bench/window_shim.c): times the same span in both tools,
# first chunk-sized write to the fsync's return, with one clock and one
# getrusage, so CPU per byte is exact for bonnie++ too. Without a compiler
# the table keeps only the tools' own figures.
SHIM=
if cc -shared -fPIC -O2 -o "$W/window_shim.so" "$HERE/window_shim.c" -ldl 2>"$W/shim.log"; then
	SHIM=$W/window_shim.so
else
	echo "blockwrite: cannot build bench/window_shim.c; shim columns left out" >&2
fi
OUT="$W/results" # tool pair put_rate put_pct rw_rate rw_pct | w1 wall cpu bytes | w2 wall cpu bytes
: >"$OUT"

# One run; appends "tool pair", CSV fields 11-14 (0-based: block write and
# rewrite rate and %CPU; +++++ reads as 0 and is left out) and the first
# two windows the shim logged (block write, rewrite), or zeros.
one() { # TOOL PAIR CMD...
	tool=$1 pair=$2
	shift 2
	sync -f "$W" 2>/dev/null || sync
	[ -z "${BW_PRERUN:-}" ] || sh -c "$BW_PRERUN" || { echo "blockwrite: BW_PRERUN failed" >&2; exit 1; }
	rm -f "$W/windows"
	[ -z "$SHIM" ] || set -- env BW_WINDOW_LOG="$W/windows" BW_CHUNK="$CHUNK" LD_PRELOAD="$SHIM" "$@"
	"$@" >"$W/out" 2>"$W/err" || { cat "$W/err" >&2; exit 1; }
	[ -f "$W/windows" ] || echo "window 0 0 0 0" >"$W/windows"
	csv=$(grep '^1\.9' "$W/out" | tail -1)
	win=$(awk 'NR <= 2 { printf " %s %s %s", $3, $4, $5 } END { for (i = NR; i < 2; i++) printf " 0 0 0" }' "$W/windows")
	echo "$csv" | awk -F, -v t="$tool" -v p="$pair" -v w="$win" '{ print t, p, $12 + 0, $13 + 0, $14 + 0, $15 + 0 w }' >>"$OUT"
}

run_member() { # NAME PAIR
	case $1 in
	bonnie++) one bonnie++ "$2" bonnie++ -d "$W" -s "$SIZE:$CHUNK:8192:5" -f -n 0 -q -r 0 $UOPT ;;
	*)
		bin=$BONNIE
		[ "$1" = old ] && bin=$OLD
		one "$1" "$2" "$bin" -d "$W" -s "$SIZE:$CHUNK:8192:5" -f -n 0 -q --no-evict --no-align-probe
		;;
	esac
}

# The order rotates from pair to pair (bonnie first, then second, ...), so
# no tool always follows the same one: a run that leaves the device busy
# (freeing the last file's blocks, discard) then slows every tool in turn.
MEMBERS="bonnie bonnie++"
[ -n "$OLD" ] && MEMBERS="bonnie old bonnie++"
for p in $(seq 1 "$PAIRS"); do
	set -- $MEMBERS
	n=$#
	k=$(((p - 1) % n))
	while [ "$k" -gt 0 ]; do
		first=$1
		shift
		set -- "$@" "$first"
		k=$((k - 1))
	done
	for m in "$@"; do
		run_member "$m" "$p"
	done
done

# Median of pair ratios [min-max], pairs at or above 1.0, and median CPU
# s/GiB per tool: from the tools' own CSV figures and from the shim's window.
awk -v old="$OLD" -v shim="$SHIM" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function minmax(a, n,   i, lo, hi) {
	lo = hi = a[1]
	for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
	return sprintf("%.3f-%.3f", lo, hi)
}
function atleast1(a, n,   i, c) { c = 0; for (i = 1; i <= n; i++) if (a[i] >= 1) c++; return c }
# One run read two ways (s: 1 the CSV, 2 the shim), each phase (f: 1
# block write, 2 rewrite) as MiB/s and CPU s/GiB; 0 where not measured.
function keep(tool, p, s, f, mib_s, cpu_gib) { mibs[tool, p, s, f] = mib_s; cgib[tool, p, s, f] = cpu_gib }
function csv(kib_s, pct) { return kib_s > 0 ? pct / 100 * 1048576 / kib_s : 0 }
function shim_rate(wall, bytes) { return wall > 0 ? bytes / wall * 1e9 / 1048576 : 0 }
function shim_cpu(cpu, bytes) { return bytes > 0 ? cpu / 1e9 / (bytes / 1073741824) : 0 }
{
	keep($1, $2, 1, 1, $3 / 1024, csv($3, $4)); keep($1, $2, 1, 2, $5 / 1024, csv($5, $6))
	keep($1, $2, 2, 1, shim_rate($7, $9), shim_cpu($8, $9)); keep($1, $2, 2, 2, shim_rate($10, $12), shim_cpu($11, $12))
	if ($2 > np) np = $2
}
function table(s,   f, t, p, n, x, y) {
	print "| phase | tool | ratio to bonnie++: median [min-max of " np " pairs] | pairs >= 1.0 | median MiB/s | bonnie++ median MiB/s | CPU s/GiB (median) | bonnie++ CPU s/GiB (median) | CPU ratio to bonnie++ (median of pairs) |"
	print "|---|---|---|---|---|---|---|---|---|"
	for (f = 1; f <= 2; f++) for (t = 1; t <= nt; t++) {
		n = 0
		for (p = 1; p <= np; p++) {
			x = tools[t] SUBSEP p SUBSEP s SUBSEP f; y = "bonnie++" SUBSEP p SUBSEP s SUBSEP f
			if (mibs[x] <= 0 || mibs[y] <= 0 || cgib[x] <= 0 || cgib[y] <= 0) continue
			n++
			r[n] = mibs[x] / mibs[y]; a[n] = mibs[x]; b[n] = mibs[y]
			ca[n] = cgib[x]; cb[n] = cgib[y]; cr[n] = cgib[x] / cgib[y]
		}
		if (n == 0) continue
		printf "| %s | %s | %.3f [%s] | %d of %d | %.0f | %.0f | %.3f | %.3f | %.3f |\n", f == 1 ? "block write" : "rewrite",
			tools[t] == "old" ? "bonnie before" : "bonnie", median(r, n), minmax(r, n), atleast1(r, n), n,
			median(a, n), median(b, n), median(ca, n), median(cb, n), median(cr, n)
	}
}
END {
	nt = split(old == "" ? "bonnie" : "bonnie old", tools, " ")
	print "Tools'"'"' own figures (CSV rate and whole-number %CPU):"
	print ""
	table(1)
	if (shim == "") exit
	print ""
	print "Same window in every tool (bench/window_shim.c: first chunk write to the fsync'"'"'s return; rate = bytes written / wall time, CPU = getrusage user + system):"
	print ""
	table(2)
}' "$OUT"
cp "$OUT" "${BW_KEEP:-/dev/null}" 2>/dev/null || true

[ "$CALLGRIND" = 0 ] && exit 0
if ! command -v valgrind >/dev/null 2>&1; then
	echo "blockwrite: valgrind not found: no instruction counts" >&2
	exit 0
fi

# Instructions callgrind collects in one run of CMD: all of them, or with
# FUNC given only those executed inside FUNC and what it calls
# (--toggle-collect), 0 where the binary has no such symbol (stripped
# bonnie++). Read from valgrind's own "Collected" line, not from
# callgrind_annotate, whose per-function list splits a function into one
# entry per source file its code came from (inlined helpers, or a source
# path spelled two ways), so no single entry is the function's cost.
cg() { # FUNC|- CMD...
	fn=$1
	shift
	sync -f "$W" 2>/dev/null || sync
	if [ "$fn" = - ]; then set -- valgrind --tool=callgrind --callgrind-out-file=/dev/null -- "$@"
	else set -- valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no --toggle-collect="$fn" -- "$@"; fi
	"$@" >/dev/null 2>"$W/cg.err" || { cat "$W/cg.err" >&2; exit 1; }
	awk '/Collected :/ { n = $NF } END { print n + 0 }' "$W/cg.err"
}
# "total stamp block_write rewrite total_at_twice_the_size" of one bonnie.
cg_bonnie() { # BINARY
	echo "$(cg - "$1" -d "$W" $(bopts $CGSIZE)) $(cg pattern_stamp "$1" -d "$W" $(bopts $CGSIZE))" \
		"$(cg block_write_run "$1" -d "$W" $(bopts $CGSIZE)) $(cg rewrite_run "$1" -d "$W" $(bopts $CGSIZE))" \
		"$(cg - "$1" -d "$W" $(bopts $BIG))"
}
CHUNKS=$((CGSIZE * 1048576 / CHUNK))
# seeks = procs = 5: the seek phase stamps (nearly) nothing, so block
# write and rewrite stamp every chunk once: 2 x CHUNKS stamps. Each tool
# also runs at twice the size: the difference of the two totals is what
# CHUNKS more chunks of block write, rewrite and block read cost, the
# one per-chunk figure that needs no symbols, so bonnie++ has it too.
bopts() { echo "-s ${1}m:$CHUNK:5:5 -f -n 0 -q -z 1 --no-align-probe --no-evict"; }
popts() { echo "-s $1:$CHUNK:5:5 -f -n 0 -q -r 0 -z 1 $UOPT"; }
BIG=$((2 * CGSIZE))
NOW=$(cg_bonnie "$BONNIE")
THEN=
[ -z "$OLD" ] || THEN=$(cg_bonnie "$OLD")
PEER="$(cg - bonnie++ -d "$W" $(popts $CGSIZE)) 0 0 0 $(cg - bonnie++ -d "$W" $(popts $BIG))"
echo
echo "Instructions per $CHUNK B chunk, user space only (valgrind --tool=callgrind; $CGSIZE MiB: $CHUNKS block-write and $CHUNKS rewrite chunks; bonnie \`$(bopts $CGSIZE)\`, bonnie++ \`$(popts $CGSIZE)\`; bonnie++ is stripped, so only its totals; the three-phase row is (total at $BIG MiB - total at $CGSIZE MiB) / $CHUNKS):"
echo
printf '%s\n%s\n%s\n' "now $NOW" "before $THEN" "peer $PEER" | awk -v c="$CHUNKS" '
	NF >= 6 { tot[$1] = $2; st[$1] = $3; bw[$1] = $4; rw[$1] = $5; big[$1] = $6; have[$1] = 1 }
	function f(x) { return x > 0 ? sprintf("%.0f", x) : "-" }
	END {
		hdr = "| | bonnie"; sep = "|---|---"
		if (have["before"]) { hdr = hdr " | bonnie before"; sep = sep "|---" }
		print hdr " | bonnie++ |"; print sep "|---|"
		split("pattern_stamp, per stamped chunk|block_write_run, per chunk (stamp, write, latency lap)|rewrite_run, per chunk (read, stamp, seek back, write, lap)|block write + rewrite + block read, per chunk (size difference)|whole process, per chunk of the file", rows, "|")
		for (i = 1; i <= 5; i++) {
			line = "| " rows[i]
			split("now before peer", ts, " ")
			for (t = 1; t <= 3; t++) {
				if (ts[t] == "before" && !have["before"]) continue
				k = ts[t]
				v = i == 1 ? st[k] / (2 * c) : i == 2 ? bw[k] / c : i == 3 ? rw[k] / c : i == 4 ? (big[k] - tot[k]) / c : tot[k] / c
				line = line " | " (k == "peer" && i < 4 ? "-" : f(v))
			}
			print line " |"
		}
	}'
