#!/bin/bash
# bonnie merge of hand-made host results (jq, no --start-at wait): what it
# refuses and what it says. Each host here is a JSON document written as a
# scheduled run writes one (four data phases, one client); edits of it
# stand for what a hostile or damaged FILE holds. Asserted per case: the
# exit status, one line naming the FILE(s) and why, and what reaches the
# table, the JSON and the page.
. "$(dirname "$0")/lib.sh"
need_jq
S=1796220792000000000 # --start-at, ns (past 2^53)

# host NAME: a host's --json result on stdout; the phases start on the
# schedule's slots, each 1 s long, 100 MiB or 100 seeks each.
host() {
	jq -n --arg m "$1" --argjson s "$S" '
	def phase($n; $i; $b; $o): {name: $n, status: "done", bytes: $b, operations: $o,
		elapsed_ns: 1000000000, cpu_ns: 200000000, sync_ns: 0,
		wall_start_ns: ($s + $i * 3000000000 + 1000), planned_start_ns: ($s + $i * 3000000000),
		histogram_ns: [[4096, 4159, $o]]};
	{tool: "bonnie", version: "0.1.0", command_line: ["bonnie", "-m", $m, "--start-at", "T"],
	 config: {machine: $m, file_size_bytes: 104857600, chunk_bytes: 8192, files: 1024,
		seek_workers: 5, runs: 1, level_time_ns: 1000000000},
	 environment: {cpus: 2},
	 schedule: {start_at_ns: $s, slot_ns: 3000000000, phase_mask: 54},
	 runs: [{clients: 1, counts: {seeks: 100}, phases: [
		{name: "putc", status: "not_run"},
		phase("put_block"; 0; 104857600; 12800), phase("rewrite"; 1; 104857600; 12800),
		{name: "getc", status: "not_run"},
		phase("get_block"; 2; 104857600; 12800), phase("seeks"; 3; 0; 100)]}]}'
}
host host1 >"$T/h1.json"
host host2 >"$T/h2.json"
# edit NAME JQ: h2.json edited by the jq filter, as $T/NAME.json
edit() { jq "$2" "$T/h2.json" >"$T/$1.json"; }
# merge NAME FILE...: bonnie merge, its status in rc, out and err in $T/NAME.{out,err}
merge() {
	local name=$1
	shift
	"$BONNIE" merge "$@" >"$T/$name.out" 2>"$T/$name.err"
	rc=$?
}
one_line() { [ "$(wc -l <"$1")" -eq 1 ]; }

merge ok --json "$T/ok.json" "$T/h1.json" "$T/h2.json"
check "two hosts merge, exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "and say nothing on stderr" [ ! -s "$T/ok.err" ]
check "the merged run has every data phase" \
	[ "$(jq -c '[.runs[0].phases[] | select(.status == "done") | .name]' "$T/ok.json")" = '["put_block","rewrite","get_block","seeks"]' ]

# One host's result twice: the same path, another path of the same file, a
# copy (the same machine on the same --start-at): refused, exit 1, one line
# naming both files; never a "merged-2" of twice the host's rate.
merge same "$T/h1.json" "$T/h1.json"
check "the same FILE twice is refused, exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "in one line naming it twice" grep -qx "bonnie: merge: $T/h1.json and $T/h1.json are one file: name each host's result once" "$T/same.err"
check "and nothing merged" [ ! -s "$T/same.out" ]
ln "$T/h1.json" "$T/link1.json"
merge link "$T/h1.json" "$T/link1.json"
check "a hard link of a FILE is refused, exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "it names both paths" grep -q "$T/h1.json and $T/link1.json are one file" "$T/link.err"
cp "$T/h1.json" "$T/copy1.json"
merge copy "$T/h2.json" "$T/h1.json" "$T/copy1.json"
check "a copy of a host's result is refused, exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "in one line naming both files and the machine" \
	grep -qx "bonnie: merge: $T/h1.json and $T/copy1.json are one host's result (machine host1, the same --start-at): name each host once" "$T/copy.err"
check "the line is the only one" one_line "$T/copy.err"
check "and nothing merged" [ ! -s "$T/copy.out" ]

