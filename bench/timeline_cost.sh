#!/bin/sh
# bench/timeline_cost.sh BONNIE BONNIE_NO_TIMELINE: what the always-on
# timeline costs. (1) valgrind callgrind's user-space instruction count of
# the same block write, rewrite and block read (4 KiB operations on a
# tmpfs) with and without the timeline (-DBONNIE_NO_TIMELINE compiles its
# one compare per operation and its interval crossings out), per
# operation; (2) the rates of interleaved pairs (with, without) of the same
# runs, the median ratio and a 95% interval of the mean ratio (t, n-1).
# Needs root for the tmpfs. Prints a Markdown section on stdout.
set -u
B=${1:?bonnie}
N=${2:?bonnie built with -DBONNIE_NO_TIMELINE}
PAIRS=${TL_PAIRS:-7}
SIZE=${TL_SIZE:-512}
T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-tlcost.XXXXXX")
trap 'umount "$T/m" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
mkdir "$T/m"
mount -t tmpfs -o size=$((SIZE + 256))m bonnie-tlcost "$T/m" || { echo "timeline_cost: cannot mount a tmpfs" >&2; exit 1; }
ARGS="-n 0 --phases put_block,rewrite,get_block --no-evict -q"

echo "## Timeline cost"
echo
if command -v valgrind >/dev/null; then
	OPS=$((3 * 64 * 256))
	for b in "$B" "$N"; do
		valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$b" -d "$T/m" -s 64m:4k $ARGS >/dev/null 2>"$T/err" ||
			{ echo "timeline_cost: callgrind of $b failed" >&2; exit 1; }
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/err" >"$T/ir.$(basename "$(dirname "$b")")"
	done
	with=$(cat "$T/ir.$(basename "$(dirname "$B")")") without=$(cat "$T/ir.$(basename "$(dirname "$N")")")
	echo "callgrind, $OPS operations of 4 KiB (block write, rewrite, block read on tmpfs):"
	echo "$with $without $OPS" | awk '{ printf "%d instructions with the timeline, %d without: %.1f more per operation (crossings included)\n", $1, $2, ($1 - $2) / $3 }'
	echo
fi
: >"$T/ratios"
for p in $(seq 1 "$PAIRS"); do
	for b in "$B" "$N"; do
		"$b" -d "$T/m" -s "${SIZE}m:4k" $ARGS --json "$T/j" >/dev/null 2>&1 || { echo "timeline_cost: $b failed" >&2; exit 1; }
		python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(p["rate_kib_s"] for p in d["runs"][0]["phases"] if p["status"]=="done"))' "$T/j" >"$T/r.$p.$(basename "$(dirname "$b")")"
	done
	echo "$(cat "$T/r.$p.$(basename "$(dirname "$B")")") $(cat "$T/r.$p.$(basename "$(dirname "$N")")")" >>"$T/ratios"
done
python3 - "$T/ratios" <<'PY'
import math, statistics, sys
r = [float(a) / float(b) for a, b in (l.split() for l in open(sys.argv[1]))]
n = len(r)
m = statistics.mean(r)
t = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}.get(n - 1, 2.0)
h = t * statistics.stdev(r) / math.sqrt(n) if n > 1 else float("nan")
print(f"rates (sum of the three phases) with / without the timeline, {n} interleaved pairs: "
      f"median {statistics.median(r):.3f}, mean {m:.3f}, 95% interval {m - h:.3f} .. {m + h:.3f}")
PY
