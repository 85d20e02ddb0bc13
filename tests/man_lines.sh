# Sourced by docs.sh and readme.sh: the man page as one line of text,
# and whether a line bonnie printed is in it (placeholders for its
# figures and phase names). Needs lib.sh's $T and phases.sh's $PHASES.

# man_text MANPAGE: rendered to $T/man.txt, blanks squeezed.
man_text() {
	groff -man -Tascii -rLL=3000n -rHY=0 "$1" 2>/dev/null | col -b | tr '\t\n' '  ' | tr -s ' ' >"$T/man.txt"
}

# in_man TEXT: TEXT is in the man page, where tokens with a digit, '_' or
# '/' (numbers, sizes, labels) and phase names (with a colon after them
# too: "putc:") are placeholders matching any word there (the man page's
# italic N, phase, full...).
in_man() {
	pattern=$(printf '%s\n' "$1" | sed -e 's/[][\.*^$()+?{}|]/\\&/g' |
		awk -v phases="$PHASES" 'BEGIN { n = split(phases, p, " "); for (i = 1; i <= n; i++) ph[p[i]] = 1 }
		{ n = 0 # blanks squeezed, as in man.txt; the unit after a number optional (the man page may name it)
		  for (i = 1; i <= NF; i++) {
			if (n && num && match($i, /^(B|KiB|MiB|GiB|TiB)/)) { t[n] = t[n] "( [KMGT]?i?B)?" substr($i, RLENGTH + 1); num = 0; continue }
			w = $i; sub(/:$/, "", w)
			num = $i ~ /[0-9]/
			t[++n] = ($i ~ /[0-9_\/]/ || (w in ph)) ? "[^ ]+" : $i }
		  out = t[1]; for (i = 2; i <= n; i++) out = out " " t[i]
		  print out }')
	grep -qE -- "$pattern" "$T/man.txt"
}

# Notes: the lines after a table's last row (and stderr lines).
notes_of() {
	awk '/^(Version |Name:Size|              files|                    |docs |Latency|  p99|  median|Before sync|Sync time|From device|1\.98,)/ ||
	     /^ *[0-9]/ { after = 1; next } after' "$1"
}

# note_in_man LINE: a note is in the man page; the run notes' "files:"
# line holds a reason ("why" in its template) that the man page lists
# apart, among the words of Default counts.
note_in_man() {
	case $1 in
	"files: bonnie chose "*"(no -n), "*"; the sequential delete took "*)
		rest=${1#*"(no -n), "}
		why=${rest%"; the sequential delete took "*}
		in_man "${1%%"(no -n), "*}(no -n), why${rest#"$why"}" && in_man "$why" ;;
	*) in_man "$1" ;;
	esac
}
