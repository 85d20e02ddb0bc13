#!/bin/sh
# The bench's own measuring tools measure what they say: bench/window_shim.c
# (the LD_PRELOAD shim set W times bonnie and bonnie++ with) opens a window at
# the first chunk-sized write, closes it at fsync's return and logs the bytes
# written in it; a window with no fsync, or I/O of another size, logs nothing.
# bench/content_cost.c writes each kind of content and reports all four.
. "$(dirname "$0")/../../tests/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}

check "window_shim builds" $CC -shared -fPIC -O2 -o "$T/shim.so" "$top/bench/window_shim.c" -ldl
check "content_cost builds" $CC -std=c11 -O2 -Wall -Wextra -o "$T/content_cost" "$top/bench/content_cost.c"

shimmed() { # LOG CHUNK CMD...: run CMD under the shim, logging to LOG
	log=$1 chunk=$2
	shift 2
	BW_WINDOW_LOG=$log BW_CHUNK=$chunk LD_PRELOAD=$T/shim.so "$@"
}
windows() { [ -f "$1" ] && wc -l <"$1" || echo 0; }
field() { awk -v n="$2" -v f="$3" '$2 == n { print $f }' "$1"; } # LOG WINDOW FIELD

# dd: 256 writes of 8 KiB, then one fsync: one window of 2 MiB.
shimmed "$T/dd.log" 8192 dd if=/dev/zero of="$T/f1" bs=8192 count=256 conv=fsync 2>/dev/null
check "dd with fsync: one window" [ "$(windows "$T/dd.log")" -eq 1 ]
check "dd with fsync: the window holds the 2 MiB written" [ "$(field "$T/dd.log" 1 5)" = 2097152 ]
check "dd with fsync: wall time above 0" [ "$(field "$T/dd.log" 1 3)" -gt 0 ]

# No fsync: the window never closes, nothing is logged.
shimmed "$T/nosync.log" 8192 dd if=/dev/zero of="$T/f2" bs=8192 count=16 2>/dev/null
check "no fsync: no window" [ "$(windows "$T/nosync.log")" -eq 0 ]

# Writes of another size than BW_CHUNK never open a window.
shimmed "$T/size.log" 4096 dd if=/dev/zero of="$T/f3" bs=8192 count=16 conv=fsync 2>/dev/null
check "8 KiB writes, 4 KiB chunk: no window" [ "$(windows "$T/size.log")" -eq 0 ]

# bonnie: window 1 is block write, window 2 rewrite, each the whole file.
mkdir "$T/d"
shimmed "$T/bonnie.log" 8192 "$BONNIE" -d "$T/d" -s 8m:8192:64:2 -f -n 0 -q --no-align-probe >"$T/bonnie.out" 2>&1 ||
	{ rc=$?; cat "$T/bonnie.out" >&2; fail "bonnie under the shim exited $rc"; }
check "bonnie: block write window holds the 8 MiB file" [ "$(field "$T/bonnie.log" 1 5)" = 8388608 ]
check "bonnie: rewrite window holds the 8 MiB file" [ "$(field "$T/bonnie.log" 2 5)" = 8388608 ]
check "bonnie: CPU time above 0 in block write" [ "$(field "$T/bonnie.log" 1 4)" -gt 0 ]
check "bonnie: scratch directory removed" empty_dir "$T/d"

# content_cost: one round of 4 MiB, four kinds, then four result lines.
mkdir "$T/c"
"$T/content_cost" "$T/c" 4 1 >"$T/cc.out" 2>&1 || { rc=$?; cat "$T/cc.out" >&2; fail "content_cost exited $rc"; }
check "content_cost: four passes" [ "$(grep -c '^pass 1 ' "$T/cc.out")" -eq 4 ]
check "content_cost: a result per kind" [ "$(grep -c '^result \(zeros\|bonnie++\|random_chunk\|random\) ' "$T/cc.out")" -eq 4 ]
check "content_cost: random is 1.000 of itself" grep -q '^result random .* rate_ratio_to_random 1.000$' "$T/cc.out"
check "content_cost: leaves nothing behind" empty_dir "$T/c"
"$T/content_cost" "$T/c" 4 0 >/dev/null 2>&1
check "content_cost: 0 rounds is a usage error" [ $? -eq 1 ]

# pairs_ci.py: bonnie twice as fast at the same CPU per byte in both pairs
# (and a line of another shape, skipped) gives medians of exactly 2 and 1.
cat >"$T/raw" <<'RAW'
bonnie 1 0 0 0 0 1000 500 4096 2000 400 4096
bonnie++ 1 0 0 0 0 2000 500 4096 4000 400 4096
bonnie++ 2 0 0 0 0 4000 900 8192 8000 800 8192
bonnie 2 0 0 0 0 2000 900 8192 4000 800 8192
not a run line
RAW
python3 "$top/bench/pairs_ci.py" "$T/raw" >"$T/ci.out" 2>&1 || fail "pairs_ci.py exited $?"
check "pairs_ci: block write rate 2.000 over 2 pairs" grep -q '^| block write rate | 2 | 2.000 | 2.000-2.000 | 2 |$' "$T/ci.out"
check "pairs_ci: block write CPU per byte 1.000" grep -q '^| block write CPU/byte | 2 | 1.000 | 1.000-1.000 | 2 |$' "$T/ci.out"
check "pairs_ci: rewrite rate 2.000" grep -q '^| rewrite rate | 2 | 2.000 |' "$T/ci.out"
python3 "$top/bench/pairs_ci.py" >/dev/null 2>&1
check "pairs_ci: no file is a usage error" [ $? -eq 2 ]

