#!/bin/sh
# Timelines and verdicts against real slow-downs, not synthetic ones:
#  - block write (-D) falls when a cgroup blkio limit is lowered partway:
#    it starts under a limit of 16 MiB/s (so that what other load does to
#    the machine does not make the part before the change noisy), the shim
#    (FAULT_MODE=pause) holds the first write and the K-th, the test takes
#    the rate reached in between and sets a write limit of a quarter of it
#    while the phase is held; the verdict must be "fell" at the time and
#    size of the K-th write (within 10%);
#  - the same for a read limit in block read;
#  - block write and block read run wholly under those limits: "steady";
#  - a write held 2.5 s mid-phase (FAULT_MODE=delay, on a tmpfs of the
#    test's own): "stalled", at the time of that write (within 10%, or 150
#    ms: the interval's width and a half) and for as long as that write
#    took (at least the 2.5 s it was held: more when the loaded machine was
#    slow to run it again).
# A case is tried up to three times while its timeline shows that the
# machine stopped the phase by itself away from where the test held it (an
# interval in which nothing completed); after three such tries it is
# skipped with one line. The limits need cgroup v1 blkio (or v2 io.max); without either those
# cases are skipped with one line. Three clients' merged timelines sum to
# the phases' totals too. The throttled cases run on ext4 on a loop device over
# RAM (see loop_setup): the machine's shared disk, loaded by others, gave
# phases that stalled and crawled on their own. Every JSON timeline's sums must be the
# phase's totals.
. "$(dirname "$0")/lib.sh"

SHIM=${BUILD_DIR:-build}/faultshim.so
[ -f "$SHIM" ] || { echo "timeline.sh: build $SHIM first (make build/faultshim.so)" >&2; exit 1; }
need_jq

D=$T/dir
mkdir "$D"
MIB=1048576

# wait_for cmd...: until cmd succeeds (at most about 2 minutes).
wait_for() {
	i=0
	while ! "$@"; do
		i=$((i + 1))
		[ "$i" -lt 12000 ] || return 1
		sleep 0.01
	done
}
now_ns() { date +%s%N; }

# The whole disk under $D, MAJ:MIN (throttling applies to whole disks).
disk_of() {
	mm=$(stat -c '%Hd:%Ld' "$D") || return 1
	p=$(readlink -f "/sys/dev/block/$mm") || return 1
	[ -e "$p/partition" ] && mm=$(cat "$p/../dev")
	echo "$mm"
}

# The group: v1 blkio or v2 io.max; G empty when neither works here.
G=
CG_KIND=
setup_group() {
	MM=$(disk_of) || return 1
	if [ -w /sys/fs/cgroup/blkio/cgroup.procs ] || [ -d /sys/fs/cgroup/blkio ]; then
		G=/sys/fs/cgroup/blkio/bonnie-timeline.$$
		mkdir "$G" 2>/dev/null && [ -e "$G/blkio.throttle.write_bps_device" ] && CG_KIND=v1 && return 0
		rmdir "$G" 2>/dev/null
	fi
	if [ -e /sys/fs/cgroup/cgroup.controllers ] && grep -qw io /sys/fs/cgroup/cgroup.controllers; then
		G=/sys/fs/cgroup/bonnie-timeline.$$
		mkdir "$G" 2>/dev/null && [ -e "$G/io.max" ] && CG_KIND=v2 && return 0
		rmdir "$G" 2>/dev/null
	fi
	G=
	return 1
}
# limit write|read BYTES_PER_S (0: none)
limit() {
	if [ "$CG_KIND" = v1 ]; then
		echo "$MM $2" >"$G/blkio.throttle.$1_bps_device"
	else
		v=$2; [ "$v" = 0 ] && v=max
		case $1 in write) echo "$MM wbps=$v" >"$G/io.max" ;; read) echo "$MM rbps=$v" >"$G/io.max" ;; esac
	fi
}
cleanup_group() {
	[ -n "$G" ] || return 0
	limit write 0; limit read 0
	rmdir "$G" 2>/dev/null
}
trap 'cleanup_group; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM

# start JSON VAR=value... -- args: bonnie in the group (when there is one)
# under the shim, in the background ($pid).
start() {
	json=$1; shift
	: >"$T/out"
	(
		while [ $# -gt 0 ] && [ "$1" != "--" ]; do
			# shellcheck disable=SC2163 # "$1" is VAR=value
			export "$1"
			shift
		done
		shift
		[ -n "$G" ] && echo 0 >"$G/cgroup.procs"
		FAULT_DIR=$D LD_PRELOAD=$SHIM
		export FAULT_DIR LD_PRELOAD
		exec "$BONNIE" -d "$D" -n 0 --no-align-probe --json "$json" "$@"
	) >"$T/out" 2>&1 &
	pid=$!
}

# j JSON PHASE FILTER: jq FILTER on that phase's object.
j() { jq -r --arg p "$2" ".runs[0].phases[] | select(.name == \$p) | $3" "$1"; }
# within A B PCT: |A - B| <= PCT% of B
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * p / 100) }'; }

