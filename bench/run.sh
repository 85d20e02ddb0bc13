#!/usr/bin/env bash
# bench/run.sh: bonnie side by side with bonnie++ and fio, interleaved
# (A B A B ...), medians of pair ratios, written to docs/benchmarks.md.
# Run through `make bench`. Settings are environment variables; see
# bench/README.md. Writes nowhere but its scratch directory and the report.
set -u
set -o pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
LIB="$HERE/benchlib.py"

# fd 9 is this script's stderr, also inside functions whose output is
# redirected (a signal trap runs inside the function it interrupted)
exec 9>&2
say() { printf '%s\n' "bench: $*" >&9; }
die() { say "error: $*"; exit 1; }

int_or_die() { # name value
	case $2 in '' | *[!0-9]*) die "$1 must be a non-negative integer, not '$2'" ;; esac
}

PAIRS=${BENCH_PAIRS:-3}
SCALE=${BENCH_SCALE:-1}
MEM=${BENCH_MEM:-1}
PROFILE=${BENCH_PROFILE:-1}
DOC=${BENCH_DOC:-$ROOT/docs/benchmarks.md}
for v in PAIRS SCALE MEM PROFILE; do int_or_die "BENCH_$v" "${!v}"; done
[ "$PAIRS" -ge 1 ] || die "BENCH_PAIRS must be at least 1"
[ "$SCALE" -ge 1 ] || die "BENCH_SCALE must be at least 1"

# Sizes (MiB unless noted), all multiplied by BENCH_SCALE. Each BENCH_*
# override is taken as is (already scaled).
CHUNK=8192
PROCS=5
SIZE=${BENCH_SIZE:-$((4096 * SCALE))}              # sets A and B: vs bonnie++, vs fio buffered
DSIZE=${BENCH_DIRECT_SIZE:-$((256 * SCALE))}       # set D: O_DIRECT, 8 KiB synchronous I/O is slow
OSIZE=${BENCH_OVERHEAD_SIZE:-$((1024 * SCALE))}    # set O: latency recording and --verify cost
PERCHAR=${BENCH_PERCHAR:-$((3 * SCALE))}           # per-char MiB (bonnie++ -f3 / bonnie -f3m)
CSIZE=${BENCH_PERCHAR_FILE_SIZE:-$((64 * SCALE))}   # set C: -s of the per-char runs
SEEKS=${BENCH_SEEKS:-$((200000 * SCALE))}          # enough for bonnie++ to time seeks from the cache
FILES=${BENCH_FILES:-$((64 * SCALE))}              # -n: x1024 files; bonnie++ needs > 0.5 s per phase
OFILES=${BENCH_OVERHEAD_FILES:-$((16 * SCALE))}
PCBYTES=${BENCH_PERCHAR_TIMING_BYTES:-$((2097152 * SCALE))}
# the sets of short runs (C, F, D, O, P) get more pairs
OPAIRS=${BENCH_SHORT_PAIRS:-$((PAIRS > 5 ? PAIRS : 5))}
CPAIRS=${BENCH_PERCHAR_PAIRS:-$((OPAIRS + 2))} # per-char: pure syscall cost, the noisiest
KEEP=${BENCH_KEEP:-0}
for v in SIZE DSIZE OSIZE PERCHAR CSIZE SEEKS FILES OFILES PCBYTES OPAIRS CPAIRS KEEP; do int_or_die "$v" "${!v}"; done
[ "$OPAIRS" -ge 1 ] || die "BENCH_SHORT_PAIRS must be at least 1"
[ "$CPAIRS" -ge 1 ] || die "BENCH_PERCHAR_PAIRS must be at least 1"
SEEKS=$(((SEEKS / PROCS) * PROCS))
[ "$SEEKS" -ge "$PROCS" ] || die "BENCH_SEEKS must be at least $PROCS"
MEMSIZES="1024 4096"

# ---------------------------------------------------------------- peers

IS_ROOT=0
[ "$(id -u)" -eq 0 ] && IS_ROOT=1
PATH=$PATH:/usr/sbin:/sbin
# bonnie++, fio, /usr/bin/time, python3: the one install path (tests/deps.sh).
"$ROOT/tests/deps.sh" --bench || die "tests/deps.sh --bench failed"
command -v python3 >/dev/null 2>&1 || die "python3 is needed for the tables (apt-get install -y python3)"
CC=${CC:-cc}
command -v "$CC" >/dev/null 2>&1 || die "no C compiler ($CC)"
SETSID=""
command -v setsid >/dev/null 2>&1 && SETSID=setsid
UOPT=""
[ "$IS_ROOT" -eq 1 ] && UOPT="-u root" # bonnie++ refuses to run as root without -u

