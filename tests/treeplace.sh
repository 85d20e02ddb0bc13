#!/bin/sh
# Where the file trees go, on a loop-mounted ext4 without a journal (as on
# the development VM, where creating right after deleting ran 3-5x slower):
# bonnie sets the top-directory flag on its own scratch directory, makes
# the random tree's directory while the sequential tree exists, so the two
# start in different block groups, and the random phases use exactly that
# directory. bonnie is held (the fault shim's pause) in the prepared
# sequential and random creates; nothing here depends on timing.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

for tool in mkfs.ext4 losetup lsattr dumpe2fs; do
	command -v "$tool" >/dev/null ||
		{ echo "treeplace.sh: $tool is required (tests/deps.sh installs it)" >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "treeplace.sh: needs root (loop devices)" >&2; exit 1; }

M=$T/mnt dev="" pid=""
cleanup() {
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
	[ -n "$pid" ] && wait "$pid" 2>/dev/null
	mountpoint -q "$M" && umount "$M"
	[ -n "$dev" ] && losetup -d "$dev"
	rm -rf "$T"
}
trap cleanup EXIT
mkdir "$M"
dd if=/dev/zero of="$T/ext4.img" bs=1M count=0 seek=1024 2>/dev/null
dev=$(losetup -f --show "$T/ext4.img") || { echo "treeplace.sh: losetup failed" >&2; exit 1; }
# no journal, as on the VM; no flex_bg, so a block group is the unit a
# spread directory is placed in
mkfs.ext4 -q -F -O ^has_journal,^flex_bg "$dev" >/dev/null 2>&1 && mount "$dev" "$M" ||
	{ echo "treeplace.sh: cannot make and mount ext4 on $dev" >&2; exit 1; }
IPG=$(dumpe2fs -h "$dev" 2>/dev/null | awk -F: '/^Inodes per group/ { print $2 + 0 }')
group_of() { echo $((($(stat -c %i "$1") - 1) / IPG)); }
no_scratch() { ! ls -A "$1" | grep -q '^bonnie\.'; } # lost+found stays
has_topdir_flag() { lsattr -d "$1" 2>/dev/null | cut -d' ' -f1 | grep -q T; }

SEQ=$(title_of seq_create) RAN=$(title_of ran_create)
: >"$T/out"
(
	export FAULT_DIR="$M" FAULT_AFTER="$SEQ" FAULT_AFTER2="$RAN" FAULT_CALL=openat FAULT_NTH=1 \
		FAULT_MODE=pause FAULT_PAUSE_FILE="$T/paused" LD_PRELOAD="$SHIM"
	exec "$BONNIE" -d "$M" -s 0 -n 1 -z 7 --no-align-probe
) >"$T/out" 2>"$T/err" &
pid=$!

if ! wait_for test -e "$T/paused"; then
	fail "bonnie never reached the sequential create"
	finish
fi
S=$(ls -d "$M"/bonnie.* 2>/dev/null | head -n 1)
check "the scratch directory carries the top-directory flag" has_topdir_flag "$S"
check "the sequential tree's directory exists" test -d "$S/files"
check "the random tree's directory is made already" test -d "$S/files.next"
spare_ino=$(stat -c %i "$S/files.next" 2>/dev/null)
seq_group=$(group_of "$S/files") spare_group=$(group_of "$S/files.next")
check "the two trees start in different block groups ($seq_group, $spare_group)" [ "$seq_group" != "$spare_group" ]
check "no calibration directory (a given -n)" [ ! -e "$S/files.cal" ]
rm -f "$T/paused"

if wait_for test -e "$T/paused"; then
	check "the random phases use the directory made during the sequential ones" \
		[ "$(stat -c %i "$S/files" 2>/dev/null)" = "$spare_ino" ]
	check "no spare is left for a third tree" [ ! -e "$S/files.next" ]
	rm -f "$T/paused"
else
	fail "bonnie never reached the random create"
fi
wait "$pid"
rc=$?
pid=""
check "the run exits 0 (got $rc)" [ $rc -eq 0 ]
check "the scratch directory is removed" no_scratch "$M"

# Without -n: the calibration's directory comes and goes, the count is a
# whole 1024 and every file phase ran.
"$BONNIE" -d "$M" -s 0 -q -z 7 --no-align-probe --json "$T/auto.json" >/dev/null 2>"$T/err"; rc=$?
check "the sized run exits 0 (got $rc)" [ $rc -eq 0 ]
files=$(jq -r '.runs[0].counts.files' "$T/auto.json")
check "the sized count is a whole 1024 ($files)" [ "$files" -ge 1024 ] && [ $((files % 1024)) -eq 0 ]
check "the sized count is flagged as bonnie's" [ "$(jq -r '.runs[0].counts.files_auto' "$T/auto.json")" = true ]
done_phases=$(jq '[.runs[0].phases[] | select(.status == "done")] | length' "$T/auto.json")
check "all six file phases ran ($done_phases)" [ "$done_phases" -eq 6 ]
check "the sized run's scratch directory is removed" no_scratch "$M"

finish