# The timeline's columns sum to the phase's totals.
sums_check() {
	for ph in $(jq -r '.runs[0].phases[] | select(.timeline) | .name' "$1"); do
		check "$2: $ph timeline bytes sum to the phase's" \
			[ "$(j "$1" "$ph" '.timeline.bytes | add')" = "$(j "$1" "$ph" '.bytes')" ]
		check "$2: $ph timeline operations sum to the phase's" \
			[ "$(j "$1" "$ph" '.timeline.operations | add')" = "$(j "$1" "$ph" '.operations')" ]
	done
}

# The time in the phase at which its timeline had done BYTES: the start of
# the interval in which the running sum reached them.
time_at_bytes() {
	j "$1" "$2" "[.timeline.start_ns, .timeline.bytes] | transpose | reduce .[] as \$x ({s: 0, t: null};
		if .t == null then (.s += \$x[1]) | (if .s >= $3 then .t = \$x[0] else . end) else . end) | .t"
}

# fall PHASE TITLE CALL K PHASES: PHASE runs under a first limit of BASE
# (so the rate before the change is the limit's, whatever else the machine
# does), the fault shim holds its first and its K-th CALL, and while it is
# held the limit becomes a quarter of the rate reached in between; the
# verdict must be "fell" at the time and the size of the K-th call.
CHUNK=65536
BASE=$((16 * MIB))

# starved JSON PHASE FROM_NS TO_NS: the timeline has an interval in which
# no operation completed, away from the phase's start and from FROM..TO
# (where the test held it): the machine stopped the phase by itself (seen
# at load averages over 150 on the shared machine), so the case is tried
# again.
starved() {
	[ "$(j "$1" "$2" "[.timeline.start_ns, .timeline.operations] | transpose |
		map(select(.[1] == 0 and .[0] >= 200000000 and (.[0] < $3 - 300000000 or .[0] > $4 + 300000000))) |
		length")" -gt 0 ]
}

# Three tries in a row stalled by the machine: it cannot run the case now.
# Said on one line, not failed: the verdict of a stalled phase is right to
# differ, and nothing of bonnie's is wrong in it.
skip_starved() {
	skip "$1: the machine stalled the phase by itself in 3 tries (load average $(cut -d' ' -f1 /proc/loadavg))"
}

# fall_try ...: one try of fall; sets v, at, atb, held, rate, json.
fall_try() {
	ph=$1 title=$2 call=$3 k=$4 phases=$5 json=$T/$1.json
	kind=write; [ "$call" = read ] && kind=read
	v= at= atb= held=0
	limit "$kind" "$BASE"
	rm -f "$T/p"
	start "$json" FAULT_AFTER="$title" FAULT_CALL="$call" FAULT_NTH=1 FAULT_NTH2="$k" FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$T/p" -- -D -s "$(((k + k / 3) * CHUNK / MIB))m:64k" --phases "$phases"
	if ! wait_for test -e "$T/p"; then
		fail "$ph: never held at the first $call"; kill "$pid"; wait "$pid"; return 1
	fi
	t1=$(now_ns)
	rm -f "$T/p"
	if ! wait_for test -e "$T/p"; then
		fail "$ph: never held at $call $k"; kill "$pid"; wait "$pid"; return 1
	fi
	t2=$(now_ns)
	held=$((t2 - t1))
	rate=$(awk -v b="$(((k - 1) * CHUNK))" -v t="$held" 'BEGIN { printf "%d", b * 1e9 / t / 4 }')
	limit "$kind" "$rate"
	eval "LIMIT_$kind=$rate"
	rm -f "$T/p"
	wait "$pid"
	rc=$?
	limit "$kind" 0
	v=$(j "$json" "$ph" '.verdict.kind')
	at=$(j "$json" "$ph" '.verdict.at_ns')
	atb=$(j "$json" "$ph" '.verdict.at_bytes')
	return 0
}