# ---------------------------------------------------------------- scratch

if [ -z "${BENCH_DIR:-}" ]; then
	# default: $TMPDIR or /var/tmp when on the repository's file system
	# (not in the work tree, where a concurrent `git add -A` could take
	# gigabyte files), else the repository itself
	BENCH_DIR=${TMPDIR:-/var/tmp}
	if [ ! -d "$BENCH_DIR" ] || [ "$(stat -c %d "$BENCH_DIR")" != "$(stat -c %d "$ROOT")" ]; then
		BENCH_DIR=$ROOT
	fi
fi
[ -d "$BENCH_DIR" ] || die "BENCH_DIR $BENCH_DIR is not a directory"
SCRATCH=$(mktemp -d "$BENCH_DIR/bonnie-bench.XXXXXX") || die "cannot create a scratch directory in $BENCH_DIR"
CHILD=""

cleanup() {
	if [ "$KEEP" -ne 0 ] && [ -n "${SCRATCH:-}" ] && [ -d "$SCRATCH" ]; then
		rm -rf -- "$SCRATCH/work" "$SCRATCH/src" # the tools' files and the builds go anyway
		say "BENCH_KEEP: logs kept in $SCRATCH (remove it yourself)"
		return
	fi
	if [ -n "${SCRATCH:-}" ] && [ -d "$SCRATCH" ]; then
		rm -rf -- "$SCRATCH" || say "could not remove $SCRATCH"
	fi
}
on_signal() {
	trap '' INT TERM HUP
	say "interrupted; stopping the running command and removing $SCRATCH"
	if [ -n "$CHILD" ]; then
		if [ -n "$SETSID" ]; then kill -TERM -- "-$CHILD" 2>/dev/null; else kill -TERM "$CHILD" 2>/dev/null; fi
		wait "$CHILD" 2>/dev/null
	fi
	exit 130
}
trap cleanup EXIT
trap on_signal INT TERM HUP

W=$SCRATCH/work     # where the tools make their files
LOG=$SCRATCH/log    # outputs, parsed into $TSV
PROF=$SCRATCH/profiles
mkdir -p "$W" "$LOG" "$PROF" || die "mkdir in $SCRATCH"
TSV=$SCRATCH/results.tsv
META=$SCRATCH/meta.tsv
CMDS=$SCRATCH/commands.tsv
: >"$TSV" && : >"$META" && : >"$CMDS" || die "cannot write in $SCRATCH"
meta() { printf '%s\t%s\n' "$1" "$2" >>"$META"; }

need_mib=$((2 * SIZE + 2048))
[ "$((2 * OSIZE + 2048))" -gt "$need_mib" ] && need_mib=$((2 * OSIZE + 2048))
[ "$MEM" -ne 0 ] && [ "$need_mib" -lt 6144 ] && need_mib=6144
avail_mib=$(($(df -Pk "$W" | awk 'NR==2 {print $4}') / 1024))
[ "$avail_mib" -ge "$need_mib" ] || die "need ${need_mib} MiB free in $BENCH_DIR, have ${avail_mib} MiB (lower BENCH_SCALE or set BENCH_DIR)"

T0=$(date +%s)
meta date_start "$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
meta scratch "$SCRATCH"
meta pairs "$PAIRS for sets A and B, $CPAIRS for set C, $OPAIRS for sets F, D, O and P"
meta scale "$SCALE"
meta mem "$MEM"
meta sizes "sets A/B ${SIZE} MiB file, chunk ${CHUNK}, ${SEEKS} seeks by ${PROCS} workers; set C ${CSIZE} MiB file, per-char ${PERCHAR} MiB; set F -n ${FILES}; set D ${DSIZE} MiB; set O ${OSIZE} MiB, per-char ${PERCHAR} MiB, ${SEEKS} seeks, -n ${OFILES}; set M 1024 and 4096 MiB; per-byte timing ${PCBYTES} bytes x ${OPAIRS} rounds"

say "scratch directory $SCRATCH ($PAIRS pairs, scale $SCALE)"

# ---------------------------------------------------------------- builds

