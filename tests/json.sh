#!/bin/sh
# The JSON result, validated by a real JSON parser (jq, and python3's
# json module when present): one document per invocation, every phase with
# its fixed-unit fields, warnings kept out of it.
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null || { echo "json.sh: jq missing: run tests/deps.sh" >&2; exit 1; }
D=$T/dir
mkdir "$D"

"$BONNIE" -d "$D" -s 1m:4k:200:2 -f64k -n 1:2k:0 -x 2 -q -z 9 -m "json,test" --json "$T/out.json" \
	--kv "$T/out.kv" >"$T/csv" 2>"$T/err"; rc=$?
check "run with --json exits 0 (got $rc)" [ $rc -eq 0 ]
check "jq parses the document" jq -e . "$T/out.json" >/dev/null
if command -v python3 >/dev/null; then
	check "python3 json parses it" python3 -m json.tool "$T/out.json" >/dev/null
fi
j() { jq -e "$@" "$T/out.json" >/dev/null; }
check "tool, version, format" j '.tool == "bonnie" and (.version | type) == "string" and .format_version == 1'
check "command line recorded" j '.command_line | index("--json") != null'
check "config in fixed units" j '.config.file_size_bytes == 1048576 and .config.chunk_bytes == 4096 and .config.seeks == 200 and .config.seed == 9'
check "environment present" j '.environment | has("kernel") and has("file_system") and has("cpus") and has("ram_bytes")'
check "two runs" j '.runs | length == 2'
check "twelve phases per run" j '[.runs[].phases | length] == [12, 12]'
check "every phase done" j '[.runs[].phases[].status] | all(. == "done")'
check "phase names in pipeline order" j '[.runs[0].phases[].name] == ["putc","put_block","rewrite","getc","get_block","seeks","seq_create","seq_stat","seq_del","ran_create","ran_stat","ran_del"]'
check "common fields" j '[.runs[].phases[] | has("bytes") and has("operations") and has("elapsed_ns") and has("cpu_ns") and has("sync_ns") and has("latency_ns") and has("histogram_ns")] | all'
check "rate keys carry the unit" j '[.runs[0].phases[0:5][] | has("rate_kib_s")] + [.runs[0].phases[5] | has("rate_seeks_s")] + [.runs[0].phases[6:][] | has("rate_files_s")] | all'
check "durability split on write and create phases" j '[.runs[0].phases[] | select(.name == "put_block" or .name == "rewrite") | has("rate_unsynced_kib_s")] + [.runs[0].phases[] | select(.name == "seq_create" or .name == "ran_create") | has("rate_unsynced_files_s")] | all and length == 4'
check "latency summary keys" j '[.runs[].phases[].latency_ns | has("count") and has("min") and has("mean") and has("p50") and has("p90") and has("p99") and has("p99_9") and has("p99_99") and has("max")] | all'
check "percentiles ordered and inside min..max" j '[.runs[].phases[].latency_ns | .min <= .p50 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .p99_9 and .p99_9 <= .p99_99 and .p99_99 <= .max] | all'
check "histogram counts add up to the operation count" j '[.runs[].phases[] | ([.histogram_ns[][2]] | add) == .latency_ns.count and .latency_ns.count == .operations] | all'
check "buckets are [low, high, count] in order" j '[.runs[].phases[].histogram_ns | . as $h | range(1; length) | $h[.-1][1] < $h[.][0]] | all'
check "exact byte counts" j '.runs[0].phases[1].bytes == 1048576 and .runs[0].phases[0].bytes == 65536 and .runs[0].phases[1].operations == 256'
check "seeks operations" j '.runs[0].phases[5].operations == 200'
# seeks write back one chunk in ten and fsync them at the end: that is the
# phase's flush (sync_ns), and its timeline ends with its last operation,
# not with empty intervals that a verdict would read as a fall
check "seeks: the final fsync is its flush, after the timeline's last operation" \
	j '[.runs[].phases[5] | .sync_ns > 0 and (.timeline.operations | last) > 0] | all'
