#!/bin/sh
# Every over-time sentence is true of its own timeline, judged by a checker
# that shares no code with bonnie's verdict (tests/verdict_check.py, written
# from the verdict contract in docs/verdicts.md):
#  - the checker's self-test: tests/verdict-check/gen.py writes the same
#    fixtures as the ones kept, and each fixture gets the answer its name
#    says (true-*: 0, false-* and old-*: 1, unparsable-*: 2);
#  - small real runs (-s 256m -n 4, and -s 64m -n 1 -c 2) on a directory of
#    the test's own: the checker finds no false or unparsable sentence in
#    their JSON, and the text's "over time" lines say the JSON's sentences;
#  - a small sweep (--clients 1,2): its knee sentences and answer are true
#    of the runs' data (tests/verdict_sweep.py), the text says them, and its
#    table's marks are the runs'; the same JSON with the counts in its
#    sentences moved is found false;
#  - compare's summary of the two JSON fixtures of tests/compare: each
#    phrase, its reasons and the "no difference is strong evidence"
#    headline's reasons true of the files (verdict_sweep.check_compare);
#  - a block write whose 257th write the fault shim holds 1.5 s
#    (FAULT_MODE=delay): the checker finds no false sentence (so the stall
#    is said: the checker flags an operation of 1.1 s or more with nothing
#    completed inside that the sentence leaves out) and the sentence says
#    "stalled"; five writes held 1.2 s: three said, two counted ("2 more
#    stalls not listed", JSON stalls_not_listed), and the checker agrees.
. "$(dirname "$0")/lib.sh"
need_faultshim
command -v python3 >/dev/null || { echo "verdict_check.sh: python3 is required" >&2; exit 1; }

HERE=$(cd "$(dirname "$0")" && pwd)
CHECKER=$HERE/verdict_check.py
FIX=$HERE/verdict-check