# Both binaries come from one snapshot of the sources, so edits made to the
# tree while this runs cannot make them differ; so does the knee program
# (bench/knee.c, bonnie's sweep rule) that the client-sweep sets find next
# to $BONNIE.
SRC=$SCRATCH/src
mkdir -p "$SRC/bench" && cp -R "$ROOT/Makefile" "$ROOT/bonnie.c" "$ROOT/cmd" "$ROOT/lib" \
	"$ROOT/phases" "$ROOT/report" "$ROOT/input" "$SRC/" && cp "$ROOT/bench/knee.c" "$SRC/bench/" ||
	die "cannot copy the sources to $SRC"
say "building bonnie and the -DBONNIE_NO_LATENCY build from a snapshot of the sources"
(cd "$SRC" && make -s -j2 BUILD=build build/bonnie build/bench_knee) >"$LOG/build.log" 2>&1 ||
	{ cat "$LOG/build.log" >&2; die "building bonnie failed"; }
(cd "$SRC" && make -s -j2 BUILD=build-nolat EXTRA_CFLAGS=-DBONNIE_NO_LATENCY build-nolat/bonnie) >"$LOG/build-nolat.log" 2>&1 ||
	{ cat "$LOG/build-nolat.log" >&2; die "building bonnie with -DBONNIE_NO_LATENCY failed"; }
BONNIE=$SRC/build/bonnie
NOLAT=$SRC/build-nolat/bonnie
# The phase names and CSV positions, from the binary (benchlib.py reads them).
BONNIE_PHASE_LIST=$("$BONNIE" --list-phases) || die "$BONNIE --list-phases failed"
export BONNIE_PHASE_LIST
printf '%s\n' "cd <snapshot> && make BUILD=build build/bonnie build/bench_knee" \
	"cd <snapshot> && make BUILD=build-nolat EXTRA_CFLAGS=-DBONNIE_NO_LATENCY build-nolat/bonnie" |
	while read -r l; do printf 'build\t%s\n' "$l"; done >>"$CMDS"
"$CC" -O2 -std=c11 -Wall -Wextra -o "$SCRATCH/perchar_timing" "$HERE/perchar_timing.c" >"$LOG/perchar-build.log" 2>&1 ||
	{ cat "$LOG/perchar-build.log" >&2; die "building bench/perchar_timing.c failed"; }

git_desc=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "unknown")
if [ -n "$(git -C "$ROOT" status --porcelain -- Makefile bonnie.c cmd lib phases report input 2>/dev/null)" ]; then
	git_desc="$git_desc plus uncommitted changes"
fi
meta git "commit $git_desc"
meta bonnie_version "$("$BONNIE" --version 2>&1 | head -n1)"
meta bonniepp_version "$(dpkg-query -W -f '${Version}' bonnie++ 2>/dev/null || echo unknown)"
meta fio_version "$(fio --version 2>&1 | head -n1)"
meta uname "$(uname -srvmo)"
meta cpu "$(nproc) x $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)"
meta ram "$(awk '/^MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
meta findmnt "$(findmnt -n -o TARGET,SOURCE,FSTYPE,OPTIONS -T "$W" 2>/dev/null | tr -s ' ')"
dev=$(findmnt -n -o SOURCE -T "$W" 2>/dev/null)
fstype=$(findmnt -n -o FSTYPE -T "$W" 2>/dev/null)
if [ -n "$dev" ] && { [ "$fstype" = ext4 ] || [ "$fstype" = ext3 ]; } && [ -d /proc/fs/jbd2 ]; then
	if ls /proc/fs/jbd2 2>/dev/null | grep -q "^$(basename "$dev")-"; then
		meta journal "yes (/proc/fs/jbd2 has $(basename "$dev"))"
	else
		meta journal "no (no /proc/fs/jbd2 entry for $(basename "$dev"))"
	fi
fi
meta lsblk "$(lsblk -dn -o NAME,SIZE,ROTA,TYPE,MODEL "$dev" 2>/dev/null | tr -s ' ')"

# ---------------------------------------------------------------- running

# bgwait CMD...: runs CMD in its own session and waits for it, so that a
# signal to this script can stop it (see on_signal). Redirections given to
# bgwait apply to CMD.
bgwait() {
	local rc
	$SETSID "$@" &
	CHILD=$!
	wait "$CHILD"
	rc=$?
	CHILD=""
	return $rc
}

