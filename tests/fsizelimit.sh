#!/bin/sh
# The file size limit (RLIMIT_FSIZE, ulimit -f). bonnie ignores SIGXFSZ,
# so a write past the limit is an EFBIG error, never a death that leaves
# the scratch directory:
#  - a limit under the largest file the run would write (the data file,
#    a file of -n) is refused before anything is made: exit 2, one line
#    naming the limit; without -s the default size is brought under it;
#  - a limit lowered while a phase runs (prlimit on bonnie held by the
#    shim at the block write's first write): exit 3, one line naming the
#    limit, nothing left under -d;
#  - a report file over the limit: exit 5, one line naming it and the
#    limit; a file bonnie created is removed, one it overwrote emptied;
#  - the same for bonnie merge's --json and --html and bonnie compare's
#    --html, and for a comparison on standard output redirected to a file
#    (cut back to where bonnie began: what was there before stays).
# prlimit gives the limit in bytes, whatever the shell's ulimit unit is.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

need_jq
command -v prlimit >/dev/null || { echo "fsizelimit.sh: prlimit is required (tests/deps.sh installs it)" >&2; exit 1; }
D=$T/dir
mkdir "$D"
P=$T/pause
pid=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$T"' EXIT
SMALL="-n 0 -f0 -q --no-align-probe -z 3"

names_limit() { grep -q "^bonnie: .*the file size limit (RLIMIT_FSIZE) is $1 bytes" "$T/err"; }
emptied() { [ -f "$1" ] && [ ! -s "$1" ]; }
neither() { [ ! -e "$1" ] && [ ! -e "$2" ]; }
# one message (-q puts the table on standard error too)
one_line() { [ "$(grep -c '^bonnie: ' "$T/err")" = 1 ] || { cat "$T/err" >&2; false; }; }

# refused up front: the data file, then a file of -n
prlimit --fsize=102400 "$BONNIE" -d "$D" -s 2m:4k $SMALL >/dev/null 2>"$T/err"
rc=$?
check "data file over the limit: exit 2 (got $rc)" [ $rc -eq 2 ]
check "data file over the limit: names the limit and ulimit -f" \
	grep -q "limit (RLIMIT_FSIZE) is 102400 bytes, under the data file of 2M .*ulimit -f" "$T/err"
check "data file over the limit: one line" one_line
check "data file over the limit: nothing made" empty_dir "$D"
prlimit --fsize=102400 "$BONNIE" -d "$D" -s 0 -n 1:200k:100k -q >/dev/null 2>"$T/err"
rc=$?
check "-n files over the limit: exit 2 (got $rc)" [ $rc -eq 2 ]
check "-n files over the limit: names the limit and -n" \
	grep -q "limit (RLIMIT_FSIZE) is 102400 bytes, under the largest file of 200K .*-n max" "$T/err"
check "-n files over the limit: nothing made" empty_dir "$D"

# without -s: the default size is the limit's (a whole number of chunks)
prlimit --fsize=1048576 "$BONNIE" -d "$D" $SMALL --json "$T/def.json" >/dev/null 2>"$T/err"
rc=$?
check "default size under the limit: exit 0 (got $rc)" [ $rc -eq 0 ]
check "default size under the limit: says so" grep -q "note: the file size limit (RLIMIT_FSIZE) is 1048576 bytes: using -s 1M" "$T/err"
check "default size under the limit: every phase done" \
	[ "$(jq -r '[.runs[0].phases[] | select(.status != "not_run") | .status] | unique | join(" ")' "$T/def.json")" = done ]
check "default size under the limit: scratch removed" empty_dir "$D"

# lowered while the block write is held at its first write
rm -f "$P"
(
	FAULT_DIR=$D FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE=$P LD_PRELOAD=$SHIM
	export FAULT_DIR FAULT_AFTER FAULT_CALL FAULT_NTH FAULT_MODE FAULT_PAUSE_FILE LD_PRELOAD
	exec "$BONNIE" -d "$D" -s 1m:4k -n 0 -f0 --no-align-probe -z 3 --json "$T/mid.json"
) >"$T/out" 2>"$T/err" &
pid=$!
if wait_for test -e "$P"; then
	prlimit --pid "$pid" --fsize=65536
	rm -f "$P"
	wait "$pid"
	rc=$?
	pid=""
	check "limit lowered in a phase: exit 3 (got $rc)" [ $rc -eq 3 ]
	check "limit lowered in a phase: names the write, the limit and ulimit -f" \
		grep -q "^bonnie: write $D/bonnie\..*/data (offset 65536): File too large; the file size limit (RLIMIT_FSIZE) is 65536 bytes: raise it with ulimit -f" "$T/err"
	check "limit lowered in a phase: one line" one_line
	check "limit lowered in a phase: put_block failed in JSON" \
		[ "$(jq -r '.runs[0].phases[] | select(.name == "put_block") | .status' "$T/mid.json")" = failed ]
else
	fail "limit lowered in a phase: the block write never reached its first write"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid"
	pid=""
fi
check "limit lowered in a phase: scratch removed" empty_dir "$D"

# a report over the limit: the page of a run of 8 KiB is over 16 KiB
prlimit --fsize=16384 "$BONNIE" -d "$D" -s 8k:4k $SMALL --html "$T/new.html" >/dev/null 2>"$T/err"
rc=$?
check "--html over the limit: exit 5 (got $rc)" [ $rc -eq 5 ]
check "--html over the limit: names the file and the limit" \
	grep -q "^bonnie: --html $T/new.html: cannot write: File too large; the file size limit (RLIMIT_FSIZE) is 16384 bytes" "$T/err"
