#!/bin/sh
# The man page and the binary agree, so they cannot drift apart:
#  - every JSON key bonnie emits is documented in bonnie.1's JSON section,
#    and every key documented there (a bold lower-case word) is emitted by
#    one of the runs below (on a block device with a measured alignment
#    probe, on tmpfs with an unmeasured one, and with an injected write
#    error);
#  - every progress line and every note under the table that these runs
#    print is in the man page (numbers and names matched as placeholders);
#  - keys the man page says appear only in some phases appear only there.
# Needs jq and groff; a block device under TMPDIR or root (loop ext4), and
# a tmpfs (root mounts one, else /dev/shm).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"
. "$(dirname "$0")/man_lines.sh"

for tool in jq groff col; do
	command -v $tool >/dev/null || { echo "docs.sh: $tool is required" >&2; exit 1; }
done
MAN=$(cd "$(dirname "$0")/.." && pwd)/bonnie.1
mounts=""
loopdev=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	[ -n "$loopdev" ] && losetup -d "$loopdev" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
jqe() { jq -e "$@" >/dev/null; }

# The man page as one line of plain text (no hyphenation, no fonts).
man_text "$MAN"
check "man page renders" [ -s "$T/man.txt" ]
# A .BI or .B line that opens with a comma renders as a word of its own
# ("It goes on , but event with every stall seen"): quote such text inline.
check "no comma stands alone in the rendered man page (got: $(grep -o '.\{20\} ,.\{20\}' "$T/man.txt" | head -n 1))" \
	sh -c '! grep -q " ," "$1"' sh "$T/man.txt"

# The EXAMPLES' client sweep reads as a sweep prints today: its table
# header is the one bonnie writes (the golden sweep's), and each phase's
# line and the answer parse by the independent checker's templates
# (tests/verdict_sweep.py), so a reworded sentence shows up here.
python3 - "$MAN" "$(dirname "$0")" >"$T/man_sweep.bad" 2>&1 <<'PY'
import os, re, sys
sys.path.insert(0, sys.argv[2])
import verdict_sweep as vs
src = open(sys.argv[1]).read()
start = src.index("How many clients before it lags")
block = src[src.index(".EX\n", start) + 4:src.index(".EE\n", start)]
lines = []
for raw in block.replace("\\-", "-").replace("\\&", "").splitlines():
    if raw.startswith("  ") and lines:  # a wrapped sentence goes on indented
        lines[-1] += " " + raw.strip()
    else:
        lines.append(raw)
golden = os.path.join(sys.argv[2], "golden/expected/run/sweep.table.golden")
header = [l for l in open(golden).read().splitlines() if l.startswith("Phase ")][0]
if header not in lines:
    print("the example's table header is not bonnie's: %r" % header)
said = 0
for l in lines:
    m = re.match(r"(%s): (.*)" % "|".join(vs.PHASE_ORDER), l)
    s = m.group(2) if m else l
    if not m and not re.match(r"This server|No storage|Inconclusive", l):
        continue
    said += 1
    while s:  # the phase's sentences, or the answer's, each by a template
        rxs = [rx for _, rx in vs.SENT] if m else [rx for _, rx in vs.ANSWER]
        hit = next((h for h in (rx.match(s) for rx in rxs) if h), None)
        if not hit:
            print("no template at %r" % s[:70])
            break
        s = s[hit.end():].lstrip()
if said == 0:
    print("no sweep sentence found in the example")
PY
check "bonnie.1's sweep example reads as a sweep prints today (got: $(head -n 1 "$T/man_sweep.bad"))" \
	test ! -s "$T/man_sweep.bad"