# fall PHASE TITLE CALL K PHASES: PHASE runs under a first limit of BASE
# (so the rate before the change is the limit's, whatever else the machine
# does), the fault shim holds its first and its K-th CALL, and while it is
# held the limit becomes a quarter of the rate reached in between; the
# verdict must be "fell" at the time and the size of the K-th call. Up to
# three tries while the machine starved the phase by itself.
fall() {
	for try in 1 2 3 4; do
		[ "$try" -eq 4 ] && { skip_starved "$ph"; return; }
		fall_try "$@" || return
		[ "$rc" -eq 0 ] && [ "$v" = fell ] && within "$at" "$held" 10 && within "$atb" "$(((k - 1) * CHUNK))" 10 && break
		starved "$json" "$ph" "$held" "$held" || break
		echo "timeline.sh: $ph: the machine stalled the phase by itself (try $try); once more"
	done
	check "$ph: exit 0 under the limit ($(tail -n 3 "$T/out"))" [ "$rc" -eq 0 ]
	check "$ph: fell under a $kind limit of $rate B/s set $((held / 1000000)) ms in: $(j "$json" "$ph" '.verdict.sentence'); MB per interval: $(j "$json" "$ph" '.timeline.bytes | map(. / 1e5 | floor / 10) | join(" ")')" \
		[ "$v" = fell ]
	if [ "$v" = fell ]; then
		# the fall is said first, as its own event, with nothing before it
		check "$ph: the sentence begins with the fall: $(j "$json" "$ph" '.verdict.sentence')" \
			[ "$(j "$json" "$ph" '.verdict.sentence | startswith("fell ")')" = true ]
		check "$ph: events[0] is the headline fall" \
			[ "$(j "$json" "$ph" '.verdict.events[0].kind == "fell" and .verdict.events[0].at_ns == .verdict.at_ns')" = true ]
		check "$ph: the events are in time order" \
			[ "$(j "$json" "$ph" '[.verdict.events[].at_ns] | . == sort')" = true ]
		check "$ph: fell at $at ns, the $call was held at $held ns (10%)" within "$at" "$held" 10
		check "$ph: fell after $atb bytes, held at $(((k - 1) * CHUNK)) (10%)" within "$atb" "$(((k - 1) * CHUNK))" 10
	fi
	sums_check "$json" "$ph fall"
}

# The throttled cases run on a block device of the test's own: ext4 on a
# loop device over a file in a tmpfs (RAM), so that what other programs do
# to the machine's disks cannot stall or slow the phase on its own; where
# that cannot be made, on the disk under $TMPDIR.
LOOP=
LM=$T/loop
loop_setup() {
	command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || return 1
	mkdir "$LM" && mount -t tmpfs -o size=600m bonnie-timeline "$LM" || return 1
	truncate -s 512m "$LM/img" && LOOP=$(losetup -f --show "$LM/img") || { umount "$LM"; return 1; }
	mkdir "$LM/fs" && mkfs.ext4 -q "$LOOP" && mount "$LOOP" "$LM/fs" || { loop_cleanup; return 1; }
	D=$LM/fs/dir
	mkdir "$D"
}
loop_cleanup() {
	[ -n "$LOOP" ] || return 0
	umount "$LM/fs" 2>/dev/null
	losetup -d "$LOOP" 2>/dev/null
	umount "$LM" 2>/dev/null
	LOOP=
	D=$T/dir
}
trap 'cleanup_group; loop_cleanup; rm -rf "$T"' EXIT

# TIMELINE_ON_DISK=1 runs them on the disk under $TMPDIR anyway (on a quiet machine).
if [ -n "${TIMELINE_ON_DISK:-}" ]; then
	echo "timeline.sh: TIMELINE_ON_DISK set: the throttled cases run on the disk under ${TMPDIR:-/tmp}"
else
	loop_setup || echo "timeline.sh: no loop device over RAM here: the throttled cases run on the disk under ${TMPDIR:-/tmp}"
fi
if setup_group; then
	# 3 s at the first limit, then a quarter of it for at least 4 s
	fall put_block "Writing intelligently" write 768 put_block
	fall get_block "Reading intelligently" read 768 put_block,get_block
	# both phases wholly under those limits: no change is told (steady, or
	# noisy with no lasting change: a throttle this low lets a 0.3 s window
	# through four chunks or five, which is 25% apart)
	limit write "${LIMIT_write:-0}" # unset: its fall case failed already
	limit read "${LIMIT_read:-0}"
	for try in 1 2 3 4; do
		[ "$try" -eq 4 ] && { skip_starved steady; break; }
		start "$T/steady.json" -- -D -s 16m:64k --phases put_block,get_block
		wait "$pid"
		rc=$?
		[ "$(jq '[.runs[0].phases[] | select(.timeline) | .verdict.kind | IN("steady", "noisy")] | all' "$T/steady.json")" = true ] && break
		starved "$T/steady.json" put_block -1 -1 || starved "$T/steady.json" get_block -1 -1 || break
		echo "timeline.sh: steady: the machine stalled a phase by itself (try $try); once more"
	done
	check "steady run: exit 0" [ "$rc" -eq 0 ]
	# a failure keeps the run's JSON for the checker (tests/verdict_check.py)
	keep=${BUILD_DIR:-build}/timeline-steady-failed.json
	for ph in put_block get_block; do
		[ "$try" -eq 4 ] && break
		verdict_kind=$(j "$T/steady.json" "$ph" '.verdict.kind')
		case $verdict_kind in steady | noisy) ;; *) cp "$T/steady.json" "$keep" && echo "timeline.sh: kept in $keep" ;; esac
		check "$ph wholly under the limit: $(j "$T/steady.json" "$ph" '.verdict.sentence'); MB per interval: $(j "$T/steady.json" "$ph" '.timeline.bytes | map(. / 1e5 | floor / 10) | join(" ")')" \
			sh -c 'case $1 in steady | noisy) ;; *) exit 1 ;; esac' _ "$verdict_kind"
	done
	sums_check "$T/steady.json" steady
	limit write 0
	limit read 0
