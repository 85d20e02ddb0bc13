#!/bin/sh
# tests/deps.sh decides per command: with a search path that hides one
# command, --dry-run names exactly that command's package (once), the CI
# extras only with --ci, and a user who is not root gets one install
# command and a failure. .ci/run installs nothing itself.
. "$(dirname "$0")/lib.sh"

DEPS=$(cd "$(dirname "$0")" && pwd)/deps.sh
top=$(cd "$(dirname "$0")/.." && pwd)

# A directory of links to every command on the real search path but $@
# (the first of a name wins, as in a PATH search): one ln per directory,
# made once and copied.
fake_path() {
	if [ ! -d "$T/all" ]; then
		mkdir "$T/all" || return 1
		for d in $(printf '%s' "$PATH:/usr/local/sbin:/usr/sbin:/sbin" | tr : ' '); do
			[ -d "$d" ] && ln -s "$d"/* "$T/all/" 2>/dev/null
		done
	fi
	rm -rf "${T:?}/bin" && cp -a "$T/all" "$T/bin" || return 1
	for h; do rm -f "$T/bin/$h"; done
	[ -e "$T/bin/jq" ] || return 1 # the links were made
}
dry() { DEPS_PATH=$T/bin sh "$DEPS" --dry-run "$@" >"$T/out" 2>"$T/err"; }
would() { grep '^tests/deps.sh: would run: ' "$T/out"; }
names() { would | grep -qw -- "$1"; }
once() { [ "$(would | tr ' ' '\n' | grep -cx -- "$1")" -eq 1 ]; }

fake_path
dry; rc=$?
check "nothing hidden: exit 0 (got $rc)" [ $rc -eq 0 ]
check "nothing hidden: nothing missing" grep -q 'nothing missing' "$T/out"

fake_path mkfs.xfs
dry; rc=$?
check "mkfs.xfs hidden: exit 0 with --dry-run (got $rc)" [ $rc -eq 0 ]
check "mkfs.xfs hidden: names xfsprogs ($(would))" names xfsprogs
check "mkfs.xfs hidden: says mkfs.xfs is missing" grep -q 'missing mkfs\.xfs .*xfsprogs' "$T/err"
check "mkfs.xfs hidden: nothing else" [ "$(would)" = "tests/deps.sh: would run: apt-get update && apt-get install -y xfsprogs" ]

fake_path mkfs.xfs mkfs.btrfs bon_csv2txt bon_csv2html
dry
for p in xfsprogs btrfs-progs bonnie++; do
	check "four hidden: $p named once" once "$p"
done
check "four hidden: jq not named" sh -c "! grep -qw jq '$T/out'"

fake_path clang musl-gcc
dry
check "clang hidden, no --ci: nothing missing" grep -q 'nothing missing' "$T/out"
dry --ci
check "clang hidden, --ci: names clang ($(would))" names clang
check "clang hidden, --ci: names musl-tools" names musl-tools
check "clang hidden, --ci: names the libFuzzer runtime" names libclang-rt-14-dev

fake_path fio
dry --bench
check "fio hidden, --bench: names fio" names fio

# Not root: the one command, and a failure.
fake_path mkfs.btrfs
if [ "$(id -u)" -eq 0 ]; then
	chmod 755 "$T"
	cp "$DEPS" "$T/deps.sh" && chmod 755 "$T/deps.sh"
	DEPS_PATH=$T/bin setpriv --reuid nobody --regid nogroup --clear-groups sh "$T/deps.sh" >"$T/out" 2>"$T/err"
	rc=$?
else
	DEPS_PATH=$T/bin sh "$DEPS" >"$T/out" 2>"$T/err"
	rc=$?
fi
check "not root, mkfs.btrfs hidden: exit 1 (got $rc)" [ $rc -eq 1 ]
check "not root: one install command naming btrfs-progs" \
	[ "$(grep -c "sudo sh -c 'apt-get update && apt-get install -y.* btrfs-progs" "$T/err")" -eq 1 ]

check "bad option: exit 1" sh -c "! sh '$DEPS' --frob 2>/dev/null"
check ".ci/run has no apt-get line" sh -c "! grep -n 'apt-get' '$top/.ci/run'"
check ".ci/run calls tests/deps.sh --ci" grep -q '^tests/deps.sh --ci' "$top/.ci/run"
check "bench/run.sh installs through tests/deps.sh --bench" grep -q "tests/deps.sh\" --bench" "$top/bench/run.sh"

finish
