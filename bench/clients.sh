#!/bin/bash
# bench/clients.sh: aggregate block write and block read of bonnie -c 4
# against fio --numjobs=4 on the same total size, interleaved pairs
# (bonnie first in odd pairs, fio first in even ones), the median of the
# pair ratios and its 95% interval (bench/median_ci.py), and the same for
# CPU time per byte (every client's or job's process). On this VM's disk
# the rates of both tools move by a third from one run to the next, at
# 1 GiB in all and at 8 GiB (docs/qd.md, 2026-12-04), so there a median
# of many pairs is all a run can give; on a tmpfs (BENCH_DIR on one,
# BENCH_CLIENTS_SIZE=4096) no device is in the way and the ratios show
# each tool's own cost, narrow enough to tell 5%. Run by
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

# Each run starts from the same memory: written back and the page cache
# dropped (as root). Without it the rate of 8 KiB buffered writes followed
# whatever the run before left behind: fio's block write alone gave
# 726726-1262583 KiB/s in one run of 5 pairs; dropped before each run, four
# in a row gave 1162178-1323124.
DROP=/proc/sys/vm/drop_caches
settle() {
	sync
	[ -w "$DROP" ] && echo 3 >"$DROP"
}

bonnie_pair() {
	settle
	"$BONNIE" -d "$W" -c $N -s ${SIZE}m:8192 -f -n 0 --no-align-probe -q --json "$W/b.json" >"$W/b.csv" 2>/dev/null ||
		{ echo "bench/clients.sh: bonnie failed" >&2; exit 1; }
	bw=$(cut -d, -f12 "$W/b.csv") br=$(cut -d, -f18 "$W/b.csv") # 0-based 11 and 17
	# CPU ns per KiB, every client's process together (phases/runner/clients.c)
	read -r bcw bcr <<EOF
$(jq -r '[.runs[0].phases[] | select(.name == "put_block" or .name == "get_block") | .cpu_ns / (.bytes / 1024)] | join(" ")' "$W/b.json")
EOF
}

# CPU ns per KiB of a fio JSON report, every job together (group_reporting)
fio_cpu_per_kib() {
	jq --arg d "$2" '.jobs[0] | ((.usr_cpu + .sys_cpu) / 100 * .job_runtime * 1e6) / .[$d].io_kbytes' "$1"
}

fio_pair() {
	settle
	common="--directory=$W --numjobs=$N --size=$((SIZE / N))m --bs=8192 --ioengine=psync --group_reporting --output-format=json"
	fio --name=w --rw=write --end_fsync=1 --fallocate=none $common >"$W/fw.json" || exit 1
	# bonnie's block read is the file's second read (rewrite read it first);
	# the first read of a fresh file is far slower here, so fio reads twice
	fio --name=w --rw=read --invalidate=1 $common >"$W/fr1.json" || exit 1
	fio --name=w --rw=read --invalidate=1 $common >"$W/fr.json" || exit 1
	fw=$(jq '.jobs[0].write.bw' "$W/fw.json") fr=$(jq '.jobs[0].read.bw' "$W/fr.json")
	fcw=$(fio_cpu_per_kib "$W/fw.json" write) fcr=$(fio_cpu_per_kib "$W/fr.json" read)
	rm -f "$W"/w.*
}

for p in $(seq 1 "$PAIRS"); do
	if [ $((p % 2)) -eq 1 ]; then bonnie_pair; fio_pair; else fio_pair; bonnie_pair; fi
	echo "$p $bw $fw $br $fr $bcw $fcw $bcr $fcr" >>"$R"
	echo "bench/clients.sh: pair $p: write bonnie $bw fio $fw KiB/s; read bonnie $br fio $fr KiB/s" >&2
done

# median of column $1 (or of the ratio of columns $1/$2)
median() { awk -v a="$1" -v b="${2:-0}" '{ print b ? $a / $b : $a }' "$R" | sort -g | awk -v b="${2:-0}" '{ v[NR] = $1 } END { printf (b ? "%.3f\n" : "%d\n"), (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { awk -v a="$1" -v b="$2" '{ print $a / $b }' "$R" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
FSTYPE=$(df --output=fstype "$W" | tail -n 1)
{
	echo
	echo "## Concurrent clients: bonnie -c $N vs fio --numjobs=$N (set K)"
	echo
	echo "$PAIRS interleaved pairs (order swapped every other pair) on $FSTYPE under $DIR, ${SIZE} MiB in all (each client or job"
	echo "$((SIZE / N)) MiB), 8 KiB psync I/O; bonnie's block write includes its fsync (fio: --end_fsync=1),"
	echo "both ask for the cache to be dropped before reading (bonnie evicts, fio --invalidate=1); fio's read is its second
read of the files, as bonnie's block read is (rewrite reads first). Rates are all clients or"
	echo "jobs together, KiB/s, medians; ratio = median of bonnie/fio per pair [smallest-largest]."
	echo "The *_CPU_per_byte lines: CPU time (user and system, every client or job) per byte moved,"
	echo "bonnie over fio: at most 1 is as cheap."
	if [ "$FSTYPE" = tmpfs ]; then
		echo "On tmpfs nothing reaches a device and no cache can be dropped: the rates are each tool's own"
		echo "cost of 8 KiB psync I/O with the device out of the way."
	elif [ -w "$DROP" ]; then
		echo "Each run started after sync and with the page cache dropped."
	else
		echo "The page cache was not dropped between runs (not root): expect a wider spread."
	fi
	echo
	echo "| phase | bonnie -c $N | fio --numjobs=$N | ratio |"
	echo "|---|---|---|---|"
	printf '| block write | %s | %s | %.2f [%s] |\n' "$(median 2)" "$(median 3)" "$(median 2 3)" "$(range 2 3)"
	printf '| block read | %s | %s | %.2f [%s] |\n' "$(median 4)" "$(median 5)" "$(median 4 5)" "$(range 4 5)"
	echo
	echo '```'
	awk '{ print "block_write", $2 / $3; print "block_read", $4 / $5
		print "block_write_CPU_per_byte", $6 / $7; print "block_read_CPU_per_byte", $8 / $9 }' "$R" |
		python3 "$(dirname "$0")/median_ci.py"
	echo '```'
	echo
	echo "\`bench/clients.sh\` (BENCH_CLIENTS_SIZE=$SIZE BENCH_CLIENTS_PAIRS=$PAIRS)."
} >"$W/section"
cat "$W/section"
[ -n "$REPORT" ] && cat "$W/section" >>"$REPORT"
exit 0
