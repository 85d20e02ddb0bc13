#!/bin/bash
# bonnie compare over real runs of this machine (check-full: two 256 MiB
# runs): a buffered and an O_DIRECT run compared as CSV and as JSON (the
# headline ranks by measured time, maxima on their own line, the setup
# and its differences stated, the short-phase caveat), their Markdown,
# bonnie's own table read back with its marks, and widths in terminal
# columns. Moved from compare.sh, whose fast-tier checks need no real run.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.." || exit 1
# Real runs (issue 33): a buffered and an O_DIRECT run of -s 256m -n 4,
# compared as CSV and as JSON. Each run's JSON gives the measured time of
# every phase; the comparison must rank by it: the headline names only
# phases both runs timed for 0.5 s or more, maxima never lead, and a file
# phase under 0.5 s carries the caveat in the CSV comparison too.
mkdir -p "$T/real"
"$BONNIE" -d "$T/real" -s 256m -n 4 -q --json "$T/buf.json" >"$T/buf.csv" 2>"$T/buf.err"; rc=$?
check "buffered run exits 0 (got $rc)" [ $rc -eq 0 ]
"$BONNIE" -d "$T/real" -s 256m -n 4 -D -q --json "$T/dir.json" >"$T/dir.csv" 2>"$T/dir.err"; rc=$?
check "-D run exits 0 (got $rc)" [ $rc -eq 0 ]
check "the -D run records O_DIRECT" jq -e '.config.direct_io == true' "$T/dir.json" >/dev/null
phase_of() { # "sequential create" -> seq_create
	case "$1" in
	"per-char write") echo putc ;; "block write") echo put_block ;; rewrite) echo rewrite ;;
	"per-char read") echo getc ;; "block read") echo get_block ;; "random seeks") echo seeks ;;
	"sequential create") echo seq_create ;; "sequential stat") echo seq_stat ;;
	"sequential delete") echo seq_del ;; "random create") echo ran_create ;;
	"random stat") echo ran_stat ;; "random delete") echo ran_del ;; *) echo "?$1" ;;
	esac
}
elapsed() { # elapsed ns of phase $2 in JSON $1
	jq -r --arg n "$2" '.runs[0].phases[] | select(.name == $n) | .elapsed_ns' "$1"
}
for kind in csv json; do
	"$BONNIE" compare "$T/buf.$kind" "$T/dir.$kind" >"$T/real.$kind.text" 2>/dev/null; rc=$?
	check "compare of the real $kind runs exits 0 (got $rc)" [ $rc -eq 0 ]
	head=$(grep '^Summary: ' "$T/real.$kind.text")
	check "$kind: the headline names no maximum latency ($head)" sh -c '! printf %s "$1" | grep -q "max latency"' _ "$head"
	check "$kind: maxima on their own labelled line" grep -q '^Maximum latencies (one sample each, not ranked as findings): ' "$T/real.$kind.text"
	check "$kind: setup stated above the table" \
		awk '/^Setup, as the inputs record it:/ { s = NR } /^Phase / { p = NR; exit } END { exit !(s && s < p) }' "$T/real.$kind.text"
	# every phase the headline names ran 0.5 s or more on both runs, as measured
	printf '%s\n' "${head#Summary: }" | tr ';' '\n' | sed 's/.*the largest: //' |
		sed -n 's/^ *\(.*\) [0-9.]*x \(faster\|slower\) on B.*/\1/p' >"$T/named"
	while read -r words; do
		ph=$(phase_of "$words")
		for run in buf dir; do
			ns=$(elapsed "$T/$run.json" "$ph")
			check "$kind: headline's $words ran 0.5 s or more on $run (${ns} ns)" [ "${ns:-0}" -ge 500000000 ]
		done
	done <"$T/named"
