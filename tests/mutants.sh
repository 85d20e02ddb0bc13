#!/bin/sh
# tests/mutants.sh [NAME...]: does the fast tier (make check) catch a
# deliberately broken build? Each mutant below is one small edit of the
# program (a rate off by one, two percentiles swapped, a dropped mark, the
# over-time verdicts inverted); for each, a copy of this tree (git
# worktree at HEAD, the edit applied and checked to have changed the
# file) is built and its fast tier run through with make -i, and the
# suites that failed are listed. A mutant no suite catches fails the
# script. Slow (one fast tier per mutant): not part of any tier; its
# results are recorded in docs/measurements.md.
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$(pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/bonnie-mutants.XXXXXX")
trap 'git -C "$ROOT" worktree remove --force "$W/tree" 2>/dev/null; rm -rf "$W"' EXIT

# name|file|sed expression (each must change its file)
MUTANTS='rate-off-by-one|report/model/metrics.c|s/return ns ? (double)units \* 1e9/return ns ? (double)(units + 1) * 1e9/
swapped-percentile|report/model/view.c|s/\[VIEW_P90\] = {90,/[VIEW_P90] = {99,/; s/\[VIEW_P99\] = {99,/[VIEW_P99] = {90,/
dropped-mark|report/model/confidence.c|s/c->reasons |= CONF_SHORT;/c->reasons |= 0;/
inverted-verdict|verdict/verdict_events.c|s/bool fall = sp\[k\].after < sp\[k\].before;/bool fall = sp[k].after > sp[k].before;/'

uncaught=0
echo "$MUTANTS" | while IFS='|' read -r name file expr; do
	# (every command in the loop reads /dev/null, not the list)
	[ $# -eq 0 ] || case " $* " in *" $name "*) ;; *) continue ;; esac
	git -C "$ROOT" worktree remove --force "$W/tree" 2>/dev/null
	git -C "$ROOT" worktree add -q --detach "$W/tree" HEAD </dev/null || exit 1
	cp "$W/tree/$file" "$W/orig"
	sed -i "$expr" "$W/tree/$file"
	if cmp -s "$W/orig" "$W/tree/$file"; then
		echo "mutants: $name: the edit did not apply to $file" >&2
		exit 1
	fi
	make -s -C "$W/tree" -j2 >"$W/$name.build" 2>&1 </dev/null || { echo "mutants: $name: does not build" >&2; tail "$W/$name.build" >&2; exit 1; }
	make -i -C "$W/tree" check-run >"$W/$name.log" 2>&1 </dev/null
	# make -i says "make: [Makefile:N: check-run] Error K (ignored)" for each
	# recipe line that failed: line N of the Makefile names the suite
	caught=$(sed -n 's/^make: \[Makefile:\([0-9]*\): check-run\] Error.*/\1/p' "$W/$name.log" | while read -r n; do
		sed -n "${n}p" "$W/tree/Makefile" | grep -oE 'tests/[a-z_]+\.sh|\$\(TEST_BIN\)|-fsyntax-only' |
			sed 's/\$(TEST_BIN)/unit tests/; s|tests/||' | grep -vx tally.sh
	done | sort -u | tr '\n' ' ')
	unit=$(grep -E '^tests/check_[a-z_]+\.c:[0-9]+:[EF]:' "$W/$name.log" | cut -d: -f1 | sort -u | sed 's|tests/||' | tr '\n' ' ')
	cp "$W/$name.log" "${TMPDIR:-/tmp}/mutant-$name.log"
	if [ -n "$caught" ]; then
		echo "mutants: $name ($file): caught by ${caught}${unit:+(unit: $unit)}"
	else
		echo "mutants: $name ($file): NOT CAUGHT"
		echo "mutants: its log: ${TMPDIR:-/tmp}/mutant-$name.log"
		uncaught=$((uncaught + 1))
	fi
	[ "$uncaught" -eq 0 ]
done