# run SET PAIR TOOL CMD...: runs CMD under /usr/bin/time -v with output in
# $LOG/SET-TOOL-pPAIR.{out,err,time}; any failure ends the bench.
LAST=""
NP=$PAIRS # pairs of the set running, for the progress lines
run() {
	local set=$1 pair=$2 tool=$3 rc t1 t2
	shift 3
	LAST="$LOG/$set-$tool-p$pair"
	if [ "$pair" -le 1 ]; then
		printf '%s\t%s\n' "set $set: $tool" "$(printf '%q ' "$@")" >>"$CMDS"
	fi
	# the previous run's writes and deletes reach the disk before this one starts
	sync -f "$W" || die "sync -f $W failed"
	t1=$(date +%s.%N)
	bgwait /usr/bin/time -v -o "$LAST.time" "$@" >"$LAST.out" 2>"$LAST.err" </dev/null
	rc=$?
	t2=$(date +%s.%N)
	if [ "$rc" -ne 0 ]; then
		say "FAILED (exit $rc): $*"
		tail -n 20 "$LAST.err" >&2
		exit 1
	fi
	printf 'bench: [set %s, pair %s/%s] %-20s %6.1f s\n' "$set" "$pair" "$NP" "$tool" \
		"$(awk -v a="$t1" -v b="$t2" 'BEGIN {print b - a}')" >&2
}
record() { # SET PAIR TOOL KIND FILE
	python3 "$LIB" record "$TSV" "$@" || die "cannot parse $5"
}
# bonnie's outputs: CSV (rates, as bonnie++'s), JSON (CPU time), RSS
record_bonnie() { # SET PAIR TOOL
	record "$1" "$2" "$3" csv "$LAST.out"
	record "$1" "$2" "$3" bjson "$LAST.json"
	record "$1" "$2" "$3" time "$LAST.time"
}
fio_common() { # the options every fio job here shares
	printf '%s\n' --ioengine=psync --bs=$CHUNK --fadvise_hint=0 --output-format=json
}

BON_COMMON="--no-align-probe -q"

# ---- set A: bonnie (--no-evict) vs bonnie++; fio writing a file and reading it back
# from the page cache. No file outlives its pair member, so every run starts
# after one that wrote and deleted a file of the same size (in a trial where
# fio's 4 GiB file was written once and kept for the whole set, whichever
# tool ran next measured its block write 2-3x slower, bonnie++ as much as bonnie).
FIOA=$W/fio-A.data
for p in $(seq 1 "$PAIRS"); do
	run A "$p" bonnie "$BONNIE" -d "$W" -s ${SIZE}m:$CHUNK:$SEEKS:$PROCS -f -n 0 --no-evict $BON_COMMON --json "$LOG/A-bonnie-p$p.json"
	record_bonnie A "$p" bonnie
	[ "$p" -eq 1 ] && meta env_json "$LOG/A-bonnie-p1.json"
	run A "$p" bonnie++ bonnie++ -d "$W" -s $SIZE:$CHUNK:$SEEKS:$PROCS -f -n 0 -q -r 0 $UOPT
	record A "$p" bonnie++ csv "$LAST.out"
	rm -f -- "$FIOA"
	run A "$p" fio-write fio --name=write --filename="$FIOA" --rw=write --size=${SIZE}m --end_fsync=1 --fallocate=none $(fio_common)
	record A "$p" fio-write fio "$LAST.out"
	run A "$p" fio-read-cached fio --name=read_cached --filename="$FIOA" --rw=read --size=${SIZE}m --invalidate=0 --pre_read=1 $(fio_common)
	record A "$p" fio-read-cached fio "$LAST.out"
	rm -f -- "$FIOA"
done

# ---- set C: per-char, bonnie vs bonnie++ (small file: the per-char phases are the point)
NP=$CPAIRS
for p in $(seq 1 "$CPAIRS"); do
	run C "$p" bonnie "$BONNIE" -d "$W" -s ${CSIZE}m:$CHUNK -f${PERCHAR}m -n 0 --no-evict $BON_COMMON --json "$LOG/C-bonnie-p$p.json"
	record_bonnie C "$p" bonnie
	run C "$p" bonnie++ bonnie++ -d "$W" -s $CSIZE:$CHUNK -f$PERCHAR -n 0 -q -r 0 $UOPT
	record C "$p" bonnie++ csv "$LAST.out"
done

