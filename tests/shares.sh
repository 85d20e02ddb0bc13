#!/bin/sh
# Real network shares, started and stopped here (no systemd): smbd with a
# private configuration under this test's directory, listening on
# 127.0.0.1 only and mounted with smbnetfs (its own HOME with .smb/smb.conf
# and .smb/smbnetfs.conf, big_writes; the share is MOUNT/127.0.0.1:PORT/share),
# and sshd on a free 127.0.0.1 port with throwaway keys, mounted with sshfs.
# On each share: one run, -c 2, a sweep --clients 1,4 and a run stopped by
# SIGINT while held in a block write (the fault shim's pause mode) all
# leave the export empty (checked on the server's side); the header names
# the share and claims no device; the sizes bonnie chose are the same in
# every run and count; without -s the data file is sized by time; a
# per-char phase skipped as too slow is named in a note and the header; -n with
# links on smbnetfs (no link(2), no symlink(2)) is refused before any
# phase; the queue-depth profile runs its eight rows, says what a share's
# rows can show, and runs buffered, marked, where O_DIRECT is refused. A
# server that cannot start skips its share with a line saying why.
. "$(dirname "$0")/lib.sh"

need_faultshim
need_jq
MAN=$(dirname "$0")/../bonnie.1
CHECKER=$(dirname "$0")/verdict_check.py
SMALL="-s 8m -n 1"

. "$(dirname "$0")/share_servers.sh"
share_traps

# --- what every share must do -------------------------------------------
export_empty() { empty_dir "$EXPORT" || { ls -lAR "$EXPORT" >&2; false; }; }

