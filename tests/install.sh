#!/bin/sh
# make install honours PREFIX and DESTDIR and installs the binary and the
# man page, nothing else; uninstall removes them.
. "$(dirname "$0")/lib.sh"
: "${MAKE:=make}"
top=$(cd "$(dirname "$0")/.." && pwd)

$MAKE -s -C "$top" install DESTDIR="$T/root" PREFIX=/opt/bonnie >"$T/out" 2>&1; rc=$?
check "make install exits 0 (got $rc)" [ $rc -eq 0 ]
check "binary under DESTDIR/PREFIX/bin" [ -x "$T/root/opt/bonnie/bin/bonnie" ]
check "man page under DESTDIR/PREFIX/share/man/man1" [ -f "$T/root/opt/bonnie/share/man/man1/bonnie.1" ]
check "installed binary runs" sh -c "'$T/root/opt/bonnie/bin/bonnie' --version | grep -q '^bonnie '"
check "nothing else installed" [ "$(find "$T/root" -type f | wc -l)" -eq 2 ]
check "man page renders" sh -c "man -l '$T/root/opt/bonnie/share/man/man1/bonnie.1' >/dev/null 2>&1 || groff -man -z '$T/root/opt/bonnie/share/man/man1/bonnie.1'"
$MAKE -s -C "$top" uninstall DESTDIR="$T/root" PREFIX=/opt/bonnie >/dev/null 2>&1
check "uninstall removes both" [ "$(find "$T/root" -type f | wc -l)" -eq 0 ]
finish
