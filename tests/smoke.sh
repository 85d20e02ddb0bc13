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
check "--help: no stale per-char default (it is sized by time)" sh -c "! grep -q 'default 3m' '$T/help'"
check "--help says where a default run writes and how much" grep -q '^With no options, bonnie writes a 4 GiB data file' "$T/help"
check "--help: no line over 80 columns" [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$T/help")" -le 80 ]

# --list-phases: the machine-readable phase list the shell tests read.
"$BONNIE" --list-phases >"$T/list" 2>"$T/err"; rc=$?
check "--list-phases exits 0 (got $rc)" [ $rc -eq 0 ]
check "--list-phases: lines of 8 tab-separated fields, bonnie++'s 12 phases first" \
	sh -c "awk -F'\t' 'NF != 8 { exit 1 }' '$T/list' && [ \$(awk -F'\t' '\$4 != \"-\"' '$T/list' | wc -l) -eq 12 ] && head -12 '$T/list' | awk -F'\t' '\$4 == \"-\" { exit 1 }'"
check "--list-phases: a phase outside bonnie++'s CSV line shows - for all three fields" \
	sh -c "awk -F'\t' '(\$4 == \"-\" || \$5 == \"-\" || \$6 == \"-\") && !(\$4 == \"-\" && \$5 == \"-\" && \$6 == \"-\") { exit 1 }' '$T/list'"
check "--list-phases: rate, %CPU, latency fields distinct, 9..49 (numbered from 0)" \
	sh -c "awk -F'\t' '\$4 != \"-\"' '$T/list' | cut -f4-6 | tr '\t' '\n' | sort -n | uniq -d | grep -q . && exit 1; awk -F'\t' '\$4 != \"-\"' '$T/list' | cut -f4-6 | tr '\t' '\n' | awk '\$1 < 9 || \$1 > 49 { exit 1 }'"
check "--list-phases: putc's rate, %CPU and latency are CSV fields 9, 10 and 38, numbered from 0 as bonnie.1 does" \
	[ "$(awk -F'\t' '$1 == "putc" { print $4, $5, $6 }' "$T/list")" = "9 10 38" ]
