#!/bin/sh
# What was tested, checked against independent tools (findmnt, lsblk) on
# this machine's disk and on loop-mounted ext4, xfs and btrfs images; -D on
# ext4 for every bulk phase; -D refused clearly on ramfs and with a chunk
# below the device's direct-I/O alignment; tmpfs has no device; the page
# cache is dropped on disks and said not to be on tmpfs and ramfs. Needs root.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "devices.sh: needs root (loop devices, mounts)" >&2; exit 1; }
for tool in jq findmnt lsblk losetup mkfs.ext4; do
	command -v $tool >/dev/null || { echo "devices.sh: $tool missing" >&2; exit 1; }
done

loops=""
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

env_of() { # env_of DIR OUT.json [options...]: a tiny run's JSON
	d=$1; out=$2; shift 2
	"$BONNIE" -d "$d" -s 1m:4k:20:2 -f64k -n 1 -q --no-align-probe --json "$out" "$@" >/dev/null 2>"$T/err"
}
jqv() { jq -r "$1" "$2"; }
# the four reading phases: evicted (true) or kept (false), with the resident part measured
evicted='[.runs[0].phases[] | select(.name == "rewrite" or .name == "getc" or .name == "get_block" or .name == "seeks")
	| .cache_evicted == true and .cache_resident_percent != null and .cache_resident_percent < 1] | length == 4 and all'
kept='[.runs[0].phases[] | select(.name == "rewrite" or .name == "getc" or .name == "get_block" or .name == "seeks")
	| .cache_evicted == false and .cache_resident_percent == 100] | length == 4 and all'

# --- this machine's disk, against findmnt and lsblk
D=$T/here
mkdir "$D"
env_of "$D" "$T/here.json"; rc=$?
check "run on this machine's disk exits 0 (got $rc)" [ $rc -eq 0 ]
check "fs type matches findmnt" [ "$(jqv .environment.file_system.type "$T/here.json")" = "$(findmnt -no FSTYPE -T "$D")" ]
check "mount source matches findmnt" [ "$(jqv .environment.file_system.source "$T/here.json")" = "$(findmnt -no SOURCE -T "$D")" ]
src=$(findmnt -no SOURCE -T "$D")
if [ -b "$src" ]; then
	disk=$(lsblk -no PKNAME "$src" | head -n 1); [ -n "$disk" ] || disk=$(basename "$src")
	check "device name matches the mount source" [ "$(jqv .environment.device.name "$T/here.json")" = "$(basename "$src")" ]
	check "logical sector matches lsblk" [ "$(jqv .environment.device.logical_sector_bytes "$T/here.json")" = "$(lsblk -dno LOG-SEC "/dev/$disk" | tr -d ' ')" ]
	check "physical sector matches lsblk" [ "$(jqv .environment.device.physical_sector_bytes "$T/here.json")" = "$(lsblk -dno PHY-SEC "/dev/$disk" | tr -d ' ')" ]
	rota=$(lsblk -dno ROTA "/dev/$disk" | tr -d ' ')
	check "rotational flag matches lsblk" [ "$(jqv .environment.device.rotational "$T/here.json")" = "$([ "$rota" = 1 ] && echo true || echo false)" ]
	check "the read phases were served by the device" jq -e '[.runs[0].phases[] | select(.name == "get_block") | .device.read_bytes > 0] | all' "$T/here.json" >/dev/null
	check "$(findmnt -no FSTYPE -T "$D") on disk: the cache was dropped before every reading phase" \
		jq -e "$evicted" "$T/here.json" >/dev/null
	check "on disk: no page-cache note" sh -c "! grep -q 'page cache not dropped' '$T/err'"
	if [ "$(lsblk -dno LOG-SEC "/dev/$disk" | tr -d ' ')" -lt "$(lsblk -dno PHY-SEC "/dev/$disk" | tr -d ' ')" ]; then
		# 512e: the probe has something to measure here
		"$BONNIE" -d "$D" -s 1m:4k:20:1 -f -n 0 --align-probe -q --json "$T/probe.json" >/dev/null 2>&1
		check "512e disk: --align-probe measures a ratio" jq -e '.alignment_probe | .measured and .shifted_to_aligned_rate_ratio > 0' "$T/probe.json" >/dev/null
	fi