# ---- set F: file create / stat / delete, bonnie vs bonnie++
NP=$OPAIRS
for p in $(seq 1 "$OPAIRS"); do
	run F "$p" bonnie "$BONNIE" -d "$W" -s 0 -n $FILES $BON_COMMON --json "$LOG/F-bonnie-p$p.json"
	record_bonnie F "$p" bonnie
	run F "$p" bonnie++ bonnie++ -d "$W" -s 0 -n $FILES -q -r 0 $UOPT
	record F "$p" bonnie++ csv "$LAST.out"
done
NP=$PAIRS

# ---- set B: bonnie (default: evicts before reads) vs fio buffered; fio direct 1m read (honesty).
# bonnie's block read is the second read of its file (rewrite reads it
# first); the first sequential read of a freshly written file runs far
# slower on this VM, so fio reads its file twice and the second read is the
# one compared (the first is reported too).
FIOB=$W/fio-B.data
for p in $(seq 1 "$PAIRS"); do
	run B "$p" bonnie "$BONNIE" -d "$W" -s ${SIZE}m:$CHUNK:$SEEKS:$PROCS -f -n 0 $BON_COMMON --json "$LOG/B-bonnie-p$p.json"
	record_bonnie B "$p" bonnie
	rm -f -- "$FIOB"
	run B "$p" fio-write fio --name=write --filename="$FIOB" --rw=write --size=${SIZE}m --end_fsync=1 --fallocate=none $(fio_common)
	record B "$p" fio-write fio "$LAST.out"
	run B "$p" fio-read-first fio --name=read_first --filename="$FIOB" --rw=read --size=${SIZE}m --invalidate=1 $(fio_common)
	record B "$p" fio-read-first fio "$LAST.out"
	run B "$p" fio-read fio --name=read --filename="$FIOB" --rw=read --size=${SIZE}m --invalidate=1 $(fio_common)
	record B "$p" fio-read fio "$LAST.out"
	run B "$p" fio-randread fio --name=randread --filename="$FIOB" --rw=randread --size=${SIZE}m --numjobs=$PROCS --number_ios=$((SEEKS / PROCS)) --invalidate=1 $(fio_common)
	record B "$p" fio-randread fio "$LAST.out"
	run B "$p" fio-read-direct-1m fio --name=read_direct_1m --filename="$FIOB" --rw=read --size=${SIZE}m --direct=1 --ioengine=psync --bs=1m --output-format=json
	record B "$p" fio-read-direct-1m fio "$LAST.out"
	rm -f -- "$FIOB"
done

# ---- set D: bonnie -D vs fio --direct=1 (fio reads twice, as in set B)
FIOD=$W/fio-D.data
NP=$OPAIRS
for p in $(seq 1 "$OPAIRS"); do
	run D "$p" bonnie "$BONNIE" -D -d "$W" -s ${DSIZE}m:$CHUNK -f -n 0 $BON_COMMON --json "$LOG/D-bonnie-p$p.json"
	record_bonnie D "$p" bonnie
	rm -f -- "$FIOD"
	run D "$p" fio-write-direct fio --name=write_direct --filename="$FIOD" --rw=write --size=${DSIZE}m --direct=1 --end_fsync=1 --fallocate=none $(fio_common)
	record D "$p" fio-write-direct fio "$LAST.out"
	run D "$p" fio-read-direct-first fio --name=read_direct_first --filename="$FIOD" --rw=read --size=${DSIZE}m --direct=1 $(fio_common)
	record D "$p" fio-read-direct-first fio "$LAST.out"
	run D "$p" fio-read-direct fio --name=read_direct --filename="$FIOD" --rw=read --size=${DSIZE}m --direct=1 $(fio_common)
	record D "$p" fio-read-direct fio "$LAST.out"
	rm -f -- "$FIOD"
done

# ---- set O: latency recording on vs compiled out, and --verify, same options
for p in $(seq 1 "$OPAIRS"); do
	for v in bonnie bonnie-nolat bonnie-verify; do
		bin=$BONNIE extra=""
		[ "$v" = bonnie-nolat ] && bin=$NOLAT
		[ "$v" = bonnie-verify ] && extra=--verify
		run O "$p" "$v" "$bin" -d "$W" -s ${OSIZE}m:$CHUNK:$SEEKS:$PROCS -f${PERCHAR}m -n $OFILES --no-evict $extra $BON_COMMON --json "$LOG/O-$v-p$p.json"
		record_bonnie O "$p" "$v"
	done
