#!/bin/sh
# Compatibility with a real client: CSV lines printed by bonnie, in every
# shape (all phases, no I/O tests, no file tests, no per-char, links, -x),
# are accepted by bonnie++'s own bon_csv2txt and bon_csv2html: they print
# output and nothing on stderr.
. "$(dirname "$0")/lib.sh"

command -v bon_csv2txt >/dev/null && command -v bon_csv2html >/dev/null || {
	echo "compat.sh: bon_csv2txt/bon_csv2html missing: run tests/deps.sh" >&2; exit 1; }

# What is checked is the CSV's shape, the same on any file system: the runs
# go to a tmpfs (/dev/shm) where there is one, as cpu.sh's do, so their
# flushes never wait on other programs' writes to the disk (7 runs took 85 s
# of a busy machine's disk time; the disk's paths run in the other suites).
D=$T/dir
if [ -d /dev/shm ] && [ -w /dev/shm ] && W=$(mktemp -d /dev/shm/bonnie-compat.XXXXXX); then
	D=$W
	trap 'rm -rf "$T" "$W"' EXIT
else
	mkdir "$D"
fi
n=0
while IFS='|' read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
	# shellcheck disable=SC2086
	"$BONNIE" -d "$D" -q -z 3 -m "compat,host" $args >"$T/line$n.csv" 2>/dev/null; rc=$?
	check "[$args] bonnie exits 0 (got $rc)" [ $rc -eq 0 ]
	check "[$args] 50 fields" [ "$(fields "$T/line$n.csv" | sort -u)" = 50 ]

	bon_csv2txt <"$T/line$n.csv" >"$T/txt" 2>"$T/txt.err"
	check "[$args] bon_csv2txt prints a table" grep -q '^Latency ' "$T/txt"
	check "[$args] bon_csv2txt silent on stderr" [ ! -s "$T/txt.err" ]

	bon_csv2html <"$T/line$n.csv" >"$T/html" 2>"$T/html.err"; rc=$?
	check "[$args] bon_csv2html exits 0 (got $rc)" [ $rc -eq 0 ]
	check "[$args] bon_csv2html prints a row for the run" grep -q '>compat_host<' "$T/html"
	check "[$args] bon_csv2html silent on stderr" [ ! -s "$T/html.err" ]
	bon_csv2html "$T/line$n.csv" >"$T/html2" 2>"$T/html2.err"
	check "[$args] bon_csv2html FILE works too" cmp -s "$T/html" "$T/html2"
	check "[$args] bon_csv2html FILE silent" [ ! -s "$T/html2.err" ]
done <<'CASES'
-s 2m:4k:100:2 -f64k -n 1
-s 0 -n 1:2k:1k:2
-s 2m:4k:50:3 -n 0
-s 1m:4k:20:1 -f -n 1
-s 1m:8k:30:2 -f32k -n 1:-1
-s 1m:4k:30:2 -f -n 1:-2:0:3:4k
-s 512k:4k:10:1 -f -n 0 -x 2
CASES

# All the lines at once, as a results file grows over many runs.
cat "$T"/line*.csv >"$T/all.csv"
bon_csv2txt <"$T/all.csv" >"$T/txt" 2>"$T/txt.err"
check "many lines: bon_csv2txt silent on stderr" [ ! -s "$T/txt.err" ]
bon_csv2html <"$T/all.csv" >"$T/html" 2>"$T/html.err"; rc=$?
check "many lines: bon_csv2html exits 0" [ $rc -eq 0 ]
check "many lines: bon_csv2html silent on stderr" [ ! -s "$T/html.err" ]
check "scratch removed" empty_dir "$D"
finish
