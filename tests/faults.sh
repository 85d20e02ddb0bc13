#!/bin/sh
# Injected I/O errors and odd-but-legal transfers, through the LD_PRELOAD
# shim tests/faultshim.c (built into $BUILD_DIR, default build/):
#  - EIO and ENOSPC in an operation of every phase: exit 3, one line
#    "bonnie: <op> <path in the scratch dir> [(offset N)]: <errno text>",
#    the completed phases still reported (table, 50-field CSV with the
#    failed and later phases empty, JSON), and nothing left under -d;
#    offsets are those of the failed call (the Nth one-byte write of the
#    per-char phase is at byte N-1; a write into a file of the file tests
#    names its offset in that file too);
#  - a failure in run 2 of -x 3: run 1 reported in full, no run 3;
#  - a failure while setting up: exit 2;
#  - short transfers and EINTR from read/write/pread/pwrite: exit 0 and the
#    same bytes and operation counts as a run without faults (--verify on).
# The shim counts only calls on files under -d, and only once the phase's
# progress title ("Rewriting...") has been flushed to stdout (FAULT_AFTER),
# so "the 10th write of the rewrite phase" is exact whatever runs before it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

need_jq


D=$T/dir
mkdir "$D"

# All twelve phases, small: 64 KiB per-char, 1 MiB in 4 KiB chunks, 64
# seeks by 2 workers, 1024 files of 0..1 KiB.
CHUNK=4096
BASE="-s 1m:4k:64:2 -f64k -n 1:1k:0 -z 7 -m faults --no-align-probe"

# run VAR=value... -- bonnie args...: bonnie under the shim; rc, $T/out, $T/err, $T/json, $T/rep.
run() {
	rm -f "$T/rep" "$T/json"
	(
		while [ $# -gt 0 ] && [ "$1" != "--" ]; do
			# shellcheck disable=SC2163 # "$1" is VAR=value
			export "$1"
			shift
		done
		shift
		FAULT_DIR=$D FAULT_REPORT=$T/rep LD_PRELOAD=$SHIM
		export FAULT_DIR FAULT_REPORT LD_PRELOAD
		exec "$BONNIE" -d "$D" --json "$T/json" "$@"
	) >"$T/out" 2>"$T/err"
	rc=$?
}

injected() { awk '$1 == "injected" { print $2 }' "$T/rep" 2>/dev/null; }
csv_last() { grep '^1\.98,' "$T/out" | tail -n 1; }


# csv_phase LINE INDEX filled|empty
csv_phase() {
	for f in $(phase_fields "$2"); do
		v=$(printf '%s\n' "$1" | cut -d, -f"$f")
		if [ "$3" = filled ]; then [ -n "$v" ] || return 1; else [ -z "$v" ] || return 1; fi
	done
}

# Phases before index $1 filled, from $1 on empty.
csv_split() {
	line=$(csv_last)
	i=0
	for p in $PHASES; do
		if [ $i -lt "$1" ]; then csv_phase "$line" $i filled || return 1
		else csv_phase "$line" $i empty || return 1; fi
		i=$((i + 1))
	done
}

# JSON statuses: done before index $1, $2 at $1, not_run after it.
json_split() {
	want=$(i=0; for p in $PHASES; do
		if [ $i -lt "$1" ]; then echo "$p done"
		elif [ $i -eq "$1" ]; then echo "$p $2"
		else echo "$p not_run"; fi
		i=$((i + 1))
	done)
	got=$(json_status_list "$T/json")
	[ "$got" = "$want" ] || { printf 'want:\n%s\ngot:\n%s\n' "$want" "$got" >&2; return 1; }
}

multiple_of_chunk() { [ -n "$1" ] && [ $(($1 % CHUNK)) -eq 0 ]; }
re_escape() { printf '%s' "$1" | sed 's/[].[^$*\\/+?(){}|]/\\&/g'; }
DRE=$(re_escape "$D")



# --- EIO and ENOSPC in every phase -----------------------------------------
# phase|call|nth|expected op (ERE)|path under the scratch dir (ERE)|offset: N, chunk (any
# multiple of the chunk size) or none
while IFS='|' read -r phase call nth op rel off; do
	[ -n "$phase" ] || continue
	idx=$(index_of "$phase")
	title=$(title_of "$phase")
	for mode in eio enospc; do
		case $mode in
		eio) text="Input/output error" errno=5 ;;
		enospc) text="No space left on device" errno=28 ;;
		esac
		c="$phase: $mode in $call #$nth"
		run FAULT_AFTER="$title" FAULT_CALL="$call" FAULT_NTH="$nth" FAULT_MODE="$mode" -- $BASE
		check "$c: the fault was injected once (got '$(injected)')" [ "$(injected)" = 1 ]
		check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
		check "$c: one line on stderr (got $(lines "$T/err"))" [ "$(lines "$T/err")" -eq 1 ]
		case $off in
		none) ore="" ;;
		chunk) ore=" \\(offset [0-9]+\\)" ;;
		*) ore=" \\(offset $off\\)" ;;
		esac
		check "$c: 'bonnie: $op <scratch>/$rel$ore: $text' (got: $(head -n 1 "$T/err"))" \
			grep -Eq "^bonnie: $op $DRE/bonnie\\.[A-Za-z0-9]{6}/$rel$ore: $text\$" "$T/err"
		if [ "$off" = chunk ]; then
			o=$(sed -n 's/.*(offset \([0-9]*\)).*/\1/p' "$T/err")
			check "$c: offset '$o' is a multiple of the chunk" multiple_of_chunk "$o"
		fi
		check "$c: progress says '$title...failed'" grep -q "$title\\.\\.\\.failed" "$T/out"
		check "$c: table printed" grep -q '^Version .*Sequential Output' "$T/out"
		check "$c: one CSV line, 50 fields" [ "$(grep '^1\.98,' "$T/out" | awk -F, '{ print NF }')" = 50 ]
		check "$c: CSV has the completed phases, not $phase or later" csv_split "$idx"
		check "$c: JSON: earlier phases done, $phase failed, later not run" json_split "$idx" failed
		check "$c: JSON error names $op and errno $errno" \
			sh -c "jq -r '.runs[0].phases[$idx].error | \"\\(.operation) \\(.errno)\"' '$T/json' | grep -Eqx '$op $errno'"
		check "$c: -d left empty" empty_dir "$D"
	done
