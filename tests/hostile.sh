#!/bin/sh
# A hostile or unusable -d: bonnie works only inside its own mkdtemp
# directory, never follows or overwrites what others planted, and every
# unusable directory gives one line and exit status 2 with nothing left
# behind and nothing else touched. Needs root (mounts, -u nobody).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phases.sh"

[ "$(id -u)" -eq 0 ] || { echo "hostile.sh: must run as root (tmpfs mounts, -u nobody)" >&2; exit 1; }
id nobody >/dev/null 2>&1 || { echo "hostile.sh: needs the user 'nobody'" >&2; exit 1; }

M=$T/mnt
O=$T/o # outputs, outside what the snapshots compare
mkdir "$M" "$O"
pid="" dog=""
cleanup() {
	[ -n "$dog" ] && kill "$dog" 2>/dev/null
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
	wait 2>/dev/null
	mountpoint -q "$M" && umount "$M"
	rm -rf "$T"
}
trap cleanup EXIT
chmod 755 "$T" # -u nobody must reach the directories below

SMALL="-s 1m:4k:32:2 -f16k -n 1:1k:0 -z 3 --no-align-probe"

# Everything under $T but the outputs: names, types, sizes, modes, owners,
# link targets, file times and contents (directory times change when bonnie
# makes and removes its scratch directory in them; nothing else may change).
snapshot() {
	(cd "$T" && {
		find . -path ./o -prune -o -type d -printf '%p|d|%m|%u\n' -o -printf '%p|%y|%s|%m|%u|%T@|%l\n' | sort
		find . -path ./o -prune -o -type f -print0 | xargs -0 -r sha256sum | sort
	})
}
untouched() { snapshot >"$O/after"; cmp -s "$O/before" "$O/after" || { diff "$O/before" "$O/after" >&2; return 1; }; }
rc_in() { for v; do [ "$rc" -eq "$v" ] && return 0; done; return 1; }
lines() { wc -l <"$1" | tr -d ' '; }
csv_ok() { [ "$(grep '^1\.98,' "$O/out" | awk -F, '{ print NF }')" = 50 ]; }

# Things an attacker points at, and a -d full of bait.
mkdir -p "$T/victim_dir" "$T/real"
echo "precious" >"$T/victim"
# larger than the data file, so that following a link to it could read and rewrite it
head -c 16m /dev/urandom >"$T/bigvictim"
echo "inside victim dir" >"$T/victim_dir/keep"
echo "mine" >"$T/real/existing"
D=$T/dir
mkdir "$D" "$D/files" "$D/bonnie.AAAAAA"
echo "not bonnie's data" >"$D/data"
echo "a file in a look-alike scratch dir" >"$D/bonnie.AAAAAA/data"
echo "in files" >"$D/files/0000000000"
ln -s "$T/victim" "$D/link-to-victim"
ln -s "$T/victim_dir" "$D/bonnie.BBBBBB"
ln -s "$T/victim_dir" "$D/dirlink"
ln -s "$T/nowhere" "$D/dangling"
mkfifo "$D/fifo"

# --- -d full of planted files, symlinks and look-alikes: all untouched -------
# the look-alike directory older than a starting run's (named as a leftover
# only from 2 s on): waited for, not assumed
while [ $(($(date +%s) - $(stat -c %Z "$D/bonnie.AAAAAA"))) -lt 3 ]; do sleep 0.2; done
snapshot >"$O/before"
"$BONNIE" -d "$D" $SMALL >"$O/out" 2>"$O/err"; rc=$?
check "bait in -d: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "bait in -d: CSV of 50 fields" csv_ok
check "bait in -d: every planted entry and its target untouched" untouched
check "bait in -d: no bonnie.* left but the planted ones" \
	[ "$(cd "$D" && ls -d bonnie.* | tr '\n' ' ')" = "bonnie.AAAAAA bonnie.BBBBBB " ]
# the look-alike directory is named as a leftover (and left); the link
# named like one is neither followed nor named
check "bait in -d: the look-alike directory named as left by a killed run" \
	grep -q "^bonnie: note: $D/bonnie.AAAAAA (.*) is left from an earlier run that was killed" "$O/err"
