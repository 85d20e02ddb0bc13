#!/bin/sh
# bench/shares.sh: dbench and bonnie's client sweep side by side on a real
# SFTP share: sshd on a free 127.0.0.1 port with throwaway keys, mounted
# with sshfs (tests/share_servers.sh), both started and stopped here.
# dbench -t TIME (its client.txt load) at each count, then
# bonnie --clients at the same counts (sizes left to bonnie: on a share the
# data file is sized by time), one table: dbench's throughput and max
# latency per count, bonnie's rate, p99, max and overlap per phase and
# count. The knees: bonnie's own sentences (its rule, on p99), and for
# both tools the same rule on max latency (dbench has no p99):
# bench/knee.sh.
# Usage: BONNIE=build/bonnie bench/shares.sh [REPORT]
# Settings: SHARE_COUNTS (default 1,4,16,64), DBENCH_TIME (s, default 15),
# DBENCH_LOAD (default /usr/share/dbench/client.txt), KNEE (default 2),
# BONNIE_ARGS (extra options for the sweep).
set -u
: "${BONNIE:?set BONNIE to the binary under test}"
REPORT=${1:-}
COUNTS=${SHARE_COUNTS:-1,4,16,64}
TIME=${DBENCH_TIME:-15}
LOAD=${DBENCH_LOAD:-/usr/share/dbench/client.txt}
KNEE=${KNEE:-2}
for c in dbench jq sshfs; do
	command -v "$c" >/dev/null || { echo "bench/shares.sh: needs $c (tests/deps.sh --bench)" >&2; exit 1; }
done
[ -r "$LOAD" ] || { echo "bench/shares.sh: no load file $LOAD" >&2; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-bench-shares.XXXXXX") || exit 1
. "$(dirname "$0")/../tests/share_servers.sh"
. "$(dirname "$0")/dbench_counts.sh"
. "$(dirname "$0")/knee.sh"
share_traps
knee_ready || exit 1
ssh_start || { echo "bench/shares.sh: cannot start the sshfs share: $why" >&2; exit 1; }

LOADAVG=$(cut -d' ' -f1-3 /proc/loadavg)
: >"$T/dbench"
dbench_counts bench/shares.sh "$SHARE" "$COUNTS" "$TIME" "$LOAD" "$T/dbench" "$T" || exit 1
t0=$(date +%s)
# shellcheck disable=SC2086 # BONNIE_ARGS: one word per option
"$BONNIE" -d "$SHARE" --clients "$COUNTS" -q ${BONNIE_ARGS:-} --json "$T/bonnie.json" >/dev/null 2>"$T/bonnie.err" ||
	{ echo "bench/shares.sh: bonnie failed" >&2; tail -n 5 "$T/bonnie.err" >&2; exit 1; }
t1=$(date +%s)
[ -z "$(ls -A "$EXPORT")" ] || echo "bench/shares.sh: WARNING: the export is not empty after bonnie" >&2

# count phase rate unit p99_ms max_ms overlap, one line per bonnie phase and
# count; each phase's unit as bonnie lists it (--list-phases, field 3)
"$BONNIE" --list-phases >"$T/phases" || { echo "bench/shares.sh: $BONNIE --list-phases failed" >&2; exit 1; }
jq -r '.sweep.phases[] | .name as $n | .points[] | select(.completed) |
	[.clients, $n, .rate, (.p99_ns / 1e6), (.max_ns / 1e6), ((.overlap * 100 | floor | tostring) + (if .overlap_low then "% <" else "%" end))] | @tsv' \
	"$T/bonnie.json" | awk -F '\t' -v OFS='\t' 'NR == FNR { unit[$1] = $3; next } { print $1, $2, $3, unit[$2], $4, $5, $6 }' \
	"$T/phases" - >"$T/bonnie"

{
	echo
	echo "## Set S: dbench vs bonnie --clients on a real sshfs share (bench/shares.sh)"
	echo
	echo "Run $(date -u '+%Y-%m-%d %H:%M UTC'), load average before: $LOADAVG."
	echo
	echo "sshd + sshfs on 127.0.0.1 ($(sshfs --version 2>&1 | grep -i "^sshfs version")); dbench -t $TIME -c $LOAD N;"
	echo "bonnie --clients $COUNTS ${BONNIE_ARGS:-}($(jq -r '.config.file_size_bytes / 1048576 | floor' "$T/bonnie.json") MiB data file sized by time: $(jq -r '.config.file_size_by_time' "$T/bonnie.json"); $((t1 - t0)) s)."
	echo "One run per count each: differences under $(jq '(.sweep.min_gain - 1) * 100 | round' "$T/bonnie.json")% are not judged (bonnie's rule, its JSON's sweep.min_gain)."
	echo
	echo "| count | dbench MB/s | dbench max ms |"
	echo "|---:|---:|---:|"
	awk '{ printf "| %s | %s | %s |\n", $1, $2, $3 }' "$T/dbench"
	echo
	echo "| phase | count | rate | p99 ms | max ms | overlap |"
	echo "|---|---:|---:|---:|---:|---:|"
	sort -t "$(printf '\t')" -k2,2 -k1,1n "$T/bonnie" |
		awk -F '\t' '{ printf "| %s | %s | %.1f %s | %.2f | %.2f | %s |\n", $2, $1, $3, $4, $5, $6, $7 }'
	echo
	echo "bonnie, by its own rule (p99):"
	echo
	sweep_own_knees "$T/bonnie.json"
	echo
	echo "Both, by the same rule on max latency (bench/knee.sh, K = $KNEE):"
	echo
	echo "- dbench: $(knee_sentence "$T/dbench" "$KNEE")"
	sweep_max_knees "$T/bonnie.json" "$KNEE" "$T/p" "bonnie "
} >"$T/report"
cat "$T/report"
[ -n "$REPORT" ] && cp "$T/report" "$REPORT"
exit 0