# bench/knee.sh: the knee sentence for tools with no p99 (dbench), by the
# sweep's rule, which bench/knee.c (KNEE_BIN) hands to report/model/sweep_model.c.
. "$top/bench/knee.sh"
knee_ready || fail "the knee program $KNEE_BIN is built"
knee_of() { printf '%s\n' "$@" >"$T/knee.in"; knee_sentence "$T/knee.in" 2; }
check "knee: a clear peak" [ "$(knee_of "1 100 10" "10 300 12" "50 200 15")" = \
	"peaks at 10 (highest); max latency stays within 2x up to 50" ]
check "knee: the smallest count within 25% of the highest" [ "$(knee_of "1 100 10" "10 290 12" "50 300 15")" = \
	"peaks at 10 (within 25% of the highest, at 50); max latency stays within 2x up to 50" ]
check "knee: all within 25% is no knee" [ "$(knee_of "1 100 10" "10 110 10" "50 95 10")" = \
	"no clear knee (1-50 within 25%); max latency stays within 2x up to 50" ]
check "knee: still rising at the last count" [ "$(knee_of "1 100 10" "10 200 10" "50 400 10")" = \
	"still rises at 50 (highest, the last count); max latency stays within 2x up to 50" ]
check "knee: latency against the lowest max so far (a first-count outlier)" [ "$(knee_of "1 100 90" "10 100 10" "50 100 15" "100 100 25")" = \
	"no clear knee (1-100 within 25%); max latency passes 2x its 10-client value at 100" ]

check "knee: one count is no knee" [ "$(knee_of "8 100 10")" = "one count only (8), no knee" ]
printf '1 100 10\n-2 100 10\n' >"$T/knee.in"
"$KNEE_BIN" 2 <"$T/knee.in" >/dev/null 2>"$T/knee.err"
check "knee: a count under 1 is refused (exit 1)" [ $? -eq 1 ]
check "knee: ... saying the line's form" grep -q '^knee: each line is "count rate max_latency_ms"' "$T/knee.err"
"$KNEE_BIN" 1 </dev/null >/dev/null 2>&1
check "knee: a factor of 1 is a usage error" [ $? -eq 1 ]

# ... and its readers of a sweep's JSON, on a real small sweep.
mkdir "$T/sw"
# --lag-floor 0: the knee program has no floor; one rule on both sides
"$BONNIE" -d "$T/sw" --clients 1,2 -s 8m -n 1 --level-time 1 --lag-floor 0 --no-align-probe -q --json "$T/sw.json" >/dev/null 2>&1
check "knee: a small sweep for the readers" [ -s "$T/sw.json" ]
done_phases=$(jq '[.sweep.phases[] | select(.points | map(.completed) | any)] | length' "$T/sw.json")
sweep_max_knees "$T/sw.json" 2 "$T/knee.tmp" "bonnie " >"$T/maxk"
check "knee: one max-latency line per completed phase ($done_phases)" [ "$(wc -l <"$T/maxk")" -eq "$done_phases" ]
check "knee: the lines name the phase and a sentence" grep -Eq '^- bonnie put_block: (peaks|no clear|still rises)' "$T/maxk"
sweep_own_knees "$T/sw.json" >"$T/ownk"
check "knee: bonnie's own sentences end with its answer" \
	[ "$(tail -n 1 "$T/ownk")" = "- $(jq -r .sweep.answer "$T/sw.json")" ]
# One rule: the knee program on the sweep's own p99 figures finds the
# counts bonnie's JSON names, phase by phase.
for p in $(jq -r '.sweep.phases[] | select(.throughput_peak_clients) | .name' "$T/sw.json"); do
	jq -r --arg p "$p" '.sweep.phases[] | select(.name == $p) | .points[] | select(.completed)
		| "\(.clients) \(.rate) \(.p99_ns / 1e6)"' "$T/sw.json" >"$T/p99.in"
	own=$(jq -r --arg p "$p" '.sweep.phases[] | select(.name == $p)
		| (if .throughput_peak_rule == "no_clear_knee" then "no clear knee"
		   elif .throughput_still_rising then "still rises at \(.throughput_peak_clients)"
		   else "peaks at \(.throughput_peak_clients)" end) + ";"
		+ (if .p99_over_factor_clients then " at \(.p99_over_factor_clients)" else " stays" end)' "$T/sw.json")
	got=$(knee_sentence "$T/p99.in" "$(jq -r .sweep.knee_factor "$T/sw.json")" |
		sed -E 's/^(no clear knee|still rises at [0-9]+|peaks at [0-9]+).*; max latency (passes .* (at [0-9]+)|(stays) .*)$/\1; \3\4/')
	check "knee: bonnie's JSON and the knee program agree on $p ($own)" [ "$got" = "$own" ]
done
check "knee: the sweep left nothing" empty_dir "$T/sw"

finish
