#!/bin/bash
# bonnie compare over disk benchmark texts people really published
# (tests/compare-qd/: CrystalDiskMark 5-8 and KDiskMark exports, fio's
# terse, normal and JSON output; sources and hand counts in each .spec,
# docs/compare-corpus.md). Each NN-*.txt has an NN-*.expect: one line per
# run compare must find, in order: the tool, size=<MiB> (- when the text
# gives none) and each row as posted, <row>=<MB/s>. A run is right when its
# version names the tool, its size is the one expected and it has every
# row (bonnie's queue-depth phases by name, or its other_rows) within 0.1%
# of the posted MB/s (10^6 bytes a second) and no other row; a run nobody
# expected is wrong too. MEASURE=1 only prints the fraction read right;
# VARIANT=crlf|flat as in tests/compare_corpus.sh.
. "$(dirname "$0")/lib.sh"
# one line of f holds word, and it matches pattern (check runs one
# command: a second one after && would not be checked)
one_warning() { [ "$(grep -c "$1" "$3")" = 1 ] && grep -q "$2" "$3"; }
cd "$(dirname "$0")/.." || exit 1
need_jq
C=${CORPUS:-tests/compare-qd}
variant() {
	case "${VARIANT:-}" in
	crlf) sed 's/$/\r/' "$1" ;;
	flat) tr '\n' ' ' <"$1" ;;
	*) cat "$1" ;;
	esac
}
# each run as "text<TAB>tool size row=MB/s ...", rows sorted, rates to MB/s
runs() {
	jq -r '.runs[] | (.origin | split(":")[0] | split("/")[-1]) + "\t" + ([(.version | split(" ")[0] | ascii_downcase | sub("^crystaldiskmark$"; "cdm") | sub("^fio-.*"; "fio")),
		("size=" + (if .size == "" then "-" else .size end)),
		(([.phases[] | select(.rate != null) | {name, rate}] + (.other_rows // []))
		 | map(.name + "=" + ((.rate * 1024 / 1000000 * 1000 | round) / 1000 | tostring)) | sort | .[])] | join(" "))'
}
# an expected line in the same form: its size in MiB as compare writes sizes
want() {
	grep -v '^#' "$1" | while read -r tool size rows; do
		s=${size#size=}
		[ "$s" = - ] || s=$([ $((s % 1024)) = 0 ] && echo "$((s / 1024))G" || echo "${s}M")
		echo "$tool size=$s $(printf '%s\n' $rows | sort | tr '\n' ' ' | sed 's/ $//')"
	done
}
# whether got run $1 is want run $2: same tool, size and row names, rates within 0.1%
same() {
	awk -v g="$1" -v w="$2" 'BEGIN {
		ng = split(g, a, " "); nw = split(w, b, " ")
		if (ng != nw || a[1] != b[1] || a[2] != b[2]) exit 1
		for (i = 3; i <= ng; i++) {
			split(a[i], x, "="); split(b[i], y, "=")
			if (x[1] != y[1]) exit 1
			d = x[2] - y[2]; if (d < 0) d = -d
			if (d > 0.001 * y[2] + 0.0015) exit 1
		}
	}'
}
total=0 right=0 extra=0
# One compare of the whole set (not one per text): each run names its text.
mkdir -p "$T/in"
for f in "$C"/*.txt; do [ -f "${f%.txt}.expect" ] && variant "$f" >"$T/in/${f##*/}"; done
(cd "$T/in" && "$BONNIE" compare --format json *.txt) 2>/dev/null | runs >"$T/all"
for f in "$C"/*.txt; do
	exp=${f%.txt}.expect
	[ -f "$exp" ] || continue
	awk -F '\t' -v t="${f##*/}" '$1 == t { print $2 }' "$T/all" >"$T/got"
	want "$exp" >"$T/want"
	n=$(wc -l <"$T/want") got=$(wc -l <"$T/got") ok=0
	: >"$T/used"
	while IFS= read -r w; do
		j=0 k=0
		while IFS= read -r g; do
			k=$((k + 1))
			grep -qx "$k" "$T/used" && continue
			if same "$g" "$w"; then j=$k; break; fi
		done <"$T/got"
		if [ "$j" -gt 0 ]; then
			ok=$((ok + 1))
			echo "$j" >>"$T/used"
		elif [ "${MEASURE:-}" != 1 ]; then
			echo "  $f: not found right: $w; got:" >&2
			cat "$T/got" >&2
		fi
	done <"$T/want"
	spurious=$((got > ok ? got - ok : 0))
	total=$((total + n)) right=$((right + ok)) extra=$((extra + spurious))
	[ "${MEASURE:-}" = 1 ] && { printf '%-48s %d/%d%s\n' "${f##*/}" "$ok" "$n" "$([ $spurious -gt 0 ] && echo " +$spurious extra")"; continue; }
	check "${f##*/}: $n runs read right, nothing else (got $ok right of $got)" [ "$ok" = "$n" -a "$got" = "$n" ]
