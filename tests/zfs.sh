#!/bin/sh
# ZFS pools under zfs-fuse, started and stopped here: a file vdev with
# ashift=9 on this machine's disk (4096 B physical sectors: the AFT line),
# a mirror of two loop devices with ashift=12 (200% explained, no AFT
# line), a raidz1 of three with compression=on (its compressratio stays
# 1.00x) and, under a second daemon whose ARC may hold the data file, the
# read cells marked c with the ARC's reason and the default size note.
# Each case checks the member list, the counted devices, the marks and the
# sentences against zpool's own word. Pools are made with cachefile=none
# (nothing is left for a later daemon to import); the trap destroys them,
# stops the daemon and detaches the loop devices. Needs root.
# ZFS_QUICK=1 (make check) runs the file-vdev case alone, smaller.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "zfs.sh: needs root (zfs-fuse, loop devices)" >&2; exit 1; }
need_jq
ZPOOL=/usr/sbin/zpool
ZFS=/usr/sbin/zfs
for tool in zfs-fuse "$ZPOOL" "$ZFS" losetup; do
	command -v "$tool" >/dev/null || { echo "zfs.sh: $tool missing (tests/deps.sh installs it)" >&2; exit 1; }
done

pools=""
loops=""
daemon=""
stop_daemon() { # destroys our pools, then stops our daemon and waits until it is gone
	for p in $pools; do "$ZPOOL" destroy -f "$p" 2>/dev/null; done
	pools=""
	[ -n "$daemon" ] || return 0
	kill "$daemon" 2>/dev/null
	n=0
	while kill -0 "$daemon" 2>/dev/null && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
	kill -0 "$daemon" 2>/dev/null && kill -KILL "$daemon"
	daemon=""
	mountpoint -q /zfs-kstat && umount /zfs-kstat
	return 0
}
cleanup() {
	stop_daemon
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

# One zfs-fuse per machine: another run of this suite (make sanitize's
# quick one beside make check-full's, as .ci/run runs them) waits for this
# lock instead of finding a daemon it must skip on. The lock is released
# when the suite's shell ends.
command -v flock >/dev/null || { echo "zfs.sh: flock is required (util-linux)" >&2; exit 1; }
exec 9>"${TMPDIR:-/tmp}/bonnie-zfs-suite.lock"
flock -w 1800 9 || { fail "waited 30 min for another zfs.sh to end"; finish; exit 1; }
if pgrep -x zfs-fuse >/dev/null; then
	skip "a zfs-fuse daemon already runs here (not this suite's to stop or reconfigure)"
	finish; exit $?
fi

start_daemon() { # start_daemon ARGS...: our daemon, ready once zpool answers
	rm -f "$T/zfs-fuse.pid"
	zfs-fuse --pidfile "$T/zfs-fuse.pid" "$@" || return 1
	n=0
	until [ -s "$T/zfs-fuse.pid" ] && "$ZPOOL" list >/dev/null 2>&1; do
		[ $n -ge 200 ] && return 1
		sleep 0.1; n=$((n + 1))
	done
	daemon=$(cat "$T/zfs-fuse.pid")
}
new_loop() { # new_loop NAME: a 256 MiB image under direct I/O, its device in $loop
	truncate -s 256m "$T/$1.img" && loop=$(losetup -f --show --direct-io=on "$T/$1.img") && loops="$loops $loop"
}
run_on() { # run_on NAME DIR [options]: a small run's text and JSON
	name=$1; dir=$2; shift 2
	"$BONNIE" -d "$dir" --phases put_block,rewrite,get_block --json "$T/$name.json" "$@" \
		>"$T/$name.out" 2>"$T/$name.err"
}
jqv() { jq -r "$1" "$2"; }
phase() { # phase NAME PHASE EXPR: a phase's JSON value
	jq -r ".runs[0].phases[] | select(.name == \"$2\") | $3" "$T/$1.json"
}
marked_c() { # marked_c NAME PHASE: its confidence carries the cached reason
	[ "$(phase "$1" "$2" '.confidence.reasons | index("cached") != null')" = true ]
}
not_marked_c() { [ "$(phase "$1" "$2" '.confidence.reasons | index("cached") == null')" = true ]; }

# --- daemon 1: an ARC of 16 MiB (it cannot hold a 96 MiB file), vdevs read with O_DIRECT
start_daemon --max-arc-size 16 --disable-block-cache; rc=$?
check "zfs-fuse starts (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || { finish; exit $?; }

# 1. a file vdev, ashift=9, on this machine's disk
truncate -s 512m "$T/vdev0"
"$ZPOOL" create -o ashift=9 -o cachefile=none -m "$T/m_file" bt_file "$T/vdev0" && pools="$pools bt_file"
check "pool on a file vdev made" [ -d "$T/m_file" ]
size=96m
[ -n "${ZFS_QUICK:-}" ] && size=32m
run_on file "$T/m_file" -s $size --html "$T/file.html"; rc=$?
check "file vdev: run exits 0 (got $rc: $(tail -n 1 "$T/file.err"))" [ $rc -eq 0 ]
check "file vdev: no 'Device: none found'" sh -c "! grep -q 'none found' '$T/file.out'"
check "file vdev: the pool and its layout" grep -q '^Pool:        bt_file, single disk (served by the zfs-fuse daemon)$' "$T/file.out"
check "file vdev: its vdev named as zpool status names it" \
	grep -q "^Vdev:        $T/vdev0: a file; its disk has " "$T/file.out"
check "file vdev: JSON vdevs = zpool status's" [ "$(jqv '[.environment.zfs.vdevs[].name] | join(" ")' "$T/file.json")" = "$T/vdev0" ]
disk=$(lsblk -no PKNAME "$(findmnt -no SOURCE -T "$T")" 2>/dev/null)
[ -n "$disk" ] || disk=$(basename "$(findmnt -no SOURCE -T "$T")")
phys=$(cat "/sys/block/$disk/queue/physical_block_size" 2>/dev/null)
check "file vdev: counted the disk under the file ($disk)" \
	[ "$(jqv '.environment.zfs.counted_devices | join(" ")' "$T/file.json")" = "$(basename "$(findmnt -no SOURCE -T "$T")")" ]
check "file vdev: the other traffic said once" [ "$(grep -c 'may carry other traffic' "$T/file.out")" = 1 ]
check "file vdev: ashift 9 read" [ "$(jqv .environment.zfs.ashift "$T/file.json")" = 9 ]
if [ "$phys" = 4096 ]; then
	check "ashift=9 on 4096 B physical: the AFT line, with its cost" \
		grep -q "^Alignment:   WARNING ashift 9 (512 B blocks) is under the vdevs' 4096 B physical sectors: every write smaller than 4 KiB" "$T/file.out"
	check "ashift=9: JSON says it" [ "$(jqv .environment.zfs.ashift_under_physical_sector "$T/file.json")" = true ]
else
	skip "the disk under $T has $phys B physical sectors, not 4096: the AFT line needs a 512e disk"
fi
check "file vdev: the probe says not measurable, not 'no penalty'" \
	grep -q '^Align probe: not measured: not measurable here: ZFS ' "$T/file.out"
check "file vdev: a From device row" grep -q '^From device ' "$T/file.out"
# the daemon does the vdevs' I/O: what the kernel charged bonnie (nothing) is not its share
check "file vdev: no 'bonnie itself had' from /proc/self/io" sh -c "! grep -q 'bonnie itself had' '$T/file.out'"
check "file vdev: JSON process_read_bytes null" [ "$(phase file get_block .device.process_read_bytes)" = null ]
check "file vdev: the page names the pool and the AFT answer" \
	sh -c "grep -q 'Pool: bt_file, single disk' '$T/file.html' && grep -q 'Alignment: .*ashift 9' '$T/file.html'"
check "file vdev: a 16 MiB ARC cannot hold the file: get_block not marked for the ARC" \
	[ "$(phase file get_block .arc.may_hold_data_file)" = false ]
check "file vdev: ARC hit counts read" [ "$(phase file get_block '.arc.hits != null')" = true ]
check "file vdev: the dataset's properties" grep -q '^Dataset:     bt_file: recordsize 128 KiB, compression off, primarycache all, sync unknown' "$T/file.out"
MAN=$(dirname "$0")/../bonnie.1
for key in zfs_dataset $(jq -r '[.environment.zfs, .environment.zfs.arc, .environment.zfs.vdevs[0],
	(.runs[0].phases[] | .arc // empty), (.runs[0].phases[] | .zfs_dataset // empty)] | map(keys[]) | unique[]' "$T/file.json"); do
	check "JSON key '$key' is in the man page" grep -qE "^\.(B|BR|RB) .*\b$key\b" "$MAN"
done
check "file vdev: what zfs-fuse lacks is said" grep -q "^Not read:    the dataset's sync (this zfs has no such property)" "$T/file.out"
# zfs-fuse 0.7 opens disks with O_DIRECT under --disable-block-cache, file vdevs without
check "file vdev: asked for --disable-block-cache, the file vdev is still under the host page cache" \
	grep -q "^Daemon:      zfs-fuse (pid $daemon, started with --disable-block-cache) keeps its block cache: $T/vdev0 is open without direct I/O" "$T/file.out"
check "file vdev: JSON fuse_block_cache true" [ "$(jqv .environment.zfs.fuse_block_cache "$T/file.json")" = true ]

if [ -n "${ZFS_QUICK:-}" ]; then
	stop_daemon
	check "the daemon is gone" sh -c "! pgrep -x zfs-fuse >/dev/null"
	finish; exit $?
fi

# 2. a mirror of two loop devices, ashift=12
new_loop m1 && l1=$loop && new_loop m2 && l2=$loop
"$ZPOOL" create -o ashift=12 -o cachefile=none -m "$T/m_mir" bt_mir mirror "$l1" "$l2" && pools="$pools bt_mir"
check "mirror made" [ -d "$T/m_mir" ]
run_on mir "$T/m_mir" -s 96m; rc=$?
check "mirror: run exits 0 (got $rc: $(tail -n 1 "$T/mir.err"))" [ $rc -eq 0 ]
check "mirror: layout and what it writes" \
	grep -q '^Pool:        bt_mir, mirror of 2: the vdevs write 200 B per 100 B given' "$T/mir.out"
check "mirror: both members listed" [ "$(jqv '[.environment.zfs.vdevs[].name] | join(" ")' "$T/mir.json")" = "$(basename "$l1") $(basename "$l2")" ]
check "mirror: JSON write_copies_pct 200" [ "$(jqv .environment.zfs.write_copies_pct "$T/mir.json")" = 200 ]
check "mirror: the daemon opened both loop devices with direct I/O" \
	grep -q "^Daemon:      zfs-fuse (pid $daemon, started with --disable-block-cache): every data vdev is open with direct I/O" "$T/mir.out"
check "mirror: so the members' counters are device-true" \
	[ "$(jqv '.environment.zfs.device_true, .environment.zfs.fuse_block_cache' "$T/mir.json" | tr '\n' ' ')" = "true false " ]
check "mirror: ashift=12, no AFT warning" sh -c "! grep -q 'WARNING ashift' '$T/mir.out'"
check "mirror: ashift=12 fits" grep -q '^Alignment:   ashift 12 (4096 B blocks) fits' "$T/mir.out"
wr=$(phase mir put_block .device.served_percent)
check "mirror: block write moved about twice its bytes (From device $wr%)" [ "${wr:-0}" -ge 180 ]
rd=$(phase mir get_block .device.served_percent)
check "mirror: the members served get_block ($rd%)" [ "${rd:-0}" -ge 50 ]
check "mirror: so get_block is not marked c" not_marked_c mir get_block

# 3. a raidz1 of three, compression=on
new_loop r1 && r1=$loop && new_loop r2 && r2=$loop && new_loop r3 && r3=$loop
"$ZPOOL" create -o cachefile=none -O compression=on -m "$T/m_rz" bt_rz raidz1 "$r1" "$r2" "$r3" && pools="$pools bt_rz"
check "raidz1 made" [ -d "$T/m_rz" ]
run_on rz "$T/m_rz" -s 96m --html "$T/rz.html"; rc=$?
check "raidz1: run exits 0 (got $rc: $(tail -n 1 "$T/rz.err"))" [ $rc -eq 0 ]
check "raidz1: layout" grep -q '^Pool:        bt_rz, raidz1 of 3: the vdevs write 150 B per 100 B given' "$T/rz.out"
check "raidz1: three members, as zpool status lists them" \
	[ "$(jqv '[.environment.zfs.vdevs[] | select(.group == "raidz1-0") | .name] | length' "$T/rz.json")" = 3 ]
check "raidz1: the setup line says compression is on and cannot flatter" \
	grep -q "compression on (bonnie's data does not compress: it cannot flatter the rates)" "$T/rz.out"
ratio=$(phase rz put_block .zfs_dataset.compressratio)
ref=$(phase rz put_block .zfs_dataset.referenced_bytes)
check "raidz1: compressratio read after block write is 1.00x (JSON: $ratio)" [ "$ratio" = 1 ]
check "raidz1: and what it covers, the referenced bytes then ($ref)" [ "${ref:-0}" -gt 0 ]
check "raidz1: the page's what-was-tested says it" \
	grep -q "Compressed:  compressratio 1.00x after rewrite (" "$T/rz.html"
stop_daemon

# --- daemon 2: an ARC of 4 GiB, which may hold the whole data file
start_daemon --max-arc-size 4096; rc=$?
check "zfs-fuse with a 4 GiB ARC starts (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || { finish; exit $?; }
rm -f "$T/vdev0" && truncate -s 512m "$T/vdev0"
"$ZPOOL" create -o ashift=12 -o cachefile=none -m "$T/m_arc" bt_arc "$T/vdev0" && pools="$pools bt_arc"
check "pool for the ARC case made" [ -d "$T/m_arc" ]
run_on arc "$T/m_arc" -s 64m; rc=$?
check "ARC: run exits 0 (got $rc: $(tail -n 1 "$T/arc.err"))" [ $rc -eq 0 ]
check "ARC: its size read from zfs-fuse's /zfs-kstat" [ "$(jqv .environment.zfs.arc.max_bytes "$T/arc.json")" = $((4096 << 20)) ]
check "ARC: get_block marked c" marked_c arc get_block
check "ARC: rewrite marked c" marked_c arc rewrite
check "ARC: block write not marked c" not_marked_c arc put_block
check "ARC: the reason, with its numbers" \
	grep -q '^cached: get_block: the ARC may hold the whole file: max 4.0 GiB, file 64.0 MiB' "$T/arc.out"
check "ARC: its hit ratio beside From device" grep -q '^ARC hits ' "$T/arc.out"
check "ARC: no AFT warning on ashift=12" sh -c "! grep -q 'WARNING ashift' '$T/arc.out'"
check "ARC: the daemon keeps its block cache, and it is said" \
	grep -q "^Daemon:      zfs-fuse (pid $daemon, started without --disable-block-cache) keeps its block cache: $T/vdev0 is open without direct I/O" "$T/arc.out"
# the post's cells: the ARC named, never "the page cache"
run_on share "$T/m_arc" -s 64m --share; rc=$?
check "ARC --share: run exits 0 (got $rc: $(tail -n 1 "$T/share.err"))" [ $rc -eq 0 ]
check "ARC --share: the block read cell names the ARC" \
	grep -q '^| block read | [0-9.]* [KMG]iB/s (.*the ARC may hold the file)' "$T/share.out"
check "ARC --share: no cell says 'from the page cache'" sh -c "! grep -q '^|.*from the page cache' '$T/share.out'"
# -c 2: the ARC's counts over all clients, as the devices'
run_on c2 "$T/m_arc" -s 64m -c 2; rc=$?
check "ARC -c 2: run exits 0 (got $rc: $(tail -n 1 "$T/c2.err"))" [ $rc -eq 0 ]
check "ARC -c 2: get_block's ARC counts in the JSON" [ "$(phase c2 get_block '.arc.hits != null and .arc.misses != null')" = true ]
check "ARC -c 2: the ARC's size weighed against the file" [ "$(phase c2 get_block .arc.may_hold_data_file)" = true ]
check "ARC -c 2: its hit ratio row" grep -q '^ARC hits ' "$T/c2.out"
check "ARC -c 2: get_block marked c with the ARC's reason" \
	grep -q '^cached: get_block: the ARC may hold the whole file: max 4.0 GiB, file 64.0 MiB' "$T/c2.out"
# the queue-depth profile's reads are weighed against the profile's file
# (they read no file a bonnie++ phase wrote): marked as the ARC's too
"$BONNIE" -d "$T/m_arc" --phases qd -s 32m --qd-time 0 --json "$T/qd.json" >"$T/qd.out" 2>"$T/qd.err"; rc=$?
check "ARC qd: run exits 0 (got $rc: $(tail -n 1 "$T/qd.err"))" [ $rc -eq 0 ]
check "ARC qd: every profile read may be held by the ARC, weighed against the 32 MiB file" \
	sh -c 'jq -e "[.runs[0].phases[] | select(.name | test(\"_read\$\")) | .arc.may_hold_data_file] | length == 4 and all" "$1" >/dev/null &&
		[ "$(grep -c "^cached: .*_read: the ARC may hold the whole file: max 4.0 GiB, file 32.0 MiB" "$2")" -eq 4 ]' _ "$T/qd.json" "$T/qd.out"
check "ARC qd: no profile write weighed as a read" \
	jq -e '[.runs[0].phases[] | select(.name | test("_write$")) | .arc.may_hold_data_file | not] | length == 4 and all' "$T/qd.json" >/dev/null
# without -s: the default must leave the ARC, and cannot here (a 512 MiB pool): said
"$BONNIE" -d "$T/m_arc" --phases put_block,get_block -q --json "$T/default.json" >"$T/default.out" 2>"$T/default.err"; rc=$?
check "ARC: a default run exits 0 (got $rc: $(tail -n 1 "$T/default.err"))" [ $rc -eq 0 ]
check "ARC: the default size cannot pass the ARC here, and says so" \
	grep -q "^bonnie: note: ZFS's ARC may hold 4.0 GiB, and the free space does not allow -s 8G: reads may come from the ARC (marked c)" "$T/default.err"
check "ARC: that run's get_block marked c" marked_c default get_block
stop_daemon
check "the daemon is gone" sh -c "! pgrep -x zfs-fuse >/dev/null"
finish
