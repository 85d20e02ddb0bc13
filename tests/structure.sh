#!/bin/bash
# The shape of the program files (bonnie.c, cmd/, report/, input/,
# phases/, the rooms of the second floor (ROOMS below: env/, options/,
# scratch/, verdict/), lib/; not tests/, fuzz/ or bench/), as
# docs/architecture.md states it:
#   - no file over MAX_LINES (450) lines;
#   - no include cycle: following every #include "..." (resolved from the
#     including file's directory) never comes back to where it started;
#   - floors: lib < the second floor's rooms < phases < input < report <
#     cmd < bonnie.c; a file includes only headers of its own room, of
#     another room of a lower floor (never a room beside it on its own
#     floor: those stand on lib/ alone); inside phases/ the same, its
#     rooms from the bottom: interface < loop < files < the phases
#     themselves (phases/'s own files), sizing, probes < runner;
#   - formatters call none of the functions that derive a figure (4.),
#     read no raw histogram or counter, build no view of their own and
#     read no config: they take the views alone (5.);
#   - docs/architecture.md names every room and stays under 300 lines (6.).
# Every breach is listed, one line each, and the script exits 1; it reads
# the files as text and runs in well under a second.
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
MAX_LINES=${MAX_LINES:-450}
# The second floor: rooms of program logic that need only lib/.
ROOMS="env options scratch verdict"

failures=0
fail() { failures=$((failures + 1)); echo "structure: $*" >&2; }

FILES=$( { [ -f bonnie.c ] && echo bonnie.c; find cmd report input phases $ROOMS lib -name "*.[ch]" -type f; } | sort)
[ -n "$FILES" ] || { echo "structure: no program files found" >&2; exit 1; }

# 1. Length.
while read -r n f; do
	[ "$f" = total ] && continue
	[ "$n" -gt "$MAX_LINES" ] && fail "$f: $n lines (at most $MAX_LINES)"
done < <(wc -l $FILES)