check "bait in -d: the look-alike link not named" sh -c "! grep -q 'bonnie.BBBBBB' '$O/err'"
# gone from here on: its note would be one more stderr line in the cases
# below that count them
rm -r "${D:?}/bonnie.AAAAAA"

# --- -d is a symlink to a real directory ---------------------------------------
ln -s "$T/real" "$T/reallink"
snapshot >"$O/before"
"$BONNIE" -d "$T/reallink" $SMALL >"$O/out" 2>"$O/err"; rc=$?
check "-d symlink to a directory: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "-d symlink to a directory: CSV of 50 fields" csv_ok
check "-d symlink to a directory: nothing left, nothing touched" untouched

# --- Planted inside the scratch directory while bonnie runs ----------------------
# The shim (FAULT_MODE=pause) holds bonnie just before the call under attack;
# the attack is planted atomically meanwhile (ln -sT, mv -T), then bonnie
# goes on. An attack that could not be planted is a failure.
scratch_of() { # the bonnie.* directory bonnie made under $1 (not the bait)
	for s in "$1"/bonnie.*; do
		case ${s##*/} in bonnie.AAAAAA | bonnie.BBBBBB) continue ;; esac
		[ -d "$s" ] && [ ! -L "$s" ] && { echo "$s"; return 0; }
	done
	return 1
}
held() { # progress title, call to hold, bonnie arguments...: starts bonnie, waits until held
	title=$1 call=$2
	shift 2
	rm -f "$O/paused"
	FAULT_DIR="$D" FAULT_AFTER="$title" FAULT_CALL="$call" FAULT_NTH=1 FAULT_MODE=pause \
		FAULT_PAUSE_FILE="$O/paused" LD_PRELOAD="$SHIM" "$BONNIE" -d "$D" "$@" >"$O/out" 2>"$O/err" &
	pid=$!
	wait_for test -e "$O/paused" && S=$(scratch_of "$D")
}
release() { rm -f "$O/paused"; wait "$pid"; rc=$?; pid=""; }

# (a) "files" planted as a symlink to a victim directory just before the
# file tests make it.
snapshot >"$O/before"
planted=no
if held "Create files in sequential order" mkdirat -s 1m:8k:200:2 -f -n 1:1k:0 -z 3 --no-align-probe; then
	check "scratch directory is private (mode 700)" [ "$(stat -c %a "$S")" = 700 ]
	ln -sT "$T/victim_dir" "$S/files" && planted=yes
fi
release
check "files symlink planted while bonnie was held" [ $planted = yes ]
check "planted files symlink: exit 3 (got $rc)" [ $rc -eq 3 ]
check "planted files symlink: one line 'mkdir <scratch>/files: File exists' (got: $(head -n 1 "$O/err"))" \
	sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -q '^bonnie: mkdir $D/bonnie\.[A-Za-z0-9]*/files: File exists\$' '$O/err'"
check "planted files symlink: completed phases reported" csv_ok
check "planted files symlink: victim directory and everything else untouched" untouched

# (b) "data" replaced by a symlink to a victim file after the block write,
# before the rewrite opens it: the open must refuse the link (O_NOFOLLOW),
# not read or rewrite the victim, which is larger than the data file so
# that following the link would not fail.
snapshot >"$O/before"
planted=no
if held "Rewriting" openat -s 8m:4k:200:2 -f256k -n 0 -z 3 --no-align-probe; then
	ln -sT "$T/bigvictim" "$S/.plant" && mv -T "$S/.plant" "$S/data" && [ -L "$S/data" ] && planted=yes
fi
release
check "data symlink planted while bonnie was held" [ $planted = yes ]
check "data symlink attack: exit 3 (got $rc)" [ $rc -eq 3 ]
check "data symlink attack: one error line naming <scratch>/data (got: $(head -n 1 "$O/err"))" \
	sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -q '^bonnie: [a-z]* $D/bonnie\.[A-Za-z0-9]*/data' '$O/err'"
check "data symlink attack: victim file and everything else untouched" untouched
check "data symlink attack: scratch removed" [ ! -e "$S" ]

# (c) "data" replaced by a fifo at the same point: opening it must neither
# hang nor use it. A watchdog kills bonnie if it hangs (which the checks
# below then report); it never fires on a run that works.
planted=no
if held "Rewriting" openat -s 8m:4k:200:2 -f256k -n 0 -z 3 --no-align-probe; then
	# the watchdog takes its sleep with it when it is stopped (no orphan sleep)
	( sleep "$TIMEOUT" & s=$!; trap 'kill $s 2>/dev/null; exit 0' TERM; wait $s && kill -9 "$pid" 2>/dev/null ) &
	dog=$!
	mkfifo "$S/.plant" && mv -T "$S/.plant" "$S/data" && [ -p "$S/data" ] && planted=yes
fi
release
kill "$dog" 2>/dev/null
check "fifo planted while bonnie was held" [ $planted = yes ]
check "fifo as data: no hang, exit 3 (got $rc)" [ $rc -eq 3 ]
check "fifo as data: one line saying it is not a regular file (got: $(head -n 1 "$O/err"))" \
	sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -q 'data: not a regular file' '$O/err'"
check "fifo as data: scratch removed" [ ! -e "$S" ]

# (d) -d renamed while bonnie runs, and a link put in its place leading to a
# directory that holds an empty look-alike of the scratch directory: bonnie
# removes its scratch directory where it is now, through the directory it
# holds open, never by its path through the link.
planted=no
mkdir "$T/ren" "$T/lure"
keep_d=$D
D=$T/ren
if held "Rewriting" openat $SMALL; then
	name=${S##*/}
	mkdir "$T/lure/$name" && mv -T "$T/ren" "$T/ren.moved" && ln -sT "$T/lure" "$T/ren" && planted=yes
fi
release
D=$keep_d
check "-d renamed and a link planted while bonnie was held" [ $planted = yes ]
check "-d renamed: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "-d renamed: the look-alike behind the link is kept" [ -d "$T/lure/$name" ]
check "-d renamed: the scratch directory is removed from where -d went" empty_dir "$T/ren.moved"
rm -rf "$T/lure" "$T/ren.moved" "$T/ren"

# --- Unusable directories: one line, exit 2, nothing made, nothing touched ------
unusable() { # description, -d argument, extra bonnie arguments, text the line must contain
	desc=$1 dir=$2 extra=$3 text=$4
	snapshot >"$O/before"
	# shellcheck disable=SC2086
	"$BONNIE" -d "$dir" $SMALL $extra >"$O/out" 2>"$O/err"; rc=$?
	check "$desc: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "$desc: one line on stderr (got $(lines "$O/err"))" [ "$(lines "$O/err")" -eq 1 ]
	check "$desc: the line says '$text' (got: $(head -n 1 "$O/err"))" grep -q "^bonnie: .*$text" "$O/err"
	check "$desc: nothing on stdout" [ ! -s "$O/out" ]
	check "$desc: nothing made or touched" untouched
}

unusable "nonexistent -d" "$T/nonexistent" "" "No such file or directory"
check "nonexistent -d: not created" [ ! -e "$T/nonexistent" ]
unusable "-d under a nonexistent directory" "$T/nonexistent/sub" "" "No such file or directory"
unusable "-d is a regular file" "$T/victim" "" "Not a directory"
unusable "-d under a regular file" "$T/victim/sub" "" "Not a directory"
unusable "-d is a symlink to a file" "$D/link-to-victim" "" "Not a directory"
unusable "-d is a dangling symlink" "$D/dangling" "" "No such file or directory"
unusable "-d is a fifo" "$D/fifo" "" "Not a directory"
ln -s "$T/loop2" "$T/loop1"
ln -s "$T/loop1" "$T/loop2"
unusable "-d is a symlink loop" "$T/loop1" "" "Too many levels of symbolic links"

mount -t tmpfs -o size=8m,mode=755 tmpfs "$M" || { fail "cannot mount a tmpfs on $M"; finish; exit 1; }
echo "already here" >"$M/sentinel"
mount -o remount,ro "$M" || fail "cannot remount $M read-only"
unusable "read-only file system" "$M" "" "its file system is mounted read-only"
umount "$M"

mkdir "$T/ro555" "$T/ro755" "$T/nobodys" "$T/sticky"
chmod 555 "$T/ro555"
chmod 755 "$T/ro755"
chown nobody "$T/nobodys"
chmod 1777 "$T/sticky"
unusable "-u nobody, root's 0555 directory" "$T/ro555" "-u nobody" "Permission denied"
unusable "-u nobody, root's 0755 directory" "$T/ro755" "-u nobody" "Permission denied"
mkdir -p "$T/private/sub"
chmod 700 "$T/private"
unusable "-u nobody, below root's 0700 directory" "$T/private/sub" "-u nobody" "Permission denied"
# The same user can work where it may write (so the failures above are about permissions).
snapshot >"$O/before"
"$BONNIE" -d "$T/nobodys" $SMALL -u nobody >"$O/out" 2>"$O/err"; rc=$?
check "-u nobody, its own directory: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "-u nobody, its own directory: nothing left, nothing touched" untouched
"$BONNIE" -d "$T/sticky" $SMALL -u nobody >"$O/out" 2>"$O/err"; rc=$?
check "-u nobody, a 1777 directory: exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "-u nobody, a 1777 directory: nothing left, nothing touched" untouched


# --- Descriptor limits: the error's own line, nothing left -----------------------
# ulimit -n 5 leaves bonnie two descriptors beyond stdio, -d's and its
# scratch directory's (both held for the run: removal never goes by path):
# the data file cannot be opened, and the scratch directory, still empty,
# is removed without a word about it. With the file tests alone, the
# tree's directories are made before the first open fails; with 6 the
# first file create fails, with 7 the first stat's open: each leaves a tree
# (subdirectories, files in them) to a cleanup that must get by with the
# descriptors that made it, and say nothing false. With 4 the scratch
# directory, made, cannot be opened: exit 2, nothing left. The test's own
# descriptors 3-9 are closed first so that the limit is exact.
limited() { # n, what it opens first (a regular expression), bonnie arguments...
	n=$1 what=$2
	shift 2
	snapshot >"$O/before"
	(
		exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
		ulimit -n "$n" && exec "$BONNIE" -d "$D" "$@"
	) >"$O/out" 2>"$O/err"; rc=$?
	check "ulimit -n $n $*: exit 3 (got $rc)" [ $rc -eq 3 ]
	check "ulimit -n $n $*: one line, '$what: Too many open files' (got: $(cat "$O/err"))" \
		sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -q '^bonnie: [a-z]* $D/bonnie\.[A-Za-z0-9]*/$what: Too many open files\$' '$O/err'"
	check "ulimit -n $n $*: scratch removed, nothing else touched" untouched
}
# shellcheck disable=SC2086
limited 5 data $SMALL
for n in 5 6 7; do
	limited $n 'files.*' -s 0 -n 1:1k:0:4 -z 3 --no-align-probe
done
snapshot >"$O/before"
(
	exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
	ulimit -n 4 && exec "$BONNIE" -d "$D" $SMALL
) >"$O/out" 2>"$O/err"; rc=$?
check "ulimit -n 4: exit 2 (got $rc)" [ $rc -eq 2 ]
check "ulimit -n 4: one line, the scratch directory cannot be opened (got: $(cat "$O/err"))" \
	sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -q '^bonnie: cannot create the scratch directory: open $D/bonnie\.[A-Za-z0-9]*: Too many open files\$' '$O/err'"
check "ulimit -n 4: nothing left, nothing touched" untouched

# limit_checks WHAT LINE: the run just made ($rc, its stderr in $O/err)
# stopped at a limit: exit 2, LINE (a grep -x pattern) its one line, the
# phases before it reported, nothing left and nothing touched.
limit_checks() {
	check "$1: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "$1: the limit line (got: $(cat "$O/err"))" sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -qx '$2' '$O/err'"
	check "$1: completed phases reported" csv_ok
	check "$1: nothing left, nothing touched" untouched
}

# --- Process limit: seek threads that cannot start --------------------------------
# Root is not held to RLIMIT_NPROC, so the run drops to nobody (-u), whose
# processes (this run at least) then reach the limit of 1: the first seek
# thread cannot start. That is the limit line and exit 2, as for clients
# that cannot start, not an I/O error; the phases before are reported.
# (LeakSanitizer needs a thread of its own at exit: none under this limit.)
snapshot >"$O/before"
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
	prlimit --nproc=1:1 "$BONNIE" -d "$T/nobodys" -s 1m:4k:64:4 -f16k -n 0 -z 3 --no-align-probe -u nobody \
	>"$O/out" 2>"$O/err"; rc=$?
limit_checks "seek threads at the process limit" \
	'bonnie: start seek thread 1 of 4: Resource temporarily unavailable; the process limit (RLIMIT_NPROC) is 1: raise it with ulimit -u'

# --- Process limit judged by the threads started ---------------------------------
# (ulimit -u 4; -u nobody -s 16m:8k:100:5) blamed the system's limit: the
# user's tasks were counted after the failure, when the seek threads that
# had done their share were gone. Here bonnie is held at its first look
# at /proc in the seek phase (the shim pauses its opendir) until it has no
# thread but the main one: 9462bb7 counted there, after the fourth thread
# failed and the three others stopped; the line must still name
# RLIMIT_NPROC. A million seeks keep those three busy while the fourth is
# started (none can do them in the time of one pthread_create).
one_task() { [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -eq 1 ]; }
mkdir -p "$O/np" && chown nobody "$O/np" # nobody makes the pause file
snapshot >"$O/before"
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" FAULT_AFTER="start 'em" FAULT_CALL=opendir FAULT_NTH=1 FAULT_MODE=pause \
	FAULT_PAUSE_FILE="$O/np/paused" LD_PRELOAD="$SHIM" prlimit --nproc=4:4 "$BONNIE" -d "$T/nobodys" \
	-s 16m:8k:1000000:5 -f16k -n 0 -z 3 --no-align-probe -u nobody >"$O/out" 2>"$O/err" &
pid=$!
held_at=no
wait_for test -e "$O/np/paused" && wait_for one_task && held_at=yes
rm -f "$O/np/paused"
wait "$pid"; rc=$?; pid=""
check "seek threads, count held: bonnie held with one task left" [ $held_at = yes ]
limit_checks "seek threads, count held until they ended" \
	'bonnie: start seek thread [1-4] of 5: Resource temporarily unavailable; the process limit (RLIMIT_NPROC) is 4: raise it with ulimit -u'

# --- Memory limit: seek threads whose stacks do not fit ---------------------------
# Under ulimit -v 12000 a seek thread's 8 MiB stack does not fit: the line
# names the address-space limit, not RLIMIT_NPROC (far off: it is root's).
# Not under ASan, whose shadow memory needs terabytes of address space.
if grep -qa __asan_init "$BONNIE"; then
	skip "an ASan build: the address-space limit is not tested (its shadow memory needs terabytes of address space)"
else
	snapshot >"$O/before"
	(ulimit -s 8192 && ulimit -v 12000 && exec "$BONNIE" -d "$D" -s 1m:4k:64:4 -f16k -n 0 -z 3 --no-align-probe) \
		>"$O/out" 2>"$O/err"; rc=$?
	limit_checks "seek threads under ulimit -v" \
		'bonnie: start seek thread [1-4] of 4: Resource temporarily unavailable; the address-space limit (RLIMIT_AS) is 12000 KiB: raise it with ulimit -v'
fi


# --- Limits refused before anything is made: one line, exit 2 ------------------
asan=no
grep -qa __asan_init "$BONNIE" && asan=yes
# refused DESC LINE: the run just made ($rc, $O/err) was refused up front:
# exit 2, LINE (grep -x) its one line, nothing on stdout, nothing made.
refused() {
	check "$1: exit 2 (got $rc)" [ $rc -eq 2 ]
	check "$1: the limit line (got: $(cat "$O/err"))" sh -c "[ \$(wc -l <'$O/err') -eq 1 ] && grep -qx \"\$1\" '$O/err'" sh "$2"
	check "$1: nothing on stdout" [ ! -s "$O/out" ]
	check "$1: nothing left, nothing touched" untouched
}
QD="--phases qd -s 4m --qd-time 0 -z 3 --no-align-probe"
# The threads engine keeps depth 32 with 32 threads: under ulimit -u 10
# (nobody's run is its only process) the 10th cannot start. Said when the
# plan is made, naming RLIMIT_NPROC, not an I/O error ('set up the queue
# for .../data: Resource temporarily unavailable', exit 3, before).
snapshot >"$O/before"
# shellcheck disable=SC2086
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" prlimit --nproc=10:10 "$BONNIE" -d "$T/nobodys" $QD --qd-engine threads \
	-u nobody >"$O/out" 2>"$O/err"; rc=$?
refused "queue-depth threads under ulimit -u 10" \
	'bonnie: --qd: start queue-depth thread [0-9]* of 32: Resource temporarily unavailable; the process limit (RLIMIT_NPROC) is 10: raise it with ulimit -u'
# io_uring hands what it cannot start at once to its own kernel worker
# (io-wq), a thread of the process counted against RLIMIT_NPROC: under
# ulimit -u 1 none can start and the kernel cancelled the profile's writes
# ('write .../data: Operation canceled', exit 3, before).
if "$BONNIE" -d "$T/nobodys" --phases seq1m_q8t1_read -s 4m --qd-time 0 --qd-engine io_uring >/dev/null 2>&1; then
	for e in io_uring auto; do
		snapshot >"$O/before"
		# shellcheck disable=SC2086
		ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" prlimit --nproc=1:1 "$BONNIE" -d "$T/nobodys" $QD --qd-engine $e \
			-u nobody >"$O/out" 2>"$O/err"; rc=$?
		refused "queue-depth --qd-engine $e under ulimit -u 1" \
			"bonnie: --qd: start io_uring's worker thread (io-wq): Resource temporarily unavailable; the process limit (RLIMIT_NPROC) is 1: raise it with ulimit -u"
	done
else
	skip "io_uring cannot be set up here: its worker under ulimit -u is not tested (--qd-engine io_uring)"
	skip "io_uring cannot be set up here: its worker under ulimit -u is not tested (--qd-engine auto)"
fi
# 32 threads' stacks of 8 MiB do not fit under ulimit -v 200000: the line
# names the address-space limit (not under ASan: its shadow memory needs
# terabytes of address space).
if [ $asan = yes ]; then
	skip "an ASan build: queue-depth threads under ulimit -v are not tested (its shadow memory needs terabytes of address space)"
else
	snapshot >"$O/before"
	# shellcheck disable=SC2086
	(ulimit -s 8192 && ulimit -v 200000 && exec "$BONNIE" -d "$D" $QD --qd-engine threads) >"$O/out" 2>"$O/err"; rc=$?
	refused "queue-depth threads under ulimit -v 200000" \
		'bonnie: --qd: start queue-depth thread [0-9]* of 32: Resource temporarily unavailable; the address-space limit (RLIMIT_AS) is 200000 KiB: raise it with ulimit -v'
fi

# --- Stack limit ----------------------------------------------------------------
# Under ulimit -s 80 a run died of SIGSEGV (exit 139) while it looked at
# -d's device; the stack limit is now refused first when under the 128 KiB
# bonnie.1 gives (measured: a whole run needs 72-76 KiB), and at 128 a run
# of every kind of thread (seek threads, queue-depth threads) works, an
# ASan build's too.
for s in 64 80; do
	snapshot >"$O/before"
	(ulimit -s $s && exec "$BONNIE" -d "$D" $SMALL) >"$O/out" 2>"$O/err"; rc=$?
	refused "ulimit -s $s" \
		"bonnie: the stack size limit (RLIMIT_STACK) is $s KiB, under the 128 KiB bonnie needs (its threads' stacks are as large): raise it with ulimit -s"
done
snapshot >"$O/before"
(ulimit -s 128 && exec "$BONNIE" -d "$D" -s 4m:4k:64:4 -f16k -n 1:1k:0 -z 3 --no-align-probe --qd --qd-engine threads \
	--qd-time 0) >"$O/out" 2>"$O/err"; rc=$?
check "ulimit -s 128: seek and queue-depth threads run, exit 0 (got $rc: $(head -n 1 "$O/err"))" [ $rc -eq 0 ]
check "ulimit -s 128: nothing left, nothing touched" untouched

finish
