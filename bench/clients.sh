#!/bin/bash
# bench/clients.sh: aggregate block write and block read of bonnie -c 4
# against fio --numjobs=4 on the same total size, interleaved pairs
# (bonnie first in odd pairs, fio first in even ones), the median of the
# pair ratios and its 95% interval (bench/median_ci.py). Each phase must
# run long enough that the machine's swing within a pair stays under the
# 5% the goal is about: at 1 GiB in all a phase took about a second here,
# and two runs of 3 pairs gave block write 0.76 and 0.96. Run by
# bench/run.sh after its report (it appends a section to docs/benchmarks.md),
# or alone: BONNIE=build/bonnie bench/clients.sh [REPORT].
# Settings: BENCH_DIR (default $TMPDIR or /var/tmp), BENCH_CLIENTS_SIZE
# (MiB, default 8192: phases of several seconds each at 1 GB/s),
# BENCH_CLIENTS_PAIRS (default 5).
set -u
: "${BONNIE:?set BONNIE to the binary under test}"
REPORT=${1:-}
DIR=${BENCH_DIR:-${TMPDIR:-/var/tmp}}
SIZE=${BENCH_CLIENTS_SIZE:-8192}
PAIRS=${BENCH_CLIENTS_PAIRS:-5}
N=4
command -v fio >/dev/null && command -v jq >/dev/null || { echo "bench/clients.sh: needs fio and jq" >&2; exit 1; }
W=$(mktemp -d "$DIR/bonnie-bench-clients.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
R=$W/results
: >"$R"

bonnie_pair() {
	sync -f "$W"
	"$BONNIE" -d "$W" -c $N -s ${SIZE}m:8192 -f -n 0 --no-align-probe -q >"$W/b.csv" 2>/dev/null ||
		{ echo "bench/clients.sh: bonnie failed" >&2; exit 1; }
	bw=$(cut -d, -f12 "$W/b.csv") br=$(cut -d, -f18 "$W/b.csv") # 0-based 11 and 17
}

fio_pair() {
	sync -f "$W"
	common="--directory=$W --numjobs=$N --size=$((SIZE / N))m --bs=8192 --ioengine=psync --group_reporting --output-format=json"
	fio --name=w --rw=write --end_fsync=1 --fallocate=none $common >"$W/fw.json" || exit 1
	# bonnie's block read is the file's second read (rewrite read it first);
	# the first read of a fresh file is far slower here, so fio reads twice
	fio --name=w --rw=read --invalidate=1 $common >"$W/fr1.json" || exit 1
	fio --name=w --rw=read --invalidate=1 $common >"$W/fr.json" || exit 1
	fw=$(jq '.jobs[0].write.bw' "$W/fw.json") fr=$(jq '.jobs[0].read.bw' "$W/fr.json")
	rm -f "$W"/w.*
}

for p in $(seq 1 "$PAIRS"); do
	if [ $((p % 2)) -eq 1 ]; then bonnie_pair; fio_pair; else fio_pair; bonnie_pair; fi
	echo "$p $bw $fw $br $fr" >>"$R"
	echo "bench/clients.sh: pair $p: write bonnie $bw fio $fw KiB/s; read bonnie $br fio $fr KiB/s" >&2
done

# median of column $1 (or of the ratio of columns $1/$2)
median() { awk -v a="$1" -v b="${2:-0}" '{ print b ? $a / $b : $a }' "$R" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { awk -v a="$1" -v b="$2" '{ print $a / $b }' "$R" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
{
	echo
	echo "## Concurrent clients: bonnie -c $N vs fio --numjobs=$N (set K)"
	echo
	echo "$PAIRS interleaved pairs (order swapped every other pair) on $(df --output=fstype "$W" | tail -n 1) under $DIR, ${SIZE} MiB in all (each client or job"
	echo "$((SIZE / N)) MiB), 8 KiB psync I/O; bonnie's block write includes its fsync (fio: --end_fsync=1),"
	echo "both drop the cache before reading (bonnie evicts, fio --invalidate=1); fio's read is its second
read of the files, as bonnie's block read is (rewrite reads first). Rates are all clients or"
	echo "jobs together, KiB/s, medians; ratio = median of bonnie/fio per pair [smallest-largest]."
	echo
	echo "| phase | bonnie -c $N | fio --numjobs=$N | ratio |"
	echo "|---|---|---|---|"
	printf '| block write | %s | %s | %.2f [%s] |\n' "$(median 2)" "$(median 3)" "$(median 2 3)" "$(range 2 3)"
	printf '| block read | %s | %s | %.2f [%s] |\n' "$(median 4)" "$(median 5)" "$(median 4 5)" "$(range 4 5)"
	echo
	echo '```'
	awk '{ print "block_write", $2 / $3; print "block_read", $4 / $5 }' "$R" | python3 "$(dirname "$0")/median_ci.py"
	echo '```'
	echo
	echo "\`bench/clients.sh\` (BENCH_CLIENTS_SIZE=$SIZE BENCH_CLIENTS_PAIRS=$PAIRS)."
} >"$W/section"
cat "$W/section"
[ -n "$REPORT" ] && cat "$W/section" >>"$REPORT"
exit 0
