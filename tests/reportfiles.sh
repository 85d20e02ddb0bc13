#!/bin/sh
# The report files (--json, --html, compare --html): a final symbolic link
# (to a file or dangling), a directory or a block device is refused with
# one line and exit 1 before anything is created, as are two reports that
# name one file and a report on standard error or, while that carries the
# table, on standard output (by name or as the same file); a FIFO or character device named directly is written, and
# -, /dev/stdout and /dev/fd/N (process substitution) are the descriptor.
# Needs root for the block device node.
. "$(dirname "$0")/lib.sh"

need_jq
command -v timeout >/dev/null || { echo "reportfiles.sh: timeout (coreutils) is required" >&2; exit 1; }

D=$T/d   # -d: must be empty after every run
W=$T/w   # where the reports go (the working directory too)
mkdir "$D" "$W"
pid="" rdr=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; [ -n "$rdr" ] && kill -KILL "$rdr" 2>/dev/null; rm -rf "$T"' EXIT
cd "$W" || exit 1

QUICK="-d $D -s 1m:4k:32:1 -n 0 -f -z 3 --no-align-probe"

# refused DESC MESSAGE ARGS...: exit 1, exactly "bonnie: MESSAGE" on
# stderr, nothing on stdout, no scratch directory left in -d.
refused() {
	what=$1 msg=$2
	shift 2
	"$BONNIE" $QUICK "$@" >"$T/out" 2>"$T/err"; rc=$?
	check "$what: exit 1 (got $rc: $(head -n 1 "$T/err"))" [ "$rc" -eq 1 ]
	check "$what: the one line '$msg' (got '$(cat "$T/err")')" [ "$(cat "$T/err")" = "bonnie: $msg" ]
	check "$what: nothing on stdout" [ ! -s "$T/out" ]
	check "$what: nothing left in -d" empty_dir "$D"
}
ran() { [ "$rc" -eq 0 ] || { echo "exit $rc: $(head -n 3 "$T/err")" >&2; false; }; }
valid_json() { jq -e '.tool == "bonnie" and (.runs | length) == 1' "$1" >/dev/null 2>&1; }
is_html() { [ "$(head -n 1 "$1")" = "<!DOCTYPE html>" ] && [ "$(tail -n 1 "$1")" = "</html>" ]; }

# --- final symbolic links: the target stays, a dangling one's is not made ---
echo precious >"$T/victim"
ln -s "$T/victim" "$W/link.json"
ln -s "$T/nowhere" "$W/dangling.html"
refused "--json symlink" "--json link.json: a symbolic link, not followed" --json link.json
check "--json symlink: the target untouched" [ "$(cat "$T/victim")" = precious ]
refused "--html symlink" "--html $W/link.json: a symbolic link, not followed" --html "$W/link.json"
check "--html symlink: the target untouched" [ "$(cat "$T/victim")" = precious ]
refused "--html dangling symlink" "--html dangling.html: a symbolic link, not followed" --html dangling.html
check "--html dangling symlink: its target not created" [ ! -e "$T/nowhere" ]
check "--html dangling symlink: still a link" [ -L "$W/dangling.html" ]
# one refused report: the other is neither created nor emptied
echo "old report" >"$W/old.json"
refused "--json file --html symlink" "--html link.json: a symbolic link, not followed" \
	--json old.json --html link.json
check "--json file --html symlink: the JSON file not emptied" [ "$(cat "$W/old.json")" = "old report" ]
refused "--json new --html symlink" "--html link.json: a symbolic link, not followed" \
	--json new.json --html link.json
check "--json new --html symlink: the JSON file not created" [ ! -e "$W/new.json" ]

# --- directories, block devices ---------------------------------------------
mkdir "$W/sub"
refused "--json directory" "--json sub: a directory, not written" --json sub
refused "--html dir/" "--html nodir/: ends in /, not a file name" --html nodir/
check "--html dir/: nothing made" [ ! -e "$W/nodir" ]
major=""
for m in 240 241 242 243 244 245 246 247 248 249 250; do
	awk '/^Block devices:/ { b = 1 } b && $1 == m { found = 1 } END { exit !found }' m="$m" /proc/devices ||
		{ major=$m; break; }
