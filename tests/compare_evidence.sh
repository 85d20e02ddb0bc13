#!/bin/bash
# bonnie compare over real runs (issue 51 points 2 and 4): three small runs
# on the disk, 64 MiB, block write, block read and seeks only:
#   A buffered with --no-evict: block read and seeks from the page cache
#     (as its JSON says: a busy shared disk's counters can hide one);
#   B buffered: block read from the device, seeks from the page cache;
#   C -D: everything from the device.
# A-B is a cached-vs-device pair of one I/O mode, A-C buffered-vs-direct.
# For each pair, from the JSON documents and from the runs' CSV lines:
# no phase a run's own JSON marks cached leads the summary (text, Markdown,
# the page); the text of two runs is one table whose every line fits 80
# screen columns with A named in Japanese; the page's ratios are the text's.
. "$(dirname "$0")/lib.sh"
need_jq
export LC_ALL=C.UTF-8 # wc -L counts screen columns (a wide character is two)
D=$T/d
mkdir "$D"
ONE="-q -s 64m -n 1 --phases put_block,get_block,seeks -d $D"
run() { # run NAME OUT ARGS...: one run, its JSON and its CSV line
	name=$1 out=$2; shift 2
	# shellcheck disable=SC2086
	"$BONNIE" $ONE -m "$name" --json "$T/$out.json" "$@" >"$T/$out.txt" 2>"$T/$out.err"; rc=$?
	check "run $out exits 0 (got $rc)" [ $rc -eq 0 ]
	grep '^1\.98,' "$T/$out.txt" >"$T/$out.csv"
	check "run $out wrote one CSV line" [ "$(wc -l <"$T/$out.csv")" = 1 ]
}
run 東京のサーバー A --no-evict
run deviceB B
run directC C -D

# The phases a run's own JSON says were read from a cache, as compare names them.
"$BONNIE" --list-phases | awk -F'\t' '{ print $1 "\t" $7 }' >"$T/words"
cached() {
	jq -r '.runs[0].phases[] | select((.confidence.reasons // []) | index("cached")) | .name' "$T/$1.json" |
		while read -r p; do awk -F'\t' -v p="$p" '$1 == p { print $2 }' "$T/words"; done
}
cached A >"$T/cached.A"
cached B >"$T/cached.B"
# (the device's counters count other readers too: on a busy shared disk a
# cached phase can read as device-bound, so at least one, not both)
check "A read block read or seeks from the page cache (the premise: $(tr '\n' , <"$T/cached.A"))" \
	grep -qx 'block read\|random seeks' "$T/cached.A"
check "B's block read came from the device (the premise)" sh -c "! grep -qx 'block read' '$T/cached.B'"

# headline FILE: the summary's first line (text, Markdown, or the page's <p class="summary">)
headline() { grep -o '^Summary: .*\|<p class="summary">Summary: [^<]*' "$1" | head -1; }
no_cached_lead() { # no_cached_lead WHAT FILE CACHEDLIST
	h=$(headline "$2")
	check "$1: has a headline" [ -n "$h" ]
	while read -r w; do
		case $h in *"$w"*) fail "$1: the cached phase '$w' leads: $h" ;; *) pass ;; esac
	done <"$3"
}
cat "$T/cached.A" "$T/cached.B" | sort -u >"$T/cached"
for pair in B C; do
	for kind in json csv; do
		in="$T/A.$kind $T/$pair.$kind"
		what="A-$pair from $kind"
		for fmt in text markdown; do
			# shellcheck disable=SC2086
			COLUMNS=80 "$BONNIE" compare --threshold 1.1 --format $fmt $in >"$T/out.$fmt" 2>"$T/err.$fmt"
			check "$what $fmt exits 0" [ $? -eq 0 ]
			no_cached_lead "$what $fmt" "$T/out.$fmt" "$T/cached"
		done
		# shellcheck disable=SC2086
		"$BONNIE" compare --threshold 1.1 --html "$T/out.html" $in >/dev/null 2>&1
		no_cached_lead "$what html" "$T/out.html" "$T/cached"
		[ $kind = csv ] && check "$what: a CSV line's cells say 'cache state unknown'" \
			grep -q 'cache state unknown' "$T/out.text"
		# one table at 80 columns, every line within them (the Japanese name is two columns a character)
		check "$what: one table" [ "$(grep -c '^Phase ' "$T/out.text")" = 1 ]
		check "$what: every line fits 80 columns (widest $(wc -L <"$T/out.text"))" \
			[ "$(wc -L <"$T/out.text")" -le 80 ]
		check "$what: the Japanese name is in the heading" grep -q '^Phase  *A 東京のサーバー' "$T/out.text"
		# the page's ratios are the text table's (rate rows; wide, one line a cell)
		# shellcheck disable=SC2086
		COLUMNS=200 "$BONNIE" compare --threshold 1.1 $in >"$T/wide.text" 2>/dev/null
		sed -n '/^Phase /,/^$/p' "$T/wide.text" | grep -v '^  max latency\|^Phase ' |
			grep -o '([^()]*)$' | tr -d '()' | grep -v '^under\|^from' | sort >"$T/ratios.text"
		# (the page escapes compare's marks: "&gt;" is ">")
		grep -o '<span class="ratio">[^<]*' "$T/out.html" | sed 's/.*">//; s/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g' |
			sort >"$T/ratios.html"
		check "$what: the page's ratios are the text's ($(tr '\n' '/' <"$T/ratios.html"))" \
			sh -c "[ -s '$T/ratios.html' ] && cmp -s '$T/ratios.text' '$T/ratios.html'"
	done
done
# A-C: the direct run's figures were set up differently: said so, not ranked
COLUMNS=80 "$BONNIE" compare --threshold 1.1 "$T/A.json" "$T/C.json" >"$T/ac.text" 2>/dev/null
check "A-C: the I/O mode is said to differ" grep -q 'I/O mode differs' "$T/ac.text"
# the seeks' reasons are what A's JSON says of them
seeks=$(tr '\n' ' ' <"$T/ac.text" | tr -s ' ' | grep -o 'random seeks [0-9.]*x [a-z]* on B ([^)]*)')
if grep -qx 'random seeks' "$T/cached.A"; then
	check "A-C: the seeks are said to be A's cache's ($seeks)" \
		sh -c 'printf %s "$1" | grep -q "(I/O mode differs; A from a cache"' _ "$seeks"
else
	check "A-C: A's seeks, device-bound by its JSON, are not said to be a cache's ($seeks)" \
		sh -c 'printf %s "$1" | grep -q "(I/O mode differs" && ! printf %s "$1" | grep -q "from a cache"' _ "$seeks"
fi
finish
