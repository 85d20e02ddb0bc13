#!/bin/sh
# bonnie merge of "hosts" that each see the share through their own mount:
# sshd on 127.0.0.1 (tests/share_servers.sh), and per host a bonnie process
# in its own mount namespace (unshare -m) with its own sshfs mount of the
# one export, the hosts started a second apart on one --start-at schedule,
# -c 4 each, merged. Asserted: structure only (every host exits 0, ran in a
# mount namespace of its own, neither its parent's nor the other host's,
# on an sshfs mount its parent does not have; the merge counts 2 hosts and
# 8 clients and has every merged data phase's overlap and start spread).
# The phases' start spread and overlap are printed, never gated (timing).
. "$(dirname "$0")/lib.sh"
need_jq
. "$(dirname "$0")/share_servers.sh"
share_traps
command -v unshare >/dev/null || { skip "no unshare(1)"; finish; exit; }
why=""
ssh_start || { skip "the sshfs share cannot start: $why"; finish; exit; }
unmount "$SHARE" # each host mounts its own
OPTS="-s 16m -n 1 -r 8m -f -q --level-time ${MERGE_LEVEL_TIME:-1} -c 4"
start=$(( $(date +%s) + 15 ))
pids=""
for h in 1 2; do
	M=$T/host$h/mnt
	mkdir -p "$M"
	# in the new namespace: its id, the mount, bonnie, the unmount
	unshare -m --propagation private sh -c '
		readlink /proc/self/ns/mnt >"$1/ns"
		sshfs -p "$2" -o IdentityFile="$3",StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,BatchMode=yes \
			"root@127.0.0.1:$4" "$1/mnt" >"$1/sshfs.out" 2>&1 || exit 90
		awk -v m="$1/mnt" "\$5 == m { print \$(NF-2) }" /proc/self/mountinfo >"$1/fstype"
		shift 4
		"$@"; rc=$?
		fusermount3 -u "$(dirname "$1")/mnt" 2>/dev/null
		exit $rc' sh "$T/host$h" "$ssh_port" "$S/user_key" "$EXPORT" \
		"$BONNIE" -d "$M" $OPTS -m "host$h" --start-at "$start" --json "$T/host$h.json" \
		>"$T/host$h.out" 2>"$T/host$h.err" &
	pids="$pids $!"
	sleep 1 # the launcher's delay between hosts
done
h=0
for p in $pids; do
	h=$((h + 1))
	wait "$p"; rc=$?
	check "host$h exits 0 (got $rc: $(tail -n 1 "$T/host$h.err"))" [ "$rc" -eq 0 ]
	check "host$h ran on its own sshfs mount" [ "$(cat "$T/host$h/fstype")" = fuse.sshfs ]
	check "host$h's mount is not its parent's" sh -c "! mountpoint -q '$T/host$h/mnt'"
	check "host$h ran in a mount namespace of its own" [ "$(cat "$T/host$h/ns")" != "$(readlink /proc/self/ns/mnt)" ]
	check "host$h's JSON names the share client" [ "$(jq -r '.environment.share.client' "$T/host$h.json")" = sshfs ]
done
check "the hosts' namespaces differ" [ "$(cat "$T/host1/ns")" != "$(cat "$T/host2/ns")" ]
"$BONNIE" merge --json "$T/merged.json" "$T/host1.json" "$T/host2.json" >"$T/merged.out" 2>"$T/merged.err"
rc=$?
check "merge exits 0 ($(tail -n 1 "$T/merged.err"))" [ $rc -eq 0 ]
check "the merge counts 2 hosts" [ "$(jq '.merged.hosts | length' "$T/merged.json")" -eq 2 ]
check "the merged run has 8 clients" [ "$(jq '.runs[0].clients' "$T/merged.json")" -eq 8 ]
for p in put_block rewrite get_block seeks; do
	check "$p merged with its overlap and start spread" \
		jq -e ".merged.phases[] | select(.name == \"$p\") | (.overlap | type) == \"number\" and (.start_spread_ns | type) == \"number\"" "$T/merged.json" >/dev/null
done
# block write ends in its fsync on every host: its writes' overlap, without
# that final flush, and the longest flush's host are given apart
check "put_block's writes overlap apart from the final flush, its host named" jq -e '.merged.phases[] |
	select(.name == "put_block") | (.transfer_overlap | type) == "number" and .transfer_overlap >= 0 and
	.transfer_overlap <= 1 and (.final_flush_host | IN("host1", "host2"))' "$T/merged.json" >/dev/null
# the measured figures (printed, not gated): phase, start spread ms, overlap %
jq -r '.merged.phases[] | "\(.name) spread \(.start_spread_ns / 1e6) ms overlap \((.overlap * 100 * 10 | floor) / 10)%" +
	(if .transfer_overlap then " writes \((.transfer_overlap * 1000 | floor) / 10)% flush \(.final_flush_max_ns / 1e6 | floor) ms" else "" end)' \
	"$T/merged.json" >&2
for h in 1 2; do # each host's data phases: elapsed and final sync, ms
	jq -r --arg h "host$h" '[.runs[0].phases[] | select(.name | test("^(put_block|rewrite|get_block|seeks)$")) |
		"\(.name) \(.elapsed_ns / 1e6 | floor)/\((.sync_ns // 0) / 1e6 | floor)"] | "\($h) elapsed/sync ms: " + join(" ")' \
		"$T/host$h.json" >&2
done
check "the export is empty" empty_dir "$EXPORT"
check "sshd stopped" stop_pid "$sshd_pid"
finish