done
if [ "$(id -u)" -eq 0 ] && [ -n "$major" ] && mknod "$W/blk" b "$major" 0 2>/dev/null; then
	# a block device node no driver serves: nothing can be written through it anyway
	refused "--json block device" "--json blk: a block device, not written" --json blk
else
	skip "the block device check (needs root and a free major)"
fi

# --- two reports, one file ---------------------------------------------------
refused "same path" "--html $W/r.out: the same file as --json $W/r.out" --json "$W/r.out" --html "$W/r.out"
check "same path: nothing created" [ ! -e "$W/r.out" ]
refused "x and ./x" "--html ./x: the same file as --json x" --json x --html ./x
echo kept >"$W/x"
refused "x and sub/../x, existing" "--html sub/../x: the same file as --json x" --json x --html sub/../x
check "x and sub/../x: not emptied" [ "$(cat "$W/x")" = kept ]
ln "$W/x" "$W/hardx"
refused "hard links" "--html hardx: the same file as --json x" --json x --html hardx
refused "- twice" "--html -: the same file as --json -" --json - --html -
refused "/dev/stdout and -" "--html -: the same file as --json /dev/stdout" --json /dev/stdout --html -

# --- a report where another stream goes would be spliced with it: refused ------
# Standard error carries bonnie's messages (and the table when standard
# output holds a report), standard output the table or CSV; a report is
# refused there by the descriptor's name or by being the same file.
ERRMSG="the same file as standard error, where bonnie's messages go"
refused "--json /dev/stderr" "--json /dev/stderr: $ERRMSG" -x 2 --json /dev/stderr
refused "--html /dev/fd/2 with -q" "--html /dev/fd/2: $ERRMSG" -q --html /dev/fd/2
"$BONNIE" $QUICK --json "$W/e.json" >"$T/out" 2>>"$W/e.json"; rc=$?
check "--json FILE 2>>FILE: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "--json FILE 2>>FILE: the file holds the one line (got '$(cat "$W/e.json")')" \
	[ "$(cat "$W/e.json")" = "bonnie: --json $W/e.json: $ERRMSG" ]
"$BONNIE" $QUICK --json - >"$T/both" 2>&1; rc=$?
check "--json - 2>&1: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "--json - 2>&1: the one line (got '$(cat "$T/both")')" [ "$(cat "$T/both")" = "bonnie: --json -: $ERRMSG" ]
"$BONNIE" $QUICK --html "$W/o.html" >"$W/o.html" 2>"$T/err"; rc=$?
check "--html FILE >FILE: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "--html FILE >FILE: the one line (got '$(cat "$T/err")')" \
	[ "$(cat "$T/err")" = "bonnie: --html $W/o.html: the same file as standard output, where the table goes" ]
check "--html FILE >FILE: nothing written to it" [ ! -s "$W/o.html" ]
check "a report where another stream goes: nothing left in -d" empty_dir "$D"

# --- what is written -----------------------------------------------------------
echo "old" >"$W/x"
"$BONNIE" $QUICK -q --json x --html y.html >"$T/out" 2>"$T/err"; rc=$?
check "regular files: exit 0" ran
check "regular files: the existing one overwritten with JSON" valid_json "$W/x"
check "regular files: the new one is HTML" is_html "$W/y.html"
check "regular files: nothing left in -d" empty_dir "$D"

"$BONNIE" $QUICK -q --json /dev/null --html /dev/null >"$T/out" 2>"$T/err"; rc=$?
check "/dev/null for both: exit 0" ran

"$BONNIE" $QUICK --html - >"$T/out" 2>"$T/err"; rc=$?
check "--html -: exit 0" ran
check "--html -: standard output is the page alone" is_html "$T/out"
check "--html -: the table went to stderr" grep -q '^Version ' "$T/err"
check "--html -: no file named -" [ ! -e "$W/-" ]

"$BONNIE" $QUICK --json /dev/stdout >"$T/out" 2>"$T/err"; rc=$?
check "--json /dev/stdout: exit 0" ran
check "--json /dev/stdout: standard output is the JSON alone" valid_json "$T/out"

# a FIFO named directly: read by a background cat; both bounded
mkfifo "$W/fifo"
timeout 120 cat "$W/fifo" >"$T/fromfifo" &
rdr=$!
timeout 120 "$BONNIE" $QUICK -q --json fifo >"$T/out" 2>"$T/err"; rc=$?
wait "$rdr"; crc=$?
rdr=""
check "--json FIFO: exit 0" ran
check "--json FIFO: the reader got it all (cat exit $crc)" [ "$crc" -eq 0 ]
check "--json FIFO: what came through is the JSON" valid_json "$T/fromfifo"

