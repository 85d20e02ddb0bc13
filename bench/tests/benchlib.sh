#!/bin/sh
# bench/benchlib.py turns tool output into result rows and rows into ratios;
# its parsers and its arithmetic are checked here on small made-up inputs
# whose answers are known, with the phase list taken from the binary the way
# bench/run.sh takes it. Python 3 standard library only.
. "$(dirname "$0")/../../tests/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
lib=$top/bench/benchlib.py

BONNIE_PHASE_LIST=$("$BONNIE" --list-phases) || fail "$BONNIE --list-phases failed"
export BONNIE_PHASE_LIST

# A 1.98 CSV line with the value v at 1-based field n for each "n=v" given
# (bonnie++'s own positions, written here, not read from the phase list).
csv_line() {
	"$PY" - "$@" <<'PY'
import sys
f = [""] * 50
f[0], f[1], f[2] = "1.98", "1.98", "host"
for a in sys.argv[1:]:
    n, v = a.split("=", 1)
    f[int(n) - 1] = v
print(",".join(f))
PY
}

# ---- record: the CLI appends "set pair tool metric value" rows
# bonnie's line: every rate measured. Field 10 is putc, 12 put_block, 20
# seeks, 27 seq_create; each followed by its %CPU.
{ echo "Writing intelligently...done"; csv_line 10=812 11=99 12=204800 13=12 20=321.5 21=3 27=4567 28=40; } >"$T/bonnie.csv"
"$PY" "$lib" record "$T/r.tsv" C 1 bonnie csv "$T/bonnie.csv" || fail "record csv exited $?"
# expect_rows TSV "SET PAIR TOOL" WHAT, then lines of "METRIC VALUE why" on
# stdin: each must be exactly one row of TSV.
expect_rows() {
	key=$(printf '%s' "$2" | tr ' ' '\t')
	while read -r metric value why; do
		check "$3: $why" [ "$(grep -c "^$key	$metric	$value\$" "$1")" -eq 1 ]
	done
}
expect_rows "$T/r.tsv" "C 1 bonnie" "bonnie CSV" <<'ROWS'
putc 812.0 putc rate
putc_cpu_csv 99.0 putc %CPU
put_block 204800.0 block write rate
seeks 321.5 seeks rate
seq_create 4567.0 sequential create rate
ROWS
check "bonnie CSV: empty fields give no row" [ "$(grep -c 'rewrite' "$T/r.tsv")" -eq 0 ]

# bonnie++'s line (-f: no per-char; files too fast to time: +++++), and an
# older 1.98 line above it that must be ignored (the last line counts).
{ csv_line 12=1 13=1; csv_line 12=150000 13=20 18=300000 19=25 27=+++++ 28=+++; } >"$T/peer.csv"
"$PY" "$lib" record "$T/r.tsv" C 2 bonnie++ csv "$T/peer.csv" || fail "record bonnie++ csv exited $?"
expect_rows "$T/r.tsv" "C 2 bonnie++" "bonnie++ CSV" <<'ROWS'
put_block 150000.0 the last line's block write
get_block 300000.0 block read rate
seq_create +++++ +++++ is not measured
seq_create_cpu_csv +++++ +++ %CPU is not measured
ROWS
check "bonnie++ CSV: no per-char rows" [ "$(grep -c '	bonnie++	putc' "$T/r.tsv")" -eq 0 ]

# Bad input: one "benchlib:" line on stderr, exit 1, nothing recorded.
bad() { # DESCRIPTION KIND FILE
	"$PY" "$lib" record "$T/bad.tsv" C 1 bonnie "$2" "$3" 2>"$T/err"
	check "$1: exit 1" [ $? -eq 1 ]
	check "$1: says why" grep -q '^benchlib: ' "$T/err"
	check "$1: nothing recorded" [ ! -e "$T/bad.tsv" ]
}
csv_line 12=1 | cut -d, -f1-49 >"$T/short.csv"
bad "49-field CSV line" csv "$T/short.csv"
echo "no results here" >"$T/none.csv"
bad "no 1.98 line" csv "$T/none.csv"
csv_line 12=fast >"$T/word.csv"
bad "a word for a rate" csv "$T/word.csv"
bad "unknown kind" yaml "$T/none.csv"

