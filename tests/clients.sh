#!/bin/sh
# Concurrent clients and the client sweep, end to end: -c 1 keeps the
# single run's CSV shape, -c N says N in the CSV and JSON and moves the
# bytes asked for (split between clients; the device counters agree),
# --clients prints one CSV line per count (bon_csv2html renders them),
# the sweep table and a knee sentence per phase, --phases limits what
# runs, and a count that cannot start (process limit) ends the sweep with
# one line naming the limit, keeps the completed counts and removes all.
# Afterwards no client process is left and the scratch directory is gone.
. "$(dirname "$0")/lib.sh"

need_jq
D=$T/dir
mkdir "$D"
SMALL="-s 8m:4k:64:2 -n 1:2k:0:2 -f64k -z 5 -m host"

csv_field() { sed -n "${1}p" "$2" | cut -d, -f"$3"; }
# CSV line $1 of file $2 with the measured fields blanked: format, version,
# name, concurrency, seed, sizes and file options stay, and which fields
# are empty.
csv_shape() {
	sed -n "${1}p" "$2" | awk -F, -v OFS=, '{ for (i = 10; i <= NF; i++) if (i < 22 || i > 26) $i = ($i == "" ? "" : "x"); print }'
}

# -c 1 and no -c: the same single run, the same CSV shape
"$BONNIE" -d "$D" $SMALL -q >"$T/one.csv" 2>/dev/null; rc=$?
check "no -c: exit 0 (got $rc)" [ $rc -eq 0 ]
"$BONNIE" -d "$D" $SMALL -c 1 -q >"$T/c1.csv" 2>/dev/null; rc=$?
check "-c 1: exit 0 (got $rc)" [ $rc -eq 0 ]
check "-c 1: CSV shape equals the single run's" [ "$(csv_shape 1 "$T/c1.csv")" = "$(csv_shape 1 "$T/one.csv")" ]
check "-c 1: concurrency field 1" [ "$(csv_field 1 "$T/c1.csv" 4)" = 1 ]

# -c 3: concurrency 3, same shape otherwise, bytes and JSON
"$BONNIE" -d "$D" $SMALL -c 3 -q --json "$T/c3.json" >"$T/c3.csv" 2>"$T/c3.err"; rc=$?
check "-c 3: exit 0 (got $rc)" [ $rc -eq 0 ]
check "-c 3: 50 fields" [ "$(fields "$T/c3.csv")" = 50 ]
check "-c 3: concurrency field 3" [ "$(csv_field 1 "$T/c3.csv" 4)" = 3 ]
check "-c 3: the rest of the shape as -c 1" \
	[ "$(csv_shape 1 "$T/c3.csv" | cut -d, -f1-3,5-)" = "$(csv_shape 1 "$T/c1.csv" | cut -d, -f1-3,5-)" ]
check "-c 3: JSON says 3 clients" [ "$(jq '.runs[0].clients' "$T/c3.json")" = 3 ]
check "-c 3: every phase merged 3 clients" \
	[ "$(jq '[.runs[0].phases[] | select(.status == "done") | .clients.count] | unique' -c "$T/c3.json")" = "[3]" ]
# 8m split three ways in whole 4k chunks (683, 683 and 682 of them): exactly -s
check "-c 3: block write moved exactly -s" \
	[ "$(jq '.runs[0].phases[] | select(.name == "put_block") | .bytes' "$T/c3.json")" = $((8 << 20)) ]
check "-c 3: 1024 files created in all" \
	[ "$(jq '.runs[0].phases[] | select(.name == "seq_create") | .operations' "$T/c3.json")" = 1024 ]
check "-c 3: table says 3 clients" grep -q '^3 clients: ' "$T/c3.err"
check "-c 3: slowest/fastest/skew rows" grep -q '^Start skew' "$T/c3.err"
# the skew is where each client began, not the gate they share (it was 0
# for every phase): three processes never read the clock at one
# nanosecond in all phases, and no client begins after the window ends
check "-c 3: a start skew measured (not 0 in every phase)" \
	jq -e '[.runs[0].phases[] | select(.status == "done") | .clients.start_skew_ns] | max > 0' "$T/c3.json" >/dev/null
check "-c 3: every skew inside its phase's time" \
	jq -e '[.runs[0].phases[] | select(.status == "done") | select(.clients.start_skew_ns > .elapsed_ns)] | length == 0' "$T/c3.json" >/dev/null