# Bold lower-case words of the JSON section: .B (all bold), .BR (odd
# arguments bold), .RB (even ones), and \fB...\fP.
awk '
/^\.SS JSON/ { on = 1; next }
/^\.S[HS]/ { on = 0 }
!on { next }
function words(line,   n, i, c, q, w) {
	n = 0; w = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\"") { q = !q; continue }
		if (c == " " && !q) { if (w != "") arg[++n] = w; w = ""; continue }
		w = w c
	}
	if (w != "") arg[++n] = w
	return n
}
{
	rest = $0
	while (match(rest, /\\fB[^\\]*\\f[PR]/)) {
		print substr(rest, RSTART + 3, RLENGTH - 6); rest = substr(rest, RSTART + RLENGTH)
	}
	if ($1 != ".B" && $1 != ".BR" && $1 != ".RB") next
	n = words(substr($0, length($1) + 2))
	for (i = 1; i <= n; i++)
		if ($1 == ".B" || ($1 == ".BR" && i % 2 == 1) || ($1 == ".RB" && i % 2 == 0))
			print arg[i]
}' "$MAN" | tr ' ' '\n' | grep -E '^[a-z][a-z0-9_]*$' | sort -u >"$T/documented"
check "the JSON section documents keys" [ "$(wc -l <"$T/documented")" -gt 50 ]

# --- the runs -------------------------------------------------------------
SMALL="-s 1m:4k:16:2 -f64k -n 1:2k:0:2 -z 11 -m docs"

# 1. On a block device, probe measured.
DEV=$T/dev
mkdir "$DEV"
"$BONNIE" -d "$DEV" $SMALL --align-probe --json "$T/dev.json" >"$T/dev.out" 2>"$T/dev.err"; rc=$?
if [ $rc -eq 0 ] && [ "$(jq '.environment.device == null' "$T/dev.json")" = true ] && [ "$(id -u)" -eq 0 ]; then
	truncate -s 64m "$T/ext4.img" && mkfs.ext4 -q -F "$T/ext4.img" && loopdev=$(losetup -f --show "$T/ext4.img") &&
		mount "$loopdev" "$DEV" && mounts="$DEV"
	"$BONNIE" -d "$DEV" $SMALL --align-probe --json "$T/dev.json" >"$T/dev.out" 2>"$T/dev.err"; rc=$?
fi
check "run on a block device exits 0 (got $rc)" [ $rc -eq 0 ]
check "that run found a device (needs one under TMPDIR, or root)" jqe '.environment.device != null' "$T/dev.json"
check "that run measured the probe" jqe '.alignment_probe.measured == true' "$T/dev.json"

# 2. On tmpfs: no device, probe not measured, and the progress line says so.
TMPFS=$T/tmpfs
mkdir "$TMPFS"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64m tmpfs "$TMPFS"; then
	mounts="$TMPFS $mounts"
elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	TMPFS=$(mktemp -d /dev/shm/bonnie-docs.XXXXXX)
	trap 'cleanup; rm -rf "$TMPFS"' EXIT
fi
"$BONNIE" -d "$TMPFS" $SMALL --align-probe --json "$T/tmpfs.json" >"$T/tmpfs.out" 2>"$T/tmpfs.err"; rc=$?
check "run on tmpfs exits 0 (got $rc)" [ $rc -eq 0 ]
check "tmpfs: probe not measured, sizes null, a reason" \
	jqe '.alignment_probe | .measured == false and .io_bytes == null and .shift_bytes == null and (.error | length > 0)' "$T/tmpfs.json"
check "tmpfs: progress line 'Probing partition alignment...not measured: <why>'" \
	grep -q '^Probing partition alignment\.\.\.not measured: no block device' "$T/tmpfs.out"

# 3. A write error in block write: the phase's error object.
FAIL=$T/fail
mkdir "$FAIL"
(FAULT_DIR=$FAIL FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=3 FAULT_MODE=eio LD_PRELOAD=$SHIM
	export FAULT_DIR FAULT_AFTER FAULT_CALL FAULT_NTH FAULT_MODE LD_PRELOAD
	exec "$BONNIE" -d "$FAIL" $SMALL --json "$T/fail.json") >"$T/fail.out" 2>"$T/fail.err"; rc=$?