done
check "csv: the I/O mode a CSV line cannot record is unknown" grep -q '^  I/O mode     A: unknown; B: unknown$' "$T/real.csv.text"
# the JSON runs record their I/O mode, file system and device: stated, and
# a buffered run against an -D run is not like for like, in the I/O mode
check "json: the setup names buffered and O_DIRECT" grep -q '^  I/O mode     A: buffered; B: O_DIRECT$' "$T/real.json.text"
check "json: not like for like, naming the I/O mode" \
	grep -q '^Not like for like: the runs differ in I/O mode' "$T/real.json.text"
fs=$(jq -r '.environment.file_system.type + " on " + .environment.file_system.source' "$T/buf.json")
check "json: the file system as the run recorded it ($fs)" grep -qF "  file system  A: $fs; B: $fs" "$T/real.json.text"
check "csv: the CSV lines cannot say they differ in I/O mode" sh -c '! grep -q "^Not like for like.*I/O mode" "$1"' _ "$T/real.csv.text"
# the short-phase caveat by the one rule in the CSV comparison, for every
# phase kind but per-char (bonnie's CSV line does not hold its bytes): a
# phase measured under 0.4 s says so, one over 0.6 s does not
for ph in put_block rewrite get_block seeks seq_create seq_stat seq_del ran_create ran_stat ran_del; do
	words=$(case $ph in put_block) echo "block write" ;; get_block) echo "block read" ;; seeks) echo "random seeks" ;;
		seq_create) echo "sequential create" ;; seq_stat) echo "sequential stat" ;; seq_del) echo "sequential delete" ;;
		ran_create) echo "random create" ;; ran_stat) echo "random stat" ;; ran_del) echo "random delete" ;; *) echo $ph ;; esac)
	row=$(grep "^$words  " "$T/real.csv.text")
	ns=$(elapsed "$T/buf.json" "$ph")
	cell=$(printf '%s' "$row" | sed "s/^$words  *//; s/  .*//") # A's cell: up to the gap before B's
	if [ "$ns" -lt 400000000 ]; then
		check "csv: A's $words ran ${ns} ns: its cell says under 0.5 s ($cell)" sh -c 'printf %s "$1" | grep -q "under 0.5 s"' _ "$cell"
	elif [ "$ns" -gt 600000000 ]; then
		check "csv: A's $words ran ${ns} ns: its cell says no short phase ($cell)" sh -c '! printf %s "$1" | grep -q "under 0.5 s"' _ "$cell"
	fi
done
# Markdown of the two real runs (issue 51): one table, whatever the
# reader's width; every line within 80 columns with no COLUMNS (a post's
# width); every row as many cells as the heading; each mark after a
# figure said in the legend under the table.
for kind in csv json; do
	md="$T/real.$kind.md"
	env -u COLUMNS "$BONNIE" compare --format markdown "$T/buf.$kind" "$T/dir.$kind" >"$md" 2>/dev/null
	check "$kind markdown: every line within 80 columns (widest $(wc -L <"$md"))" [ "$(wc -L <"$md")" -le 80 ]
	check "$kind markdown: one table (one heading row, one separator row)" \
		[ "$(grep -c '^| Phase |' "$md")" = 1 -a "$(grep -c '^|---|' "$md")" = 1 ]
	check "$kind markdown: the table's rows are one block, each as wide as the heading" \
		awk -F'|' '/^\|/ { if (end) bad = 1; if (!nf) nf = NF; if (NF != nf) bad = 1; rows++; next }
			rows { end = 1 } END { exit bad || rows < 14 }' "$md"
	for m in '~' 'c' '#'; do
		if grep '^| ' "$md" | grep -qE "% [~#!c?]*[$m][~#!c?]* \|"; then
			check "$kind markdown: the mark $m after a figure is in the legend" \
				grep -qE "^Marks after a figure.* [$m] " "$md"
		fi
	done