# -x 2: two runs of one count, never merged as a --clients sweep of 1, 1
jq '.config.runs = 2 | .runs += [.runs[0]]' "$T/h1.json" >"$T/x1.json"
edit x2 '.config.runs = 2 | .runs += [.runs[0]]'
merge rep "$T/x1.json" "$T/x2.json"
check "hosts run with -x 2 are refused, exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "in one line saying so and what to do" \
	grep -qx "bonnie: merge: $T/x1.json: run with -x 2: merging repeated runs is not supported; run each host with -x 1 and a --start-at per repeat, and merge each" "$T/rep.err"
check "no sweep is written" [ ! -s "$T/rep.out" ]

# Names: read as compare reads them (the JSON string decoded, then shown
# sanitized), in the table, the JSON and the page alike.
edit quoted '.config.machine = "rack \"A\"\\1"'
merge quoted --json "$T/quoted.m.json" "$T/quoted.json" "$T/h1.json"
check "quotes and a backslash merge, exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "the table shows the name as given" grep -qF ' rack "A"\1' "$T/quoted.out"
check "the JSON has it once escaped" [ "$(jq -r '.merged.hosts[0]' "$T/quoted.m.json")" = 'rack "A"\1' ]
long=$(printf 'é%.0s' $(seq 64)) # 128 bytes, -m's longest
edit long ".config.machine = \"$long\""
merge long --json "$T/long.m.json" "$T/long.json" "$T/h1.json"
check "a 128-byte name of 64 é merges, exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "the table is UTF-8 (no character cut)" iconv -f UTF-8 -t UTF-8 "$T/long.out" -o /dev/null
check "the table has the whole name" grep -qF " $long" "$T/long.out"
check "the JSON has the whole name" [ "$(jq -r '.merged.hosts[0]' "$T/long.m.json")" = "$long" ]
# U+202E (RIGHT-TO-LEFT OVERRIDE) raw and ESC escaped (\u001b) in a
# hand-edited name; the host is made the slowest so that its name is in
# the "slowest host" column. compare shows the name as merge does.
jq '(.runs[0].phases[] | select(.status == "done")) |= (.bytes /= 2 | .operations /= 2)' "$T/h2.json" |
	sed 's/"machine": "host2"/"machine": "ev\\u001b[31mil\xe2\x80\xae"/' >"$T/evil.json"
check "the evil name is in the FILE" grep -qF 'ev\u001b[31mil' "$T/evil.json"
merge evil --json "$T/evil.m.json" --html "$T/evil.html" "$T/evil.json" "$T/h1.json"
check "a name with ESC and U+202E merges, exit 0 (got $rc)" [ "$rc" -eq 0 ]
shown='ev?[31mil\xe2\x80\xae'
check "the slowest host column shows them as compare does" grep -qxF "put_block        1.000   100.0%        0.0     0.667           -  $shown" "$T/evil.out"
for f in evil.out evil.m.json evil.html; do
	check "$f has no ESC" bash -c "! grep -q \$'\\x1b' '$T/$f'"
	check "$f has no raw U+202E" bash -c "! grep -q \$'\\xe2\\x80\\xae' '$T/$f'"
done
check "the page shows the name as the table" grep -qF "<td class=\"l\">$shown</td>" "$T/evil.html"
check "the JSON has it as the table" [ "$(jq -r '.merged.hosts[0]' "$T/evil.m.json")" = "$shown" ]
"$BONNIE" compare "$T/h1.json" "$T/evil.json" >"$T/evil.cmp" 2>&1
check "compare names the host alike" grep -qF "B   $shown, 100M, JSON from bonnie" "$T/evil.cmp"
# a raw ESC is not JSON: refused, as compare skips the document
sed 's/"machine": "host2"/"machine": "ev\x1b[31mil"/' "$T/h2.json" >"$T/esc.json"
merge esc "$T/esc.json" "$T/h1.json"
check "a raw ESC in a string is refused, exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "in one line" grep -qx "bonnie: merge: $T/esc.json: a control character in a string at byte [0-9]*" "$T/esc.err"

# Missing phases and values that are not counts: the phase is not measured
# (one line each, naming the phase, the host, the FILE and why), the rest is
# merged, and the exit status is 3.
edit intr '(.runs[0].phases[] | select(.name == "get_block")).status = "interrupted" |
	(.runs[0].phases[] | select(.name == "seeks")) |= {name, status: "not_run"}'