dev=$(jq '.runs[0].phases[] | select(.name == "put_block") | .device.write_bytes // empty' "$T/c3.json")
if [ -n "$dev" ]; then # the kernel's count for the device covers what the clients wrote
	check "-c 3: device wrote at least the block-write bytes ($dev)" [ "$dev" -ge $((8 << 20)) ]
fi
check "-c 3: scratch removed" empty_dir "$D"
# the counts recorded are what all clients did together (they were 0 in the JSON)
check "-c 3: JSON counts: the 64 seeks given" [ "$(jq '.runs[0].counts.seeks' "$T/c3.json")" = 64 ]
check "-c 3: JSON counts: the 1024 files given" [ "$(jq '.runs[0].counts.files' "$T/c3.json")" = 1024 ]
check "-c 3: the clients did the 64 seeks" \
	[ "$(jq '.runs[0].phases[] | select(.name == "seeks") | .operations' "$T/c3.json")" = 64 ]

# a given count is honoured exactly, even with fewer seeks than clients
# (10 clients seek once, 2 not at all, and all meet every barrier)
"$BONNIE" -d "$D" -s 4m:256:10:1 -n 0 -f -c 12 -q --json "$T/s10.json" >"$T/s10.csv" 2>"$T/s10.err"; rc=$?
check "-s 4m:256:10:1 -c 12: exit 0 (got $rc: $(head -n 1 "$T/s10.err"))" [ $rc -eq 0 ]
check "-s 4m:256:10:1 -c 12: 10 seeks done in all" \
	[ "$(jq '.runs[0].phases[] | select(.name == "seeks") | .operations' "$T/s10.json")" = 10 ]
check "-s 4m:256:10:1 -c 12: CSV field 7 says 10" [ "$(csv_field 1 "$T/s10.csv" 8)" = 10 ]
check "-s 4m:256:10:1 -c 12: JSON counts say 10" [ "$(jq '.runs[0].counts.seeks' "$T/s10.json")" = 10 ]
check "-s 4m:256:10:1 -c 12: every client in the seek phase" \
	[ "$(jq '.runs[0].phases[] | select(.name == "seeks") | .clients.count' "$T/s10.json")" = 12 ]
check "-s 4m:256:10:1 -c 12: two of them idle" \
	[ "$(jq '.runs[0].phases[] | select(.name == "seeks") | .clients.idle' "$T/s10.json")" = 2 ]
check "-s 4m:256:10:1 -c 12: scratch removed" empty_dir "$D"

# seeks sized by time: each client seeks for 1.2 s; the count is all of theirs
"$BONNIE" -d "$D" -s 8m:4k -n 0 -f -c 2 -q --json "$T/sa.json" >"$T/sa.csv" 2>"$T/sa.err"; rc=$?
done_seeks=$(jq '.runs[0].phases[] | select(.name == "seeks") | .operations' "$T/sa.json")
check "auto seeks -c 2: exit 0 (got $rc)" [ $rc -eq 0 ]
check "auto seeks -c 2: CSV field 7 ($(csv_field 1 "$T/sa.csv" 8)) is the $done_seeks seeks done" \
	[ "$(csv_field 1 "$T/sa.csv" 8)" = "$done_seeks" ]
check "auto seeks -c 2: JSON counts too" [ "$(jq '.runs[0].counts.seeks' "$T/sa.json")" = "$done_seeks" ]
check "auto seeks -c 2: marked sized by bonnie" [ "$(jq '.runs[0].counts.seeks_auto' "$T/sa.json")" = true ]

# one chunk of data file per client at least: a smaller -s is refused, nothing made
"$BONNIE" -d "$D" -s 1m -c 1024 >"$T/min.out" 2>"$T/min.err"; rc=$?
check "-s 1m -c 1024: exit 1 (got $rc)" [ $rc -eq 1 ]
check "-s 1m -c 1024: the one line (got: $(cat "$T/min.err"))" \
	[ "$(cat "$T/min.err")" = "bonnie: -c 1024: -s must be at least 8m (one 8k chunk per client)" ]
check "-s 1m -c 1024: no output" [ ! -s "$T/min.out" ]
check "-s 1m -c 1024: nothing made" empty_dir "$D"
"$BONNIE" -d "$D" -s 1m --clients 1,2,200 >/dev/null 2>"$T/min.err"; rc=$?
check "--clients 1,2,200 -s 1m: exit 1 (got $rc)" [ $rc -eq 1 ]
check "--clients 1,2,200 -s 1m: names the largest count (got: $(cat "$T/min.err"))" \
	[ "$(cat "$T/min.err")" = "bonnie: --clients 200: -s must be at least 1600k (one 8k chunk per client)" ]