else
	skip "the throttled cases: neither cgroup v1 blkio nor v2 io.max can be used here"
fi
cleanup_group
G=
loop_cleanup

# A write held 2.5 s: stalled there, for that long. On a tmpfs of our own,
# so that nothing else on the machine's disks can stall the phase too. The
# hold alone passes the 2 s a verdict needs: on a quiet machine the 2 GiB
# around it take only 0.4 s, and a 1.5 s hold left the phase too short to
# judge.
M=$T/mnt
mkdir "$M"
if mount -t tmpfs -o size=2200m bonnie-timeline "$M" 2>/dev/null; then
	trap 'umount "$M" 2>/dev/null; cleanup_group; loop_cleanup; rm -rf "$T"' EXIT
	D=$M
	K=1536
	for try in 1 2 3 4; do
		[ "$try" -eq 4 ] && { skip_starved stall; break; }
		start "$T/stall.json" FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=$K FAULT_MODE=delay \
			FAULT_DELAY_MS=2500 -- -s 2g:1m --phases put_block
		wait "$pid"
		rc=$?
		held=$(time_at_bytes "$T/stall.json" put_block "$(((K - 1) * MIB))")
		at=$(j "$T/stall.json" put_block '.verdict.at_ns')
		[ "$(j "$T/stall.json" put_block '.verdict.kind')" = stalled ] &&
			awk -v a="$at" -v h="$held" 'BEGIN { d = a - h; if (d < 0) d = -d; t = h / 10; if (t < 150e6) t = 150e6; exit !(d <= t) }' && break
		starved "$T/stall.json" put_block "$held" "$((held + 2500000000))" || break
		echo "timeline.sh: stall: the machine stalled the phase by itself (try $try); once more"
	done
	check "stall: exit 0" [ "$rc" -eq 0 ]
	v=$(j "$T/stall.json" put_block '.verdict.kind')
	[ "$try" -eq 4 ] && v=skipped
	[ "$v" = skipped ] || check "stall: $(j "$T/stall.json" put_block '.verdict.sentence')" [ "$v" = stalled ]
	# one stall, said once (a change the windows show before it may be said too)
	[ "$v" = stalled ] && check "stall: said once: $(j "$T/stall.json" put_block '.verdict.sentence')" \
		[ "$(j "$T/stall.json" put_block '[.verdict.events[] | select(.kind == "stalled")] | length')" = 1 ]
	if [ "$v" = stalled ]; then
		at=$(j "$T/stall.json" put_block '.verdict.at_ns')
		held=$(time_at_bytes "$T/stall.json" put_block "$(((K - 1) * MIB))")
		# the interval says when the write began to within its width (100 ms)
		check "stall: at $at ns, write $K began in the interval at $held ns (10%, at least 150 ms)" \
			awk -v a="$at" -v h="$held" 'BEGIN { d = a - h; if (d < 0) d = -d; t = h / 10; if (t < 150e6) t = 150e6; exit !(d <= t) }'
		# as long as the held write took: at least the 2.5 s it was held,
		# more when the machine was slow to run it again
		len=$(j "$T/stall.json" put_block '.verdict.length_ns')
		check "stall: $len ns long, at least the 2.5 s the write was held" [ "$len" -ge 2500000000 ]
		check "stall: $len ns long, the held write's latency (the phase's maximum, 1%)" \
			within "$len" "$(j "$T/stall.json" put_block '.latency_ns.max')" 1
	fi
	sums_check "$T/stall.json" stall
	# three clients: their timelines merged into one whose sums are the phase's
	start "$T/clients.json" -- -s 96m:64k -f256k -n 1 -c 3 -q
	wait "$pid"
	check "clients: exit 0" [ $? -eq 0 ]
	check "clients: every phase that ran has a timeline" \
		[ "$(jq '[.runs[0].phases[] | select(.status == "done") | has("timeline")] | all' "$T/clients.json")" = true ]
	check "clients: no client's timeline file is left" [ -z "$(find "$M" -name 'timeline.*')" ]
	sums_check "$T/clients.json" clients
	umount "$M"
else
	skip "the stall case: cannot mount a tmpfs (not root?)"
fi

finish
