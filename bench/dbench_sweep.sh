#!/bin/bash
# bench/dbench_sweep.sh: dbench 4 and bonnie's client sweep at the same
# counts on the same file system, one after the other, in one table:
# dbench's throughput and max latency per count, bonnie's per-phase rate,
# p99, max and overlap per count, and the knees of both by bonnie's rule
# (throughput: the highest, or the smallest count within 25% of it with
# one run per count; latency on the max latency, as dbench has no p99:
# the first count above K x the lowest max before it).
# Usage: BONNIE=build/bonnie bench/dbench_sweep.sh [REPORT]
# Settings: BENCH_DIR (default $TMPDIR or /var/tmp), DBENCH_COUNTS
# (default 1,10,50,100,300,700), DBENCH_TIME (s, default 15),
# DBENCH_LOAD (default /usr/share/dbench/client.txt), BONNIE_ARGS (extra
# options for the sweep, e.g. "-s 512m"), KNEE (default 2).
set -u
: "${BONNIE:?set BONNIE to the binary under test}"
REPORT=${1:-}
DIR=${BENCH_DIR:-${TMPDIR:-/var/tmp}}
COUNTS=${DBENCH_COUNTS:-1,10,50,100,300,700}
TIME=${DBENCH_TIME:-15}
LOAD=${DBENCH_LOAD:-/usr/share/dbench/client.txt}
KNEE=${KNEE:-2}
command -v dbench >/dev/null && command -v jq >/dev/null ||
	{ echo "bench/dbench_sweep.sh: needs dbench (tests/deps.sh --bench) and jq" >&2; exit 1; }
[ -r "$LOAD" ] || { echo "bench/dbench_sweep.sh: no load file $LOAD" >&2; exit 1; }
W=$(mktemp -d "$DIR/bonnie-bench-dbench.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/dbench_counts.sh"
. "$(dirname "$0")/knee.sh"
knee_ready || exit 1
: >"$W/dbench"

t0=$(date +%s)
dbench_counts bench/dbench_sweep.sh "$W" "$COUNTS" "$TIME" "$LOAD" "$W/dbench" "$W" || exit 1
t1=$(date +%s)
sync -f "$W"
/usr/bin/time -v "$BONNIE" -d "$W" --clients "$COUNTS" ${BONNIE_ARGS:-} -q --json "$W/b.json" \
	>"$W/b.out" 2>"$W/b.time" || { echo "bench/dbench_sweep.sh: bonnie failed" >&2; tail -n 5 "$W/b.time" >&2; exit 1; }
t2=$(date +%s)

{
	echo
	echo "## Client sweep: dbench 4 and bonnie --clients $COUNTS"
	echo
	echo "On $(df --output=fstype "$W" | tail -n 1) under $DIR, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
	echo "dbench: \`dbench -t $TIME -c $LOAD N\` ($((t1 - t0)) s in all); bonnie: \`bonnie --clients $COUNTS ${BONNIE_ARGS:-}\`"
	echo "($((t2 - t1)) s, peak RSS $(awk '/Maximum resident/ { print $6 }' "$W/b.time") KiB, the largest of the parent and its clients)."
	echo "One run per count each: differences under $(jq '(.sweep.min_gain - 1) * 100 | round' "$W/b.json")% are not judged (bonnie's rule, its JSON's sweep.min_gain)."
	echo
	echo "| clients | dbench MB/s | dbench max latency ms |"
	echo "|---|---|---|"
	awk '{ printf "| %s | %s | %s |\n", $1, $2, $3 }' "$W/dbench"
	echo
	echo "dbench: $(knee_sentence "$W/dbench" "$KNEE")."
	echo
	echo "| phase | clients | rate | p99 | max | overlap | fair |"
	echo "|---|---|---|---|---|---|---|"
	jq -r '.sweep.phases[] | select(.points | map(.completed) | any) | .name as $n | .points[] | select(.completed)
		| "| \($n) | \(.clients) | \(.rate | floor) | \(.p99_ns / 1e6 | . * 100 | round / 100) ms | \(.max_ns / 1e6 | . * 100 | round / 100) ms | \(.overlap * 100 | floor)%\(if .overlap_low then " <" else "" end) | \(.fairness) |"' "$W/b.json"
	echo
	echo "bonnie's rates: KiB/s (data phases), seeks/s, files/s; \"!\": overlap under $(jq '.sweep.min_overlap * 100 | round' "$W/b.json")%."
	echo
	echo "bonnie, by its own rule (p99):"
	echo
	sweep_own_knees "$W/b.json"
	echo
	echo "bonnie, by the dbench rule on max latency:"
	echo
	sweep_max_knees "$W/b.json" "$KNEE" "$W/p"
	echo
	echo "\`bench/dbench_sweep.sh\` (DBENCH_COUNTS=$COUNTS DBENCH_TIME=$TIME)."
} >"$W/section"
cat "$W/section"
[ -n "$REPORT" ] && cat "$W/section" >>"$REPORT"
exit 0