check "--clients 1,2,200 -s 1m: nothing made" empty_dir "$D"
# a sweep keeps 16 runs a count for its median and spread: -x 17 with
# --clients is refused before anything is made, not cut to 16 silently
"$BONNIE" -d "$D" $SMALL --clients 1,2 -x 17 >"$T/x17.out" 2>"$T/x17.err"; rc=$?
check "--clients 1,2 -x 17: exit 1 (got $rc)" [ $rc -eq 1 ]
check "--clients 1,2 -x 17: the one line (got: $(cat "$T/x17.err"))" \
	[ "$(cat "$T/x17.err")" = "bonnie: --clients keeps each count's runs for its spread: at most -x 16" ]
check "--clients 1,2 -x 17: no output" [ ! -s "$T/x17.out" ]
check "--clients 1,2 -x 17: nothing made" empty_dir "$D"

# the sweep (levels of 0.5 s here and below: a phase that completes no
# operation in its level fails, exit 3, and a busy machine can keep a 0.2 s
# level from its first)
"$BONNIE" -d "$D" $SMALL --clients 1,2,3 --level-time 0.5 --json "$T/sw.json" >"$T/sw.out" 2>"$T/sw.err"; rc=$?
check "sweep: exit 0 (got $rc)" [ $rc -eq 0 ]
grep '^1\.98,' "$T/sw.out" >"$T/sw.csv"
check "sweep: three CSV lines" [ "$(wc -l <"$T/sw.csv")" = 3 ]
check "sweep: concurrency 1, 2, 3" [ "$(cut -d, -f4 "$T/sw.csv" | tr '\n' ' ')" = "1 2 3 " ]
check "sweep: 50 fields each" [ "$(fields "$T/sw.csv" | sort -u)" = 50 ]
bon_csv2html <"$T/sw.csv" >"$T/sw.html" 2>"$T/html.err"; rc=$?
check "sweep: bon_csv2html exits 0 (got $rc)" [ $rc -eq 0 ]
check "sweep: bon_csv2html shows three rows" [ "$(grep -o '>host<' "$T/sw.html" | wc -l)" -ge 3 ]
check "sweep: sweep table" grep -q '^Phase *Clients *Rate *p50 *p99 *Max' "$T/sw.out"
check "sweep: table row per phase and count" [ "$(grep -cE '^(putc|put_block|rewrite|getc|get_block|seeks|seq_[a-z]+|ran_[a-z]+) +[123] ' "$T/sw.out")" = 36 ]
check "sweep: a knee sentence per phase" \
	[ "$(grep -cE '^[a-z_]+: (Throughput|Fewer than two counts can be used|Ran at one client count only)' "$T/sw.out")" = 12 ]
check "sweep: the noise rule stated" grep -q '^Single run per count: rate differences under 25% are not judged' "$T/sw.out"
check "sweep: one answer for the whole sweep, from the server phases" \
	grep -qE '^(This server takes up to [0-9]+ clients?: at [23] clients the p99 latency of (put_block|get_block|seq_[a-z]+|ran_[a-z]+) passes 2x and 10 ms\.|No storage knee up to [23] clients: the p99 latency of [a-z_, ]+ did not pass 2x and 10 ms together\.|Inconclusive: )' "$T/sw.out"
check "sweep: table has Flush, Fair, Overlap and CPU" grep -q '^Phase *Clients *Rate *p50 *p99 *Max *Flush *Fair *Overlap *CPU$' "$T/sw.out"
check "sweep: JSON a write phase's flush at every count, the run's longest" \
	jq -e '. as $d | [.sweep.phases[] | select(.name == "put_block") | .points[] | . as $p
		| ($d.runs[] | select(.clients == $p.clients) | .phases[] | select(.name == "put_block") | .sync_ns) == $p.sync_ns]
		| (length == 3 and all)' "$T/sw.json" >/dev/null
check "sweep: JSON a point's CPU is its run's CPU time over its time" \
	jq -e '. as $d | [.sweep.phases[] | .name as $n | .points[] | . as $p
		| ($d.runs[] | select(.clients == $p.clients) | .phases[] | select(.name == $n)) as $r
		| (($r.cpu_ns / $r.elapsed_ns) - $p.cpu_cores | fabs) < 0.001] | (length > 0 and all)' "$T/sw.json" >/dev/null
