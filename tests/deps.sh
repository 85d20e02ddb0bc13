#!/bin/sh
# Installs what the tests need, decided per command (or library, or locale)
# from the table below: as root on Debian, installs every missing package
# (one apt-get update, one apt-get install) and checks that each need is
# then met; otherwise prints the one command that installs them and fails.
#
# usage: tests/deps.sh [--ci] [--bench] [--dry-run]
#   (none)     what `make check`, `make sanitize` and the shell tests use
#   --ci       also the CI-only extras (.ci/run: clang, libFuzzer, musl, valgrind)
#   --bench    also what bench/run.sh uses
#   --dry-run  only print what is missing and the command that would install it
# DEPS_PATH overrides where commands are looked for (default: $PATH and the
# sbin directories), so a test can hide one.
set -u

# group  need  package: one line per command the tests run (cmd:), pkg-config
# module (pc:), locale (locale:) or file (file:). Add a line when a test
# starts using a new command.
TABLE='
check cmd:cc gcc
check cmd:make make
check cmd:pkg-config pkg-config
check pc:check check
check cmd:jq jq
check cmd:bon_csv2txt bonnie++
check cmd:bon_csv2html bonnie++
check cmd:python3 python3
check locale:de_DE.UTF-8 locales
check cmd:mount mount
check cmd:umount mount
check cmd:losetup mount
check cmd:mountpoint util-linux
check cmd:findmnt util-linux
check cmd:lsblk util-linux
check cmd:flock util-linux
check cmd:setpriv util-linux
check cmd:prlimit util-linux
check cmd:script bsdutils
check cmd:mkfs.ext4 e2fsprogs
check cmd:lsattr e2fsprogs
check cmd:dumpe2fs e2fsprogs
check cmd:mkfs.xfs xfsprogs
check cmd:mkfs.btrfs btrfs-progs
check cmd:groff groff-base
check cmd:awk mawk
check cmd:sha256sum coreutils
check cmd:mkfifo coreutils
check cmd:truncate coreutils
check cmd:stat coreutils
check cmd:find findutils
check cmd:xargs findutils
check cmd:cmp diffutils
check cmd:diff diffutils
check cmd:grep grep
check cmd:ssh openssh-client
check cmd:ssh-keygen openssh-client
check cmd:sshd openssh-server
check cmd:pdsh pdsh
check cmd:bindfs bindfs
check cmd:fusermount3 fuse3
check cmd:zfs-fuse zfs-fuse
check cmd:zpool zfs-fuse
check cmd:zfs zfs-fuse
check cmd:chromium chromium
check file:/usr/bin/python3 python3
check file:/usr/lib/python3/dist-packages/html5lib python3-html5lib
check cmd:sed sed
check cmd:smbd samba
check cmd:smbclient smbclient
check cmd:smbnetfs smbnetfs
check cmd:sshfs sshfs
check cmd:smbpasswd samba-common-bin
check cmd:ss iproute2
ci cmd:clang clang
ci file:libFuzzer libclang-rt-14-dev
ci cmd:musl-gcc musl-tools
ci cmd:valgrind valgrind
bench cmd:bonnie++ bonnie++
bench cmd:fio fio
bench cmd:dbench dbench
bench file:/usr/bin/time time
bench cmd:python3 python3
bench cmd:setsid util-linux
bench cmd:dbench dbench
'

groups="check" dry=0
for a; do
	case $a in
	--ci) groups="$groups ci" ;;
	--bench) groups="$groups bench" ;;
	--dry-run) dry=1 ;;
	*) echo "usage: tests/deps.sh [--ci] [--bench] [--dry-run]" >&2; exit 1 ;;
	esac
done
search=${DEPS_PATH:-$PATH:/usr/local/sbin:/usr/sbin:/sbin}