# ---- the other parsers
cat >"$T/b.json" <<'JSON'
{"runs": [{"phases": [
 {"name": "put_block", "status": "done", "elapsed_ns": 2000000000, "cpu_ns": 500000000,
  "rate_kib_s": 1024, "sync_ns": 7, "latency_ns": {"count": 64}},
 {"name": "get_block", "status": "done", "elapsed_ns": 1000000000, "rate_kib_s": 9,
  "device": {"read_bytes": 0, "write_bytes": 0, "cached": true, "device_true": true}},
 {"name": "rewrite", "status": "done", "elapsed_ns": 1000000000, "rate_kib_s": 8, "device": null},
 {"name": "getc", "status": "not_run"}]},
 {"phases": [{"name": "seeks", "status": "done", "elapsed_ns": 1, "rate_seeks_s": 9}]}]}
JSON
"$PY" "$lib" record "$T/j.tsv" O 3 bonnie bjson "$T/b.json" || fail "record bjson exited $?"
expect_rows "$T/j.tsv" "O 3 bonnie" "JSON" <<'ROWS'
put_block_elapsed_ns 2000000000.0 elapsed
put_block_cpu 25.0 %CPU is cpu over elapsed
put_block_rate_json 1024.0 rate
put_block_sync_ns 7.0 sync time
put_block_ops 64.0 operations from the latency count
get_block_cached 1.0 bonnie's page-cache judgement
ROWS
check "JSON: no device counters, no page-cache row" [ "$(grep -c 'rewrite_cached' "$T/j.tsv")" -eq 0 ]
check "JSON: a phase not run gives no row" [ "$(grep -c getc "$T/j.tsv")" -eq 0 ]
check "JSON: only the first run" [ "$(grep -c seeks "$T/j.tsv")" -eq 0 ]
sed 's/"not_run"/"failed"/' "$T/b.json" >"$T/failed.json"
bad "JSON with a failed phase" bjson "$T/failed.json"

# fio: 3 MiB read in 2 s and 1 MiB written in 1 s: rates over the slower side.
cat >"$T/fio.out" <<'FIO'
note: fio prints this before its JSON
{"jobs": [{"jobname": "j", "error": 0, "usr_cpu": 10.0, "sys_cpu": 5.0,
  "read": {"io_bytes": 3145728, "total_ios": 768, "runtime": 2000},
  "write": {"io_bytes": 1048576, "total_ios": 256, "runtime": 1000}}]}
FIO
"$PY" "$lib" record "$T/f.tsv" F 1 fio fio "$T/fio.out" || fail "record fio exited $?"
expect_rows "$T/f.tsv" "F 1 fio" "fio" <<'ROWS'
bw_kib 2048.0 KiB/s over the longest runtime
iops 512.0 IOPS
cpu 15.0 %CPU
ROWS
sed 's/"error": 0/"error": 5/' "$T/fio.out" >"$T/fioerr.out"
bad "fio job with an error" fio "$T/fioerr.out"

printf '\tMaximum resident set size (kbytes): 4321\n\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03.5\n' >"$T/time.out"
"$PY" "$lib" record "$T/t.tsv" M 1 bonnie time "$T/time.out" || fail "record time exited $?"
check "time: resident set size" [ "$(grep -c '	rss_kib	4321.0$' "$T/t.tsv")" -eq 1 ]
check "time: h:mm:ss in seconds" [ "$(grep -c '	wall_s	3723.5$' "$T/t.tsv")" -eq 1 ]

printf 'result clock ns 21.5 x x\nresult putc ns 3.25 ratio 1.5\nnoise\n' >"$T/pc.out"
"$PY" "$lib" record "$T/p.tsv" C 1 bonnie perchar "$T/pc.out" || fail "record perchar exited $?"
check "perchar: clock cost" [ "$(grep -c '	clock_ns_per_call	21.5$' "$T/p.tsv")" -eq 1 ]
check "perchar: per-byte cost and ratio" [ "$(grep -c '	putc_ns_per_byte	3.25$\|	putc_ratio	1.5$' "$T/p.tsv")" -eq 2 ]

