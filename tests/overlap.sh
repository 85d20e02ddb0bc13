#!/bin/sh
# A sweep count whose clients did not work at once is marked: at
# --clients 1,2 one client is held (fault shim, pause mode) inside block
# write while the other finishes its part and ends; the held one is let go
# only after 10 x the time the other took from bonnie's start. The overlap
# (all-clients-active span / first start to last end) is then at most 1/9
# whatever the machine's speed (the other's whole window is inside that
# first stretch, the held one's end after ten of them), so the count must
# be marked in the sweep table ("!" and the legend) and in the JSON
# (overlap_low), and the JSON overlap must be its recomputation from the
# clients' own start and end times. Nothing depends on timing: the hold
# only grows with the machine's slowness, GUARD turns a hang into a failure.
#
# The client split makes the pause hit one client only: -s 20k:4k is 5
# chunks, client 0 writes 3 and client 1 writes 2; counters are per process
# and inherited at fork, so FAULT_NTH = (writes of the 1-client level) + 3
# is client 0's third write.
#
# Then a count far above the cores (300 on 2, on a small tmpfs) keeps
# every phase's clients working together (see that part below).
. "$(dirname "$0")/lib.sh"
MARKS_CHECK=$(cd "$(dirname "$0")" && pwd)/marks_check.py

held_client_setup
ARGS="-s 20k:4k -n 0 --phases put_block --level-time 0 --no-align-probe -z 3 -m host"
now() { date +%s%N; }
kids_running() { ps -o stat= --ppid "$1" | grep -vc '^Z'; }

FAULT_DIR=$D FAULT_REPORT=$T/count LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=0 \
	"$BONNIE" -d "$D" $ARGS --clients 1 -q >/dev/null 2>&1
W=$(awk '$1 == "write" { print $2 }' "$T/count")
check "the 1-client level writes (counted $W)" [ "${W:-0}" -gt 0 ]

t0=$(now)
(
	FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=$((W + 3)) FAULT_MODE=pause FAULT_PAUSE_FILE=$P
	export FAULT_DIR LD_PRELOAD FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
	exec "$BONNIE" -d "$D" $ARGS --clients 1,2 --json "$T/o.json" --html "$T/o.html"
) >"$T/o.out" 2>"$T/o.err" &
pid=$!
end=$(($(date +%s) + GUARD))
# held: client 0 paused, client 1 ended (and collected)
while ! { [ -e "$P" ] && [ "$(kids_running "$pid")" = 1 ]; }; do
	[ "$(date +%s)" -ge "$end" ] && break
	sleep 0.02
done
t1=$(now)
# both conditions, not only the pause file: with both clients held (a
# second one paused at the same call) the wait below would be 10 x GUARD
if [ -e "$P" ] && [ "$(kids_running "$pid")" = 1 ]; then
	pass
	while [ $(($(now) - t0)) -lt $((10 * (t1 - t0))) ]; do sleep 0.05; done
else
	fail "one client held, the other done (not reached in ${GUARD}s)"
fi
let_go "$pid" "$end"
rc=$?
check "exit 0 (got $rc)" [ $rc -eq 0 ]
pt='.sweep.phases[] | select(.name == "put_block") | .points[] | select(.clients == 2)'
check "JSON: the 2-client count's overlap is low ($(jq "$pt | .overlap" "$T/o.json"))" \
	jq -e "$pt | .overlap < 0.9 and .overlap_low" "$T/o.json" >/dev/null
check "JSON: the run's put_block says so too" \
	jq -e '.runs[1].phases[] | select(.name == "put_block") | .clients.overlap_low' "$T/o.json" >/dev/null
check "JSON: overlap is its recomputation from the clients' start and end" \
	jq -e '.runs[1].phases[] | select(.name == "put_block") | .clients as $c
		| ((($c.ends_ns | min) - ($c.starts_ns | max)) / (($c.ends_ns | max) - ($c.starts_ns | min))) as $r
		| ([[$r, 0] | max, 1] | min) - $c.overlap | fabs < 0.0001' "$T/o.json" >/dev/null
check "JSON: the 1-client count is not marked" \
	jq -e '.sweep.phases[] | select(.name == "put_block") | .points[0] | .overlap == 1 and (.overlap_low | not)' "$T/o.json" >/dev/null
# the Overlap column, its mark '<' a blank after it, then the CPU column
# (a '*' where CPU-bound); no mark is the run table's ('!' is unstable)
check "table: the 2-client row is marked" grep -qE '^put_block +2 .* [0-9]+% < +[0-9]+%( \*)?$' "$T/o.out"
check "table: the 1-client row is not" grep -qE '^put_block +1 .* - +[0-9]+%( \*)?$' "$T/o.out"
check "table: no '!' on the overlap" sh -c "! grep -qE '^put_block .*%!' '$T/o.out'"
check "table: the mark is explained" grep -q '^< overlap under 90%' "$T/o.out"
# the HTML charts: "<" (escaped) drawn at the 2-client point (only there), the caption says why
chart_marks() { # the point marks of the chart with id $1, one "x mark" per line
	awk -v id="$1" 'index($0, "<svg") { on = index($0, "id=\"" id "\"") > 0 } on' "$T/o.html" |
		grep -o '<text class="point-mark" data-x="[0-9]*"[^>]*>[^<]*<' | sed 's/.*data-x="\([0-9]*\)".*>\([^<]*\)</\1 \2/'
}
for c in sweep-put_block sweep-p99-put_block; do
	check "HTML $c: '<' at the 2-client point" sh -c "printf '%s\n' \"\$1\" | grep -qx '2 .*&lt;'" _ "$(chart_marks $c)"
	check "HTML $c: no '<' at the 1-client point" sh -c "! printf '%s\n' \"\$1\" | grep -qx '1 .*&lt;'" _ "$(chart_marks $c)"