check "file phases count 1024 files" j '[.runs[0].phases[6:][] | .operations] | all(. == 1024)'
check "CSV still on stdout" [ "$(grep -c '^1\.98,' "$T/csv")" -eq 2 ]

# --kv: the same views as key=value lines, so the same numbers as the JSON.
kv_rates() { # phase rate per run, from the JSON's rate_*_s and the kv lines
	jq -r '.runs[] | .run as $r | .phases[] | "\($r) \(.name) \(to_entries[] | select(.key | test("^rate_(kib|seeks|files)_s$")) | .value)"' "$T/out.json" >"$T/rates.json"
	sed -n 's/^run\.\([0-9]*\)\.\([a-z_0-9]*\)\.rate=/\1 \2 /p' "$T/out.kv" >"$T/rates.kv"
	[ "$(wc -l <"$T/rates.json")" -eq 24 ] && [ "$(wc -l <"$T/rates.kv")" -eq 24 ] &&
		paste -d' ' "$T/rates.json" "$T/rates.kv" |
		awk '$1 != $4 || $2 != $5 || ($3 - $6 > 0.001 || $6 - $3 > 0.001) { bad = 1 } END { exit bad }'
}
check "--kv: every phase's rate of both runs, as the JSON says it" kv_rates
check "--kv: one status line per phase per run" [ "$(grep -c '^run\.[12]\.[a-z_0-9]*\.status=done$' "$T/out.kv")" -eq 24 ]
check "--kv: nothing but key=value lines" sh -c "! grep -qv '^run\.[0-9][0-9]*\.[a-z_0-9.]*=[^=]*$' '$T/out.kv'"

# --json -: stdout is the JSON document alone; the table goes to stderr.
"$BONNIE" -d "$D" -s 256k:4k:20:1 -f -n 0 --json - >"$T/stdout.json" 2>"$T/err"; rc=$?
check "--json - exits 0" [ $rc -eq 0 ]
check "--json - stdout parses as one JSON document" jq -e '.runs | length == 1' "$T/stdout.json" >/dev/null
check "--json - puts no CSV on stdout" sh -c "! grep -q '^1\.98,' '$T/stdout.json'"
check "--json - puts the table on stderr" grep -q '^Version ' "$T/err"

# --kv -: stdout is the key=value lines alone.
"$BONNIE" -d "$D" -s 256k:4k:20:1 -f -n 0 --kv - >"$T/stdout.kv" 2>"$T/err"; rc=$?
check "--kv - exits 0" [ $rc -eq 0 ]
check "--kv - puts only key=value lines on stdout" sh -c "grep -q '^run\.1\.put_block\.rate=' '$T/stdout.kv' && ! grep -qv '=' '$T/stdout.kv'"
check "--kv - puts the table on stderr" grep -q '^Version ' "$T/err"

# Odd bytes in names never break the document.
name=$(printf 'bad\377\"\\name\tx')
"$BONNIE" -d "$D" -s 256k:4k:10:1 -f -n 0 -q -m "$name" --json "$T/odd.json" >/dev/null 2>&1; rc=$?
check "odd machine name: exit 0" [ $rc -eq 0 ]
check "odd machine name: valid JSON" jq -e '.config.machine | type == "string"' "$T/odd.json" >/dev/null

# Warnings go to stderr, never into the JSON text.
"$BONNIE" -d "$D" -s 256k:4k:10:1 -f -n 0 -q --no-evict -r 1024 --json "$T/warn.json" >/dev/null 2>"$T/err"
check "warning printed on stderr" grep -q 'warning' "$T/err"
check "JSON with a warning still valid" jq -e . "$T/warn.json" >/dev/null
check "no warning text inside the JSON" sh -c "! grep -q 'warning' '$T/warn.json'"

# An unwritable JSON path is exit 5, before anything runs.
"$BONNIE" -d "$D" -s 256k -n 0 -q --json "$T/no/such/dir/x.json" >/dev/null 2>"$T/err"; rc=$?
check "unwritable --json path exits 5 (got $rc)" [ $rc -eq 5 ]
check "scratch removed" empty_dir "$D"
finish