# ---- pair ratios, medians and the cells shown (the module, imported)
cat >"$T/rows.tsv" <<'TSV'
C	1	bonnie	putc	200
C	2	bonnie	putc	300
C	3	bonnie	putc	400
C	1	bonnie++	putc	100
C	2	bonnie++	putc	100
C	3	bonnie++	putc	+++++
A	1	bonnie	get_block_cached	1.0
A	2	bonnie	get_block_cached	1.0
B	1	bonnie	get_block_cached	0.0
B	2	bonnie	get_block_cached	1.0
TSV
"$PY" - "$top/bench" "$T/rows.tsv" >"$T/py.out" 2>&1 <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import benchlib as b

res = b.Results(sys.argv[2])
bad = []
def expect(what, got, want):
    print("%s: %r" % (what, got))
    if got != want:
        bad.append("%s: got %r, want %r" % (what, got, want))

r = b.Row(res, "putc", ("C", "bonnie", "putc"), ("C", "bonnie++", "putc"), "KiB/s", goal=2.5)
expect("pair ratios skip +++++", r.ratios, [2.0, 3.0])
expect("ratio is the median of pair ratios", r.ratio, 2.5)
expect("medians of each side", (r.a_med, r.b_med), (300, 100))
expect("goal reached", r.status(), "met")
expect("ratio text", r.ratio_text(), "2.500 [2.000-3.000] (1 of 3 peer runs +++++)")
r = b.Row(res, "putc", ("C", "bonnie", "putc"), ("C", "bonnie++", "putc"), "KiB/s", goal=2.6, invert=True)
expect("inverted ratios", r.ratios, [0.5, 1 / 3])
expect("goal missed", r.status(), "NOT met")
expect("no goal", b.Row(res, "x", ("C", "bonnie", "putc"), ("C", "bonnie++", "putc"), "KiB/s").status(), "info")
expect("median of nothing", b.med([]), None)
expect("numbers under 10", b.fmt_num(5), "5.00")
expect("numbers under 100", b.fmt_num(12.34), "12.3")
expect("numbers from 100", b.fmt_num(1234567.4, " x"), "1,234,567 x")
expect("KiB/s above 10 MiB/s in MiB/s", b.fmt_rate(20480, "KiB/s"), "20.0 MiB/s")
expect("KiB/s below 10 MiB/s", b.fmt_rate(5000, "KiB/s"), "5,000 KiB/s")
expect("not measured", b.fmt_rate(b.NOT_MEASURED, "files/s"), "+++++")
expect("markdown table", b.md_table(["a", "bb"], [["xyz", "1"]]), "| a   | bb |\n|-----|----|\n| xyz | 1  |")
expect("page cache in every run", b.cached_words(res, "A", "bonnie", "get_block"),
       "page cache in every run, by bonnie's JSON")
expect("page cache in some runs", b.cached_words(res, "B", "bonnie", "get_block"),
       "page cache in 1 of 2 runs, by bonnie's JSON")
expect("no page-cache figure", b.cached_words(res, "C", "bonnie", "get_block"),
       "no page-cache figure in bonnie's JSON")
expect("phase words from --list-phases", b.phase_title("put_block"), "block write")
expect("CSV index of a phase's rate", b.csv_fields()[26], "seq_create")
print("%d failed" % len(bad))
for line in bad:
    print("FAIL: " + line, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
check "module checks (ratios, medians, formats, phase list)" [ $? -eq 0 ] || cat "$T/py.out" >&2

# A phase the binary does not list, and a malformed phase list, are errors.
"$PY" -c "import sys; sys.path.insert(0, sys.argv[1]); import benchlib; benchlib.phase_title('nonesuch')" \
	"$top/bench" 2>"$T/err"
check "unknown phase: exit 1" [ $? -eq 1 ]
check "unknown phase: says so" grep -q "^benchlib: phase 'nonesuch' is not in BONNIE_PHASE_LIST" "$T/err"
BONNIE_PHASE_LIST="putc	only three	cols" "$PY" "$lib" record "$T/bad.tsv" C 1 bonnie csv "$T/bonnie.csv" 2>"$T/err"
check "malformed phase list: exit 1" [ $? -eq 1 ]
check "malformed phase list: says so" grep -q '^benchlib: BONNIE_PHASE_LIST: bad line' "$T/err"

finish
