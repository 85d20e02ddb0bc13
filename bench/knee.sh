# Sourced by bench/dbench_sweep.sh and bench/shares.sh: the knee sentence
# for "count rate max_latency" lines, by bonnie's single-run sweep rule
# (report/sweep_model.h's SWEEP_MIN_GAIN, restated here for tools that report no p99):
# throughput peaks at the highest rate, or at the smallest count within
# 25% of it, and no count is judged when all are within 25%; the latency
# knee is the first count whose max latency passes K x the lowest max
# before it.
# knee_sentence FILE [K]: prints one line, e.g.
#   "peaks at 10 (within 25% of the highest, at 50); max latency passes 2x its 1-client value at 100"
knee_sentence() {
	awk -v k="${2:-2}" '{ c[NR] = $1; r[NR] = $2; m[NR] = $3 }
	END {
		if (NR == 0) { print "no counts"; exit }
		best = 1; for (i = 2; i <= NR; i++) if (r[i] > r[best]) best = i
		peak = best; differ = 0
		for (i = 1; i <= NR; i++) if (r[i] * 1.25 < r[best]) differ = 1; else if (i < peak) peak = i
		if (!differ) t = sprintf("no clear knee (%s-%s within 25%%)", c[1], c[NR])
		else if (peak == best && best == NR) t = sprintf("still rises at %s (highest, the last count)", c[peak])
		else if (peak == best) t = sprintf("peaks at %s (highest)", c[peak])
		else t = sprintf("peaks at %s (within 25%% of the highest, at %s)", c[peak], c[best])
		base = 1; over = 0
		for (i = 2; i <= NR && !over; i++) { if (m[i] > k * m[base]) over = i; else if (m[i] < m[base]) base = i }
		l = over ? sprintf("max latency passes %sx its %s-client value at %s", k, c[base], c[over]) \
		         : sprintf("max latency stays within %sx up to %s", k, c[NR])
		print t "; " l
	}' "$1"
}

# sweep_own_knees JSON: bonnie's own knee sentence per phase of a sweep's
# --json document, then its one-sentence answer, as "- ..." lines.
sweep_own_knees() {
	jq -r '.sweep.phases[] | select(.knee | test("^[a-z_]+: (throughput|no clear)")) | "- " + .knee' "$1"
	echo "- $(jq -r '.sweep.answer' "$1")"
}

# sweep_max_knees JSON K SCRATCH [PREFIX]: knee_sentence on each completed
# phase's count, rate and max latency (ms) of the sweep, as
# "- PREFIXphase: ..." lines; SCRATCH is a file it may overwrite.
sweep_max_knees() {
	for p in $(jq -r '.sweep.phases[] | select(.points | map(.completed) | any) | .name' "$1"); do
		jq -r --arg p "$p" '.sweep.phases[] | select(.name == $p) | .points[] | select(.completed)
			| "\(.clients) \(.rate) \(.max_ns / 1e6)"' "$1" >"$3"
		echo "- ${4:-}$p: $(knee_sentence "$3" "$2")"
	done
}