merge intr "$T/h1.json" "$T/intr.json"
check "a host interrupted in get_block: exit 3 (got $rc)" [ "$rc" -eq 3 ]
check "get_block is said not measured" \
	grep -qx "bonnie: merge: get_block not measured on host2 ($T/intr.json): status \"interrupted\"; left out of the merge" "$T/intr.err"
check "seeks is said not measured" grep -q "seeks not measured on host2 ($T/intr.json): status \"not_run\"" "$T/intr.err"
check "one line each" [ "$(wc -l <"$T/intr.err")" -eq 2 ]
check "the phases measured are merged" grep -q '^put_block .* 1\.000 ' "$T/intr.out"
check "get_block is not" bash -c "! grep -q '^get_block ' '$T/intr.out'"
edit none '.runs[0].phases = []'
merge none "$T/h1.json" "$T/none.json"
check "a host of no phases: exit 3 (got $rc)" [ "$rc" -eq 3 ]
check "it says nothing was merged" grep -qx "bonnie: merge: no phase was measured on every host: nothing to merge" "$T/none.err"
check "and writes no empty table" [ ! -s "$T/none.out" ]
edit failed '(.runs[0].phases[] | select(.status == "done")).status = "failed"'
merge failed "$T/h1.json" "$T/failed.json"
check "a host whose phases all failed: exit 3 (got $rc)" [ "$rc" -eq 3 ]
check "nothing merged" [ ! -s "$T/failed.out" ]
i=0
for v in '-5e8' '1e308' '"5"' '1e999' '99999999999999999999999'; do
	for key in bytes elapsed_ns; do
		i=$((i + 1))
		# jq cannot write 1e999 or a 23-digit integer as given: sed does
		jq --arg k "$key" '(.runs[0].phases[] | select(.name == "put_block"))[$k] = 424242' "$T/h2.json" |
			sed "s/424242/$v/" >"$T/bad$i.json"
		merge bad$i "$T/h1.json" "$T/bad$i.json"
		check "put_block $key $v: exit 3 (got $rc)" [ "$rc" -eq 3 ]
		check "put_block $key $v: one line naming $key" \
			grep -qx "bonnie: merge: put_block not measured on host2 ($T/bad$i.json): $key is .*; left out of the merge" "$T/bad$i.err"
		check "put_block $key $v: not in the table" bash -c "! grep -q '^put_block ' '$T/bad$i.out'"
		check "put_block $key $v: the other phases merged" grep -q '^rewrite ' "$T/bad$i.out"
	done
done

# a --clients 1,2 sweep: a phase not measured at one count is said with
# that count; the other count's phase is merged
sweep() { jq '.runs = [.runs[0], (.runs[0] | .clients = 2)]' "$1"; }
sweep "$T/h1.json" >"$T/sw1.json"
sweep "$T/h2.json" | jq '(.runs[1].phases[] | select(.name == "get_block")).status = "failed"' >"$T/sw2.json"
merge sw --json "$T/sw.m.json" "$T/sw1.json" "$T/sw2.json"
check "a sweep host that failed get_block at 2 clients: exit 3 (got $rc)" [ "$rc" -eq 3 ]
check "the line names the count" \
	grep -qx "bonnie: merge: get_block (at 2 clients per host) not measured on host2 ($T/sw2.json): status \"failed\"; left out of the merge" "$T/sw.err"
check "and is the only one" one_line "$T/sw.err"
check "get_block is merged at 1 client per host, not at 2" \
	[ "$(jq -c '[.runs[] | [.phases[] | select(.name == "get_block") | .status == "done"] | any]' "$T/sw.m.json")" = '[true,false]' ]

# A phase listed twice: refused (exit 2), one line; never read over the first
# (which leaked its timeline: ASan aborted the merge)
edit twice '.runs[0].phases += [.runs[0].phases[1]]'
merge twice "$T/h1.json" "$T/twice.json"
check "a phase listed twice is refused, exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "in one line" grep -qx "bonnie: merge: $T/twice.json: put_block is listed twice" "$T/twice.err"
check "and nothing merged" [ ! -s "$T/twice.out" ]
finish