else
	fail "this machine's test directory is not on a block device ($src)"
fi

# --- loop devices with ext4, xfs, btrfs
loop_fs() { # loop_fs FSTYPE SIZE_MB MKFS...: sets dev, mounts on $T/mnt-FSTYPE
	fs=$1; mb=$2; shift 2
	img=$T/$fs.img
	dd if=/dev/zero of="$img" bs=1M count=0 seek="$mb" 2>/dev/null
	dev=$(losetup -f --show "$img") || return 1
	loops="$loops $dev"
	"$@" "$dev" >/dev/null 2>&1 || return 1
	mkdir -p "$T/mnt-$fs"
	mount "$dev" "$T/mnt-$fs" || return 1
	mounts="$T/mnt-$fs $mounts"
}
no_scratch() { ! ls -A "$1" | grep -q '^bonnie\.'; }
for spec in "ext4 64 mkfs.ext4 -q -F" "xfs 320 mkfs.xfs -q -f" "btrfs 256 mkfs.btrfs -q -f"; do
	set -- $spec
	fs=$1
	command -v "$3" >/dev/null || { fail "$3 missing (apt-get install xfsprogs btrfs-progs)"; continue; }
	loop_fs "$@" || { fail "$fs: cannot set up a loop device"; continue; }
	env_of "$T/mnt-$fs" "$T/$fs.json"; rc=$?
	check "$fs on loop: exit 0 (got $rc)" [ $rc -eq 0 ]
	check "$fs on loop: file system type" [ "$(jqv .environment.file_system.type "$T/$fs.json")" = "$fs" ]
	check "$fs on loop: device is $(basename "$dev")" [ "$(jqv .environment.device.name "$T/$fs.json")" = "$(basename "$dev")" ]
	check "$fs on loop: kind loop" [ "$(jqv .environment.device.kind "$T/$fs.json")" = loop ]
	check "$fs on loop: backing file named" [ "$(jqv .environment.device.detail "$T/$fs.json")" = "$T/$fs.img" ]
	check "$fs on loop: device counters per phase" jq -e '[.runs[0].phases[] | select(.status == "done") | .device != null] | all' "$T/$fs.json" >/dev/null
	check "$fs on loop: the cache was dropped before every reading phase" jq -e "$evicted" "$T/$fs.json" >/dev/null
	check "$fs on loop: nothing left" no_scratch "$T/mnt-$fs"
done

