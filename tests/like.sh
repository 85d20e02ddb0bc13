#!/bin/sh
# bonnie --like RESULT (issue 51): a run made with --like a bonnie JSON, a
# --share post, a bonnie++ CSV line or a table takes that result's settings
# (its JSON config says so) and says which it took and which the input
# does not record; an option given beside --like wins and is said; what the
# file cannot give is refused in one line with exit 1, and what this host
# cannot honour (a file size over its free space) with exit 2, never a
# smaller size. Small runs, a few seconds each; the done-check of two runs
# at bonnie's own sizes is tests/like_default.sh (make check-full).
. "$(dirname "$0")/lib.sh"
need_jq

D=$T/dir
mkdir "$D"
PH=putc,put_block,getc,get_block,seq_create
run() { # run NAME args...: stdout, stderr and status into $T/NAME.*
	n=$1; shift
	"$BONNIE" "$@" >"$T/$n.out" 2>"$T/$n.err" </dev/null
	echo $? >"$T/$n.rc"
}
rc_of() { cat "$T/$1.rc"; }
# The settings a run's JSON records, one per line, to set beside another's.
setup_of() {
	jq -r '.config | [.file_size_bytes, .chunk_bytes, .seek_workers, .perchar_bytes, .files, .file_max_bytes,
		.file_min_bytes, .file_dirs, .file_chunk_bytes, .seed, .concurrency, .direct_io] | @tsv' "$1"
	jq -r '[.runs[0].phases[] | select(.status != "not_run") | .name] | join(",")' "$1"
}

# The result to match: every setting away from its default.
run a -d "$D" -s 4m:16k::3 -n 1:0:0:2 -f64k -z 77 -D --phases $PH --no-align-probe --share --json "$T/a.json"
check "A: exit 0 ($(rc_of a))" [ "$(rc_of a)" -eq 0 ]
check "A: the JSON records its settings as options" \
	[ "$(jq -r .like_options "$T/a.json")" = "-s 4m:16k::3 -n 1:0:0:2:8k -f64k -z 77 -D --phases $PH,seq_del" ]
check "A: the --share post holds the same settings line" \
	grep -qF "Settings for bonnie --like: \`$(jq -r .like_options "$T/a.json")\`" "$T/a.out"

# 1. From the JSON: the same setup, said in one line; compare finds no difference.
run json -d "$D" --like "$T/a.json" --no-align-probe -q --json "$T/json.json"
check "JSON: exit 0 ($(rc_of json))" [ "$(rc_of json)" -eq 0 ]
check "JSON: says what it took" grep -qF "bonnie: --like $T/a.json: the settings of $T/a.json:1 (bonnie JSON): -s 4m:16k::3 -n 1:0:0:2:8k -f64k -z 77 -D --phases $PH,seq_del" "$T/json.err"
setup_of "$T/a.json" >"$T/a.setup"
setup_of "$T/json.json" >"$T/json.setup"
check "JSON: the run's settings are the result's" diff -u "$T/a.setup" "$T/json.setup"
"$BONNIE" compare "$T/a.json" "$T/json.json" >"$T/cmp.out" 2>&1
# (the summary may say "no rate ... differs beyond": not a setup)
check "JSON: compare says no setup differs" [ -z "$(grep -E 'Not like for like|differs[);]' "$T/cmp.out")" ]
check "JSON: nothing left in -d" empty_dir "$D"

# 2. From the --share post: its settings line.
run post -d "$D" --like "$T/a.out" --no-align-probe -q --json "$T/post.json"
check "share: exit 0 ($(rc_of post))" [ "$(rc_of post)" -eq 0 ]
check "share: read as a --share post" grep -q "(--share post): -s 4m:16k::3 " "$T/post.err"
setup_of "$T/post.json" >"$T/post.setup"
check "share: the run's settings are the result's" diff -u "$T/a.setup" "$T/post.setup"

# 3. From the CSV line alone: what it records; per-char size and -D it
# does not. -f given beside --like is the run's, and said.
grep '^1\.98,' "$T/a.out" >"$T/a.csv"
run csv -d "$D" --like "$T/a.csv" -f64k --no-align-probe -q --json "$T/csv.json"
check "CSV: exit 0 ($(rc_of csv))" [ "$(rc_of csv)" -eq 0 ]
check "CSV: took what the line records" grep -qF "(a bonnie++ CSV line): -s 4m:16k::3 -n 1:::2: -z 77 --phases $PH,seq_del" "$T/csv.err"
check "CSV: names what the line does not record" \
	grep -qF "not in a bonnie++ CSV line: per-char size, I/O mode (-D); this run chooses them as it would without --like" "$T/csv.err"
check "CSV: -f given is said" grep -qF -- "-f as given on the command line (the result's settings do not have it)" "$T/csv.err"
check "CSV: size, chunk, files, dirs, seed taken" \
	[ "$(jq -r '.config | [.file_size_bytes, .chunk_bytes, .files, .file_dirs, .seed, .direct_io] | @tsv' "$T/csv.json")" = "$(printf '4194304\t16384\t1024\t2\t77\tfalse')" ]

# 4. From a table (bonnie++ 2.00a's own, -s 512m -n 4 -z 12345): no seed in
# it. -s and --phases given beside --like win and are said.
cat >"$T/table.txt" <<'EOF2'
Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
vm             512M  535k  99  312m  78  617m  65  518k  99 +++++ +++  8816  32
Latency             28168us     598us     279us   23885us     705us   21617us
Version 2.00a       ------Sequential Create------ --------Random Create--------
vm                  -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
                  4  4096  92 +++++ +++ +++++ +++  4096  68 +++++ +++ +++++ +++