done
if [ "${MEASURE:-}" = 1 ]; then
	echo "read right: $right of $total results ($((100 * right / (total ? total : 1)))%), $extra runs nobody expected"
	exit 0
fi
check "the set has texts ($total results)" [ "$total" -gt 0 ]
if [ "$C" = tests/compare-qd ]; then
	# the same two results again in IOPS grids: said once each, not read twice
	variant "$C/11-blog-ja-grid-read-write-mbs-and-iops.txt" >"$T/grid.txt"
	"$BONNIE" compare "$T/grid.txt" >/dev/null 2>"$T/grid.err"
	check "IOPS grids after MB/s grids: two lines saying why they are not read" \
		[ "$(grep -c 'disk benchmark grid in IOPS not read: the text gives its results in MB/s too' "$T/grid.err")" = 2 ]
fi
if [ "$C" = tests/compare-qd-sixth ]; then
	# fio's results without its job line: not read, one line saying where and why
	variant "$C/11-ci-page-fio-results-without-job-lines.txt" >"$T/nojob.txt"
	"$BONNIE" compare "$T/nojob.txt" >/dev/null 2>"$T/nojob.err"
	check "fio results without a job line: one warning naming the first result's line" \
		one_warning 'fio result' "^bonnie: $T/nojob.txt:[0-9]*: fio results not read: no job line" "$T/nojob.err"
	# two mixed (randrw) jobs on both sides of a compare: each run has its
	# read and its write side, in the JSON and in the text's note
	variant "$C/07-notes-fio325-randrw-esxi.txt" >"$T/mixA.txt"
	variant "$C/08-notes-zh-fio341-randrw-numjobs4-and-seq.txt" >"$T/mixB.txt"
	"$BONNIE" compare --format json "$T/mixA.txt" "$T/mixB.txt" 2>/dev/null |
		jq -r '.runs[0:2][] | [.other_rows[].name] | join(" ")' >"$T/mix.rows"
	check "randrw on both sides: A's and B's read and write sides" [ "$(cat "$T/mix.rows")" = "mixrnd4k_q64t1_read mixrnd4k_q64t1_write
mixrnd4k_q256t4_read mixrnd4k_q256t4_write" ]
	"$BONNIE" compare "$T/mixA.txt" "$T/mixB.txt" >"$T/mix.txt" 2>/dev/null
	check "randrw on both sides: the text names both sides of A and of B" \
		grep -q "^  A: .*mixrnd4k_q64t1_read 169.6 MiB/s; mixrnd4k_q64t1_write 56.7 MiB/s" "$T/mix.txt"
	check "randrw on both sides: B's" grep -q "^  B: .*mixrnd4k_q256t4_read 3.8 MiB/s; mixrnd4k_q256t4_write 3.8 MiB/s" "$T/mix.txt"
fi
finish
