#!/bin/bash
# bench/qd.sh: bonnie's queue-depth profile against fio on the same file
# system and file size, in interleaved pairs (bonnie, fio, bonnie, fio...),
# the median and the spread (lowest..highest) of the pair ratios
# bonnie / fio for the rows issue 36 names:
#   RND4K Q32T1 read IOPS   vs fio --ioengine=io_uring --iodepth=32
#   RND4K Q1T1 read IOPS    vs fio --ioengine=psync
#   SEQ1M Q8T1 read, write  vs fio --ioengine=io_uring --iodepth=8
# and the same for CPU time per I/O (bonnie's over fio's: at most 1 is
# as cheap). Both run each row for the same time over the same size of
# file (bonnie's --qd-time, fio's --time_based --runtime), going round the
# file as often as that takes. A benchmark, not a test: it times things.
# Alone:
#   BONNIE=build/bonnie bench/qd.sh
# Settings: BENCH_DIR (default $TMPDIR or /var/tmp), BENCH_QD_SIZE (MiB,
# default 1024), BENCH_QD_PAIRS (default 5), BENCH_QD_TIME (s, default 5).
set -u
: "${BONNIE:?set BONNIE to the binary under test}"
DIR=${BENCH_DIR:-${TMPDIR:-/var/tmp}}
SIZE=${BENCH_QD_SIZE:-1024}
PAIRS=${BENCH_QD_PAIRS:-5}
TIME=${BENCH_QD_TIME:-5}
case $TIME in *[!0-9]* | "" | 0) echo "bench/qd.sh: BENCH_QD_TIME must be whole seconds, 1 or more (fio's --runtime)" >&2; exit 1 ;; esac
command -v fio >/dev/null && command -v jq >/dev/null || { echo "bench/qd.sh: needs fio and jq" >&2; exit 1; }
W=$(mktemp -d "$DIR/bonnie-bench-qd.XXXXXX") || exit 1
HP=/proc/sys/vm/nr_hugepages
HP_OLD=
trap 'rm -rf "$W"; [ -z "$HP_OLD" ] || echo "$HP_OLD" >"$HP"' EXIT

# bonnie's buffers of 2 MiB and more are in transparent huge pages: a
# 1 MiB O_DIRECT buffer in scattered 4 KiB pages is 256 segments, more
# than a virtio disk's 254, and each request is split in two. fio's
# default buffers (malloc) are contiguous or not by luck (measured: 630
# to 1024 KiB average requests from run to run), so fio gets huge pages
# too (--iomem=shmhuge), reserved here for the run and given back after;
# where they cannot be reserved, fio runs with its default and says so.
FIO_MEM="--iomem=malloc"
reserve_huge_pages() {
	local free
	[ -w "$HP" ] || return
	HP_OLD=$(cat "$HP")
	echo $((HP_OLD + 8)) >"$HP" 2>/dev/null || return
	free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
	[ "${free:-0}" -ge 8 ] && FIO_MEM="--iomem=shmhuge"
}
reserve_huge_pages
R=$W/results
: >"$R"
ROWS=${BENCH_QD_ROWS:-"rnd4k_q32t1_read rnd4k_q1t1_read seq1m_q8t1_read seq1m_q8t1_write"}

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

# one bonnie row: its own scratch file, laid out by bonnie (buffered, then
# fsync), the row timed
bonnie_row() {
	"$BONNIE" -d "$W" -s ${SIZE}m --phases "$1" --qd-time "$TIME" --no-align-probe -q \
		--json "$W/b.json" >/dev/null 2>"$W/b.err" || { echo "bench/qd.sh: bonnie failed: $(head -n 1 "$W/b.err")" >&2; exit 1; }
	# each row's engine, once: "rnd4k_q1t1_read psync" (auto runs Q1 by pread)
	jq -r --arg r "$1" '.runs[0].phases[] | select(.name == $r) | "\(.name) \(.queue_depth.engine)"' "$W/b.json" >>"$W/engines"
	bonnie_figures "$W/b.json" "$1" >"$W/b.fig"
}

# one fio row on a file laid out as bonnie lays out its own (buffered 1 MiB
# writes, then fsync), so neither reads a file the other wrote differently.
# The timed job keeps fio's default scramble_buffers, as cheap a way to make
# each block differ as bonnie's stamp of its offset: --refill_buffers there
# filled 1 MiB of new random data per write on the submitting thread (87%
# user CPU) and halved fio's SEQ1M Q8T1 write rate (3790 against 7720 IOPS).
fio_row() {
	rm -f "$W/f"
	fio --name=lay --filename="$W/f" --size=${SIZE}m --rw=write --bs=1m --direct=0 --end_fsync=1 \
		--refill_buffers --output-format=json >/dev/null || exit 1
	fio --name=q --filename="$W/f" --size=${SIZE}m $(fio_args "$1") $FIO_MEM --direct=1 --norandommap \
		--time_based --runtime="$TIME" --output-format=json >"$W/f.json" || exit 1
	rm -f "$W/f"
	fio_figures "$W/f.json" >"$W/f.fig"
}

# Each row's two runs back to back, the order swapped every other pair so
# that a drift of the machine does not favour one tool.
for p in $(seq 1 "$PAIRS"); do
	for row in $ROWS; do
		sync -f "$W"
		if [ $((p % 2)) -eq 1 ]; then bonnie_row $row; fio_row $row; else fio_row $row; bonnie_row $row; fi
		echo "$p $row $(cat "$W/b.fig") $(cat "$W/f.fig")" >>"$R"
	done
	echo "bench/qd.sh: pair $p done" >&2
done

eng=$(sort -u "$W/engines" | awk '{ printf "%s%s=%s", (NR > 1 ? ", " : ""), $1, $2 }')
echo "bonnie / fio, $PAIRS interleaved pairs, ${SIZE} MiB, phases cut at ${TIME} s, in $DIR (bonnie's engines: $eng; fio's buffers: ${FIO_MEM#--iomem=})"
awk '{ print $2 "_IOPS", $3 / $5; print $2 "_CPU_per_IO", $4 / $6 }' "$R" | python3 "$(dirname "$0")/median_ci.py"
awk '{ print $2, $3, $5 }' "$R" | sort -k1,1 -s | awk '{ b[$1] = b[$1] " " int($2); f[$1] = f[$1] " " int($3) }
	END { for (r in b) print r ": bonnie IOPS" b[r] "; fio" f[r] }'