# The self-test: the fixtures are what gen.py writes, and each gets its answer.
mkdir "$T/fix"
python3 "$FIX/gen.py" "$T/fix"
for f in "$FIX"/*.json; do
	check "fixture $(basename "$f") is what gen.py writes" cmp -s "$f" "$T/fix/$(basename "$f")"
done
check "gen.py writes no fixture that is not kept" \
	[ "$(ls "$T/fix" | wc -l)" -eq "$(ls "$FIX"/*.json | wc -l)" ]
for f in "$FIX"/*.json; do
	name=$(basename "$f" .json)
	opt=
	case $name in
	true-*) want=0 ;;
	false-*) want=1 ;;
	old-*) want=1 opt=--old ;;
	unparsable-*) want=2 ;;
	*) fail "fixture $name: its name says no answer"; continue ;;
	esac
	python3 "$CHECKER" --strict $opt "$f" >"$T/self.out" 2>&1
	rc=$?
	check "self-test $name: exit $want, got $rc: $(head -c 600 "$T/self.out")" [ "$rc" -eq "$want" ]
done

# judge NAME JSON TEXT: no false or unparsable sentence, and the text says
# the JSON's sentences. A change the checker sees between two said events
# (INCOMPLETE) is printed, not failed: at that margin the two detectors may
# disagree on what counts as a change; bench/verdict_truth.sh counts it
# (--strict).
judge() {
	python3 "$CHECKER" "$2" >"$T/judge.out" 2>&1
	rc=$?
	check "$1: every sentence true: $(cat "$T/judge.out")" [ $rc -eq 0 ]
	grep INCOMPLETE "$T/judge.out" >&2
	python3 "$CHECKER" --text "$3" "$2" >"$T/text.out" 2>&1
	rc=$?
	check "$1: the text's over-time lines are the JSON's sentences: $(cat "$T/text.out")" [ $rc -eq 0 ]
}

D=$T/dir
mkdir "$D"
"$BONNIE" -d "$D" -s 256m -n 4 --no-align-probe --json "$T/a.json" >"$T/a.txt" 2>&1
rc=$?
check "-s 256m -n 4: exit 0 ($(tail -n 3 "$T/a.txt"))" [ $rc -eq 0 ]
judge "-s 256m -n 4" "$T/a.json" "$T/a.txt"

"$BONNIE" -d "$D" -s 64m -n 1 -c 2 --no-align-probe --json "$T/c.json" >"$T/c.txt" 2>&1
rc=$?
check "-s 64m -n 1 -c 2: exit 0 ($(tail -n 3 "$T/c.txt"))" [ $rc -eq 0 ]
judge "-s 64m -n 1 -c 2" "$T/c.json" "$T/c.txt"

# A small sweep: every knee sentence and the answer true of the runs'
# data, the text's sweep lines the JSON's with the marks the runs earn;
# and a sentence made false (the peak moved) is caught.
"$BONNIE" -d "$D" -s 32m -n 1 --clients 1,2 --level-time 1 --no-align-probe --json "$T/w.json" >"$T/w.txt" 2>&1
rc=$?
check "sweep --clients 1,2: exit 0 ($(tail -n 3 "$T/w.txt"))" [ $rc -eq 0 ]
python3 "$CHECKER" --sweep "$T/w.json" >"$T/sw.out" 2>&1
rc=$?
check "sweep: every sentence true: $(cat "$T/sw.out")" [ $rc -eq 0 ]
python3 "$CHECKER" --sweep --table "$T/w.txt" "$T/w.json" >"$T/swt.out" 2>&1
rc=$?
check "sweep: the text's lines and marks are the JSON's: $(cat "$T/swt.out")" [ $rc -eq 0 ]
python3 - "$T/w.json" "$T/wf.json" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
for p in d["sweep"]["phases"]:  # every count number in the sentences one off
    p["knee"] = re.sub(r"at (\d+) client", lambda m: "at %d client" % (int(m.group(1)) + 1), p["knee"])
d["sweep"]["answer"] = re.sub(r"up to (\d+)", lambda m: "up to %d" % (int(m.group(1)) + 1), d["sweep"]["answer"])
json.dump(d, open(sys.argv[2], "w"))
PY
python3 "$CHECKER" --sweep "$T/wf.json" >"$T/swf.out" 2>&1
rc=$?
check "sweep: counts moved in the sentences are found false: $(tail -n 1 "$T/swf.out")" [ $rc -eq 1 ]

# The queue-depth profile, each row 1 s: its over-time sentences, its
# depth-gain sentences (tests/verdict_qd.py) and the table's rows and marks.
"$BONNIE" -d "$D" -s 128m --phases qd --qd-time 1 --no-align-probe --json "$T/q.json" >"$T/q.txt" 2>&1
rc=$?
check "--phases qd --qd-time 1: exit 0 ($(tail -n 3 "$T/q.txt"))" [ $rc -eq 0 ]
judge "--phases qd --qd-time 1" "$T/q.json" "$T/q.txt"
python3 "$CHECKER" --qd "$T/q.json" >"$T/qg.out" 2>&1 &&
	python3 "$CHECKER" --qd --table "$T/q.txt" "$T/q.json" >>"$T/qg.out" 2>&1
rc=$?
check "queue-depth profile: every depth gain true, the table's rows the JSON's: $(cat "$T/qg.out")" [ $rc -eq 0 ]

# compare's summary of two bonnie JSON files (the kept fixtures: an older
# JSON that records no reasons, and a newer one): every phrase and the
# headline's reasons true of the files (the old headline named "unknown
# time" for per-char phases whose elapsed_ns both files record)
CMP=$HERE/compare
"$BONNIE" compare "$CMP/run.json" "$CMP/cached.json" >"$T/cmp.txt" 2>&1
check "compare run.json cached.json: exit 0" [ $? -eq 0 ]
python3 "$CHECKER" --compare "$T/cmp.txt" "$CMP/run.json" "$CMP/cached.json" >"$T/cmp.out" 2>&1
rc=$?
check "compare: every summary sentence true: $(cat "$T/cmp.out")" [ $rc -eq 0 ]
# ... and a reason that names the wrong side is caught (each names the
# runs it holds for; "under 0.5 s" once named neither)
sed '0,/48x faster on B (cache state unknown for A;/s//48x faster on B (cache state unknown for B;/' "$T/cmp.txt" >"$T/cmp-m1.txt"
sed '0,/B under 0.5 s); sequential create/s//A under 0.5 s); sequential create/' "$T/cmp.txt" >"$T/cmp-m2.txt"
for m in 1 2; do
	python3 "$CHECKER" --compare "$T/cmp-m$m.txt" "$CMP/run.json" "$CMP/cached.json" >"$T/cmp-m.out" 2>&1
	rc=$?
	check "compare: a reason on the wrong side (mutant $m) is found false: $(tail -n 1 "$T/cmp-m.out")" \
		sh -c "[ $rc -eq 1 ] && ! cmp -s '$T/cmp.txt' '$T/cmp-m$m.txt' && grep -q 'but it holds for' '$T/cmp-m.out'"
done

# Two runs whose file counts bonnie sized itself (config.files null, the
# count each ran in runs[].counts.files): compare says they differ, and the
# checker reads the counts that ran (it read the config's null as alike).
jq '.config.files = null | .runs[0].counts.files = 1024' "$CMP/run.json" >"$T/auto1.json"
jq '.config.files = null | .runs[0].counts.files = 2048' "$CMP/run.json" >"$T/auto2.json"
"$BONNIE" compare "$T/auto1.json" "$T/auto2.json" >"$T/cmpa.txt" 2>&1
rc=$?
check "compare of two auto-sized file counts: exit 0, the counts differ ($(grep 'file count' "$T/cmpa.txt" | head -n 1))" \
	sh -c "[ $rc -eq 0 ] && grep -q '^Not like for like: the runs differ in file count' '$T/cmpa.txt'"
python3 "$CHECKER" --compare "$T/cmpa.txt" "$T/auto1.json" "$T/auto2.json" >"$T/cmpa.out" 2>&1
rc=$?
check "compare of two auto-sized file counts: every summary sentence true: $(cat "$T/cmpa.out")" [ $rc -eq 0 ]

# One write held 1.5 s in block write.
FAULT_DIR=$D FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=257 FAULT_MODE=delay \
	FAULT_DELAY_MS=1500 LD_PRELOAD=$SHIM \
	"$BONNIE" -d "$D" -s 512m:1m -n 0 --phases put_block --no-align-probe --json "$T/s.json" >"$T/s.txt" 2>&1
rc=$?
check "held write: exit 0 ($(tail -n 3 "$T/s.txt"))" [ $rc -eq 0 ]
judge "held write" "$T/s.json" "$T/s.txt"
sentence=$(python3 -c 'import json,sys; print([p for p in json.load(open(sys.argv[1]))["runs"][0]["phases"] if p["name"] == "put_block"][0]["verdict"]["sentence"])' "$T/s.json")
case $sentence in
*stalled*) pass ;;
*) fail "held write: a write held 1.5 s, the verdict says: $sentence" ;;
esac

# Five writes held 1.2 s: the sentence says three stalls and counts the
# other two (the README sweep under CPU hogs had 18 at 4 clients, and its
# sentences read as if their first three were all), and the checker finds
# the count true.
FAULT_DIR=$D FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=100 FAULT_EVERY=80 FAULT_REPEAT=5 \
	FAULT_MODE=delay FAULT_DELAY_MS=1200 LD_PRELOAD=$SHIM \
	"$BONNIE" -d "$D" -s 512m:1m -n 0 --phases put_block --no-align-probe --json "$T/s5.json" >"$T/s5.txt" 2>&1
rc=$?
check "five held writes: exit 0 ($(tail -n 3 "$T/s5.txt"))" [ $rc -eq 0 ]
judge "five held writes" "$T/s5.json" "$T/s5.txt"
sentence=$(python3 -c 'import json,sys; print([p for p in json.load(open(sys.argv[1]))["runs"][0]["phases"] if p["name"] == "put_block"][0]["verdict"]["sentence"])' "$T/s5.json")
check "five held writes: three said ($sentence)" [ "$(printf '%s\n' "$sentence" | grep -o 'stalled' | wc -l)" -eq 3 ]
case $sentence in
*"; 2 more stalls not listed"*) pass ;;
*) fail "five held writes: the two past the three are not counted: $sentence" ;;
esac
check "five held writes: the JSON counts them" \
	[ "$(python3 -c 'import json,sys; print([p for p in json.load(open(sys.argv[1]))["runs"][0]["phases"] if p["name"] == "put_block"][0]["verdict"]["stalls_not_listed"])' "$T/s5.json")" = 2 ]

finish
