#!/bin/sh
# How many over-time sentences are false (issue 33, point 1): real runs,
# each judged by the independent checker tests/verdict_check.py. Not a test:
# a measurement; it prints the count of false and unparsable sentences.
#
#   bench/verdict_truth.sh                 # N=20 of each, from the repo root
#   N=3 OLD=1 bench/verdict_truth.sh       # main's former grammar (--old)
#
# Environment:
#   N           default runs and -s 1g runs each (default 20)
#   NT          runs of each throttle and shim case (default 2)
#   DIR         scratch directory on the disk under test (default: a new one
#               under ${TMPDIR:-/tmp}); the throttles need about 4.5 GiB there
#   OUT         where the JSON and text reports are kept (default: a new
#               directory, printed at the end)
#   BONNIE      the binary (default: build/bonnie, built with make when
#               missing); it is copied to OUT first, so a rebuild cannot
#               change it under the runs
#   OLD=1       read the former grammar too (verdict_check.py --old)
#   TSIZE       the throttled runs' file size (default 4g; the limit only
#               bites where the disk writes faster than 256 MiB/s)
#
# The runs:
#   - N default runs: bonnie -q --json (the table, on stderr, is kept);
#   - N runs of -s 1g;
#   - an O_DIRECT 4 GiB block write under a cgroup (v1 blkio or v2 io.max)
#     write limit of 256 MiB/s set 2 s after the phase began, and the same
#     for block read under a read limit (root only; skipped with a line
#     where neither cgroup kind can be used);
#   - the fault shim (tests/faultshim.c): one write held 1.5 s, one held
#     3 s, two held 1.2 s each 400 writes apart, one read held 2 s;
#   - one -s 1g:1m block write and read stopped with SIGINT at block
#     read's 700th read, held there by the shim (interrupted).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-20}
NT=${NT:-2}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/verdict-truth.XXXXXX")}
mkdir -p "$OUT"
OWN_DIR=
if [ -z "${DIR:-}" ]; then
	DIR=$(mktemp -d "${TMPDIR:-/tmp}/verdict-truth-dir.XXXXXX")
	OWN_DIR=1
fi
# a DIR that is not there would make every run fail with exit 2 and the
# count say nothing: refuse it before any run
[ -d "$DIR" ] || { echo "verdict_truth: DIR $DIR is not a directory" >&2; exit 1; }
if [ -z "${BONNIE:-}" ]; then
	[ -x "$ROOT/build/bonnie" ] || make -C "$ROOT" -j2 build/bonnie >/dev/null || exit 1
	BONNIE=$ROOT/build/bonnie
fi
cp "$BONNIE" "$OUT/bonnie" || exit 1
B=$OUT/bonnie
SHIM=$OUT/faultshim.so
cc -std=c11 -O2 -shared -fPIC -o "$SHIM" "$ROOT/tests/faultshim.c" -ldl || exit 1
CHECKER=$ROOT/tests/verdict_check.py
OLDOPT=
[ "${OLD:-}" = 1 ] && OLDOPT=--old

G=
CG_KIND=
cleanup() {
	if [ -n "$G" ]; then
		limit write 0; limit read 0
		rmdir "$G" 2>/dev/null
	fi
	[ -n "$OWN_DIR" ] && rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
say() { echo "verdict_truth: $*" >&2; }

# run NAME ARGS...: bonnie on DIR, JSON and text (stdout and stderr) kept.
run() {
	name=$1; shift
	"$B" -d "$DIR" --json "$OUT/$name.json" "$@" >"$OUT/$name.txt" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || say "$name: exit $rc ($(tail -n 1 "$OUT/$name.txt"))"
}

i=1
while [ "$i" -le "$N" ]; do
	say "default run $i of $N"
	run "default-$i" -q
	say "-s 1g run $i of $N"
	run "s1g-$i" -s 1g
	i=$((i + 1))
done

# The whole disk under DIR, MAJ:MIN.
disk_of() {
	mm=$(stat -c '%Hd:%Ld' "$DIR") || return 1
	p=$(readlink -f "/sys/dev/block/$mm") || return 1
	[ -e "$p/partition" ] && mm=$(cat "$p/../dev")
	echo "$mm"
}
setup_group() {
	MM=$(disk_of) || return 1
	if [ -d /sys/fs/cgroup/blkio ]; then
		G=/sys/fs/cgroup/blkio/bonnie-verdict-truth.$$
		mkdir "$G" 2>/dev/null && [ -e "$G/blkio.throttle.write_bps_device" ] && CG_KIND=v1 && return 0
		rmdir "$G" 2>/dev/null
	fi
	if [ -e /sys/fs/cgroup/cgroup.controllers ] && grep -qw io /sys/fs/cgroup/cgroup.controllers; then
		G=/sys/fs/cgroup/bonnie-verdict-truth.$$
		mkdir "$G" 2>/dev/null && [ -e "$G/io.max" ] && CG_KIND=v2 && return 0
		rmdir "$G" 2>/dev/null
	fi
	G=
	return 1
}
limit() { # limit write|read BYTES_PER_S (0: none)
	if [ "$CG_KIND" = v1 ]; then
		echo "$MM $2" >"$G/blkio.throttle.$1_bps_device"
	else
		v=$2; [ "$v" = 0 ] && v=max
		case $1 in write) echo "$MM wbps=$v" >"$G/io.max" ;; read) echo "$MM rbps=$v" >"$G/io.max" ;; esac
	fi
}
# wait_line FILE TEXT PID: until TEXT shows in FILE (or PID ends).
wait_line() {
	while ! grep -q "$2" "$1" 2>/dev/null; do
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.05
	done
}
# throttled NAME KIND TITLE PHASES: a limit of 256 MiB/s on KIND set 2 s
# after the phase's progress line.
throttled() {
	name=$1 kind=$2 title=$3 phases=$4
	(
		echo 0 >"$G/cgroup.procs"
		exec "$B" -d "$DIR" -D -s "${TSIZE:-4g}" -n 0 --no-align-probe --phases "$phases" --json "$OUT/$name.json"
	) >"$OUT/$name.txt" 2>&1 &
	pid=$!
	if wait_line "$OUT/$name.txt" "$title" "$pid"; then
		sleep 2
		limit "$kind" $((256 * 1048576))
	fi
	wait "$pid" || say "$name: exit $? ($(tail -n 1 "$OUT/$name.txt"))"
	limit "$kind" 0
}
free_kib=$(df -Pk "$DIR" | awk 'NR == 2 { print $4 }')
if [ "$(id -u)" -ne 0 ] || [ "$free_kib" -lt 4718592 ] || ! setup_group; then
	say "SKIP the throttles: they need root, cgroup v1 blkio or v2 io.max, and 4.5 GiB free under $DIR"
