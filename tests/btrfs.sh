#!/bin/sh
# btrfs over two devices (issue 50): every member is listed and counted,
# "From device" is their sum, and a mirror's write is explained by its
# layout. On two zram devices (nobody else's I/O reaches them, so the
# figures are exact: raid1 writes 200%, reads 100% from whichever mirror
# served them; raid0 reads 100% from the two together) and on two loop
# devices with direct I/O over files here (as the issue built it; the disk
# under them carries other I/O too, so those figures are only bounded
# below). Needs root, loop devices, zram, mkfs.btrfs.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "btrfs.sh: needs root (loop devices, zram, mounts)" >&2; exit 1; }
for tool in jq losetup mkfs.btrfs mount umount; do
	command -v $tool >/dev/null || { echo "btrfs.sh: $tool missing (tests/deps.sh installs it)" >&2; exit 1; }
done

CHECKER=$(cd "$(dirname "$0")" && pwd)/device_check.py
loops=""
zrams=""
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	for z in $zrams; do
		echo 1 >"/sys/block/zram$z/reset" 2>/dev/null
		echo "$z" >/sys/class/zram-control/hot_remove 2>/dev/null
	done
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

# run NAME DIR: a small run of the data-file phases, its JSON, page and text
run() {
	"$BONNIE" -d "$2" -s 128m:8k:2000 -f -n 0 --no-align-probe -q --json "$T/$1.json" --html "$T/$1.html" \
		>/dev/null 2>"$T/$1.txt"
}
# phase NAME PHASE EXPR: jq EXPR over the phase's device object
phase() { jq -e --arg p "$2" ".runs[0].phases[] | select(.name == \$p) | .device | $3" "$T/$1.json" >/dev/null; }
said_true() { # every From device sentence true of its figures, none missing, the text's the JSON's
	check "$1: device_check finds no false or missing sentence" sh -c "python3 '$CHECKER' '$T/$1.json' >'$T/$1.dc' 2>&1" ||
		cat "$T/$1.dc" >&2
	check "$1: the text's notes are the JSON's" python3 "$CHECKER" --text "$T/$1.txt" "$T/$1.json" >/dev/null
}
not_cached() { # the reading phases were not marked c: the members served them
	for p in rewrite get_block seeks; do
		phase "$1" $p '.cached == false' || return 1
	done
	! grep -q '^cached: ' "$T/$1.txt"
}
sorted() { printf '%s\n%s\n' "$1" "$2" | LC_ALL=C sort | tr '\n' ' '; } # the members' order (sysfs names, sorted)
# mkbtrfs NAME PROFILE DEV1 DEV2: mounts on $T/NAME
mkbtrfs() {
	mkfs.btrfs -q -f -d "$2" -m "$2" "$3" "$4" >/dev/null 2>&1 || return 1
	mkdir -p "$T/$1" && mount "$3" "$T/$1" || return 1
	mounts="$T/$1 $mounts"
}