check "--list-phases: units are KiB/s, seeks/s or files/s" sh -c "! cut -f3 '$T/list' | grep -vxE 'KiB/s|seeks/s|files/s'"
check "--list-phases: nothing on stderr" [ ! -s "$T/err" ]

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
ambiguous option: --ver (|--ver
ambiguous option: --no (|--no
takes no value (got --verify=1)|--verify=1
attached, as in -f5 (not -f 5)|-f 5
--clients|--clients 1,,2
--clients|--clients 1,2,
--clients|--clients ,1
-c and --clients|-c 2 --clients 1,2
--knee-factor|--knee-factor 0x10
--level-time|--level-time 5s
--phases putc: nothing to test|--phases putc -f -s 1m
--phases seq_stat: nothing to test|--phases seq_stat -s 1m -n 0
--phases seeks: nothing to test|-s 0 --phases seeks
CASES

# User input in messages is sanitized: a -d path with a newline and an
# escape sequence gives one line without control characters, exit 2.
bad=$(printf '%s/no\nsuch\033[31mdir' "$T")
"$BONNIE" -d "$bad" -s 1m -n 0 -q >"$T/out" 2>"$T/err"; rc=$?
check "-d with newline and ESC: exit 2 (got $rc)" [ $rc -eq 2 ]
check "-d with newline and ESC: one line on stderr" [ "$(wc -l <"$T/err")" -eq 1 ]
check "-d with newline and ESC: shown escaped" grep -qF 'no\nsuch\x1b[31mdir' "$T/err"
check "-d with newline and ESC: no control character" sh -c "! LC_ALL=C grep -q '[[:cntrl:]]' '$T/err'"
"$BONNIE" -u "$(printf 'x\033]0;t\007')" -s 1m -n 0 >"$T/out" 2>"$T/err"; rc=$?
check "-u with ESC: exit 1 (got $rc)" [ $rc -eq 1 ]
check "-u with ESC: one line, no control character" sh -c "[ \$(wc -l <'$T/err') -eq 1 ] && ! LC_ALL=C grep -q '[[:cntrl:]]' '$T/err'"

# -u nobody:root by nobody: the group is what only root may switch to.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
	cp "$BONNIE" "$T/bonnie" && chmod 755 "$T" "$T/bonnie"
	(cd / && setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$T/bonnie" -u nobody:root \
		-d "$D" -s 1m -n 0 -q) >"$T/out" 2>"$T/err"; rc=$?
	check "-u nobody:root as nobody: exit 1 (got $rc)" [ $rc -eq 1 ]
	check "-u nobody:root as nobody: names the group" grep -qx 'bonnie: -u: only root can switch to group root' "$T/err"
	chmod 700 "$T"
fi

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

# Ctrl-C: report what completed, remove the scratch directory, exit 4. The
# shim holds the rewrite's first read until the signal has been delivered.
. "$(dirname "$0")/phases.sh"
rm -f "$T/paused"
FAULT_DIR="$D" FAULT_AFTER="Rewriting" FAULT_CALL=read FAULT_NTH=1 FAULT_MODE=pause FAULT_PAUSE_FILE="$T/paused" \
	LD_PRELOAD="$SHIM" "$BONNIE" -d "$D" -s 4m:4k -f -n 1 >"$T/out" 2>"$T/err" &
pid=$!
if wait_for test -e "$T/paused"; then
	kill -INT $pid
	check "SIGINT: delivered" wait_for delivered
	rm -f "$T/paused"
	wait $pid; rc=$?
	check "SIGINT exits 4 (got $rc)" [ $rc -eq 4 ]
	check "SIGINT: progress says Rewriting...interrupted" grep -q '^Rewriting\.\.\.interrupted$' "$T/out"
	check "SIGINT: CSV of what completed" [ "$(grep '^1\.98,' "$T/out" | awk -F, '{print NF}')" = 50 ]
	rate() { grep '^1\.98,' "$T/out" | cut -d, -f"$(phase_fields "$(index_of "$1")" | cut -d' ' -f1)"; }
	check "SIGINT: the block write is in the CSV" [ -n "$(rate put_block)" ]
	check "SIGINT: nothing after the rewrite in the CSV" [ -z "$(rate rewrite)$(rate get_block)" ]
else
	fail "SIGINT: the rewrite never reached its first read (stderr: $(head -n 1 "$T/err"))"
	kill -KILL $pid 2>/dev/null
	wait $pid
fi
check "SIGINT: scratch removed" empty_dir "$D"

# --phases of the file tests alone: no data-file block in the table and no
# data-file settings in the CSV line (nothing tested them), and the other way round.
"$BONNIE" -d "$D" -s 1m -n 1:1k:0 --phases seq_create -q --no-align-probe >"$T/out" 2>"$T/err"; rc=$?
check "--phases seq_create exits 0 (got $rc)" [ $rc -eq 0 ]
check "--phases seq_create: no Sequential Output block" sh -c "! grep -q 'Sequential Output' '$T/err'"
check "--phases seq_create: the file block" grep -q 'Sequential Create' "$T/err"
check "--phases seq_create: CSV size, chunk, seeks empty; files 1" \
	sh -c "awk -F, '{exit !(\$6 \$7 \$8 \$9 == \"\" && \$22 == \"1\")}' '$T/out'"
"$BONNIE" -d "$D" -s 1m -n 1:1k:0 --phases put_block -q --no-align-probe >"$T/out" 2>"$T/err"; rc=$?
check "--phases put_block exits 0 (got $rc)" [ $rc -eq 0 ]
check "--phases put_block: no Sequential Create block" sh -c "! grep -q 'Sequential Create' '$T/err'"
check "--phases put_block: CSV size 1M, file count empty" sh -c "awk -F, '{exit !(\$6 == \"1M\" && \$22 == \"\")}' '$T/out'"

# -n K:0:0:16 (K*1024 files in 16 directories) leaves nothing behind.
# SMOKE_FILES sets K: 4 in make check (4096 files, 256 a directory: the
# same paths), 64 in make check-full (65536 files, the many-files case,
# which took most of this suite's time on a busy disk).
K=${SMOKE_FILES:-4}
"$BONNIE" -d "$D" -s 0 -n "$K:0:0:16" -q >"$T/out" 2>"$T/err"; rc=$?
check "-n $K:0:0:16 exits 0 (got $rc)" [ $rc -eq 0 ]
check "-n $K:0:0:16: dirs in field 24" sh -c "awk -F, '{exit !(\$25 == \"16\" && \$22 == \"$K\")}' '$T/out'"
check "-n $K:0:0:16: scratch removed" empty_dir "$D"

finish