# 2 and 3. Every quoted include as an edge "from to", the target's path
# resolved against the including file's directory and made relative to
# the top; the floors checked on each edge (one awk: no process per line;
# a file's room is its first directory, its floor that room's: lib 0, the
# second floor's rooms 1, phases 2 ... cmd 5, bonnie.c 6).
EDGES=$(mktemp "${TMPDIR:-/tmp}/bonnie-structure.XXXXXX")
trap 'rm -f "$EDGES" "$EDGES.loops"' EXIT
awk -v files="$(echo $FILES)" -v edges="$EDGES" -v rooms="$ROOMS" '
function room_of(f,    p) {
	split(f, p, "/")
	return p[1]
}
function floor_of(f) {
	return (room_of(f) in FLOOR) ? FLOOR[room_of(f)] : -1
}
# phases/X/f.c -> "phases/X"; phases/f.c -> "phases" (the phases themselves)
function inner_of(f,    p, n) {
	n = split(f, p, "/")
	return n > 2 ? p[1] "/" p[2] : p[1]
}
# "report/../lib/x.h" -> "lib/x.h"
function resolve(dir, inc,    parts, n, i, out, k, path) {
	path = (dir == "" ? "" : dir "/") inc
	n = split(path, parts, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (parts[i] == "" || parts[i] == ".") continue
		if (parts[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
		out[++k] = parts[i]
	}
	path = out[1]
	for (i = 2; i <= k; i++) path = path "/" out[i]
	return path
}
BEGIN {
	FLOOR["lib"] = 0
	nr = split(rooms, second, " ")
	for (i = 1; i <= nr; i++) FLOOR[second[i]] = 1
	FLOOR["phases"] = 2; FLOOR["input"] = 3
	FLOOR["report"] = 4; FLOOR["cmd"] = 5; FLOOR["bonnie.c"] = 6
	FLOORS = "lib < " rooms " < phases < input < report < cmd < bonnie.c"
	INNER["phases/interface"] = 0; INNER["phases/loop"] = 1; INNER["phases/files"] = 2
	INNER["phases"] = 3; INNER["phases/sizing"] = 3; INNER["phases/probes"] = 3
	INNER["phases/runner"] = 4
	INNERS = "interface < loop < files < phases/ itself, sizing, probes < runner"
	n = split(files, list, " ")
	for (i = 1; i <= n; i++) known[list[i]] = 1
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	inc = $0
	sub(/^[^"]*"/, "", inc)
	sub(/".*/, "", inc)
	dir = FILENAME
	if (dir ~ /\//) sub(/\/[^\/]*$/, "", dir); else dir = ""
	to = resolve(dir, inc)
	print FILENAME, to > edges
	if (!(to in known)) {
		print "structure: " FILENAME " includes \"" inc "\" (" to "), not a program file of a floor"
		next
	}
	ff = floor_of(FILENAME); tf = floor_of(to)
	if (tf > ff)
		print "structure: " FILENAME " includes " to ": " room_of(to) "/ is above " room_of(FILENAME) "/ (floors: " FLOORS ")"
	else if (tf == ff && room_of(to) != room_of(FILENAME))
		print "structure: " FILENAME " includes " to ": " room_of(to) "/ stands beside " room_of(FILENAME) "/ on one floor (floors: " FLOORS ")"
	else if (room_of(FILENAME) == "phases" && room_of(to) == "phases") {
		fi = inner_of(FILENAME); ti = inner_of(to)
		if (!(fi in INNER))
			print "structure: " FILENAME ": " fi "/ is no room of phases/ (" INNERS ")"
		else if (INNER[ti] > INNER[fi])
			print "structure: " FILENAME " includes " to ": " ti "/ is above " fi "/ (phases/: " INNERS ")"
		else if (INNER[ti] == INNER[fi] && ti != fi)
			print "structure: " FILENAME " includes " to ": " ti "/ stands beside " fi "/ (phases/: " INNERS ")"
	}
}' $FILES >"$EDGES.floors"
while read -r line; do
	fail "${line#structure: }"
done <"$EDGES.floors"
rm -f "$EDGES.floors"

# tsort orders the graph and names each loop it finds on stderr (one
# "tsort: NAME" line per file of the loop, after "input contains a loop").
if ! tsort <"$EDGES" >/dev/null 2>"$EDGES.loops"; then
	fail "include cycle: $(sed -n 's/^tsort: \([^:]*\)$/\1/p' "$EDGES.loops" | grep -v '^-$' | tr '\n' ' ')"
	cat "$EDGES.loops" >&2
fi
rm -f "$EDGES.loops"

# fail_each WHY: one failure per line of input (a hit: "file:line: what"),
# with WHY after it; read in this shell, so the count is kept
fail_each() {
	while read -r hit; do
		[ -n "$hit" ] && fail "$hit${1:+: $1}"
	done
	return 0
}

# 4. Formatters compute nothing: a rate, a percentile, a mark or its reasons,
# a merged histogram, a latency curve, a drawn timeline, whether a phase has
# numbers, a sweep's knees, CPU-bound counts, answer and tally (judged once by
# sweep_judge where the sweep ends), compare's ratios, which of compare's
# phases and rows are shown, its runs' setup texts (and which are known),
# kinds of input, per-char methods and whether they state their reasons,
# which setup facts differ, which marks its ratios show (the page's
# caveats), the depth gains or
# the -x summary is worked out once, by a model
# (report/model/, the view among them); every other .c of report/ and cmd/
# that calls one of these fails.
DERIVE='confidence_mark|device_why|device_cached_reason|device_expected_write_pct|metric_cached|metric_device_pct|stats_median|stats_of|sweep_jain|sweep_overlap|sweep_overlap_is_low|sweep_knee|sweep_cpu_bound|sweep_answer|sweep_tally|metric_rate|metric_rate_unsynced|metric_latency_pct|metric_cpu_pct|metric_arc_hit_pct|hist_percentile|hist_mean|hist_merge|view_pcts_of|confidence_of|view_latency_of|view_latency_merged|view_of_timeline|metric_reportable|units_per_second|phase_rate_shown|phase_result_add|spread_add|compare_ratio|compare_mean_ratio|compare_all_diffs|compare_row_shown|compare_phase_shown|compare_setup_facts_differ|compare_setup_value|compare_setup_differs|compare_comparable|compare_perchar_method|compare_input_kind|compare_phase_file_size|compare_reasons_known|compare_setup_known|compare_ratios_said|compare_apart_marks|compare_extremes|compare_evidence_rule|qd_gains|repeat_summarise'
MODELS='^report/model/[a-z_]*[.]c$'
FORMATTERS=$(echo "$FILES" | grep -E '^(report|cmd)/.*[.]c$' | grep -vE "$MODELS")
fail_each "a formatter works out a rate, percentile or mark (the view does)" < <(grep -HnoE "\b($DERIVE)[[:space:]]*\(" $FORMATTERS | sed 's/:\([a-z_]*\)[[:space:]]*($/: calls \1/')

# compare's writers (report/compare/) print the comparison (compare_result):
# they read no run as parsed (struct parsed_run, a compare run's .in) and
# include no input/ header; what they show of a run the model holds
# (compare_run.shown).
fail_each "a compare writer reads the parsed run (the model's compare_run.shown holds it)" < <(grep -HnoE '\bstruct parsed_run\b|(->|\.)in(->|\b)|#[[:space:]]*include[[:space:]]*"[./]*input/' $(echo "$FILES" | grep -E '^report/compare/[a-z_]*[.][ch]$'))

# 5. Formatters print the view: a result's latency histogram (a member of
# it read, or the histogram passed on by its address) and its raw storage
# counters (the devices', the ARC's, the dataset's) are read by the
# model alone (view.c copies what is printed, view_records.c the buckets),
# and a view is built once per run, by the output that owns the run: the
# session's (outputs.c, which the page's kept runs carry), merge's (merge_views_of,
# the merge model's, once per level).
RAW='struct hist\b|hist_bucket_range|(->|\.)latency\.|&[^ ,;()]*(->|\.)latency\b|(->|\.)dev\.(valid|read_bytes|write_bytes|caveat|read_ahead_kb|read_ahead_dev|write_copies_pct|layout|own_valid|own_read_bytes|own_write_bytes)\b|(->|\.)arc\.(counted|hits|misses|max_bytes|file_bytes)\b|(->|\.)zfs\.(compressratio|referenced)\b'
fail_each "a formatter reads a result's raw histogram or counters (the view holds them)" < <(grep -HnoE "$RAW" $FORMATTERS)
OWNERS='^report/outputs[.]c$'
fail_each "a formatter builds its own view (its owner passes the run's one down)" < <(grep -HnoE '\b(view_of_run|view_of_setup_run|view_of_phase)[[:space:]]*\(' $(echo "$FORMATTERS" | grep -vE "$OWNERS"))
# bonnie merge has no options of a run to give: its setup is what the
# hosts recorded (merge_setup_of), never a struct config made up for the
# formatters.
fail_each "bonnie merge makes a config (its setup is the hosts' run_setup)" < <(grep -HnoE '\bstruct config\b' $(echo "$FILES" | grep -E '^(cmd/merge[a-z_]*|report/merge/[a-z_]*)[.][ch]$'))

# Every writer takes the views alone (issue 49): a run's (run_view) and
# the session's (session_view, built once from the plan by outputs_plan);
# only the routing (report/outputs*.c) and the models read the config. A
# file of a writers' room that names struct config, includes
# options/config.h or reads the output table's config (c->cfg) fails.
WRITERS=$(echo "$FILES" | grep -E '^report/(text|html|compare|sweep|merge)/[a-z_]*[.][ch]$')
fail_each "a writer reads the config (the session's view holds what it states)" < <(grep -HnoE '\bstruct config\b|#include "[./]*options/config[.]h"|->cfg\b' $WRITERS)
# Nor through a header (report.h, view.h, a model's): the constants they
# state (options/constants.h) stand apart from the options. From the edges
# above, every file that reaches options/config.h; a writer that includes
# one of them (or config.h itself) fails, named with the header it goes
# through. One writer names a config type, and is let through its one
# header: sizes_text.c words enum files_bound (options/config.h, the
# plan's reason for an automatic file count) with the FILES_AUTO_* bounds
# of phases/files/files.h.
CONFIG_TYPE_OK='report/text/sizes_text.c phases/files/files.h'
fail_each "" < <(awk -v writers="$(echo $WRITERS)" -v ok="$CONFIG_TYPE_OK" '
{ from[NR] = $1; to[NR] = $2 }
END {
	reach["options/config.h"] = 1
	for (changed = 1; changed; ) {
		changed = 0
		for (i = 1; i <= NR; i++)
			if ((to[i] in reach) && !(from[i] in reach)) { reach[from[i]] = 1; changed = 1 }
	}
	n = split(writers, w, " ")
	for (k = 1; k <= n; k++) is_writer[w[k]] = 1
	for (i = 1; i <= NR; i++)
		if ((from[i] in is_writer) && (to[i] in reach) && to[i] != "options/config.h" && from[i] " " to[i] != ok)
			print from[i] ": includes options/config.h through " to[i] " (a writer reads no config; constants.h holds the constants)"
}' "$EDGES")

# 6. The map: docs/architecture.md names every room (each folder of
# program files, by its path) and stays a short read (under 300 lines).
ARCH=docs/architecture.md
arch_lines=$(wc -l <"$ARCH")
[ "$arch_lines" -lt 300 ] || fail "$ARCH: $arch_lines lines (under 300)"
for room in $(echo "$FILES" | grep / | sed 's|/[^/]*$||' | sort -u); do
	grep -qF "$room/" "$ARCH" || fail "$ARCH names no room $room/"
done

n=$(echo "$FILES" | wc -l)
if [ "$failures" -gt 0 ]; then
	echo "structure: $failures breach(es) in $n program files" >&2
	exit 1
fi
echo "structure: $n program files: none over $MAX_LINES lines, no include cycle, floors kept"