check "sweep: JSON has three runs" [ "$(jq '[.runs[].clients]' -c "$T/sw.json")" = "[1,2,3]" ]
check "sweep: JSON sweep member" [ "$(jq '.sweep.clients' -c "$T/sw.json")" = "[1,2,3]" ]
check "sweep: JSON level time as given" [ "$(jq '.sweep.level_time_s' "$T/sw.json")" = 0.5 ]
check "sweep: JSON every count done" [ "$(jq '.sweep.clients_done' -c "$T/sw.json")" = "[1,2,3]" ]
check "sweep: JSON lists the phases the runs ran, none other (not the profile's, not asked for)" \
	jq -e '([.runs[].phases[] | select(.status == "done") | .name] | unique) == ([.sweep.phases[].name] | sort)
		and (.sweep.phases | length) == 12' "$T/sw.json" >/dev/null
check "sweep: JSON knee sentences" [ "$(jq '[.sweep.phases[].knee | select(test("^[a-z_]+: (Throughput|Fewer than two|Ran at one)"))] | length' "$T/sw.json")" = 12 ]
# the overlap is what the clients' own start and end times give:
# (earliest end - latest start) / (latest end - earliest start), 0 when they
# never all ran at once
check "sweep: JSON overlap is its recomputation from each client's start and end" \
	jq -e '[.runs[].phases[] | select(.clients.starts_ns) | .clients as $c
		| ((($c.ends_ns | min) - ($c.starts_ns | max)) / (($c.ends_ns | max) - ($c.starts_ns | min))) as $r
		| ([[$r, 0] | max, 1] | min) - $c.overlap | fabs < 0.0001] | (length > 0 and all)' "$T/sw.json" >/dev/null
check "sweep: every client's times are there" \
	jq -e '[.runs[].phases[] | select(.clients) | (.clients.starts_ns | length) == .clients.count - .clients.idle] | all' "$T/sw.json" >/dev/null
check "sweep: a point's overlap and fairness are its run's" \
	jq -e '. as $d | [.sweep.phases[] | .name as $n | .points[] | select(.clients > 1) | . as $p
		| ($d.runs[] | select(.clients == $p.clients) | .phases[] | select(.name == $n) | .clients) as $c
		| ($c.overlap == $p.overlap and $c.fairness == $p.fairness and $c.overlap_low == $p.overlap_low)] | all' "$T/sw.json" >/dev/null
check "sweep: environment printed once" [ "$(grep -c '^File system:' "$T/sw.out")" = 1 ]
check "sweep: scratch removed" empty_dir "$D"
check "sweep: no client left" no_bonnie_left

# progress: plain lines on a pipe, one live line on a terminal, none with -q
check "sweep: one plain progress line per step" \
	[ "$(grep -cE '^bonnie: [0-9]+ clients? \([1-3] of 3 counts\), [a-z_]+: [0-9]+% done, ETA ' "$T/sw.err")" = 36 ]
# -x with --clients: the counts interleaved, each count's runs its spread
"$BONNIE" -d "$D" $SMALL --clients 1,2 -x 2 --level-time 0 -q --json "$T/x2.json" >"$T/x2.out" 2>&1; rc=$?
check "sweep -x 2: exit 0 (got $rc)" [ $rc -eq 0 ]
check "sweep -x 2: counts interleaved" [ "$(jq -c '[.runs[] | [.run, .clients]]' "$T/x2.json")" = "[[1,1],[1,2],[2,1],[2,2]]" ]
check "sweep -x 2: two runs per count, judged by their spread" \
	[ "$(jq -c '[.sweep.runs_per_count, .sweep.noise_rule]' "$T/x2.json")" = '[2,"repeats"]' ]
check "sweep -x 2: the table shows the spread" grep -q '^Phase *Clients *Rate *Spread ' "$T/x2.out"
# without --level-time a sweep's counts are 5 s time-based levels
"$BONNIE" -d "$D" -s 64k:4k -n 0 --phases put_block --no-align-probe --clients 1,2 -q --json "$T/lt.json" \
	>/dev/null 2>&1; rc=$?