check "injected write error exits 3 (got $rc)" [ $rc -eq 3 ]
check "the failed phase has an error with an offset" jqe '.runs[0].phases[1].error.offset == 8192' "$T/fail.json"

# 4. Notes: -D (per-char runs buffered), --no-evict (cache not dropped,
#    cached reads) and a file label too long for the table.
"$BONNIE" -d "$DEV" -s 1m:4k:16:2 -f64k -n 1:2k:1k:2:1m -z 11 -m docs -D --no-evict -q \
	>"$T/notes.out" 2>"$T/notes.err"; rc=$?
check "notes run exits 0 (got $rc)" [ $rc -eq 0 ]
"$BONNIE" -d "$DEV" -s 1m:4k:16:2 -f64k -n 0 -z 11 -m docs --no-evict -q >>"$T/notes.out" 2>"$T/cached.err"; rc=$?
check "cached run exits 0 (got $rc)" [ $rc -eq 0 ]

# 5. Keys that only some runs have: -x 2 (the summary), -c 2 (the clients'
#    spread) and --clients (the sweep).
"$BONNIE" -d "$DEV" $SMALL -x 2 -q --json "$T/rep.json" --kv "$T/rep.kv" >/dev/null 2>&1; rc=$?
check "-x 2 run exits 0 (got $rc)" [ $rc -eq 0 ]
"$BONNIE" -d "$DEV" $SMALL -c 2 -q --json "$T/cli.json" >/dev/null 2>&1; rc=$?
check "-c 2 run exits 0 (got $rc)" [ $rc -eq 0 ]
# Every sweep key is written, null where there is no value (the knee rule
# itself is unit-tested in check_sweep); --lag-floor 0 so that a p99 that
# rose on this tiny run can still name its count. Levels of 0.5 s: a phase
# that completes no operation in its level fails (exit 3), and at 0.2 s
# under ASan on a busy machine one did.
"$BONNIE" -d "$DEV" $SMALL --clients 1,2 --level-time 0.5 --knee-factor 1.01 --lag-floor 0 -q --json "$T/sweep.json" >/dev/null 2>&1; rc=$?
check "--clients 1,2 run exits 0 (got $rc)" [ $rc -eq 0 ]
check "every phase of the sweep carries p99_over_factor_clients (a count or null)" \
	jqe '[.sweep.phases[]? | select(has("throughput_peak_clients")) | has("p99_over_factor_clients")] | (length > 0 and all)' "$T/sweep.json"
# the queue-depth profile's own object
"$BONNIE" -d "$DEV" --phases qd -s 1m --qd-time 0 -q --json "$T/qd.json" >/dev/null 2>&1; rc=$?
check "--phases qd run exits 0 (got $rc)" [ $rc -eq 0 ]
# -s 4g: block write cannot write it in the 0.5 s (8 GB/s), so its first
# pass is cut at the deadline and file_cut_at_deadline is written
"$BONNIE" -d "$DEV" $SMALL -s 4g:4k:16:2 -r 1g --level-time 0.5 --start-at "$(( $(date +%s) + 2 ))" -q \
	--json "$T/sched.json" \
	>/dev/null 2>&1; rc=$?
check "--start-at run exits 0 (got $rc)" [ $rc -eq 0 ]
# --- JSON keys, both ways -------------------------------------------------
jq -r '[.. | objects | keys[]] | unique[]' "$T/dev.json" "$T/tmpfs.json" "$T/fail.json" \
	"$T/rep.json" "$T/cli.json" "$T/sweep.json" "$T/qd.json" "$T/sched.json" | sort -u >"$T/emitted"