# --- "From device" under a loop device counts the disk under its backing
# file, not the loop's own counters (which also count what the host page
# cache served); without direct I/O the loop is said to be in the way
host=$(findmnt -no SOURCE -T "$T")
loop_stat_reads() { awk '{ printf "%.0f\n", $3 * 512 }' "/sys/block/$1/stat"; } # %.0f: mawk prints 2^31 and up as 6.7e+09
if [ -b "$host" ]; then
	ext4dev=$(findmnt -no SOURCE "$T/mnt-ext4"); ext4dev=$(basename "$ext4dev")
	check "ext4's loop runs without direct I/O" [ "$(cat "/sys/block/$ext4dev/loop/dio")" = 0 ]
	before=$(loop_stat_reads "$ext4dev")
	"$BONNIE" -d "$T/mnt-ext4" -s 8m:64k:20:1 -f -n 0 -q --no-align-probe --json "$T/stack.json" >/dev/null 2>"$T/err"; rc=$?
	after=$(loop_stat_reads "$ext4dev")
	check "loop stack run exits 0 (got $rc)" [ $rc -eq 0 ]
	check "the loop's own counters read at least all that get_block read (the naive 100%)" \
		jq -e --argjson n $((after - before)) '.runs[0].phases[] | select(.name == "get_block") | $n >= .bytes' "$T/stack.json" >/dev/null
	check "loop: counted is $(basename "$host") under the backing file, not $ext4dev" \
		jq -e --arg d "$(basename "$host")" '.environment.device.counted_devices == [$d]' "$T/stack.json" >/dev/null
	check "loop without direct I/O: not device-true, and why" jq -e '.environment.device | .device_true == false and
		(.not_device_true_because | test("^loop[0-9]+ reads and writes .* through the host page cache \\(no direct I/O\\)$"))' "$T/stack.json" >/dev/null
	check "loop: each phase's device figures say not device-true" \
		jq -e '[.runs[0].phases[] | select(.status == "done") | .device.device_true == false] | all' "$T/stack.json" >/dev/null
	check "loop: the table says From device is not device-true" grep -q '^From device is not device-true: the host page cache is in the device stack (a loop device without direct I/O' "$T/err"
	check "loop: the environment block names the counted device" grep -q "^Counted:     $(basename "$host"); not device-true: $ext4dev reads" "$T/err"
	dio_img=$T/dio.img
	dd if=/dev/zero of="$dio_img" bs=1M count=0 seek=64 2>/dev/null
	if diodev=$(losetup -f --show --direct-io=on "$dio_img" 2>/dev/null); then
		loops="$loops $diodev"
		mkfs.ext4 -q -F "$diodev" >/dev/null 2>&1
		mkdir "$T/mnt-dio" && mount "$diodev" "$T/mnt-dio" && mounts="$T/mnt-dio $mounts"
		env_of "$T/mnt-dio" "$T/dio.json"; rc=$?
		check "direct-I/O loop run exits 0 (got $rc)" [ $rc -eq 0 ]
		check "direct-I/O loop: counts $(basename "$host"), device-true" jq -e --arg d "$(basename "$host")" \
			'.environment.device | .counted_devices == [$d] and .device_true and .not_device_true_because == null' "$T/dio.json" >/dev/null
		check "direct-I/O loop: no not-device-true note" sh -c "! grep -q 'not device-true' '$T/err'"
	else
		fail "losetup --direct-io=on not supported here"
	fi
else
	fail "the test directory is not on a block device ($host): cannot check the loop stack"
fi

# --- -D on ext4: every bulk phase direct, per-char buffered and said so;
# on the direct-I/O loop, so that no host page cache stands between the
# reads and the disk whose counters are read
M=$T/mnt-ext4
mountpoint -q "$T/mnt-dio" 2>/dev/null && M=$T/mnt-dio
"$BONNIE" -d "$M" -s 4m:4k:50:2 -f64k -n 0 -D -q --json "$T/direct.json" >/dev/null 2>"$T/table"; rc=$?
check "-D on ext4 exits 0 (got $rc)" [ $rc -eq 0 ]
check "-D: block write, rewrite, block read, seeks direct" jq -e '[.runs[0].phases[] | select(.name == "put_block" or .name == "rewrite" or .name == "get_block" or .name == "seeks") | .direct_io] == [true, true, true, true]' "$T/direct.json" >/dev/null
check "-D: per-char phases ran buffered" jq -e '[.runs[0].phases[] | select(.name == "putc" or .name == "getc") | .buffered_under_direct] == [true, true]' "$T/direct.json" >/dev/null
check "-D: the table says per-char ran buffered" grep -q 'per-char phases cannot use O_DIRECT' "$T/table"
check "-D: the device read everything block read asked for" jq -e '.runs[0].phases[] | select(.name == "get_block") | .device.read_bytes >= .bytes' "$T/direct.json" >/dev/null

