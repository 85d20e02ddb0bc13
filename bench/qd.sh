#!/bin/bash
# bench/qd.sh: bonnie's queue-depth profile against fio on the same file
# system and file size, in interleaved pairs (bonnie, fio, bonnie, fio...),
# the median and the spread (lowest..highest) of the pair ratios
# bonnie / fio for the rows issue 36 names:
#   RND4K Q32T1 read IOPS   vs fio --ioengine=io_uring --iodepth=32
#   RND4K Q1T1 read IOPS    vs fio --ioengine=psync
#   SEQ1M Q8T1 read, write  vs fio --ioengine=io_uring --iodepth=8
# and the same for CPU time per I/O (bonnie's over fio's: at most 1 is
# as cheap). A benchmark, not a test: it times things. Alone:
#   BONNIE=build/bonnie bench/qd.sh
# Settings: BENCH_DIR (default $TMPDIR or /var/tmp), BENCH_QD_SIZE (MiB,
# default 1024), BENCH_QD_PAIRS (default 5), BENCH_QD_TIME (s, default 5).
set -u
: "${BONNIE:?set BONNIE to the binary under test}"
DIR=${BENCH_DIR:-${TMPDIR:-/var/tmp}}
SIZE=${BENCH_QD_SIZE:-1024}
PAIRS=${BENCH_QD_PAIRS:-5}
TIME=${BENCH_QD_TIME:-5}
command -v fio >/dev/null && command -v jq >/dev/null || { echo "bench/qd.sh: needs fio and jq" >&2; exit 1; }
W=$(mktemp -d "$DIR/bonnie-bench-qd.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
R=$W/results
: >"$R"
ROWS="rnd4k_q32t1_read rnd4k_q1t1_read seq1m_q8t1_read seq1m_q8t1_write"

# fio's job for a row: rw, block size, engine, depth
fio_args() {
	case $1 in
	rnd4k_q32t1_read) echo "--rw=randread --bs=4k --ioengine=io_uring --iodepth=32" ;;
	rnd4k_q1t1_read) echo "--rw=randread --bs=4k --ioengine=psync --iodepth=1" ;;
	seq1m_q8t1_read) echo "--rw=read --bs=1m --ioengine=io_uring --iodepth=8" ;;
	seq1m_q8t1_write) echo "--rw=write --bs=1m --ioengine=io_uring --iodepth=8" ;;
	esac
}

# "iops cpu_ns_per_io" of a fio JSON report
fio_figures() {
	jq -r '.jobs[0] as $j | ($j.read.total_ios + $j.write.total_ios) as $n |
		"\(($j.read.iops + $j.write.iops)) \(($j.usr_cpu + $j.sys_cpu) / 100 * $j.job_runtime * 1e6 / $n)"' "$1"
}

# "iops cpu_ns_per_io" of one bonnie row
bonnie_figures() {
	jq -r --arg r "$2" '.runs[0].phases[] | select(.name == $r) |
		"\(.operations / .elapsed_ns * 1e9) \(.cpu_ns / .operations)"' "$1"
}

for p in $(seq 1 "$PAIRS"); do
	sync -f "$W"
	"$BONNIE" -d "$W" -s ${SIZE}m --phases "$(echo $ROWS | tr ' ' ,)" --qd-time "$TIME" --no-align-probe -q \
		--json "$W/b.json" >/dev/null 2>"$W/b.err" || { echo "bench/qd.sh: bonnie failed: $(head -n 1 "$W/b.err")" >&2; exit 1; }
	eng=$(jq -r '[.runs[0].phases[] | select(.queue_depth) | .queue_depth.engine] | unique | join(",")' "$W/b.json")
	fio --name=lay --filename="$W/f" --size=${SIZE}m --rw=write --bs=1m --direct=1 --refill_buffers \
		--output-format=json >/dev/null || exit 1
	for row in $ROWS; do
		fio --name=q --filename="$W/f" --size=${SIZE}m $(fio_args $row) --direct=1 --norandommap \
			--refill_buffers --runtime="$TIME" --output-format=json >"$W/f.json" || exit 1
		echo "$p $row $(bonnie_figures "$W/b.json" $row) $(fio_figures "$W/f.json")" >>"$R"
	done
	rm -f "$W/f"
	echo "bench/qd.sh: pair $p done (bonnie engine: $eng)" >&2
done

echo "bonnie / fio, $PAIRS interleaved pairs, ${SIZE} MiB, phases cut at ${TIME} s, in $DIR (bonnie's engine: $eng)"
python3 - "$R" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    p, row, bi, bc, fi, fc = line.split()
    rows.setdefault(row, []).append((float(bi) / float(fi), float(bc) / float(fc), float(bi), float(fi)))
for row, v in rows.items():
    iops = sorted(x[0] for x in v)
    cpu = sorted(x[1] for x in v)
    print(f"{row:18s} IOPS ratio median {statistics.median(iops):.3f} [{iops[0]:.3f}-{iops[-1]:.3f}]"
          f"  CPU/IO ratio median {statistics.median(cpu):.3f} [{cpu[0]:.3f}-{cpu[-1]:.3f}]"
          f"  (bonnie median {statistics.median(x[2] for x in v):.0f} IOPS, fio {statistics.median(x[3] for x in v):.0f})")
PY