done

NP=$PAIRS

# ---- set M: peak RSS at 1 GiB and 4 GiB (fixed sizes)
if [ "$MEM" -ne 0 ]; then
	FIOM=$W/fio-M.data
	for s in $MEMSIZES; do
		g=$((s / 1024))g
		run M 1 "bonnie-$g" "$BONNIE" -d "$W" -s ${s}m:$CHUNK -f -n 0 $BON_COMMON --json "$LOG/M-bonnie-$g-p1.json"
		record M 1 "bonnie-$g" time "$LAST.time"
		run M 1 "bonnie++-$g" bonnie++ -d "$W" -s $s:$CHUNK -f -n 0 -q -r 0 $UOPT
		record M 1 "bonnie++-$g" time "$LAST.time"
		rm -f -- "$FIOM"
		run M 1 "fio-$g" fio --name=write --filename="$FIOM" --rw=write --size=${s}m --end_fsync=1 --fallocate=none $(fio_common)
		record M 1 "fio-$g" time "$LAST.time"
		run M 1 "fio-read-$g" fio --name=read --filename="$FIOM" --rw=read --size=${s}m --invalidate=1 $(fio_common)
		record M 2 "fio-$g" time "$LAST.time" # the larger RSS of write and read counts
		rm -f -- "$FIOM"
	done
fi

# ---- per-byte timing cost (bench/perchar_timing.c)
run P 1 perchar_timing "$SCRATCH/perchar_timing" "$W/perchar.data" "$PCBYTES" "$OPAIRS" $CHUNK
record P 1 perchar_timing perchar "$LAST.out"

# ---------------------------------------------------------------- profiles