# --- a chunk below the direct-I/O alignment of a 4K-sector device
img=$T/4k.img
dd if=/dev/zero of="$img" bs=1M count=0 seek=64 2>/dev/null
if dev4k=$(losetup -f --show --sector-size 4096 "$img" 2>/dev/null); then
	loops="$loops $dev4k"
	mkfs.ext4 -q -F -b 4096 "$dev4k" >/dev/null 2>&1
	mkdir "$T/mnt-4k" && mount "$dev4k" "$T/mnt-4k" && mounts="$T/mnt-4k $mounts"
	"$BONNIE" -d "$T/mnt-4k" -s 1m:512 -n 0 -D -q >"$T/out" 2>"$T/err"; rc=$?
	check "-D with 512-byte chunks on 4K sectors exits 1 (got $rc)" [ $rc -eq 1 ]
	check "-D alignment error is one line naming the constraint" sh -c "[ \$(wc -l <'$T/err') -eq 1 ] && grep -q 'alignment' '$T/err'"
	check "-D alignment error: nothing left" no_scratch "$T/mnt-4k"
	# 4096 B logical = physical: a shift by one logical sector stays aligned
	"$BONNIE" -d "$T/mnt-4k" -s 1m:4k:20:1 -f -n 0 --align-probe --json "$T/4k.json" >"$T/out" 2>"$T/err"; rc=$?
	check "--align-probe on 4K sectors exits 0 (got $rc)" [ $rc -eq 0 ]
	why='not measured: logical = physical sector size (4096 B)'
	check "4K probe: the progress line says why" grep -qF "Probing partition alignment...$why" "$T/out"
	check "4K probe: the table line says why" grep -qF "Align probe: $why" "$T/out"
	check "4K probe: no ratio printed" sh -c "! grep -qw 'ratio' '$T/out'"
	check "4K probe: JSON not measured, with the reason" jq -e '.alignment_probe | .measured == false and
		(.error | startswith("logical = physical sector size (4096 B)")) and .shift_bytes == null and .io_bytes == null' "$T/4k.json" >/dev/null
	check "4K probe: nothing left" no_scratch "$T/mnt-4k"
else
	fail "losetup --sector-size 4096 not supported here"
fi

# --- ramfs has no O_DIRECT: clear error before anything is written
mkdir "$T/ram"
mount -t ramfs ramfs "$T/ram" && mounts="$T/ram $mounts"
"$BONNIE" -d "$T/ram" -s 1m -n 0 -D -q >"$T/out" 2>"$T/err"; rc=$?
check "-D on ramfs exits 1 (got $rc)" [ $rc -eq 1 ]
check "-D on ramfs: one line naming O_DIRECT" sh -c "[ \$(wc -l <'$T/err') -eq 1 ] && grep -q 'O_DIRECT' '$T/err'"
check "-D on ramfs: nothing written" empty_dir "$T/ram"
env_of "$T/ram" "$T/ram.json"; rc=$?
check "ramfs run exits 0 (got $rc)" [ $rc -eq 0 ]
check "ramfs: the cache stayed, and JSON says so" jq -e "$kept" "$T/ram.json" >/dev/null
check "ramfs: the table notes it" grep -q '^page cache not dropped before reads: 100% of the data file stayed cached' "$T/err"

# --- tmpfs: no block device, reported as such
mkdir "$T/tmpfs"
mount -t tmpfs -o size=32m tmpfs "$T/tmpfs" && mounts="$T/tmpfs $mounts"
env_of "$T/tmpfs" "$T/tmpfs.json"; rc=$?
check "tmpfs run exits 0" [ $rc -eq 0 ]
check "tmpfs: no device" jq -e '.environment.device == null and .environment.file_system.type == "tmpfs"' "$T/tmpfs.json" >/dev/null
check "tmpfs: the cache stayed, and JSON says so" jq -e "$kept" "$T/tmpfs.json" >/dev/null
check "tmpfs: the table notes it" grep -q '^page cache not dropped before reads: 100% of the data file stayed cached' "$T/err"
finish
