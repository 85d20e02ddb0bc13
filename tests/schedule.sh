#!/bin/bash
# --start-at: the parse errors (exit 1), a host started after the first
# planned phase refused (exit 2), and a scheduled run whose phases start
# at their planned wall-clock times: each phase's wall_start_ns in the JSON
# within TOL_MS of its planned_start_ns, the slots one slot_ns apart.
. "$(dirname "$0")/lib.sh"
need_jq
TOL_MS=50 # a client's wake-up on a loaded 2-core machine takes milliseconds, not tens
# FILE_TOL: a file phase starts within one slot of its plan: its untimed
# preparation (the files made up before a delete) can outlast the gap on a
# slow build (measured under ASan: seq_del 1.3 s late; -O2: under 1 ms)
D=$T/dir
mkdir "$D"
SMALL=(-d "$D" -s 16m -n 1 -r 8m -f -q --level-time 0.5)

for bad in "" "soon" "12x" "2026-12-02 14:00:00" "2026-12-02T14:00:00" "2026-13-02T14:00:00Z" \
	"2026-11-31T14:00:00Z" "1.2.3" "0"; do
	"$BONNIE" "${SMALL[@]}" --start-at "$bad" >"$T/out" 2>"$T/err"
	rc=$?
	check "--start-at '$bad' is a usage error (got $rc)" [ "$rc" -eq 1 ]
	check "--start-at '$bad' says what it wants" grep -q "start-at: .*UNIX seconds or an ISO 8601 UTC" "$T/err"
done
"$BONNIE" "${SMALL[@]}" --verify --start-at "$(( $(date +%s) + 60 ))" >"$T/out" 2>"$T/err"
check "--start-at with --verify is refused (exit 1)" [ $? -eq 1 ]

"$BONNIE" "${SMALL[@]}" --start-at 2026-01-01T00:00:00Z >"$T/out" 2>"$T/err"
rc=$?
check "a late host is refused with exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "a late host says it started too late" grep -q "started too late to join the schedule" "$T/err"
check "a late host wrote nothing under -d" empty_dir "$D"

start=$(( $(date +%s) + 6 )) # the setup before the first phase (probes; slower under ASan) fits
"$BONNIE" "${SMALL[@]}" -c 2 --start-at "$start" --json "$T/run.json" >"$T/out" 2>"$T/err"
rc=$?
check "the scheduled run succeeds (got $rc)" [ "$rc" -eq 0 ]
check "the schedule starts at --start-at" [ "$(jq '.schedule.start_at_ns' "$T/run.json")" = "${start}000000000" ]
check "the clock state is recorded" jq -e '.schedule.clock | test("^(synchronised|unsynchronised|unknown)$")' \
	"$T/run.json" >/dev/null
slot=$(jq '.schedule.slot_ns' "$T/run.json")
# every phase that ran: started within TOL_MS of its plan, its plan start + rank x slot
jq -r '.runs[0].phases[] | select(.status == "done") | "\(.name) \(.wall_start_ns) \(.planned_start_ns)"' \
	"$T/run.json" >"$T/starts"
check "the phases that ran are scheduled" [ "$(wc -l <"$T/starts")" -ge 8 ]
rank=0
while read -r name wall planned; do
	off=$(( (wall - planned) / 1000000 ))
	case $name in
	put_block | rewrite | get_block | seeks) tol=$TOL_MS ;;
	*) tol=$((slot / 1000000)) ;; # see FILE_TOL below
	esac
	# Never before its plan is correctness; how soon after is timing, which a
	# loaded machine can stretch: gated only with SCHEDULE_STRICT=1 (a
	# measurement), printed always.
	check "$name starts at or after its plan (${off} ms after)" test "$off" -ge 0
	echo "schedule.sh: $name started ${off} ms after its plan (aim: within ${tol})" >&2
	if [ "${SCHEDULE_STRICT:-0}" = 1 ]; then check "$name starts within ${tol} ms of its plan" test "$off" -le $tol; fi
	check "$name planned in slot $rank" [ "$planned" -eq $(( start * 1000000000 + rank * slot )) ]
	rank=$((rank + 1))
done <"$T/starts"

# Block write's first pass ends at the level time on a schedule: -s 2g in
# 0.2 s would need 10 GB/s, so it is cut; each client's file is what it
# wrote (whole chunks, at least one), the later phases work on it, and the
# JSON and a line under the table say so.
start=$(( $(date +%s) + 6 ))
"$BONNIE" -d "$D" -s 2g -n 0 -r 1g -f --level-time 0.2 -c 2 --phases put_block,get_block,seeks \
	--start-at "$start" --json "$T/cut.json" >"$T/cut.out" 2>"$T/cut.err"