# For each group of comparisons with a missed goal: a smaller run of bonnie
# and of its peer under perf (cpu-clock sampling works without hardware
# counters), summarised by binary and by symbol.
profile() { # NAME CMD...: summary by binary, top symbols, and the tool's own code
	local name=$1 data own
	shift
	data=$PROF/$name.data
	own=$(basename "$1")
	sync -f "$W" || die "sync -f $W failed"
	if ! bgwait perf record -q -e cpu-clock -F 1999 -o "$data" -- "$@" >"$PROF/$name.out" 2>"$PROF/$name.err" </dev/null; then
		say "perf record of $name failed (see below); profile skipped"
		tail -n 5 "$PROF/$name.err" >&2
		return 0
	fi
	{
		printf '$ %s\n' "$(printf '%q ' "$@")"
		echo "--- samples by binary"
		perf report -i "$data" --stdio --no-children --sort dso --percent-limit 1 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 8
		echo "--- top symbols (self)"
		perf report -i "$data" --stdio --no-children --sort dso,sym --percent-limit 1.5 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 16
		echo "--- $own's own functions (share of all samples)"
		perf report -i "$data" --stdio --no-children --dsos "$own" --sort sym --percent-limit 0.1 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 10
	} >"$PROF/$name.txt"
	rm -f -- "$data"
}
# Deterministic user-space instruction counts (valgrind callgrind) of a
# small run: what bonnie's own code costs per operation, next to the peer.
CGSIZE=64 # MiB, fixed: 8192 operations of 8 KiB per phase
callgrind() { # NAME OPS CMD...
	local name=$1 ops=$2
	shift 2
	sync -f "$W" || die "sync -f $W failed"
	if ! bgwait valgrind --tool=callgrind --callgrind-out-file="$PROF/$name.cg" -- "$@" >"$PROF/$name.cgout" 2>"$PROF/$name.cgerr" </dev/null; then
		say "callgrind of $name failed; skipped"
		tail -n 5 "$PROF/$name.cgerr" >&2
		return 0
	fi
	{
		printf '$ valgrind --tool=callgrind %s\n' "$(printf '%q ' "$@")"
		python3 "$LIB" callgrind "$PROF/$name.cg" "$ops"
	} >"$PROF/$name-callgrind.txt" || say "callgrind summary of $name failed"
	rm -f -- "$PROF/$name.cg"
}
# System calls and CPU time of a run (perf stat; software events only).
pstat() { # NAME CMD...
	local name=$1 ev=raw_syscalls:sys_enter,task-clock
	shift
	perf stat -e raw_syscalls:sys_enter -- true >/dev/null 2>&1 || ev=task-clock
	sync -f "$W" || die "sync -f $W failed"
	if ! bgwait perf stat -x, -e "$ev" -o "$PROF/$name.stat" -- "$@" >/dev/null 2>&1 </dev/null; then
		say "perf stat of $name failed; skipped"
		return 0
	fi
	{
		printf '$ perf stat -e %s %s\n' "$ev" "$(printf '%q ' "$@")"
		awk -F, '$3 != "" && $1 !~ /^#/ && NF > 2 {printf "%s: %s %s\n", $3, $1, $2}' "$PROF/$name.stat"
	} >"$PROF/$name-stat.txt"
	rm -f -- "$PROF/$name.stat"
}
UNMET=$(python3 "$LIB" unmet "$TSV") || die "cannot evaluate the goals"
if [ -n "$UNMET" ] && [ "$PROFILE" -ne 0 ]; then
	HAVE_PERF=0 HAVE_VG=0
	if command -v perf >/dev/null 2>&1 && perf record -q -e cpu-clock -o "$PROF/probe.data" -- true >/dev/null 2>&1; then
		HAVE_PERF=1
	fi
	rm -f -- "$PROF/probe.data"
	command -v valgrind >/dev/null 2>&1 && command -v callgrind_annotate >/dev/null 2>&1 && HAVE_VG=1
	[ "$HAVE_PERF" -eq 1 ] || say "perf record does not work here: no perf profiles"
	[ "$HAVE_VG" -eq 1 ] || say "valgrind/callgrind_annotate not found: no instruction counts"
	PS=$((SIZE / 8)) PD=$((DSIZE / 2)) PSEEK=$((SEEKS / 4))
	CGOPS=$((CGSIZE * 1024 * 1024 / CHUNK))
	for g in $UNMET; do
		say "profiling group $g (a goal there was not met)"
		case $g in
		A)
			if [ "$HAVE_PERF" -eq 1 ]; then
				profile A-bonnie "$BONNIE" -d "$W" -s ${PS}m:$CHUNK:$PSEEK:$PROCS -f -n 0 --no-evict $BON_COMMON
				profile A-bonnie++ bonnie++ -d "$W" -s $PS:$CHUNK:$PSEEK:$PROCS -f -n 0 -q -r 0 $UOPT
			fi
			if [ "$HAVE_VG" -eq 1 ]; then
				callgrind A-bonnie "$CGOPS" "$BONNIE" -d "$W" -s ${CGSIZE}m:$CHUNK:$CGOPS:$PROCS -f -n 0 --no-evict $BON_COMMON
				callgrind A-bonnie++ "$CGOPS" bonnie++ -d "$W" -s $CGSIZE:$CHUNK:$CGOPS:$PROCS -f -n 0 -q -r 0 $UOPT
			fi
			;;
		C)
			if [ "$HAVE_PERF" -eq 1 ]; then
				pstat C-bonnie "$BONNIE" -d "$W" -s ${CSIZE}m:$CHUNK -f${PERCHAR}m -n 0 --no-evict $BON_COMMON
				pstat C-bonnie++ bonnie++ -d "$W" -s $CSIZE:$CHUNK -f$PERCHAR -n 0 -q -r 0 $UOPT
				profile C-bonnie "$BONNIE" -d "$W" -s ${CSIZE}m:$CHUNK -f${PERCHAR}m -n 0 --no-evict $BON_COMMON
				profile C-bonnie++ bonnie++ -d "$W" -s $CSIZE:$CHUNK -f$PERCHAR -n 0 -q -r 0 $UOPT
			fi
			;;
		F)
			if [ "$HAVE_PERF" -eq 1 ]; then
				profile F-bonnie "$BONNIE" -d "$W" -s 0 -n $((FILES / 4)) $BON_COMMON
				profile F-bonnie++ bonnie++ -d "$W" -s 0 -n $((FILES / 4)) -q -r 0 $UOPT
			fi
			;;
		B)
			if [ "$HAVE_PERF" -eq 1 ]; then
				profile B-bonnie "$BONNIE" -d "$W" -s ${PS}m:$CHUNK:$PSEEK:$PROCS -f -n 0 $BON_COMMON
				rm -f -- "$FIOB"
				profile B-fio-write fio --name=write --filename="$FIOB" --rw=write --size=${PS}m --end_fsync=1 --fallocate=none $(fio_common)
				profile B-fio-read fio --name=read --filename="$FIOB" --rw=read --size=${PS}m --invalidate=1 $(fio_common)
				rm -f -- "$FIOB"
			fi
			;;
		D)
			if [ "$HAVE_PERF" -eq 1 ]; then
				profile D-bonnie "$BONNIE" -D -d "$W" -s ${PD}m:$CHUNK -f -n 0 $BON_COMMON
				rm -f -- "$FIOD"
				profile D-fio-write-direct fio --name=write_direct --filename="$FIOD" --rw=write --size=${PD}m --direct=1 --end_fsync=1 --fallocate=none $(fio_common)
				profile D-fio-read-direct fio --name=read_direct --filename="$FIOD" --rw=read --size=${PD}m --direct=1 $(fio_common)
				rm -f -- "$FIOD"
			fi
			;;
		O)
			if [ "$HAVE_PERF" -eq 1 ]; then
				profile O-bonnie "$BONNIE" -d "$W" -s ${PS}m:$CHUNK:$PSEEK:$PROCS -f${PERCHAR}m -n 0 --no-evict $BON_COMMON
				profile O-bonnie-nolat "$NOLAT" -d "$W" -s ${PS}m:$CHUNK:$PSEEK:$PROCS -f${PERCHAR}m -n 0 --no-evict $BON_COMMON
			fi
			if [ "$HAVE_VG" -eq 1 ]; then
				callgrind O-bonnie "$CGOPS" "$BONNIE" -d "$W" -s ${CGSIZE}m:$CHUNK:$CGOPS:$PROCS -f -n 0 --no-evict $BON_COMMON
				callgrind O-bonnie-nolat "$CGOPS" "$NOLAT" -d "$W" -s ${CGSIZE}m:$CHUNK:$CGOPS:$PROCS -f -n 0 --no-evict $BON_COMMON
			fi
			;;
		esac
	done
