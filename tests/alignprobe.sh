#!/bin/sh
# The align probe tells a real shifted-write penalty from noise:
#  - the fault shim's delay_unaligned mode makes every 4 KiB write off the
#    4 KiB grid slower (spinning): 4x slower (FAULT_DELAY_PCT=300), the probe
#    must say "penalty" in every run (or, where load leaves it fewer than 8
#    pairs in its time limit, inconclusive with a median ratio past 1.15x); 1.5x slower (FAULT_DELAY_PCT=50), it
#    must never say "no penalty" (a busy machine may leave it inconclusive:
#    a hold of half a ~250 us write is within scheduling noise under load,
#    and that is the relation load cannot break);
#  - on this machine's own disk, with CPU and write load started here, it
#    must never say "penalty" (no penalty, or inconclusive with its figures);
#  - the table line, the JSON decision and the per-pair figures agree.
# Runs only where the scratch device is 512e (physical sector larger than
# logical: the probe has something to measure). RUNS (default 3) sets how
# many runs of each kind.
. "$(dirname "$0")/lib.sh"

need_jq
need_faultshim
RUNS=${RUNS:-3}
D=$T/dir
mkdir "$D"

"$BONNIE" -d "$D" -s 1m:4k:20:1 -f -n 0 --phases put_block --align-probe -q --json "$T/first.json" >"$T/out" 2>"$T/err"
if [ "$(jq -r '.alignment_probe.measured' "$T/first.json")" != true ]; then
	skip "probe not measured here ($(grep 'Align probe' "$T/out"))"
	finish
	exit $?
fi

# probe N [env...]: one run; its decision on stdout, its files kept as $T/N.*
probe() {
	n=$1; shift
	env "$@" "$BONNIE" -d "$D" -s 1m:4k:20:1 -f -n 0 --phases put_block --align-probe -q \
		--json "$T/$n.json" >"$T/$n.out" 2>&1 || fail "run $n: exit status"
	jq -c '.alignment_probe | [.decision, .stopped_by, (.pairs | length), .median_time_ratio, .bound_low, .bound_high]' \
		"$T/$n.json" >&2
	jq -r '.alignment_probe.decision' "$T/$n.json"
}

# The line and the JSON say the same thing, and the JSON's figures are whole.
# The probe decides on its bound as printed, to 2 decimals (1.147 is 1.15).
consistent() { # consistent N
	j=$T/$1.json; o=$T/$1.out
	jq -e '.alignment_probe | (.pairs | length) >= 1 and .bound_low <= .median_time_ratio
		and .median_time_ratio <= .bound_high
		and ([.pairs[] | .aligned_median_ns > 0 and .shifted_median_ns > 0] | all)' "$j" >/dev/null || return 1
	pairs=$(jq '.alignment_probe.pairs | length' "$j")
	grep -q "Align probe: 4096 B direct+sync writes, $pairs pairs" "$o" || return 1
	case $(jq -r '.alignment_probe.decision' "$j") in
	penalty) grep -q "read-modify-write" "$o" && jq -e '(.alignment_probe.bound_low * 100 | round) >= 115' "$j" >/dev/null ;;
	no_penalty) grep -q "no penalty (1.15x or more is ruled out)" "$o" && jq -e '(.alignment_probe.bound_high * 100 | round) < 115' "$j" >/dev/null ;;
	inconclusive) grep -q "inconclusive (" "$o" && ! grep -q "read-modify-write" "$o" ;;
	*) false ;;
	esac
}

# penalty_seen DECISION N: run N said "penalty", or stopped at the time
# limit before the fewest pairs a decision takes (8) with its pairs'
# median ratio at or above the penalty factor (1.15x): a machine busy
# enough to leave fewer than 8 pairs in the probe's 15 s stops it short
penalty_seen() {
	[ "$1" = penalty ] && return 0
	[ "$1" = inconclusive ] && jq -e '.alignment_probe | .stopped_by == "time_limit" and (.pairs | length) < 8
		and (.pairs | length) >= 1 and .median_time_ratio >= 1.15' "$T/$2.json" >/dev/null
}
not_no_penalty() { [ "$1" = penalty ] || [ "$1" = inconclusive ]; }

i=0
while [ $i -lt "$RUNS" ]; do
	i=$((i + 1))
	d=$(probe "shim$i" LD_PRELOAD="$SHIM" FAULT_MODE=delay_unaligned FAULT_DELAY_PCT=300)
	echo "shifted 4x slower, run $i: $d" >&2
	check "shifted writes 4x slower, run $i: penalty, or cut short by time past 1.15x (got $d)" penalty_seen "$d" "shim$i"
	check "shim run $i: line and JSON agree" consistent "shim$i"
	d=$(probe "slight$i" LD_PRELOAD="$SHIM" FAULT_MODE=delay_unaligned FAULT_DELAY_PCT=50)
	echo "shifted 1.5x slower, run $i: $d" >&2
	check "shifted writes 1.5x slower, run $i: never no penalty (got $d)" not_no_penalty "$d"
	check "slight shim run $i: line and JSON agree" consistent "slight$i"
done

# Load of our own: a busy loop per core and a writer of 64 MiB files.
loadpids=
for c in 1 2; do
	sh -c 'while :; do :; done' &
	loadpids="$loadpids $!"
done
sh -c 'while :; do dd if=/dev/zero of="$1" bs=1M count=64 conv=fsync 2>/dev/null; done' sh "$T/load" &
loadpids="$loadpids $!"
i=0
while [ $i -lt "$RUNS" ]; do
	i=$((i + 1))
	d=$(probe "busy$i")
	echo "aligned disk under load, run $i: $d" >&2
	check "aligned disk under load, run $i: no penalty claimed (got $d)" [ "$d" != penalty ]
	check "busy run $i: line and JSON agree" consistent "busy$i"
done
for p in $loadpids; do kill "$p"; done
wait 2>/dev/null
finish