# One check for the lot: which keys a run emits depends on what happened in
# it (a stall past the sentence's room, a mark), so a check per key would
# make the suite's count move from run to run.
check "the runs emitted keys" [ "$(wc -l <"$T/emitted")" -gt 50 ]
sort -u "$T/documented" >"$T/documented.sorted"
undocumented=$(comm -23 "$T/emitted" "$T/documented.sorted" | tr '\n' ' ')
check "every emitted key is documented in bonnie.1's JSON section (not: $undocumented)" [ -z "$undocumented" ]
# The share object's own keys exist only on a network share (tests/shares.sh
# runs on real ones and checks that they are documented).
# So are the zfs object's and the phases' arc and zfs_dataset objects' (tests/zfs.sh).
grep -vx -e client -e server -e export -e reads_may_be_server_cached \
	-e zfs -e pool -e dataset -e fuse -e layout -e write_copies_pct -e vdevs -e group -e data -e file \
	-e largest_physical_sector_under_bytes -e ashift -e ashift_under_physical_sector -e recordsize \
	-e compression -e primarycache -e arc -e size_bytes -e max_bytes -e l2_bytes -e not_read \
	-e hits -e misses -e hit_percent -e may_hold_data_file -e fuse_block_cache -e zfs_dataset \
	-e compressratio -e referenced_bytes "$T/documented" >"$T/documented.here"
while read -r key; do
	check "documented key '$key' is emitted" grep -qx -- "$key" "$T/emitted"
done <"$T/documented.here"

# A set a run prints (its notes, progress lines, --kv facts) depends on
# what happened in it, so each set is one check that lists what failed:
# the suite's count does not move from run to run.
# miss LIST WHAT command...: WHAT goes into LIST when the command fails.
miss() {
	list=$1 what=$2; shift 2
	"$@" || printf '%s\n' "$what" >>"$list"
}
# none_missed DESC LIST: one check, naming what LIST holds when it fails.
none_missed() {
	if [ -s "$2" ]; then check "$1 (not: $(paste -sd '|' "$2"))" false; else check "$1" true; fi
}

# --kv's facts (the last part of each key): each named in its paragraph;
# its percentiles are the JSON's latency_ns keys, documented there.
sed -n 's/^run\.[0-9][0-9]*\.\([a-z_0-9.]*\)=.*/\1/p' "$T/rep.kv" | sed 's/.*\.//' | sort -u >"$T/kv.facts"
check "--kv wrote its facts" [ "$(wc -l <"$T/kv.facts")" -ge 10 ]
while read -r fact; do
	case $fact in
	latency_*_ns) pct=${fact#latency_}; pct=${pct%_ns}
		miss "$T/kv.missed" "$fact" grep -qx -- "$pct" "$T/documented" ;;
	*) miss "$T/kv.missed" "$fact" grep -qF -- ".$fact" "$T/man.txt" ;;
	esac
done <"$T/kv.facts"
none_missed "every --kv fact is in bonnie.1 (a latency one as a documented key)" "$T/kv.missed"

# Keys the man page limits to some phases appear exactly there.
check "cache_evicted only in rewrite, getc, get_block, seeks" test \
	"$(jq -c '[.runs[0].phases[] | select(has("cache_evicted")) | .name]' "$T/dev.json")" = \
	'["rewrite","getc","get_block","seeks"]'
check "active_ns only in seeks" test \
	"$(jq -c '[.runs[0].phases[] | select(has("active_ns")) | .name]' "$T/dev.json")" = '["seeks"]'
check "unsynced rates only in put_block, rewrite, seq_create, ran_create" test \
	"$(jq -c '[.runs[0].phases[] | select(has("rate_unsynced_kib_s") or has("rate_unsynced_files_s")) | .name]' "$T/dev.json")" = \
	'["put_block","rewrite","seq_create","ran_create"]'

# --- messages -------------------------------------------------------------
# Progress lines: the title and the "...status" are documented.
cat "$T/dev.out" "$T/tmpfs.out" "$T/fail.out" | sed 's/\.\.\.not measured: .*/...not measured:/' | grep -E '\.\.\.(done|not measured:|failed|interrupted)$' |
	sort -u >"$T/progress"