fi

# ---------------------------------------------------------------- report

T1=$(date +%s)
meta date_end "$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
meta duration_s "$((T1 - T0))"
mkdir -p "$(dirname "$DOC")" || die "cannot create $(dirname "$DOC")"
python3 "$LIB" report "$TSV" "$META" "$CMDS" "$PROF" "$DOC" || die "cannot write the report"
# set K, concurrent clients vs fio --numjobs: its own script, appended to the report
BONNIE=$BONNIE BENCH_DIR=$W bgwait "$ROOT/bench/clients.sh" "$DOC" || die "bench/clients.sh failed"
# the client sweep against dbench 4 at the same counts: its own script, appended too
if command -v dbench >/dev/null; then
	BONNIE=$BONNIE BENCH_DIR=$W bgwait "$ROOT/bench/dbench_sweep.sh" "$DOC" || die "bench/dbench_sweep.sh failed"
else
	say "dbench not installed (tests/deps.sh --bench): no client sweep comparison"
fi
# set W, block write and rewrite vs bonnie++ (and a build of the revision
# before the cheaper stamp), with callgrind counts per chunk: appended too
say "set W: block write and rewrite, $((PAIRS > 5 ? PAIRS : 5)) interleaved triples"
{
	printf '\n## Set W: block write and rewrite vs bonnie++ (bench/blockwrite.sh)\n\n'
	printf 'Run %s, load average before: %s; BENCH_QUIET_MEMORY=%s.\n\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" \
		"$(cut -d' ' -f1-3 /proc/loadavg)" "${BENCH_QUIET_MEMORY:-0}"
	BW_PAIRS=$((PAIRS > 5 ? PAIRS : 5)) BW_SIZE=${BENCH_BW_SIZE:-$((2048 * SCALE))} BW_DIR=$W \
		BW_BEFORE=${BENCH_BW_BEFORE:-adeb73d} BW_QUIET_MEMORY=${BENCH_QUIET_MEMORY:-0} bgwait "$ROOT/bench/blockwrite.sh" "$BONNIE"
} >>"$DOC" || die "bench/blockwrite.sh failed"
# set S, dbench vs bonnie --clients on a real sshfs share it starts itself: appended
say "set S: dbench vs bonnie --clients on sshfs"
BONNIE=$BONNIE bgwait "$ROOT/bench/shares.sh" >>"$DOC" || die "bench/shares.sh failed"
[ -n "$(find "$W" -mindepth 1 -maxdepth 1 2>/dev/null)" ] && say "note: the tools left files in $W (removed with the scratch directory)"
say "report written to $DOC ($((T1 - T0)) s)"
