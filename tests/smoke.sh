#!/bin/sh
# End-to-end checks of the binary: options, output streams, exit statuses,
# and that the scratch directory never survives.
. "$(dirname "$0")/lib.sh"

D=$T/dir
mkdir "$D"

# --version / --help
out=$("$BONNIE" --version); rc=$?
check "--version exits 0" [ $rc -eq 0 ]
check "--version prints the name and version" sh -c "echo '$out' | grep -q '^bonnie [0-9]'"
"$BONNIE" --help >"$T/help" 2>"$T/err"; rc=$?
check "--help exits 0" [ $rc -eq 0 ]
check "--help prints usage on stdout" grep -q '^usage: bonnie' "$T/help"
check "--help prints nothing on stderr" [ ! -s "$T/err" ]

# Bad options: exit 1, one line naming the option, nothing on stdout, nothing left.
while IFS='|' read -r opt args; do
	[ -n "$opt" ] || continue
	# shellcheck disable=SC2086
	"$BONNIE" -d "$D" $args >"$T/out" 2>"$T/err"; rc=$?
	check "$args: exit 1 (got $rc)" [ $rc -eq 1 ]
	check "$args: one line on stderr" [ "$(wc -l <"$T/err")" -eq 1 ]
	check "$args: message names $opt" grep -q -- "$opt" "$T/err"
	check "$args: nothing on stdout" [ ! -s "$T/out" ]
	check "$args: no scratch left" empty_dir "$D"
done <<'CASES'
-s|-s 12q
-s|-s -5
-s|-s 1.5g
-s|-s 99999999999999999999
-s|-s 1m:1000
-s|-s 1m:4k:0
-n|-n abc
-n|-n 1:100:200
-x|-x 0
-c|-c 4097
-z|-z 4294967296
-m|-m
-Q|-Q
--frob|--frob
-u|-u nosuchuser_bonnie
CASES

# A quiet run: the CSV alone on stdout, the table on stderr.
"$BONNIE" -d "$D" -s 1m:4k:50:2 -f64k -n 1:1k:0:2 -q -z 5 -m smoke >"$T/out" 2>"$T/err"; rc=$?
check "quiet run exits 0 (got $rc)" [ $rc -eq 0 ]
check "quiet run: one line on stdout" [ "$(wc -l <"$T/out")" -eq 1 ]
check "quiet run: 50 fields" [ "$(fields "$T/out")" -eq 50 ]
check "quiet run: format 1.98, name, seed" grep -q '^1\.98,[^,]*,smoke,1,5,1M,4k,50,2,' "$T/out"
check "quiet run: table on stderr" grep -q '^Version .*Sequential Output' "$T/err"
check "quiet run: file table on stderr" grep -q 'Sequential Create' "$T/err"
check "quiet run: no progress text" sh -c "! grep -q 'Writing' '$T/out' '$T/err'"
check "quiet run: scratch removed" empty_dir "$D"

# Without -q: progress, table and CSV all on stdout, CSV last.
"$BONNIE" -d "$D" -s 512k:4k:20:2 -f16k -n 0 -z 5 >"$T/out" 2>"$T/err"; rc=$?
check "verbose run exits 0" [ $rc -eq 0 ]
check "verbose run: progress lines" grep -q '^Writing intelligently\.\.\.done$' "$T/out"
check "verbose run: table" grep -q '^Latency ' "$T/out"
check "verbose run: CSV is the last line" sh -c "tail -n 1 '$T/out' | grep -q '^1\.98,'"
check "verbose run: nothing on stderr" [ ! -s "$T/err" ]

# -x 3 gives three runs and three CSV lines.
"$BONNIE" -d "$D" -s 256k:4k:10:1 -f -n 0 -x 3 -q >"$T/out" 2>/dev/null; rc=$?
check "-x 3 exits 0" [ $rc -eq 0 ]
check "-x 3 prints three CSV lines" [ "$(grep -c '^1\.98,' "$T/out")" -eq 3 ]

# Setup errors: exit 2 with one line.
"$BONNIE" -d "$T/nonexistent" -s 1m -n 0 -q >"$T/out" 2>"$T/err"; rc=$?
check "missing -d directory exits 2 (got $rc)" [ $rc -eq 2 ]
check "missing -d directory: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
: >"$T/plainfile"
"$BONNIE" -d "$T/plainfile" -s 1m -n 0 -q >"$T/out" 2>"$T/err"; rc=$?
check "-d on a file exits 2 (got $rc)" [ $rc -eq 2 ]

# A report that cannot be written is exit status 5.
if [ -w /dev/full ]; then
	"$BONNIE" -d "$D" -s 256k:4k:10:1 -f -n 0 -q >/dev/full 2>/dev/null; rc=$?
	check "stdout on a full device exits 5 (got $rc)" [ $rc -eq 5 ]
	check "stdout on a full device: scratch removed" empty_dir "$D"
fi

# Ctrl-C: report what completed, remove the scratch directory, exit 4.
"$BONNIE" -d "$D" -s 64m:4k -f -n 64 >"$T/out" 2>"$T/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid; rc=$?
check "SIGINT exits 4 (got $rc)" [ $rc -eq 4 ]
check "SIGINT: CSV of what completed" [ "$(grep '^1\.98,' "$T/out" | awk -F, '{print NF}')" = 50 ]
check "SIGINT: scratch removed" empty_dir "$D"

# -n 64:0:0:16 (65536 files in 16 directories) leaves nothing behind.
"$BONNIE" -d "$D" -s 0 -n 64:0:0:16 -q >"$T/out" 2>"$T/err"; rc=$?
check "-n 64:0:0:16 exits 0 (got $rc)" [ $rc -eq 0 ]
check "-n 64:0:0:16: dirs in field 24" sh -c "awk -F, '{exit !(\$25 == \"16\" && \$22 == \"64\")}' '$T/out'"
check "-n 64:0:0:16: scratch removed" empty_dir "$D"

finish