# no reader: bonnie waits in the open (the kernel's wchan says so), and
# SIGINT ends the wait (exit 4); timeout kills a bonnie that goes on waiting
timeout -s KILL 120 "$BONNIE" $QUICK -q --json fifo >"$T/out" 2>"$T/err" &
pid=$!
w="" n=0 b=""
while [ $n -lt 600 ] && kill -0 "$pid" 2>/dev/null; do
	b=$(pgrep -P "$pid" | head -n 1)
	w=$([ -n "$b" ] && cat "/proc/$b/wchan" 2>/dev/null)
	case $w in wait_for_partner | fifo_open) break ;; esac
	n=$((n + 1))
	sleep 0.1
done
case $w in
wait_for_partner | fifo_open)
	kill -INT "$b"
	wait "$pid"; rc=$?
	pid=""
	check "FIFO without reader, SIGINT: exit 4 (got $rc)" [ "$rc" -eq 4 ]
	check "FIFO without reader, SIGINT: one line" \
		[ "$(cat "$T/err")" = "bonnie: --json fifo: interrupted while waiting for a reader" ]
	check "FIFO without reader, SIGINT: nothing left in -d" empty_dir "$D"
	;;
*)
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	pid=""
	skip "SIGINT at a FIFO without reader (wchan '$w' does not tell)"
	;;
esac

# process substitution: /dev/fd/N, through the descriptor
if command -v bash >/dev/null; then
	# shellcheck disable=SC2016 # expanded by bash
	timeout 120 bash -c '"$1" $2 -q --json >(jq -c "{tool, n: (.runs | length)}" >"$3"); rc=$?; wait $!; exit $rc' \
		bash "$BONNIE" "$QUICK" "$T/procsub" >"$T/out" 2>"$T/err"; rc=$?
	check "--json >(jq): exit 0" ran
	check "--json >(jq): jq read the document" [ "$(cat "$T/procsub")" = '{"tool":"bonnie","n":1}' ]
fi

# --- bonnie compare --html -------------------------------------------------------
"$BONNIE" $QUICK -q >"$T/a.csv" 2>/dev/null
"$BONNIE" $QUICK -q >"$T/b.csv" 2>/dev/null
cp "$T/a.csv" "$T/a.orig"
"$BONNIE" compare --html link.json "$T/a.csv" "$T/b.csv" >"$T/out" 2>"$T/err"; rc=$?
check "compare --html symlink: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "compare --html symlink: one line" \
	[ "$(cat "$T/err")" = "bonnie: compare --html link.json: a symbolic link, not followed" ]
check "compare --html symlink: target untouched" [ "$(cat "$T/victim")" = precious ]
"$BONNIE" compare --html "$T/a.csv" "$T/a.csv" "$T/b.csv" >"$T/out" 2>"$T/err"; rc=$?
check "compare --html an input: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "compare --html an input: one line" \
	[ "$(cat "$T/err")" = "bonnie: compare --html $T/a.csv: also an input ($T/a.csv), not overwritten" ]
check "compare --html an input: the input intact" cmp -s "$T/a.csv" "$T/a.orig"
"$BONNIE" compare --html - "$T/a.csv" "$T/b.csv" >"$T/out" 2>"$T/err"; rc=$?
check "compare --html -: exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "compare --html -: standard output is the page" is_html "$T/out"
check "compare --html -: the comparison on stderr" grep -q '^Runs ' "$T/err"

"$BONNIE" compare --html /dev/stderr "$T/a.csv" "$T/b.csv" >"$T/out" 2>"$T/err"; rc=$?
check "compare --html /dev/stderr: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "compare --html /dev/stderr: one line (got '$(cat "$T/err")')" \
	[ "$(cat "$T/err")" = "bonnie: compare --html /dev/stderr: $ERRMSG" ]
check "compare --html /dev/stderr: nothing on stdout" [ ! -s "$T/out" ]
check "nothing left in -d at the end" empty_dir "$D"
no_bonnie_left || fail "a bonnie process is left"
finish