done <<'CASES'
putc|write|1000|write|data|999
putc|close|1|close|data|none
put_block|write|10|write|data|36864
put_block|fsync|1|fsync|data|none
rewrite|write|10|write|data|36864
rewrite|read|10|read|data|36864
getc|read|5000|read|data|4999
getc|fdatasync|1|fdatasync|data|none
get_block|read|10|read|data|36864
get_block|openat|2|open|data|none
seeks|pread|10|read|data|chunk
seeks|pwrite|2|write|data|chunk
seq_create|write|10|write|files/[^/ ]+|0
seq_create|openat|5|create|files/[^/ ]+|none
seq_create|mkdirat|1|mkdir|files|none
seq_create|syncfs|1|sync(fs)?|files|none
seq_stat|read|10|read|files/[^/ ]+|0
seq_stat|openat|10|open|files/[^/ ]+|none
seq_del|unlinkat|10|unlink|files/[^/ ]+|none
seq_del|syncfs|1|sync(fs)?|files|none
ran_create|write|10|write|files/[^/ ]+|0
ran_create|renameat|1|mkdir|files|none
ran_stat|read|10|read|files/[^/ ]+|0
ran_del|unlinkat|10|unlink|files/[^/ ]+|none
ran_del|syncfs|1|sync(fs)?|files|none
CASES

# --- Offsets inside the file tests' files ------------------------------------
# Files of 16 KiB written in 4 KiB chunks: the 3rd write of the sequential
# create phase is at offset 8192 of the first file; a disk that fills there
# is reported with that offset, as for the data file.
for mode in enospc eio; do
	run FAULT_AFTER="Create files in sequential order" FAULT_CALL=write FAULT_NTH=3 FAULT_MODE=$mode -- \
		-s 0 -n 1:16k:16k:1:4k -z 7 --no-align-probe
	c="multi-chunk file, $mode in its 3rd write"
	check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
	check "$c: one error line" [ "$(lines "$T/err")" -eq 1 ]
	check "$c: 'write <scratch>/files/<first file> (offset 8192): ...' (got: $(head -n 1 "$T/err"))" \
		grep -Eq "^bonnie: write $DRE/bonnie\\.[A-Za-z0-9]{6}/files/0000000000[A-Za-z0-9]* \\(offset 8192\\): " "$T/err"
	check "$c: -d left empty" empty_dir "$D"
done

# --- EBUSY from unlink: an SMB share just after close --------------------------
# smbnetfs returns from close(2) before the server has closed the file, and
# the server refuses an unlink while the file is still open there (EBUSY).
# Brief refusals are waited out, in the timed deletes and in every removal
# of bonnie's own files; a lasting one is reported as any other error.
for phase in seq_del ran_del put_block; do
	title=$(title_of "$phase")
	c="$phase: EBUSY three times in a row from unlink"
	run FAULT_AFTER="$title" FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_MODE=ebusy FAULT_REPEAT=3 -- $BASE
	check "$c: injected 3 (got '$(injected)')" [ "$(injected)" = 3 ]
	check "$c: exit 0 (got $rc: $(head -n 1 "$T/err"))" [ $rc -eq 0 ]
	check "$c: every phase done" [ "$(jq '[.runs[0].phases[] | select(.status != "done")] | length' "$T/json")" = 0 ]
	check "$c: -d left empty" empty_dir "$D"
done
c="EBUSY from every unlink"
run FAULT_CALL=unlinkat FAULT_NTH=1 FAULT_MODE=ebusy FAULT_REPEAT=all -- -s 1m:4k -n 0 --phases put_block -z 7 --no-align-probe
check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
check "$c: the first line names the unlink of the data file (got: $(head -n 1 "$T/err"))" \
	grep -Eq "^bonnie: unlink $DRE/bonnie\\.[A-Za-z0-9]{6}/data: Device or resource busy\$" "$T/err"
rm -rf "${D:?}"/bonnie.*