one_run() { # one_run NAME CLIENT
	"$BONNIE" -d "$SHARE" $SMALL --json "$T/$1.json" >"$T/$1.out" 2>"$T/$1.err"; rc=$?
	check "$1: one run exit 0 (got $rc: $(tail -n 1 "$T/$1.err"))" [ $rc -eq 0 ]
	check "$1: nothing left in the export" export_empty
	check "$1: JSON names the share client" [ "$(jq -r '.environment.share.client' "$T/$1.json")" = "$2" ]
	check "$1: JSON claims no device" [ "$(jq -r '.environment.device' "$T/$1.json")" = null ]
	check "$1: JSON says why not device-true" \
		[ "$(jq -r '.environment.share.device_true' "$T/$1.json")" = false ]
	check "$1: header names the share" grep -q "^Share:       $2 (fuse.$2), server " "$T/$1.out"
	check "$1: header says reads may come from the server's cache" grep -q "server's cache" "$T/$1.out"
	check "$1: no From device row" sh -c "! grep -q '^From device' '$T/$1.out'"
	check "$1: every phase done" \
		[ "$(jq -r '[.runs[0].phases[] | select(.status != "done" and .status != "not_run")] | length' "$T/$1.json")" = 0 ]
	check "$1: per-char sized by time, recorded" \
		[ "$(jq -r '.runs[0].counts.perchar_auto' "$T/$1.json")" = true ]
	check "$1: header says what was sized" grep -q '^Sized:       per-char ' "$T/$1.out"
	# a per-char phase too slow to size is skipped, and a note says so
	# (sshfs: one byte a call writes at about 2 KiB/s)
	for p in putc getc; do
		[ "$(jq -r ".runs[0].phases[] | select(.name == \"$p\") | .status" "$T/$1.json")" = not_run ] || continue
		check "$1: $p skipped, a note says why" grep -q "^bonnie: note: per-char .* skipped: one byte a call runs at " "$T/$1.err"
		check "$1: $p skipped, the header says so" grep -q '^Sized:       per-char .*skipped, too slow' "$T/$1.out"
	done
	# the independent checker (tests/verdict_check.py) over a share's run
	python3 "$CHECKER" --text "$T/$1.out" "$T/$1.json" >"$T/$1.vc.out" 2>&1 &&
		python3 "$CHECKER" "$T/$1.json" >>"$T/$1.vc.out" 2>&1
	rc=$?
	check "$1: every over-time sentence true of its timeline, the text's as the JSON's: $(tail -n 2 "$T/$1.vc.out" | tr '\n' ' ')" [ $rc -eq 0 ]
	for key in $(jq -r '.environment.share | keys[]' "$T/$1.json"); do
		check "$1: share key '$key' is in the man page" grep -qE "^\.(B|BR|RB) .*\b$key\b" "$MAN"
	done
}

clients_run() { # clients_run NAME
	"$BONNIE" -d "$SHARE" -s 8m -n 0 -c 2 -q >/dev/null 2>"$T/$1.c2.err"; rc=$?
	check "$1: -c 2 exit 0 (got $rc: $(tail -n 1 "$T/$1.c2.err"))" [ $rc -eq 0 ]
	check "$1: -c 2 left nothing in the export" export_empty
}

sweep_run() { # sweep_run NAME: sizes decided once for every count
	"$BONNIE" -d "$SHARE" -s 8m --clients 1,4 --json "$T/$1.sw.json" >"$T/$1.sw.txt" 2>"$T/$1.sw.err"; rc=$?
	check "$1: sweep 1,4 exit 0 (got $rc: $(tail -n 1 "$T/$1.sw.err"))" [ $rc -eq 0 ]
	# the independent checker: every knee sentence and the answer true of the
	# levels' data, the text's sweep lines and marks the JSON's
	python3 "$CHECKER" --sweep "$T/$1.sw.json" >"$T/$1.swc.out" 2>&1 &&
		python3 "$CHECKER" --sweep --table "$T/$1.sw.txt" "$T/$1.sw.json" >>"$T/$1.swc.out" 2>&1
	rc=$?
	check "$1: sweep sentences true of the levels, text as JSON: $(tail -n 2 "$T/$1.swc.out" | tr '\n' ' ')" [ $rc -eq 0 ]
	check "$1: sweep left nothing in the export" export_empty
	check "$1: sweep has both counts" [ "$(jq '.runs | length' "$T/$1.sw.json")" = 2 ]
	check "$1: one per-char size for every count" \
		[ "$(jq -c '[.runs[].counts.perchar_bytes] | unique' "$T/$1.sw.json")" = "[$(jq '.config.perchar_bytes' "$T/$1.sw.json")]" ]
	# the count is decided once (the 1-client run's is the config's); a
	# time-based count records what its creates made from its pool
	check "$1: one file count decided for the sweep" \
		jq -e '.runs[0].counts.files == .config.files' "$T/$1.sw.json" >/dev/null
	check "$1: the 4-client count records what its creates made" \
		jq -e '.runs[1] | .counts.files == ((([.phases[] | select(.name | test("create")) | .operations] | max) + 1023) / 1024 | floor * 1024)' \
		"$T/$1.sw.json" >/dev/null
}

# SIGINT while the block write is held in a write(2) on the share: exit 4, nothing left.
sigint_run() { # sigint_run NAME
	P=$T/$1.pause
	rm -f "$P"
	FAULT_DIR=$SHARE FAULT_CALL=write FAULT_NTH=3 FAULT_MODE=pause FAULT_PAUSE_FILE=$P \
		FAULT_AFTER="Writing intelligently..." LD_PRELOAD=$SHIM \
		"$BONNIE" -d "$SHARE" -s 8m -n 0 --phases put_block,get_block >"$T/$1.int.out" 2>"$T/$1.int.err" &
	bpid=$!
	check "$1: held in the block write" until_ok 60 test -e "$P"
	kill -INT "$bpid"
	rm -f "$P"
	wait "$bpid"; rc=$?
	check "$1: SIGINT exit 4 (got $rc: $(tail -n 1 "$T/$1.int.err"))" [ $rc -eq 4 ]
	check "$1: SIGINT left nothing in the export" export_empty
}

# Without -s the data file is sized by time on a share (block write only: short).
by_time_run() { # by_time_run NAME
	"$BONNIE" -d "$SHARE" -n 0 --phases put_block -q --json "$T/$1.bt.json" >/dev/null 2>"$T/$1.bt.err"; rc=$?
	check "$1: no -s exit 0 (got $rc: $(tail -n 1 "$T/$1.bt.err"))" [ $rc -eq 0 ]
	check "$1: no -s: the data file sized by time" [ "$(jq '.config.file_size_by_time' "$T/$1.bt.json")" = true ]
	check "$1: no -s: a note says so" grep -q 'the data file is sized by time: -s ' "$T/$1.bt.err"
	check "$1: no -s: under the 4 GiB default" [ "$(jq '.config.file_size_bytes' "$T/$1.bt.json")" -lt $((4 << 30)) ]
	check "$1: no -s left nothing in the export" export_empty
}

# The queue-depth profile on the share: its eight rows, each one whole pass
# (--qd-time 0: nothing here depends on time), counted as on a disk; the
# sentence on what a share's rows can show; and, with O_DIRECT refused (the
# fault shim, as a FUSE client may), every row buffered and the table saying
# so and whether this host's cache was dropped before the reads.
qd_rows_ok() { # qd_rows_ok JSON: done, one pass of 8 MiB, size / block operations, depth reached
	jq -e '[.runs[0].phases[] | select(.queue_depth) | select(.status == "done" and .bytes == 8388608
		and .operations == .bytes / .queue_depth.block_bytes and .latency_ns.count == .operations
		and .queue_depth.max_in_flight == .queue_depth.depth)] | length == 8' "$1" >/dev/null
}
qd_run() { # qd_run NAME CLIENT
	"$BONNIE" -d "$SHARE" --phases qd -s 8m --qd-time 0 --json "$T/$1.qd.json" >"$T/$1.qd.out" 2>"$T/$1.qd.err"; rc=$?
	check "$1: --phases qd exit 0 (got $rc: $(tail -n 1 "$T/$1.qd.err"))" [ $rc -eq 0 ]
	check "$1: --phases qd eight rows counted" qd_rows_ok "$T/$1.qd.json"
	check "$1: --phases qd only the eight ran" \
		[ "$(jq '[.runs[0].phases[] | select(.status != "not_run")] | length' "$T/$1.qd.json")" = 8 ]
	check "$1: --phases qd the table's block" grep -q '^Queue-depth profile (' "$T/$1.qd.out"
	check "$1: --phases qd says what a share's rows can show" \
		grep -q "^On a share ($2) the profile's rows measure this host, the share client, the network and the server together\. .* cannot tell an SSD from a disk behind the server\." "$T/$1.qd.out"
	check "$1: --phases qd left nothing in the export" export_empty
	FAULT_DIR=$SHARE FAULT_NODIRECT=1 LD_PRELOAD=$SHIM \
		"$BONNIE" -d "$SHARE" --phases qd -s 8m --qd-time 0 --json "$T/$1.qdb.json" >"$T/$1.qdb.out" 2>"$T/$1.qdb.err"; rc=$?
	check "$1: no O_DIRECT: exit 0 (got $rc: $(tail -n 1 "$T/$1.qdb.err"))" [ $rc -eq 0 ]
	check "$1: no O_DIRECT: eight rows counted" qd_rows_ok "$T/$1.qdb.json"
	check "$1: no O_DIRECT: every row marked buffered" \
		[ "$(jq '[.runs[0].phases[] | select(.queue_depth) | select(.direct_io == false and .buffered_under_direct)] | length' "$T/$1.qdb.json")" = 8 ]
	case $(jq -r '[.runs[0].phases[] | select(.queue_depth and (.name | test("read"))) | .cache_evicted] | unique | map(tostring) | join(",")' "$T/$1.qdb.json") in
	true) cache="this host's cache dropped before each read" ;;
	false) cache="this host's cache could not be dropped before the reads" ;;
	*) cache="this host's cache dropped before some reads only" ;;
	esac
	check "$1: no O_DIRECT: the table says buffered, '$cache'" \
		grep -q "^Queue-depth profile (.*, buffered: the file system refused O_DIRECT; $cache)\$" "$T/$1.qdb.out"
	check "$1: no O_DIRECT: left nothing in the export" export_empty
}