rc=$?
check "the run with a cut block write succeeds (got $rc: $(tail -n 1 "$T/cut.err"))" [ "$rc" -eq 0 ]
pb='.runs[0].phases[] | select(.name == "put_block")'
fb=$(jq "$pb | .file_bytes" "$T/cut.json")
chunk=$(jq '.config.chunk_bytes // 8192' "$T/cut.json")
check "block write's first pass was cut at the deadline" jq -e "$pb | .file_cut_at_deadline == true" "$T/cut.json" >/dev/null
check "the data files hold less than -s and at least a chunk each ($fb)" \
	test "$fb" -lt $((2 * 1024 * 1024 * 1024)) -a "$fb" -ge $((2 * chunk))
check "the data files are whole chunks" test $((fb % chunk)) -eq 0
check "the cut pass wrote the files once (bytes = file_bytes)" jq -e "$pb | .bytes == $fb" "$T/cut.json" >/dev/null
check "block read and seeks ran on the cut files" \
	jq -e '[.runs[0].phases[] | select(.name == "get_block" or .name == "seeks") | .status] == ["done", "done"]' \
	"$T/cut.json" >/dev/null
mib=$(awk -v b="$fb" 'BEGIN { printf "%.1f", b / 1048576 }')
check "a line under the table says the files hold $mib MiB" \
	grep -q "^schedule: block write's first pass ended at its slot's end (--start-at), so the data files together hold $mib MiB, less than -s" "$T/cut.out"
check "the cut run left nothing under -d" empty_dir "$D"

# A phase whose level passed before its first operation measured nothing:
# it fails, named (exit 3), and is never "done" at a rate of 0 (a CI run
# under ASan on a busy machine wrote seeks so, and compare warned of it).
# The seek threads are held (fault shim, pause) at their data file's open,
# which comes after the phase's start gate; the hold is let go 0.5 s after
# it began, so the 0.2 s level is over whatever the machine's speed. With
# --phases seeks, the first O_RDWR open of the run's client is a seek
# thread's (block write creates the file, evictions read it).
need_faultshim
P=$T/pause
GUARD=120
start=$(( $(date +%s) + 6 ))
(
	FAULT_DIR=$D LD_PRELOAD=$SHIM FAULT_CHILD=1 FAULT_CALL=openat FAULT_OPEN_RDWR=1 FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE=$P
	export FAULT_DIR LD_PRELOAD FAULT_CHILD FAULT_CALL FAULT_OPEN_RDWR FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE
	exec "$BONNIE" -d "$D" -s 8k:4k -n 0 -f0 --phases seeks --level-time 0.2 --no-align-probe -z 3 -m host1 \
		--start-at "$start" --json "$T/none.json" >"$T/none.out" 2>"$T/none.err"
) &
pid=$!
end=$(( $(date +%s) + GUARD ))
while [ ! -e "$P" ] && kill -0 "$pid" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do sleep 0.02; done
if [ -e "$P" ]; then
	t1=$(date +%s%N)
	while [ $(( $(date +%s%N) - t1 )) -lt 500000000 ]; do sleep 0.05; done
else
	fail "a seek thread held at its open (not reached)"
fi
let_go "$pid" "$end" "held seek threads"
rc=$?
check "no operation in the level: exit 3 (got $rc)" [ "$rc" -eq 3 ]
check "no operation in the level: one line names the phase and the level ($(tail -n 1 "$T/none.err"))" \
	grep -qx "bonnie: measure $D/bonnie\.[A-Za-z0-9]*: random seeks completed no operation in its level's 0\.2 s (--level-time): nothing measured" "$T/none.err"
sk='.runs[0].phases[] | select(.name == "seeks")'
check "no operation in the level: seeks failed at 0 operations, no rate ($(jq -c "$sk | [.status, .operations, .rate_seeks_s]" "$T/none.json"))" \
	jq -e "$sk | .status == \"failed\" and .operations == 0 and .rate_seeks_s == null" "$T/none.json" >/dev/null
check "no operation in the level: block write before it done" \
	jq -e '.runs[0].phases[] | select(.name == "put_block") | .status == "done"' "$T/none.json" >/dev/null
check "no operation in the level: the CSV's seeks are empty" grep -q '^1\.98,.*,[0-9]*,[0-9]*,,,,,,,,,,,,,,,,,,,,,,,,,,,' "$T/none.out"
"$BONNIE" compare "$T/none.json" "$T/none.json" >"$T/none.cmp" 2>"$T/none.cmp.err"
rc=$?
check "compare reads the failed phase (got $rc)" [ "$rc" -eq 0 ]
check "compare reads it without a warning" [ ! -s "$T/none.cmp.err" ]
check "compare says seeks failed" grep -q '^random seeks  *failed  *failed$' "$T/none.cmp"
check "the run with nothing measured left nothing under -d" empty_dir "$D"
finish