check "--html over the limit: one line" one_line
check "--html over the limit: the file it created is removed" [ ! -e "$T/new.html" ]
check "--html over the limit: scratch removed" empty_dir "$D"
echo "an old page" >"$T/old.html"
prlimit --fsize=16384 "$BONNIE" -d "$D" -s 8k:4k $SMALL --html "$T/old.html" >/dev/null 2>"$T/err"
rc=$?
check "--html over the limit, existing file: exit 5 (got $rc)" [ $rc -eq 5 ]
check "--html over the limit, existing file: emptied, not half written" emptied "$T/old.html"
check "--html over the limit, existing file: scratch removed" empty_dir "$D"

# merge and compare: two hosts' --start-at results (a page and a JSON
# document each over 16 KiB; compare's JSON over 4 KiB). Levels of 1 s:
# each phase's slot is then 3 s (1 s and the 2 s gap), not 5 s more of
# waiting. At 0.2 s a seeks phase under ASan on a busy CI machine once
# completed no operation before its level ended (now a failed phase, exit
# 3): each host must measure every phase here, and says so.
start=$(( $(date +%s) + 4 ))
for h in 1 2; do
	"$BONNIE" -d "$D" -s 8k:4k $SMALL -m "host$h" --level-time 1 --start-at "$start" --json "$T/host$h.json" \
		>/dev/null 2>"$T/host$h.err" &
done
wait
for h in 1 2; do
	check "host $h for merge: a result, every phase done ($(jq -c '[.runs[0].phases[] | select(.status != "not_run") | .status]' "$T/host$h.json"))" \
		jq -e '[.runs[0].phases[] | select(.status != "not_run") | .status] | length == 4 and all(. == "done")' "$T/host$h.json" >/dev/null
done
H="$T/host1.json $T/host2.json"
# one report over the limit: exit 5, one line naming it and the limit, nothing left
over() { # over WHAT LIMIT ARGS...: bonnie ARGS under LIMIT bytes, said as WHAT
	what=$1 limit=$2
	shift 2
	prlimit --fsize="$limit" "$BONNIE" "$@" >/dev/null 2>"$T/err"
	rc=$?
	check "$what over the limit: exit 5 (got $rc)" [ $rc -eq 5 ]
	check "$what over the limit: names the file and the limit" names_limit "$limit"
	check "$what over the limit: one line" one_line
}
over "merge --json" 16384 merge --json "$T/m.json" $H
check "merge --json over the limit: names the file" grep -q "^bonnie: merge --json $T/m.json: cannot write: File too large" "$T/err"
check "merge --json over the limit: the file it created is removed" [ ! -e "$T/m.json" ]
echo "an old page" >"$T/m.html"
over "merge --html" 16384 merge --html "$T/m.html" $H
check "merge --html over the limit: names the file" grep -q "^bonnie: merge --html $T/m.html: cannot write: File too large" "$T/err"
check "merge --html over the limit, existing file: emptied" emptied "$T/m.html"
# both: one line each, neither left
rm -f "$T/m.html"
prlimit --fsize=16384 "$BONNIE" merge --json "$T/m.json" --html "$T/m.html" $H >/dev/null 2>"$T/err"
rc=$?
check "merge --json --html over the limit: exit 5 (got $rc)" [ $rc -eq 5 ]
check "merge --json --html over the limit: a line for each, each naming the limit" \
	[ "$(grep -c "^bonnie: merge --\(json\|html\) $T/m\.\(json\|html\): cannot write: .*(RLIMIT_FSIZE) is 16384 bytes" "$T/err")" = 2 ]
check "merge --json --html over the limit: nothing else said" [ "$(grep -c '^bonnie: ' "$T/err")" = 2 ]
check "merge --json --html over the limit: neither file left" neither "$T/m.json" "$T/m.html"
over "compare --html" 16384 compare --html "$T/c.html" $H
check "compare --html over the limit: names the file" grep -q "^bonnie: compare --html $T/c.html: cannot write: File too large" "$T/err"
check "compare --html over the limit: the file it created is removed" [ ! -e "$T/c.html" ]
# standard output redirected to a file: the same words, cut back to where it began
prlimit --fsize=4096 "$BONNIE" compare --format json $H >"$T/c.json" 2>"$T/err"
rc=$?
check "compare JSON on standard output over the limit: exit 5 (got $rc)" [ $rc -eq 5 ]
check "compare JSON on standard output over the limit: names standard output and the limit" \
	grep -q "^bonnie: cannot write the report to standard output: File too large; the file size limit (RLIMIT_FSIZE) is 4096 bytes" "$T/err"
check "compare JSON on standard output over the limit: one line" one_line
check "compare JSON on standard output over the limit: no partial document" emptied "$T/c.json"
echo "kept" >"$T/c.json"
prlimit --fsize=4096 "$BONNIE" compare --format json $H >>"$T/c.json" 2>"$T/err"
rc=$?
check "compare JSON appended over the limit: exit 5 (got $rc)" [ $rc -eq 5 ]
check "compare JSON appended over the limit: what was there before is kept, nothing after" \
	[ "$(cat "$T/c.json")" = kept ]
finish