else
	i=1
	while [ "$i" -le "$NT" ]; do
		say "throttled block write $i of $NT ($CG_KIND)"
		throttled "throttle-write-$i" write "Writing intelligently" put_block
		say "throttled block read $i of $NT ($CG_KIND)"
		throttled "throttle-read-$i" read "Reading intelligently" put_block,get_block
		i=$((i + 1))
	done
	rmdir "$G" 2>/dev/null
	G=
fi

# shim NAME TITLE CALL NTH MS [REPEAT EVERY] -- ARGS: a call held MS ms.
shim() {
	name=$1 title=$2 call=$3 nth=$4 ms=$5 rep=$6 every=$7
	shift 8
	FAULT_DIR=$DIR FAULT_AFTER=$title FAULT_CALL=$call FAULT_NTH=$nth FAULT_MODE=delay \
		FAULT_DELAY_MS=$ms FAULT_REPEAT=$rep FAULT_EVERY=$every LD_PRELOAD=$SHIM \
		"$B" -d "$DIR" -n 0 --no-align-probe --json "$OUT/$name.json" "$@" >"$OUT/$name.txt" 2>&1 ||
		say "$name: exit $? ($(tail -n 1 "$OUT/$name.txt"))"
}
i=1
while [ "$i" -le "$NT" ]; do
	say "fault shim stalls $i of $NT"
	shim "shim-write1.5-$i" "Writing intelligently" write 600 1500 1 1 -- -s 1g:1m --phases put_block
	shim "shim-write3-$i" "Writing intelligently" write 300 3000 1 1 -- -s 1g:1m --phases put_block
	shim "shim-write2x1.2-$i" "Writing intelligently" write 200 1200 2 400 -- -s 1g:1m --phases put_block
	shim "shim-read2-$i" "Reading intelligently" read 500 2000 1 1 -- -s 1g:1m --phases put_block,get_block
	i=$((i + 1))
done

say "interrupted run"
# Held by the shim at block read's 700th 1 MiB read (a known point, not a
# sleep: a fast read once finished before the signal came), signalled there,
# then let go: the phase ran 700 reads and was interrupted.
PAUSE=$OUT/interrupted.paused
FAULT_DIR=$DIR FAULT_AFTER="Reading intelligently" FAULT_CALL=read FAULT_NTH=700 FAULT_MODE=pause \
	FAULT_PAUSE_FILE=$PAUSE LD_PRELOAD=$SHIM \
	"$B" -d "$DIR" -s 1g:1m -n 0 --no-align-probe --phases put_block,get_block --json "$OUT/interrupted.json" \
	>"$OUT/interrupted.txt" 2>&1 &
pid=$!
while [ ! -e "$PAUSE" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
[ -e "$PAUSE" ] && kill -INT "$pid" && rm -f "$PAUSE"
wait "$pid"
say "interrupted run: exit $? (4 is interrupted)"

# The verdicts, judged; the text's over-time lines against the JSON's.
set -- "$OUT"/*.json
python3 "$CHECKER" --strict $OLDOPT "$@" >"$OUT/check.out"
grep -v '^verdict_check:' "$OUT/check.out"
textdiff=0
for j in "$@"; do
	python3 "$CHECKER" --text "${j%.json}.txt" "$j" >"$OUT/text.out" || {
		grep -v '^verdict_check' "$OUT/text.out"
		textdiff=$((textdiff + $(grep -c ': JSON says' "$OUT/text.out")))
	}
done
echo "verdict_truth: $# results in $OUT"
tail -n 1 "$OUT/check.out"
echo "verdict_truth: $textdiff text lines differ from the JSON"
