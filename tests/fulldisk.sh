#!/bin/sh
# Full disks. (a) A run that cannot fit is refused before anything is
# written: exit 2, "need X, have Y", the file system left as it was; with
# -c N, what the clients need together (and fewer chunks than clients is
# exit 1). (b) A
# disk that fills while bonnie runs (filled while the shim holds bonnie): the
# phase fails with "No space left on device", the completed phases are
# reported, the scratch directory is removed, exit 3. On a tmpfs and on an
# ext4 image. Needs root (mounts).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

[ "$(id -u)" -eq 0 ] || { echo "fulldisk.sh: must run as root (tmpfs and loop mounts)" >&2; exit 1; }
need_jq

M=$T/mnt
O=$T/o
mkdir "$M" "$O"
pid=""
cleanup() {
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
	wait 2>/dev/null
	mountpoint -q "$M" && umount "$M"
	rm -rf "$T"
}
trap cleanup EXIT

mount_tmpfs() { # options
	mountpoint -q "$M" && umount "$M"
	mount -t tmpfs -o "$1" tmpfs "$M" || { fail "cannot mount tmpfs -o $1 on $M"; finish; exit 1; }
}
fs_state() { (cd "$M" && find . -printf '%p|%y|%s|%m\n' | sort; df -k --output=used . | tail -n 1) }

# --- (a) refused before writing -------------------------------------------------
# refused description mount-options bonnie-args what(space|inodes)
refused() {
	mount_tmpfs "$2"
	fs_state >"$O/before"
	# shellcheck disable=SC2086
	"$BONNIE" -d "$M" $3 -q --no-align-probe >"$O/out" 2>"$O/err"; rc=$?
	check "$1: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "$1: one line on stderr" [ "$(lines "$O/err")" -eq 1 ]
	check "$1: 'not enough $4 ... need X, have Y' (got: $(head -n 1 "$O/err"))" \
		grep -q "^bonnie: not enough $4 under $M: need [^,]*, have " "$O/err"
	check "$1: no CSV" [ ! -s "$O/out" ]
	check "$1: the file system left empty" empty_dir "$M"
	fs_state >"$O/after"
	check "$1: nothing written" cmp -s "$O/before" "$O/after"
}
refused "16 MiB file on 8 MiB" size=8m "-s 16m -n 0" space
refused "16 MiB per-char on 8 MiB" size=8m "-s 1m -f16m -n 0" space
refused "64 MiB of small files on 8 MiB" size=8m "-s 0 -n 16:4k:4k" space
refused "1 MiB file and 64 MiB of files on 8 MiB" size=8m "-s 1m -f -n 16:4k:4k" space
refused "1024 files, 100 inodes" size=8m,nr_inodes=100 "-s 0 -n 1" inodes
# 16x1024 files of 1 PiB: the product wraps to 0 in 64 bits; it must not pass
refused "16x1024 files of 1 PiB on 16 MiB" size=16m "-s 0 -n 16:1024t" space

# -c N (issue 20): the need is what the clients really write and create.
# 4096 data files of one 256-byte chunk take a 4 KiB page each (16 MiB).
refused "-c 4096 of one 256-byte chunk each on 12 MiB" size=12m "-s 1m:256 -n 0 -f -c 4096" space
# 1024 files, but 1500 clients' directories (the single run's 1024 files fit)
refused "1024 files among 1500 clients, 3000 inodes" size=64m,nr_inodes=3000 "-s 0 -n 1 -c 1500" inodes
# fewer chunks than clients: refused as a bad configuration, before the disk is looked at
mount_tmpfs size=16m
fs_state >"$O/before"
"$BONNIE" -d "$M" -s 1m -n 0 -f -c 4096 -q --no-align-probe >"$O/out" 2>"$O/err"; rc=$?
check "-s 1m -c 4096 on 16 MiB: exit 1 (got $rc)" [ $rc -eq 1 ]
check "-s 1m -c 4096 on 16 MiB: the one line (got: $(cat "$O/err"))" \
	[ "$(cat "$O/err")" = "bonnie: -c 4096: -s must be at least 32m (one 8k chunk per client)" ]
check "-s 1m -c 4096 on 16 MiB: the file system left empty" empty_dir "$M"
fs_state >"$O/after"
check "-s 1m -c 4096 on 16 MiB: nothing written" cmp -s "$O/before" "$O/after"

# A read-only file system is not a full one (issue 52: a read-only tmpfs
# was "not enough space", and without -s a note sized the run to its free
# space first): one line that says read-only, exit 2, with or without -s.
for args in "-s 16m -n 0" "-n 0" "-s 0 -n 1"; do
	mount_tmpfs size=8m,ro
	# shellcheck disable=SC2086
	"$BONNIE" -d "$M" $args -q --no-align-probe >"$O/out" 2>"$O/err"; rc=$?
	check "read-only, $args: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "read-only, $args: the one line says read-only (got: $(cat "$O/err"))" \
		[ "$(cat "$O/err")" = "bonnie: cannot write under $M: its file system is mounted read-only (-d names where to test)" ]
	check "read-only, $args: no CSV" [ ! -s "$O/out" ]
done

# What fits does run (the checks above are about space, not about tmpfs).
mount_tmpfs size=8m
"$BONNIE" -d "$M" -s 4m -f -n 0 -q --no-align-probe >"$O/out" 2>"$O/err"; rc=$?
check "4 MiB on 8 MiB: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "4 MiB on 8 MiB: scratch removed" empty_dir "$M"