Latency             17315us     185us    1085us   37609us     147us   11964us
EOF2
run table -d "$D" --like "$T/table.txt" -s 2m --phases put_block --no-align-probe -q --json "$T/table.json"
check "table: exit 0 ($(rc_of table))" [ "$(rc_of table)" -eq 0 ]
check "table: read as a table" grep -q "(a bonnie++ table): -n 4::::$" "$T/table.err"
check "table: no seed in a table, said" grep -q "not in a bonnie++ table: .*seed" "$T/table.err"
check "table: -s given wins, said" grep -qF -- "-s as given on the command line, not the result's -s 512m:::" "$T/table.err"
check "table: --phases given wins, said" grep -qF -- "--phases as given on the command line (the result's settings do not have it)" "$T/table.err"
check "table: the given -s ran, the table's file count" \
	[ "$(jq -r '.config | [.file_size_bytes, .files] | @tsv' "$T/table.json")" = "$(printf '%s\t4096' $((2 << 20)))" ]

# 5. Refusals: one line each, exit 1, nothing made.
refused() { # refused NAME WORDS: exit 1, one line on stderr holding WORDS, nothing on stdout
	[ "$(rc_of "$1")" -eq 1 ] && [ "$(wc -l <"$T/$1.err")" -eq 1 ] && grep -qF -- "$2" "$T/$1.err" &&
		[ ! -s "$T/$1.out" ] && empty_dir "$D"
}
run nofile -d "$D" --like "$T/none.json"
check "no such file: refused" refused nofile "bonnie: --like $T/none.json: No such file or directory"
printf 'no result here\n' >"$T/prose.txt"
run prose -d "$D" --like "$T/prose.txt"
check "no result in it: refused" refused prose "no bonnie JSON, --share post, bonnie++ CSV line or table in it"
sed 's/^1\.98,0\.1\.0,vm,1,77,/1.98,0.1.0,vm,1,78,/' "$T/a.csv" | cat "$T/a.csv" - >"$T/two.csv"
run two -d "$D" --like "$T/two.csv"
check "two setups in one file: refused" refused two "its results were run with different settings"
printf 'Settings for bonnie --like: `-s 4m -u nobody`\n%s\n' "$(cat "$T/a.csv")" >"$T/user.md"
run user -d "$D" --like "$T/user.md"
check "a post naming -u: refused" refused user "'-u' is not a setting --like takes"
printf 'Settings for bonnie --like: `-s 4m -d /tmp`\n%s\n' "$(cat "$T/a.csv")" >"$T/dir.md"
run dir -d "$D" --like "$T/dir.md"
check "a post naming a path: refused" refused dir "settings lines differ or hold what no option does"
sed 's/"like_options": "-s 4m:16k::3 /"like_options": "-s 4m:3k::3 /' "$T/a.json" >"$T/badchunk.json"
run badchunk -d "$D" --like "$T/badchunk.json"
check "a setting the parser refuses: refused" refused badchunk "bonnie: --like $T/badchunk.json: -s: chunk size '3k'"

# 6. More than this host has room for: exit 2 before anything is made, the
# size never changed (no "using -s").
M=$T/small
mkdir "$M"
if mount -t tmpfs -o size=16m tmpfs "$M"; then
	sed 's/"like_options": "-s 4m:16k::3 /"like_options": "-s 64m:16k::3 /' "$T/a.json" >"$T/big.json"
	run big -d "$M" --like "$T/big.json" --no-align-probe -q
	check "no room for its -s: exit 2 ($(rc_of big))" [ "$(rc_of big)" -eq 2 ]
	check "no room: says so" grep -q "space" "$T/big.err"
	check "no room: the size is not changed" [ -z "$(grep 'using -s' "$T/big.err")" ]
	check "no room: nothing made" empty_dir "$M"
	umount "$M"
else
	fail "cannot mount a tmpfs on $M"
fi

# 6. A time-based sweep: its levels' creates end at the deadline, so the
# last level's count is a measure, not the setting; the JSON's -n is the
# one given, and --like of it runs the same sweep (it took the last
# level's count: -n 15 of -n 1).
# The check can tell only when the last level made more than -n 1's 1024
# files; a busy machine may make fewer in a second, so the level's time
# grows (1, 3, 9 s) until it did.
for lt in 1 3 9; do
	run sweep -d "$D" --clients 1,2 -s 0 -n 1 --level-time $lt --phases seq_create --no-align-probe -q --json "$T/sweep.json"
	made=$(jq '.runs[-1].counts.files' "$T/sweep.json" 2>/dev/null)
	[ "$(rc_of sweep)" -eq 0 ] && [ "${made:-0}" -gt 1024 ] && break
done
check "sweep: exit 0 ($(rc_of sweep))" [ "$(rc_of sweep)" -eq 0 ]
check "sweep: the last level made more files than -n 1 gives ($made in ${lt} s), so the check below can tell" [ "${made:-0}" -gt 1024 ]
check "sweep: its -n is the one given ($(jq -r .like_options "$T/sweep.json"))" \
	[ "$(jq -r .like_options "$T/sweep.json")" = "-s 0 -n 1:0:0:1:8k -f -z $(jq -r .config.seed "$T/sweep.json") --clients 1,2 --level-time $lt --phases seq_create,seq_del" ]
run sweep2 -d "$D" --like "$T/sweep.json" --no-align-probe -q --json "$T/sweep2.json"
check "sweep --like: exit 0 ($(rc_of sweep2))" [ "$(rc_of sweep2)" -eq 0 ]
check "sweep --like: the same settings" [ "$(jq -r .like_options "$T/sweep2.json")" = "$(jq -r .like_options "$T/sweep.json")" ]
finish