check "progress lines seen" [ "$(wc -l <"$T/progress")" -ge 13 ]
while read -r line; do
	title=${line%...*} status=${line##*...}
	miss "$T/progress.missed" "title $title" grep -qF "\"$title" "$T/man.txt"
	case $status in *:) end="" ;; *) end='"' ;; esac # "...not measured: reason"
	miss "$T/progress.missed" "status ...$status" grep -qF "...$status$end" "$T/man.txt"
done <"$T/progress"
none_missed "every progress line's title and status are in the man page" "$T/progress.missed"

{ notes_of "$T/notes.err"; notes_of "$T/cached.err"; notes_of "$T/dev.out"; notes_of "$T/tmpfs.out"; } | grep -v '^bonnie: ' | sort -u >"$T/notes"
{ cat "$T/notes.err" "$T/cached.err" "$T/dev.err" "$T/tmpfs.err" "$T/fail.err"; } | grep '^bonnie: ' |
	sed 's/^bonnie: //' | sort -u >"$T/messages"
for want in "ran under 0.5 s" "per-char phases cannot use O_DIRECT" "page cache not dropped" "to fit the table" \
	"cached: "; do
	check "a note containing '$want' was printed" grep -qF "$want" "$T/notes"
done
# An over-time verdict is a chain of parts ("fell ...; stalled ...; then the
# final flush took ...", "too short ..., but rose ..."): each part is in the
# man page, its amount's unit read as the man page's (N GiB).
verdict_parts() {
	printf '%s\n' "${1#over time, *: }" | sed -e 's/, but /\
/; s/; /\
/g' | sed -E 's/ [0-9.]+ (B|KiB|MiB|GiB|TiB|files|seeks|stats) / 1 GiB /g; s/ [0-9.]+ (B|KiB|MiB|GiB|TiB|files|seeks|stats)$/ 1 GiB/'
}
# grouped_short_form LINE: the grouped too-short line as bonnie.1 gives it,
# its advice naming options and kinds from the documented four.
grouped_short_form() {
	o='(-f|-s|-n|--qd-time)(, (-f|-s|-n|--qd-time))*' k='(per-char|data|file|queue-depth)(, (per-char|data|file|queue-depth))*'
	printf '%s\n' "$1" | grep -qE "^over time, too short to judge \\(under 2 s of operations; (a larger $o makes $k phases longer(; $o not given: bonnie sized $k phases)?|$o not given: bonnie sized $k phases)\\):( [a-z0-9_]+)+\$"
}
while read -r line; do
	case $line in
	"over time, too short to judge (under "*)
		# the advice names the kinds of the phases listed (bonnie.1)
		miss "$T/notes.missed" "grouped too-short line '$line' in the documented form" grouped_short_form "$line"
		continue ;;
	"over time, "*)
		verdict_parts "$line" >"$T/parts"
		while read -r part; do
			miss "$T/notes.missed" "verdict part '$part' (of '$line')" in_man "$part"
		done <"$T/parts"
		continue ;;
	esac
	miss "$T/notes.missed" "note '$line'" note_in_man "$line"
done <"$T/notes"
none_missed "every note and verdict part the runs printed is in the man page" "$T/notes.missed"
check "the grouped too-short line is in the man page" grep -qF \
	"over time, too short to judge (under 2 s of operations; a larger options makes kinds phases longer): phase" "$T/man.txt"
check "the grouped too-short line's form for sizes bonnie chose is in the man page" grep -qF \
	"options not given: bonnie sized kinds phases" "$T/man.txt"
check "the runs printed messages" [ -s "$T/messages" ]
while read -r line; do
	case $line in
	write\ *) continue ;; # the injected error: operation, path and errno text, documented as such
	esac
	miss "$T/messages.missed" "$line" in_man "$line"
done <"$T/messages"
none_missed "every message the runs printed is in the man page" "$T/messages.missed"

finish