# SHARES_CASES picks cases (to repeat the ones that could race, e.g.
# SHARES_CASES=sigint); the share-specific checks come with "one".
CASES=${SHARES_CASES:-one clients sweep sigint by_time qd}
has_case() { case " $CASES " in *" $1 "*) true ;; *) false ;; esac; }
share_suite() { # share_suite NAME CLIENT
	has_case one && one_run "$1" "$2"
	has_case clients && clients_run "$1"
	has_case sweep && sweep_run "$1"
	has_case sigint && sigint_run "$1"
	has_case by_time && by_time_run "$1"
	has_case qd && qd_run "$1" "$2"
	true
}

# The two shares run side by side (each waits on its server's round trips,
# not on the CPU); each part counts its own checks into a file.
part_end() { echo "$checks $failures $skipped" >"$T/$1.counts"; }
smb_part() {
	why=""
	if smb_start; then
		share_suite smb smbnetfs
		has_case one || { check "smb: stopped" smb_stop; part_end smb; return; }
		check "smb: header says the space check could not be made" grep -q '^Space: .*could not be made' "$T/smb.out"
		check "smb: JSON space_checked false" [ "$(jq '.environment.file_system.space_checked' "$T/smb.json")" = false ]
		for max in -1 -2; do
			"$BONNIE" -d "$SHARE" -s 0 -n "1:$max" -q >"$T/link.out" 2>"$T/link.err"; rc=$?
			check "smb: -n 1:$max refused with exit 2 (got $rc)" [ $rc -eq 2 ]
			check "smb: -n 1:$max refusal is one line" [ "$(wc -l <"$T/link.err")" = 1 ]
			check "smb: -n 1:$max refusal says why" grep -q "links are not supported under .*fuse.smbnetfs" "$T/link.err"
			check "smb: -n 1:$max refused before any phase" [ ! -s "$T/link.out" ]
			check "smb: -n 1:$max left nothing" export_empty
		done
		check "smb: smbnetfs unmounted, smbd stopped" smb_stop
		check "smb: export empty after the server stopped" export_empty
	else
		skip "the Samba share: $why"
		[ -n "$smbd_pid" ] && stop_pid "$smbd_pid"
		smbd_pid=""
	fi
	part_end smb
}
ssh_part() {
	why=""
	if ssh_start; then
		share_suite ssh sshfs
		has_case one || { check "ssh: stopped" ssh_stop; part_end ssh; return; }
		check "ssh: header names server and export" \
			grep -q "^Share:       sshfs (fuse.sshfs), server root@127.0.0.1, export $EXPORT\$" "$T/ssh.out"
		check "ssh: sshfs unmounted, sshd stopped" ssh_stop
		check "ssh: export empty after the server stopped" export_empty
	else
		skip "the sshfs share: $why"
		[ -n "$sshd_pid" ] && stop_pid "$sshd_pid"
		sshd_pid=""
	fi
	part_end ssh
}

(trap - EXIT; smb_part) &
smb_job=$!
(trap - EXIT; ssh_part) &
ssh_job=$!
wait "$smb_job" "$ssh_job"
for p in smb ssh; do
	if [ -f "$T/$p.counts" ]; then
		read -r c f s <"$T/$p.counts"
		checks=$((checks + c)) failures=$((failures + f)) skipped=$((skipped + s))
	else
		fail "$p: its part did not finish"
	fi
done
check "no bonnie process left" no_bonnie_left
finish