has_cmd() {
	IFS=: # word splitting of $search only
	for d in $search; do
		[ -n "$d" ] && [ -x "$d/$1" ] && [ ! -d "$d/$1" ] && { unset IFS; return 0; }
	done
	unset IFS
	return 1
}
has_locale() { locale -a 2>/dev/null | sed 's/utf8$/UTF-8/; s/utf-8$/UTF-8/' | grep -qx "$1"; }
# libFuzzer: clang links a fuzz target with -fsanitize=fuzzer.
has_libfuzzer() {
	has_cmd clang || return 1
	d=$(mktemp -d) || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$d/f.c"
	clang -fsanitize=fuzzer -o "$d/f" "$d/f.c" >/dev/null 2>&1
	rc=$?
	rm -rf "$d"
	return $rc
}
has() { # need
	case $1 in
	cmd:*) has_cmd "${1#cmd:}" ;;
	pc:*) pkg-config --exists "${1#pc:}" 2>/dev/null ;;
	locale:*) has_locale "${1#locale:}" ;;
	file:libFuzzer) has_libfuzzer ;;
	file:*) [ -e "${1#file:}" ] ;;
	*) echo "tests/deps.sh: bad table entry $1" >&2; return 1 ;;
	esac
}
# A locale other than C needs its package (the definitions) and localedef.
locale_cmd() { # de_DE.UTF-8 -> localedef -i de_DE -f UTF-8 de_DE.UTF-8
	echo "localedef -i ${1%%.*} -f ${1#*.} $1"
}
locale_pkg_needed() { [ ! -f "/usr/share/i18n/locales/${1%%.*}" ]; }

# Walks the table: $missing (needs), $pkgs (packages, each once), $post
# (commands to run after the install).
missing="" pkgs="" post=""
scan() {
	missing="" pkgs="" post=""
	while read -r group need pkg; do
		[ -n "$group" ] || continue
		case " $groups " in *" $group "*) ;; *) continue ;; esac
		has "$need" && continue
		case " $missing " in *" $need "*) continue ;; esac
		missing="$missing $need"
		case $need in
		locale:*)
			post="$post${post:+ && }$(locale_cmd "${need#locale:}")"
			locale_pkg_needed "${need#locale:}" || continue
			;;
		esac
		case " $pkgs " in *" $pkg "*) ;; *) pkgs="$pkgs $pkg" ;; esac
	done <<EOF
$TABLE
EOF
}

describe() { # one line per missing need, with its package
	for n in $missing; do
		p=$(printf '%s\n' "$TABLE" | awk -v n="$n" '$2 == n { print $3; exit }')
		echo "tests/deps.sh: missing ${n#*:} (${n%%:*}), from package $p"
	done
}

install_cmd() {
	c=""
	[ -n "$pkgs" ] && c="apt-get update && apt-get install -y$pkgs"
	[ -n "$post" ] && c="$c${c:+ && }$post"
	echo "$c"
}

scan
if [ -z "$missing" ]; then
	[ $dry -eq 1 ] && echo "tests/deps.sh: nothing missing for: $groups"
	exit 0
fi
describe >&2
if [ $dry -eq 1 ]; then
	echo "tests/deps.sh: would run: $(install_cmd)"
	exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "tests/deps.sh: install them with (Debian/Ubuntu): sudo sh -c '$(install_cmd)'" >&2
	exit 1
fi

echo "tests/deps.sh: installing:$pkgs${post:+ and running $post}"
export DEBIAN_FRONTEND=noninteractive
if [ -n "$pkgs" ]; then
	apt-get update -qq >/dev/null || { echo "tests/deps.sh: apt-get update failed" >&2; exit 1; }
	# shellcheck disable=SC2086 # one word per package
	apt-get install -y -qq $pkgs >/dev/null || { echo "tests/deps.sh: apt-get install$pkgs failed" >&2; exit 1; }
fi
if [ -n "$post" ]; then
	sh -c "$post" || { echo "tests/deps.sh: $post failed" >&2; exit 1; }
fi
# The table must be right: every need is met now.
scan
if [ -n "$missing" ]; then
	describe >&2
	echo "tests/deps.sh: still missing after the install: the table in tests/deps.sh is wrong" >&2
	exit 1
fi
exit 0
