#!/bin/sh
# The README's commands run as printed, and its samples are what they
# print (make check-full: the first command is a default run, a 4 GiB
# data file, and the sweep a real one: minutes, not the fast tier's
# seconds; tests/docs.sh keeps the man page and the binary in step).
# Needs root or a block device under TMPDIR, so the run has a device as
# the sample does.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"
. "$(dirname "$0")/man_lines.sh"
need_jq
DEV=$T/dev
mkdir "$DEV"

# --- the README -------------------------------------------------------------
# Every command in the README's sh blocks runs as printed, in order, in one
# directory on the device above (so the run has a device, as the sample
# does) where ./bonnie is the binary under test and tests/ is the tree's.
# make there is the tree's make; "make check" is what is running now, so
# there it is only looked up in make's database (make -n would still run
# its recursive lines). Then the README's samples are what these
# commands print now, line by line by label (the text before the first
# digit, ':' or ','; runs of blanks and dashes squeezed), since the
# numbers and the machine name differ from run to run: every labelled line
# of a sample is among what its command printed, and the table headings
# the command printed are in the sample. The compare excerpt is checked
# figure for figure by tests/compare_corpus.sh.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUN=$DEV/readme
mkdir "$RUN" && ln -s "$BONNIE" "$RUN/bonnie" && ln -s "$ROOT/tests" "$RUN/tests"
awk '/^```sh$/ { f = 1; next } /^```$/ { f = 0 } f && NF' "$ROOT/README.md" >"$T/readme.cmds"
check "the README shows commands" [ "$(wc -l <"$T/readme.cmds")" -ge 4 ]
check "the README starts with the build-and-run command and make check" \
	[ "$(head -n 2 "$T/readme.cmds" | tail -n 1)" = "make check" ]
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	(
		cd "$RUN" || exit 99
		make() {
			case $* in
			check) command make -C "$ROOT" -pRrq : 2>/dev/null | grep -q '^check:' ;; # the target exists
			*) command make -s -C "$ROOT" "$@" >/dev/null ;;
			esac
		}
		eval "$cmd"
	) >"$T/readme.$n.out" 2>"$T/readme.$n.err" </dev/null; rc=$?
	check "README command '$cmd' runs as printed (got $rc: $(tail -n 1 "$T/readme.$n.err"))" [ $rc -eq 0 ]
done <"$T/readme.cmds"
check "README: the run left its HTML page" [ -s "$RUN/run.html" ]
check "README: the sweep left its HTML page" [ -s "$RUN/sweep.html" ]
check "README: the runs removed their scratch directories" \
	[ "$(find "$RUN" -mindepth 1 -maxdepth 1 -name 'bonnie.*' | wc -l)" = 0 ]

# readme_block N: the README's Nth plain ``` block (samples, not commands;
# a ```bash block is a recipe for other machines, neither run nor a sample).
readme_block() {
	awk -v want="$1" '/^```[a-z]+$/ { s = 1; next } /^```$/ { if (s) s = 0; else if (b) b = 0; else b = ++n; next } b == want' \
		"$ROOT/README.md"
}
# labels NAME FROM TO: the labels of the lines on stdin, the machine name
# FROM written as TO; conditional lines (mark legends, "< overlap", "...",
# the CSV line, unlabelled rows, and the device notes, which follow the
# device counters: other processes' reads of the disk, as a parallel
# build's, turn "readahead:" into "other reads:" or add one, and their
# writes add an "other writes:" note) are left out.
labels() {
	awk -v from="$1" -v to="$2" '
	/^([~#!c?]  |[<*] |\.\.\.$|1\.98,|readahead: |other reads: |other writes: )/ { next }
	{
		s = $0
		if (s ~ /^(This server takes|No phase.s p99|No storage knee|Inconclusive: |No client count)/) { print "the answer"; next }
		sub(/[0-9].*/, "", s)
		p = index(s, ":"); if (p) s = substr(s, 1, p - 1)
		p = index(s, ","); if (p) s = substr(s, 1, p - 1)
		gsub(/-+/, "-", s); gsub(/ +/, " ", s); sub(/ $/, "", s)
		if (from != "" && (s == from || index(s, from " ") == 1)) s = to substr(s, length(from) + 1)
		if (s != "" && s != " ") print s
	}' | sort -u
}
readme_block 1 >"$T/readme.sample"
readme_block 2 >"$T/readme.sweep"
readme_name=$(grep '^1\.98,' "$T/readme.sample" | cut -d, -f3)
run_name=$(grep '^1\.98,' "$T/readme.1.out" | head -n 1 | cut -d, -f3)
check "README: the sample has its CSV line of 50 fields" [ "$(grep '^1\.98,' "$T/readme.sample" | awk -F, '{ print NF }')" = 50 ]
check "README: the run printed a CSV line of 50 fields" [ "$(grep '^1\.98,' "$T/readme.1.out" | head -n 1 | awk -F, '{ print NF }')" = 50 ]
labels "$run_name" "$readme_name" <"$T/readme.1.out" >"$T/run.labels"
labels "" "" <"$T/readme.sample" >"$T/sample.labels"
while IFS= read -r l; do
	check "README sample line '$l' is one the run prints" grep -qxF -- "$l" "$T/run.labels"
done <"$T/sample.labels"
grep -E '^(Version |Name:Size|  +-Per Chr-|  +files  /sec)' "$T/readme.1.out" | labels "" "" >"$T/run.heads"
while IFS= read -r l; do
	check "the run's heading '$l' is in the README sample" grep -qxF -- "$l" "$T/sample.labels"
done <"$T/run.heads"
check "the run printed its table headings" [ "$(wc -l <"$T/run.heads")" -ge 4 ]
# The default run sizes its file count itself (no -n): its notes, the
# "files: bonnie chose ... during the run" line among them, are in the man
# page as printed (tests/docs.sh's runs all give -n).
man_text "$ROOT/bonnie.1"
grep -v "^$run_name " "$T/readme.1.out" | notes_of /dev/stdin | grep -v '^over time, \|^bonnie: ' >"$T/run.notes"
check "README's default run: it printed how it chose its file count" grep -q '^files: bonnie chose ' "$T/run.notes"
while IFS= read -r l; do
	check "README's default run: note '$l' is in the man page" note_in_man "$l"
done <"$T/run.notes"
# The second host's run --like the first's took its settings: compare finds
# the two set up alike (a file count or per-char size sized by time again
# would differ, and compare says "Not like for like").
like_cmd=$(grep -n -- ' compare .*\.json .*\.json' "$T/readme.cmds" | head -n 1 | cut -d: -f1)
check "README: a compare of two runs' JSON is shown" [ -n "$like_cmd" ]
check "README: the --like run is set up as the first (compare names no difference)" \
	sh -c "[ -s '$T/readme.$like_cmd.out' ] && ! grep -q 'Not like for like' '$T/readme.$like_cmd.out'"
sweep_cmd=$(grep -n -- '--clients' "$T/readme.cmds" | head -n 1 | cut -d: -f1)
labels "" "" <"$T/readme.sweep" >"$T/sweep.labels"
labels "" "" <"$T/readme.$sweep_cmd.out" >"$T/sweep.run.labels"
check "README: the sweep excerpt has lines" [ "$(wc -l <"$T/sweep.labels")" -ge 6 ]
while IFS= read -r l; do
	check "README sweep line '$l' is one the sweep prints" grep -qxF -- "$l" "$T/sweep.run.labels"
done <"$T/sweep.labels"

finish