# --- A failure in the second of three runs ---------------------------------
# Without per-char and file tests a run makes 512 writes (block write and
# rewrite, 256 each): write #522 after the first block-write title is the
# 10th block write of run 2.
run FAULT_AFTER="Writing intelligently" FAULT_CALL=write FAULT_NTH=522 FAULT_MODE=eio -- \
	-s 1m:4k:64:2 -f -n 0 -z 7 -x 3 --no-align-probe
check "-x 3, EIO in run 2: exit 3 (got $rc)" [ $rc -eq 3 ]
check "-x 3, EIO in run 2: one error line" [ "$(lines "$T/err")" -eq 1 ]
check "-x 3, EIO in run 2: error at offset 36864" grep -q '^bonnie: write .*/data (offset 36864): Input/output error$' "$T/err"
check "-x 3, EIO in run 2: two CSV lines of 50 fields" \
	[ "$(grep '^1\.98,' "$T/out" | awk -F, '{ print NF }' | tr '\n' ' ')" = "50 50 " ]
check "-x 3, EIO in run 2: run 1 has block write" \
	[ -n "$(grep '^1\.98,' "$T/out" | head -n 1 | cut -d, -f12)" ]
check "-x 3, EIO in run 2: run 2 has no block write" \
	[ -z "$(grep '^1\.98,' "$T/out" | sed -n 2p | cut -d, -f12)" ]
check "-x 3, EIO in run 2: JSON has two runs, the second failed" \
	[ "$(jq -r '[.runs[].status] | join(" ")' "$T/json")" = "done failed" ]
check "-x 3, EIO in run 2: -d left empty" empty_dir "$D"

# --- Setting up: -d or the scratch directory cannot be opened ----------------
# -d is opened first (and held: the scratch directory is made and removed
# through it), the scratch directory then in it.
run FAULT_CALL=open FAULT_NTH=1 FAULT_MODE=eio -- $BASE
check "open of -d fails: injected" [ "$(injected)" = 1 ]
check "open of -d fails: exit 2 (got $rc)" [ $rc -eq 2 ]
check "open of -d fails: one line naming -d and the error (got: $(cat "$T/err"))" \
	grep -Eq "^bonnie: .*open $DRE: Input/output error\$" "$T/err"
check "open of -d fails: -d left empty" empty_dir "$D"
run FAULT_CALL=openat FAULT_NTH=1 FAULT_MODE=eio -- $BASE
check "open of the scratch dir fails: injected" [ "$(injected)" = 1 ]
check "open of the scratch dir fails: exit 2 (got $rc)" [ $rc -eq 2 ]
check "open of the scratch dir fails: one line" [ "$(lines "$T/err")" -eq 1 ]
check "open of the scratch dir fails: names the directory and the error" \
	grep -Eq "^bonnie: .*open $DRE/bonnie\\.[A-Za-z0-9]{6}: Input/output error\$" "$T/err"
check "open of the scratch dir fails: -d left empty" empty_dir "$D"

# --- Short transfers and EINTR: same results as without faults ---------------
phases_of() { jq -c '[.runs[0].phases[] | {name, status, bytes, operations}]' "$1"; }

run -- $BASE --verify
check "baseline: exit 0 (got $rc)" [ $rc -eq 0 ]
check "baseline: every phase done" \
	[ "$(jq -r '[.runs[0].phases[].status] | unique | join(" ")' "$T/json")" = "done" ]
phases_of "$T/json" >"$T/base"
check "baseline: has bytes and operations" grep -q '"bytes":[1-9]' "$T/base"

# call|mode|every|repeat: every: inject on every n-th call from the first;
# repeat: how many injections (all, or a count: with eintr on consecutive
# calls, one transfer is interrupted that many times in a row).
while IFS='|' read -r call mode every repeat; do
	[ -n "$call" ] || continue
	c="$call: $mode on every call #1+${every}k ($repeat)"
	run FAULT_CALL="$call" FAULT_NTH=1 FAULT_REPEAT="$repeat" FAULT_EVERY="$every" FAULT_MODE="$mode" -- $BASE --verify
	n=$(injected)
	check "$c: injected (got '$n')" [ "${n:-0}" -gt 0 ]
	check "$c: exit 0 (got $rc: $(head -n 1 "$T/err"))" [ $rc -eq 0 ]
	check "$c: nothing on stderr" [ ! -s "$T/err" ]
	check "$c: CSV of 50 fields" [ "$(grep '^1\.98,' "$T/out" | awk -F, '{ print NF }')" = 50 ]
	if [ -f "$T/json" ]; then phases_of "$T/json" >"$T/got"; else : >"$T/got"; fi
	check "$c: bytes and operations of every phase as without faults" cmp -s "$T/base" "$T/got"
	check "$c: -d left empty" empty_dir "$D"
done <<'CASES'
write|short|1|all
write|eintr|2|all
write|eintr|1|1000
read|short|1|all
read|eintr|2|all
read|eintr|1|1000
pwrite|short|1|all
pwrite|eintr|2|all
pread|short|1|all
pread|eintr|2|all
pread|eintr|1|1000
CASES

finish