# --- zram: the members alone are counted
zram_pair() { # sets za, zb: two new zram devices of 384 MiB
	[ -w /sys/class/zram-control/hot_add ] || return 1
	za=$(cat /sys/class/zram-control/hot_add) || return 1
	zrams="$zrams $za"
	zb=$(cat /sys/class/zram-control/hot_add) || return 1
	zrams="$zrams $zb"
	echo 384M >"/sys/block/zram$za/disksize" && echo 384M >"/sys/block/zram$zb/disksize"
}
for profile in raid1 raid0; do
	n=z$profile
	if ! zram_pair || ! mkbtrfs $n $profile "/dev/zram$za" "/dev/zram$zb"; then
		skip "zram: cannot make two zram devices with btrfs $profile on them (modprobe zram)"
		continue
	fi
	set -- $(sorted "zram$za" "zram$zb")
	run $n "$T/$n"; rc=$?
	check "$n: exit 0 (got $rc)" [ $rc -eq 0 ]
	said_true $n
	check "$n: both members named in the JSON, with the layout" jq -e --arg a "$1" --arg b "$2" --arg l "btrfs $profile over 2" \
		'.environment.device | .members == [$a, $b] and .layout == $l' "$T/$n.json" >/dev/null
	check "$n: both members counted" jq -e --arg a "$1" --arg b "$2" \
		'.environment.device.counted_devices == [$a, $b]' "$T/$n.json" >/dev/null
	check "$n: the text names both members and the layout" \
		grep -q "^Members:     $1 + $2; btrfs $profile over 2: the members write $([ $profile = raid1 ] && echo 200 || echo 100)% of what" "$T/$n.txt"
	check "$n: the page names both members" grep -q "Members:     $1 + $2; btrfs $profile over 2" "$T/$n.html"
	check "$n: block read got 90-115% of its data from the members" phase $n get_block '.served_percent >= 90 and .served_percent <= 115'
	check "$n: rewrite, block read and seeks not marked c" not_cached $n
	if [ $profile = raid1 ]; then
		check "$n: block write wrote 190-230% of its data (both copies)" phase $n put_block '.served_percent >= 190 and .served_percent <= 230'
		check "$n: JSON: the layout explains it" phase $n put_block '.why == "layout" and .expected_write_percent == 200'
		check "$n: the text says the mirror writes every byte twice, in one line" \
			grep -q "^layout: during put_block the devices wrote [0-9]*% of its data: btrfs raid1 over 2 writes every byte 2 times (200%)$" "$T/$n.txt"
		check "$n: the page says it too" grep -q "btrfs raid1 over 2 writes every byte 2 times (200%)" "$T/$n.html"
	else
		check "$n: block write wrote 90-125% of its data, and no note" phase $n put_block \
			'.served_percent >= 90 and .served_percent <= 125 and .why == null and .expected_write_percent == 100'
	fi
done

# --- loop devices with direct I/O over files here (the issue's setup)
loop_pair() { # loop_pair NAME: sets la, lb, over $T/NAME-a.img and -b.img
	for i in a b; do
		dd if=/dev/zero of="$T/$1-$i.img" bs=1M count=0 seek=384 2>/dev/null
		l=$(losetup -f --show --direct-io=on "$T/$1-$i.img") || return 1
		loops="$loops $l"
		eval "l$i=\$l"
	done
}
host=$(basename "$(df -P "$T" | awk 'NR == 2 { print $1 }')")
for profile in raid1 raid0; do
	n=l$profile
	if ! loop_pair $n || ! mkbtrfs $n $profile "$la" "$lb"; then
		fail "$n: cannot make btrfs $profile over two loop devices"
		continue
	fi
	a=$(basename "$la"); b=$(basename "$lb")
	set -- $(sorted "$a" "$b")
	run $n "$T/$n"; rc=$?
	check "$n: exit 0 (got $rc)" [ $rc -eq 0 ]
	said_true $n
	check "$n: both loop members named in the JSON" jq -e --arg a "$1" --arg b "$2" \
		'.environment.device.members == [$a, $b]' "$T/$n.json" >/dev/null
	check "$n: the text names both members" grep -q "^Members:     $1 + $2; btrfs $profile over 2" "$T/$n.txt"
	if [ "$(cat "/sys/block/$a/loop/dio")$(cat "/sys/block/$b/loop/dio")" != 11 ]; then
		skip "$n: the loop devices run without direct I/O here: their reads are the host page cache's"
		continue
	fi
	check "$n: counted is $host under both backing files" jq -e --arg d "$host" \
		'.environment.device.counted_devices == [$d]' "$T/$n.json" >/dev/null
	check "$n: rewrite, block read and seeks not marked c" not_cached $n
	if [ $profile = raid1 ]; then
		# the disk carries other I/O too: at least both copies, and a reason
		check "$n: block write: at least 190% (both copies)" phase $n put_block '.served_percent >= 190'
		check "$n: block write explained against the mirror" phase $n put_block \
			'(.why == "layout" or .why == "other_writes") and (.why_text | test("btrfs raid1 over 2 writes"))'
	fi
done
finish
