#!/bin/sh
# %CP of phases run by one thread never passes 100: many runs of phases of
# tens of microseconds each (issue 11's command line), on tmpfs where they
# are CPU-bound, checked in the CSV and in the JSON.
. "$(dirname "$0")/lib.sh"

RUNS=20
D=$T/dir
# /dev/shm is a tmpfs on Linux: no device waits, so the phases are pure CPU
if [ -d /dev/shm ] && [ -w /dev/shm ] && W=$(mktemp -d /dev/shm/bonnie-cpu.XXXXXX); then
	D=$W
	trap 'rm -rf "$T" "$W"' EXIT
else
	mkdir "$D"
fi

over=0
for i in $(seq $RUNS); do
	"$BONNIE" -d "$D" -s 1k:256:1:1 -n 0 -f -q --json "$T/run.json" >"$T/csv" 2>/dev/null; rc=$?
	check "run $i exits 0 (got $rc)" [ $rc -eq 0 ]
	# bonnie++ 1.98 CSV: %CP of the six bulk columns are fields 11, 13, ... 21
	cpus=$(tail -n 1 "$T/csv" | cut -d, -f11,13,15,17,19,21 | tr ',' ' ')
	check "run $i: four bulk phases have a %CP" [ "$(echo $cpus | wc -w)" -eq 4 ]
	for c in $cpus; do [ "$c" -le 100 ] || { over=$((over + 1)); echo "run $i: CSV %CP $c" >&2; }; done
	jq -e '[.runs[0].phases[] | select(.status == "done") | .cpu_percent <= 100 and .cpu_ns <= .elapsed_ns] | length == 4 and all' \
		"$T/run.json" >/dev/null || { over=$((over + 1)); echo "run $i: JSON cpu over elapsed" >&2; }
done
check "$RUNS runs: no one-thread phase above 100 %CP ($over over)" [ $over -eq 0 ]
check "nothing left" empty_dir "$D"
finish