# --- (b) filled during the run -----------------------------------------------------
# The shim holds bonnie just before a write (the first after a given text
# is out); meanwhile a hog fills the file system up to ENOSPC, then bonnie
# goes on and that write, or one soon after, finds no space.
filled() { # description, text that arms the hold, CSV lines expected, bonnie arguments
	mkdir -p "$M/d"
	echo "outside -d" >"$M/sentinel"
	sum=$(sha256sum <"$M/sentinel")
	rm -f "$O/json" "$O/paused" "$M/hog"
	# shellcheck disable=SC2086
	FAULT_DIR="$M/d" FAULT_AFTER="$2" FAULT_CALL=write FAULT_NTH=1 FAULT_MODE=pause FAULT_PAUSE_FILE="$O/paused" \
		LD_PRELOAD="$SHIM" "$BONNIE" -d "$M/d" $4 -z 9 --no-align-probe --json "$O/json" >"$O/out" 2>"$O/err" &
	pid=$!
	c="$1"
	if wait_for test -e "$O/paused"; then
		# until a sync frees nothing more: ext4 gives blocks back after the
		# hog's own writeback (delayed allocation's reserve) and after the
		# journal commits a delete, so one sync in between was not always
		# enough (under load a whole later run then fit: 3 runs, not 2)
		cat /dev/zero >"$M/hog" 2>"$O/hog.err"
		n=0
		while [ $n -lt 20 ]; do
			sync -f "$M"
			was=$(wc -c <"$M/hog")
			cat /dev/zero >>"$M/hog" 2>>"$O/hog.err"
			[ "$(wc -c <"$M/hog")" -gt "$was" ] || break
			n=$((n + 1))
		done
		check "$c: the hog's file grows no more after a sync" [ $n -lt 20 ]
		check "$c: the hog filled the file system" grep -q 'No space left on device' "$O/hog.err"
	else
		fail "$c: bonnie never reached the write after '$2'"
	fi
	rm -f "$O/paused"
	wait "$pid"; rc=$?; pid=""
	check "$c: exit 3 (got $rc)" [ $rc -eq 3 ]
	check "$c: one line on stderr (got $(lines "$O/err"))" [ "$(lines "$O/err")" -eq 1 ]
	check "$c: 'bonnie: <op> <scratch>/<file>...: No space left on device' (got: $(head -n 1 "$O/err"))" \
		grep -Eq "^bonnie: [a-z]+ $M/d/bonnie\\.[A-Za-z0-9]{6}/[^ ]+( \\(offset [0-9]+\\))?: No space left on device\$" "$O/err"
	check "$c: a CSV line per run started, 50 fields each" \
		[ "$(grep '^1\.98,' "$O/out" | awk -F, '{ print NF }' | sort -u)" = 50 ]
	check "$c: as many CSV lines as JSON runs" \
		[ "$(grep -c '^1\.98,' "$O/out")" = "$(jq '.runs | length' "$O/json" 2>/dev/null)" ]
	check "$c: the run before the fill and the failed one reported ($3 CSV lines)" [ "$(grep -c '^1\.98,' "$O/out")" -eq "$3" ]
	check "$c: runs before the last done, the last failed ($(jq -rc '[.runs[].status] | unique' "$O/json"))" \
		sh -c "jq -r '[.runs[].status] | join(\" \")' '$O/json' | grep -Eqx '(done )*failed'"
	check "$c: the failed phase has errno 28" \
		[ "$(jq '[.runs[-1].phases[] | select(.status == "failed") | .error.errno] | join(" ")' "$O/json")" = '"28"' ]
	check "$c: the failed phase's CSV fields are empty" failed_csv_empty
	check "$c: scratch removed" empty_dir "$M/d"
	check "$c: the file outside -d untouched" [ "$(sha256sum <"$M/sentinel")" = "$sum" ]
	check "$c: the hog's file is still there" [ -s "$M/hog" ]
	echo "fulldisk.sh: $c: $(grep -c '^1\.98,' "$O/out") run(s): $(head -n 1 "$O/err")"
}

failed_csv_empty() {
	i=$(jq '[.runs[-1].phases[] | .status] | index("failed")' "$O/json")
	[ "$i" != null ] || return 1
	line=$(grep '^1\.98,' "$O/out" | tail -n 1)
	for f in $(phase_fields "$i"); do
		[ -z "$(printf '%s\n' "$line" | cut -d, -f"$f")" ] || return 1
	done
}

mount_tmpfs size=16m
# held at the second run's first write (its per-char write), after the first run's table
filled "tmpfs filled during the run" "Sequential Output" 2 "-s 4m:4k:64:2 -f1m -n 1:1k:0 -x 3"
umount "$M"
mount_tmpfs size=16m
filled "tmpfs filled during the file tests" "Create files in sequential order" 1 "-s 0 -n 2:2k:1k -x 3"
umount "$M"

# The same on ext4 (delayed allocation: ENOSPC may come from write or fsync).
IMG=$T/ext4.img
if truncate -s 64m "$IMG" && mkfs.ext4 -q -m 0 -F "$IMG" && mount -o loop "$IMG" "$M"; then
	filled "ext4 filled during the run" "Sequential Output" 2 "-s 4m:4k:64:2 -f1m -n 1:1k:0 -x 3"
	umount "$M"
else
	fail "cannot make and mount an ext4 image (loop devices needed)"
fi

finish
