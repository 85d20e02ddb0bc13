#!/bin/sh
# Makes sure what `make check` needs is installed: the check library and
# pkg-config (unit tests), bonnie++ (its bon_csv2txt/bon_csv2html converters
# read our CSV), jq (validates the JSON), bindfs (a FUSE mount), and a comma-decimal locale
# (de_DE.UTF-8) for the locale tests. As root on Debian it installs what is
# missing; otherwise it prints the one command that does and fails.
set -u

pkgs=""
need() { pkgs="$pkgs $1"; }

pkg-config --exists check 2>/dev/null || need "check pkg-config"
command -v bon_csv2txt >/dev/null 2>&1 && command -v bon_csv2html >/dev/null 2>&1 || need bonnie++
command -v jq >/dev/null 2>&1 || need jq
command -v bindfs >/dev/null 2>&1 || need "bindfs fuse3" # tests/clients.sh: a FUSE share
[ -f /usr/share/i18n/SUPPORTED ] || need locales

has_locale() { locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\{0,1\}8$'; }

if [ -n "$pkgs" ]; then
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "tests/deps.sh: installing:$pkgs"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null && apt-get install -y -qq $pkgs >/dev/null || {
			echo "tests/deps.sh: apt-get install$pkgs failed" >&2; exit 1; }
	else
		echo "tests/deps.sh: missing:$pkgs" >&2
		echo "run: sudo apt-get install -y$pkgs && sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8" >&2
		exit 1
	fi
fi

if ! has_locale; then
	if [ "$(id -u)" -eq 0 ]; then
		localedef -i de_DE -f UTF-8 de_DE.UTF-8 || { echo "tests/deps.sh: localedef failed" >&2; exit 1; }
	else
		echo "tests/deps.sh: locale de_DE.UTF-8 missing; run: sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8" >&2
		exit 1
	fi
fi
exit 0
