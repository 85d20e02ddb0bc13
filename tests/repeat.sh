#!/bin/sh
# Repeats and automatic counts on real runs: -x 3 prints three tables and
# CSV lines and then the summary (table and JSON, whose medians agree with
# the runs); without a seek count or -n bonnie sizes them by time and
# writes the counts it used into the CSV (fields 8 and 22 counted from 1)
# and the JSON; with
# them it keeps bonnie++'s exact counts.
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null || { echo "repeat.sh: jq missing: run tests/deps.sh" >&2; exit 1; }
D=$T/dir
mkdir "$D"

# ---- -x 3 with explicit counts: three tables, three CSV lines, one summary
"$BONNIE" -d "$D" -s 1m:4k:100:2 -f64k -n 1 -x 3 -z 7 --no-align-probe --json "$T/x3.json" \
	>"$T/x3.out" 2>"$T/x3.err"; rc=$?
check "-x 3 exits 0 (got $rc)" [ $rc -eq 0 ]
check "three I/O tables" [ "$(grep -c '^Name:Size' "$T/x3.out")" -eq 3 ]
check "three CSV lines" [ "$(grep -c '^1\.98,' "$T/x3.out")" -eq 3 ]
check "one summary, after the last CSV line" \
	[ "$(grep -n '^Summary of 3 runs' "$T/x3.out" | cut -d: -f1)" -gt "$(grep -n '^1\.98,' "$T/x3.out" | tail -1 | cut -d: -f1)" ]
check "summary has a row per phase" [ "$(sed -n '/^Summary of 3 runs/,$p' "$T/x3.out" | grep -cE '^(putc|put_block|rewrite|getc|get_block|seeks|seq_create|seq_stat|seq_del|ran_create|ran_stat|ran_del) ')" -eq 12 ]
j() { jq -e "$@" "$T/x3.json" >/dev/null; }
check "JSON: three runs and a summary of 3" j '(.runs | length) == 3 and .summary.runs == 3 and (.summary.phases | length) == 12'
check "JSON: summary median is the median of the runs' rates" \
	j '[.summary.phases[] as $s | ([.runs[].phases[] | select(.name == $s.name) | (.rate_kib_s // .rate_seeks_s // .rate_files_s)] | sort | .[1]) as $m | (($s.rate_kib_s // $s.rate_seeks_s // $s.rate_files_s).median - $m | fabs) < 0.01] | all'
check "JSON: unstable exactly when the CV is over 10%" \
	j '[.summary.phases[] | (.rate_kib_s // .rate_seeks_s // .rate_files_s).cv_percent as $cv | .unstable == ($cv > 10)] | all'
check "JSON: every phase of every run says how sure it is" \
	j '[.runs[].phases[] | select(.status != "not_run") | .confidence | has("duration_ns") and has("operations") and has("device_percent") and has("reasons") and has("mark")] | all'
check "table rows marked unstable match the JSON" \
	[ "$(sed -n '/^Summary of 3 runs/,$p' "$T/x3.out" | grep -c ' unstable$')" -eq "$(jq '[.summary.phases[] | select(.unstable)] | length' "$T/x3.json")" ]
check "explicit counts kept: CSV seeks and files fields (8 and 22, 1-based)" \
	[ "$(grep '^1\.98,' "$T/x3.out" | cut -d, -f8,22 | sort -u)" = "100,1" ]
check "explicit counts kept: JSON" j '[.runs[].counts | .seeks == 100 and .files == 1024 and (.seeks_auto | not) and (.files_auto | not)] | all'

# ---- one run: no summary
"$BONNIE" -d "$D" -s 256k:4k:10:1 -f -n 0 -q >"$T/x1.out" 2>&1
check "one run prints no summary" [ "$(grep -c '^Summary' "$T/x1.out")" -eq 0 ]

# ---- automatic counts: seeks by time, files by a timed create, stats in passes
"$BONNIE" -d "$D" -s 1m:4k -f -x 2 -q -z 5 --no-align-probe --json "$T/auto.json" --html "$T/auto.html" \
	>"$T/auto.csv" 2>"$T/auto.err"; rc=$?
check "automatic counts run exits 0 (got $rc)" [ $rc -eq 0 ]
a() { jq -e "$@" "$T/auto.json" >/dev/null; }
check "JSON: counts marked automatic" a '([.runs[].counts | .seeks_auto and .files_auto] | all) and .config.seeks_auto and .config.files_auto'
check "seeks ran for their time (>= 1.2 s), count = seeks done" \
	a '[.runs[] | (.phases[] | select(.name == "seeks")) as $s | $s.elapsed_ns >= 1200000000 and .counts.seeks == $s.latency_ns.count] | all'
check "file count a whole 1024, the same in both runs" \
	a '[.runs[].counts.files] | (.[0] % 1024 == 0) and .[0] >= 1024 and .[0] == .[1]'
check "creates and deletes handle exactly the count" \
	a '[.runs[] | .counts.files as $n | .phases[] | select(.name | test("create|del")) | .latency_ns.count == $n] | all'
check "stat phases: whole passes over the files, for >= 1.2 s" \
	a '[.runs[] | .counts.files as $n | .phases[] | select(.name | test("stat")) | (.latency_ns.count % $n == 0) and .elapsed_ns >= 1200000000] | all'
check "CSV seeks and files fields carry the counts used" \
	[ "$(cut -d, -f8,22 "$T/auto.csv" | tr '\n' ' ')" = "$(jq -r '.runs[] | "\(.counts.seeks),\(.counts.files / 1024)"' "$T/auto.json" | tr '\n' ' ')" ]
check "JSON config: no seek or file count planned (null), the runs' counts say how many" \
	a '.config.seeks == null and .config.files == null'
ran_range() { # ran_range KEY: "N", or "LO..HI" when the runs differ
	jq -r "[.runs[].counts.$1] | if min == max then \"\\(min)\" else \"\\(min)..\\(max)\" end" "$T/auto.json"
}
check "HTML 'What was tested': the seeks and files that ran" \
	sh -c 'grep -qF "$1 seeks by " "$3" && grep -qF "$2 files of" "$3"' sh \
	"$(ran_range seeks)" "$(ran_range files)" "$T/auto.html"
"$BONNIE" compare "$T/auto.json" "$T/auto.csv" >"$T/auto.cmp" 2>&1
# compare's evidence legend names "set up differently" as a kind; a real
# difference shows as the "Not like for like" line and "(... differs)" tags
check "compare: the JSON and its own CSV were set up alike" \
	[ "$(grep -cE 'Not like for like|differs\)' "$T/auto.cmp")" -eq 0 ]
check "compare read all four runs (two JSON, two CSV lines)" \
	[ "$(grep -cE '^  [A-D] +vm, 1M, ' "$T/auto.cmp")" -eq 4 ]
check "table header shows the file count used" \
	grep -qE "^ +$(jq '.runs[0].counts.files / 1024' "$T/auto.json") " "$T/auto.err"
check "nothing left behind" empty_dir "$D"

finish