check "sweep default level time: exit 0 (got $rc)" [ $rc -eq 0 ]
check "sweep default level time: 5 s" [ "$(jq '.sweep.level_time_s' "$T/lt.json")" = 5 ]
"$BONNIE" -d "$D" $SMALL --clients 1,2 --level-time 0.5 -q >/dev/null 2>"$T/q.err"
check "sweep -q: no progress" [ "$(grep -c '% done' "$T/q.err")" = 0 ]
if command -v script >/dev/null; then
	script -qc "'$BONNIE' -d '$D' $SMALL --clients 1,2 --level-time 0.5 >/dev/null" /dev/null >"$T/tty.out" </dev/null
	check "sweep on a terminal: the line is rewritten in place" \
		[ "$(grep -o "$(printf '\r\033')\[Kbonnie: [0-9]* clients\? ([12] of 2 counts)" "$T/tty.out" | wc -l)" = 24 ]
	check "sweep on a terminal: no plain progress lines" [ "$(grep -c '^bonnie: .*% done' "$T/tty.out")" = 0 ]
fi

# --phases: only those (and what they need)
"$BONNIE" -d "$D" $SMALL --phases get_block,seq_stat -c 2 --json "$T/ph.json" -q >/dev/null 2>&1; rc=$?
check "--phases: exit 0 (got $rc)" [ $rc -eq 0 ]
check "--phases: ran what was asked and needed" \
	[ "$(jq -c '[.runs[0].phases[] | select(.status == "done") | .name]' "$T/ph.json")" = '["put_block","get_block","seq_create","seq_stat","seq_del"]' ]
"$BONNIE" -d "$D" $SMALL --phases nosuch >/dev/null 2>"$T/ph.err"; rc=$?
check "--phases nosuch: exit 1 (got $rc)" [ $rc -eq 1 ]
check "--phases nosuch: names it" grep -q "unknown phase 'nosuch'" "$T/ph.err"

# a count that cannot start: the process limit of the user the run drops to
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	chmod 755 "$T"; chmod 777 "$D"
	have=$(ps -u nobody -L --no-headers 2>/dev/null | wc -l)
	prlimit --nproc=$((have + 12)):$((have + 12)) "$BONNIE" -u nobody -d "$D" $SMALL --clients 1,2,500 --level-time 0.5 \
		--json "$D/lim.json" >"$T/lim.out" 2>"$T/lim.err"; rc=$?
	mv "$D/lim.json" "$T/lim.json"
	check "limit: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "limit: one line names RLIMIT_NPROC and ulimit -u" \
		[ "$(grep -c 'RLIMIT_NPROC.*ulimit -u' "$T/lim.err")" = 1 ]
	check "limit: the two completed counts are in the CSV" [ "$(grep -c '^1\.98,' "$T/lim.out")" = 2 ]
	check "limit: the sweep table shows them" grep -q '^put_block *2 ' "$T/lim.out"
	check "limit: JSON sweep.clients is the counts asked" [ "$(jq -c '.sweep.clients' "$T/lim.json")" = "[1,2,500]" ]
	check "limit: JSON sweep.clients_done is the counts done" [ "$(jq -c '.sweep.clients_done' "$T/lim.json")" = "[1,2]" ]
	check "limit: scratch removed" empty_dir "$D"
	check "limit: no client left" no_bonnie_left
fi
# a FUSE share (bindfs): no block device, no O_DIRECT; the header says so and the run completes
if [ "$(id -u)" -eq 0 ] && command -v bindfs >/dev/null; then
	mkdir -p "$T/fsrc" "$T/fmnt"
	if bindfs "$T/fsrc" "$T/fmnt"; then
		trap 'fusermount -u "$T/fmnt" 2>/dev/null || umount "$T/fmnt" 2>/dev/null; rm -rf "$T"' EXIT
		"$BONNIE" -d "$T/fmnt" $SMALL --clients 1,3 --level-time 0.5 >"$T/fuse.out" 2>&1; rc=$?
		check "fuse: exit 0 (got $rc)" [ $rc -eq 0 ]
		check "fuse: header names the file system" grep -q '^File system: fuse' "$T/fuse.out"
		check "fuse: header says there is no block device" grep -q '^Device: *none found' "$T/fuse.out"
		check "fuse: two CSV lines" [ "$(grep -c '^1\.98,' "$T/fuse.out")" = 2 ]
		check "fuse: knee sentences" grep -qE '^put_block: (Throughput|Fewer than two)' "$T/fuse.out"
		check "fuse: scratch removed" empty_dir "$T/fsrc"
		fusermount -u "$T/fmnt" 2>/dev/null || umount "$T/fmnt"
	else
		fail "fuse: bindfs could not mount"
	fi
fi
finish