done
# bonnie's own table read back (issue 51): a real run's stdout (its table
# and CSV line) and its table alone, compared with the -D run: the run is
# named and sized as it ran, and each figure's mark in the table (its
# JSON's first reason) is the mark compare puts after the figure, none
# where the table has none, as the evidence rule weighs it.
"$BONNIE" -d "$T/real" -s 32m -n 1 -m own_table --json "$T/own.json" >"$T/own.out" 2>/dev/null; rc=$?
check "own-table run exits 0 (got $rc)" [ $rc -eq 0 ]
grep -v '^1\.98,' "$T/own.out" >"$T/own.table"
mark_of() { # the table's mark of a JSON reason
	case "$1" in short) echo '~' ;; few_operations) echo '#' ;; unstable) echo '!' ;; cached) echo c ;;
	not_evicted) echo '?' ;; *) echo '' ;; esac
}
for in in own.out own.table; do
	"$BONNIE" compare --format markdown "$T/$in" "$T/dir.json" >"$T/$in.md" 2>"$T/$in.err"; rc=$?
	check "$in: compare reads it (got $rc: $(head -c 200 "$T/$in.err"))" [ $rc -eq 0 ]
	check "$in: run A is the run, named and sized, read from its table" \
		sh -c 'tr "\n" " " <"$1" | grep -q "^.*- A: own_table, 32M, .*$2:[0-9]*  *(table)"' _ "$T/$in.md" "$in"
	jq -r '.runs[0].phases[] | select(.status == "done") | [.name, (.confidence.reasons[0] // "-")] | @tsv' \
		"$T/own.json" >"$T/own.reasons"
	while read -r ph why; do
		want=$(mark_of "$why")
		cell=$(grep "^| $ph | " "$T/$in.md" | head -n 1 | cut -d'|' -f3 | sed 's/ *$//')
		got=$(printf '%s' "$cell" | sed -n 's/.*% \([~#!c?]*\)$/\1/p')
		check "$in: $ph's cell '$cell' has the table's mark '$want'" [ -n "$cell" -a "$got" = "$want" ]
		[ -n "$cell" -a "$got" = "$want" ] || { # what to look at when it fails
			echo "  $in: reasons $(jq -c --arg p "$ph" '.runs[0].phases[] | select(.name == $p) | .confidence' "$T/own.json")" >&2
			grep -n "^own_table\|^| $ph " "$T/$in" "$T/$in.md" >&2; }
	done <"$T/own.reasons"
done

# Widths in terminal columns (issue 51): run A named in Japanese with an
# emoji and a combining accent (U+1F680 is two columns to a UTF-8
# terminal; bonnie's own table, used under C, does not list it), B the
# same run: under C.UTF-8, B's heading starts in the column its cells do
# (wc -L counts as the terminal does). One column off with the table.
wide=$(printf '\346\235\261\344\272\254\360\237\232\200e\314\201') # 東京🚀é
awk -F, -v OFS=, -v n="$wide" '{ $3 = n; print }' "$T/buf.csv" >"$T/wide.csv"
awk -F, -v OFS=, '{ $3 = "ab"; print }' "$T/buf.csv" >>"$T/wide.csv"
LC_ALL=C.UTF-8 COLUMNS=200 "$BONNIE" compare "$T/wide.csv" >"$T/wide.text" 2>/dev/null
cols_before() { # display columns of $1 before the last $2
	printf '%s' "${1%"$2"*}" | LC_ALL=C.UTF-8 wc -L
}
hdr=$(grep '^Phase ' "$T/wide.text")
row=$(grep '^block write ' "$T/wide.text")
cell=$(printf '%s' "$row" | sed 's/^block write  *//; s/  .*//')
check "C.UTF-8: the wide name is in the heading" grep -qF "A $wide" "$T/wide.text"
check "C.UTF-8: B's heading starts where B's cell does ($(cols_before "$hdr" "B ab") vs $(cols_before "$row" "$cell"))" \
	[ -n "$cell" -a "$(cols_before "$hdr" "B ab")" = "$(cols_before "$row" "$cell")" ]
rm -rf "$T/real"
finish