done
check "HTML: the caption explains the mark" grep -q '&lt; overlap under 90% (much of the phase ran with fewer clients than the count) at 2 clients' "$T/o.html"
check "marks: the sweep table's marks hold one meaning each, each explained" python3 "$MARKS_CHECK" sweep "$T/o.out"
check "marks: the sweep page's points and table too" python3 "$MARKS_CHECK" sweep-html "$T/o.html"
[ -n "${DEBUG_T:-}" ] && grep '^put_block' "$T/o.out" >&2
check "scratch removed" empty_dir "$D"

# --- a client level's verdict judges its timeline up to the level's end:
# after it a client only finishes what it had begun (at 700 clients on 2
# cores that tail read as "fell 100% after ... (5.0 s)"). Client 0 of 2 is
# held at its third write and let go 3.5 s after the hold began, which is
# at least 0.5 s after the 3 s level's end (the hold began after the
# level did); its pass then ends long after the level's end.
rm -rf "$D"/* "$P"
(
	FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CALL=write FAULT_NTH=3 FAULT_CHILD=1 FAULT_MODE=pause FAULT_PAUSE_FILE=$P
	export FAULT_DIR LD_PRELOAD FAULT_CALL FAULT_NTH FAULT_CHILD FAULT_MODE FAULT_PAUSE_FILE
	exec "$BONNIE" -d "$D" -s 64m --phases put_block --clients 2 --level-time 3 --no-align-probe -z 3 -m host \
		--json "$T/cut.json"
) >"$T/cut.out" 2>"$T/cut.err" &
pid=$!
end=$(($(date +%s) + GUARD))
while [ ! -e "$P" ] && [ "$(date +%s)" -lt "$end" ]; do sleep 0.02; done
if [ -e "$P" ]; then
	pass
	t1=$(now)
	while [ $(($(now) - t1)) -lt 3500000000 ]; do sleep 0.05; done
else
	fail "client 0 held at its third write (not reached in ${GUARD}s)"
fi
let_go "$pid" "$end" "level end"
rc=$?
check "level end: exit 0 (got $rc)" [ $rc -eq 0 ]
cut='.runs[0].phases[] | select(.name == "put_block")'
check "level end: the verdict judged the timeline to the level's end, not its tail ($(jq -c "$cut | [.verdict.span_ns, (.timeline.length_ns | add), .clients.ends_ns]" "$T/cut.json"))" \
	jq -e "$cut | (.timeline.length_ns | add) - .verdict.span_ns > 300000000 and .verdict.span_ns >= (.clients.ends_ns | max)" \
	"$T/cut.json" >/dev/null
check "level end: the checker holds the cut to the clients' ends and the sentence to what it judged" \
	python3 "$(dirname "$0")/verdict_check.py" "$T/cut.json"
check "level end: scratch removed" empty_dir "$D"

# --- every phase at a count far above the cores keeps all its clients
# working together: --clients 1,300, the data phases and every create,
# stat and delete, on a tmpfs of 36864 inodes, whose pool for a
# time-based level (an eighth of the free inodes, cmd/plan.c) is 4096
# files: a dozen or so a client. A create ends once the clients have
# taken the pool, a delete once the first client has deleted all its
# files (the stonewall); on 2 cores the first clients to get a CPU did
# that while most of the 300 had not had one, and were cut with nothing
# done (before the start line: seq_create, seq_del, ran_create and ran_del
# 0% at 300, 257-298 clients starved). With the start line no client
# gets past its first operation before every client has done one, so
# every phase must overlap 90% or more at 300, none starved, none marked;
# only the level's end (5 s) could stop a client before its first
# operation.
H=$T/hi
mkdir "$H"
if mount -t tmpfs -o size=2g,nr_inodes=36864 tmpfs "$H"; then
	trap 'umount "$H"; rm -rf "$T"' EXIT
	HIGH=300
	"$BONNIE" -d "$H" -s 24m:8k -n 2 --clients 1,$HIGH --no-align-probe -z 3 -m host -q \
		--phases put_block,get_block,seq_create,seq_stat,seq_del,ran_create,ran_stat,ran_del \
		--json "$T/h.json" >"$T/h.out" 2>"$T/h.err"
	rc=$?
	check "$HIGH clients: exit 0 (got $rc)" [ $rc -eq 0 ]
	hp=".sweep.phases[] | select(.points | length == 2) | {name, p: (.points[] | select(.clients == $HIGH))}"
	got=$(jq -c "[$hp | \"\(.name) \(.p.overlap * 100 | floor)%\"]" "$T/h.json" 2>/dev/null)
	check "$HIGH clients: all 8 phases ran at both counts ($got)" \
		jq -e "[$hp] | length == 8" "$T/h.json" >/dev/null
	check "$HIGH clients: every phase overlaps 90% or more, none marked ($got)" \
		jq -e "[$hp | .p.overlap >= 0.9 and (.p.overlap_low | not)] | all" "$T/h.json" >/dev/null
	check "$HIGH clients: no client starved in any phase" \
		jq -e "[.runs[] | select(.clients == $HIGH) | .phases[] | select(.clients) | .clients.starved == 0] | all" \
		"$T/h.json" >/dev/null
	[ -n "${DEBUG_T:-}" ] && echo "$got" >&2
	check "$HIGH clients: scratch removed" empty_dir "$H"
else
	fail "mount a tmpfs of 36864 inodes (needs root)"
fi
finish
