# Sourced by bench/dbench_sweep.sh and bench/shares.sh: knee sentences.
# The rule is bonnie's own (report/model/sweep_model.c's sweep_knee), never
# restated here: bonnie's knees on p99 are read from its sweep's --json,
# and the knee of figures bonnie did not measure (dbench's, which has no
# p99, and bonnie's max latency beside them) comes from KNEE_BIN
# (bench/knee.c, `make build/bench_knee`), which hands them to that rule.
KNEE_BIN=${KNEE_BIN:-$(dirname "${BONNIE:-build/bonnie}")/bench_knee}

# knee_ready: whether KNEE_BIN was built (says how to build it if not).
knee_ready() {
	[ -x "$KNEE_BIN" ] || { echo "bench: $KNEE_BIN is missing (make build/bench_knee, or set KNEE_BIN)" >&2; return 1; }
}

# knee_sentence FILE [K]: the knee of FILE's "count rate max_latency_ms"
# lines, one line, e.g.
#   "peaks at 10 (within 25% of the highest, at 50); max latency passes 2x its 1-client value at 100"
knee_sentence() {
	"$KNEE_BIN" "${2:-2}" <"$1"
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
