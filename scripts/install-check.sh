#!/usr/bin/env bash
# Check `make install`: into a scratch DESTDIR with the default prefix
# (/usr/local), the installed gdb and gdbserver name the series and its
# hash in --version, gdb runs (`show interrupt-key`) and finds its data
# directory where it was installed (the syscall XML files), gdb runs a
# program under the session leader installed in libexec/gdb (and, with
# that removed, warns once and runs it on its own terminal), and
# `make uninstall` leaves nothing behind.
#
# Usage: install-check.sh OBJ_DIR     (OBJ_DIR: BUILD/patched)
#
# Prints PASS or FAIL and exits non-zero on failure.  Takes seconds.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
obj=$(realpath -e "$1") || exit 1
build=$(dirname "$obj")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$obj/install-check.log
prefix=/usr/local

fail () { echo "FAIL: make install: $*"; exit 1; }

mk () {
  make --no-print-directory -s -C "$top" BUILD="$build" "$@" \
    PREFIX="$prefix" DESTDIR="$tmp" >> "$log" 2>&1
}

: > "$log"
mk install || { tail -n 20 "$log"; fail "make install DESTDIR=$tmp failed (log: $log)"; }

gdb=$tmp$prefix/bin/gdb
gdbserver=$tmp$prefix/bin/gdbserver
[ -x "$gdb" ] && [ -x "$gdbserver" ] || fail "no bin/gdb or bin/gdbserver in $tmp$prefix"

want="(GDB managed-tty series $(bash "$top/scripts/pkgversion.sh" hash "$(series_dir "$top")")) $gdb_version"
v=$("$gdb" --version | head -n 1)
[ "$v" = "GNU gdb $want" ] || fail "gdb --version says \"$v\", not \"GNU gdb $want\""
vs=$("$gdbserver" --version | head -n 1)
[ "$vs" = "GNU gdbserver $want" ] || fail "gdbserver --version says \"$vs\""

# The terminal of its own comes with the layer 3-terminal: with LAYER
# set to an earlier one, what follows checks only what those layers
# install.
terminal=
grep -qx 3-terminal <<< "$(read_layers "$(series_dir "$top")")" && terminal=1

out=$("$gdb" -nx --batch ${terminal:+-ex 'show interrupt-key'} \
        -ex 'show data-directory' -ex 'catch syscall write' 2>&1)
echo "$out" >> "$log"
[ -z "$terminal" ] || echo "$out" | grep -q '^The interrupt key is ' \
  || fail "the installed gdb does not know show interrupt-key: $out"
echo "$out" | grep -qF "data directory is \"$tmp$prefix/share/gdb\"" \
  || fail "the installed gdb does not use its installed data directory: $out"
echo "$out" | grep -q 'warning' && fail "the installed gdb warns: $out"

# Python, as in the distribution's gdb, and libstdc++'s pretty printers
# (auto-loaded from /usr/share/gdb/auto-load, as Debian's gdb does).
out=$("$gdb" -nx --batch -ex 'python print(6 * 7)' 2>&1)
echo "$out" >> "$log"
[ "$out" = 42 ] || fail "the installed gdb does not run Python: $out"
if command -v g++ > /dev/null; then
  printf '%s\n' '#include <vector>' \
    'static void stop (const std::vector<int> &) {}' \
    'int main () { std::vector<int> v {1, 2, 3}; stop (v); return 0; }' \
    > "$tmp/vec.cc"
  g++ -g -O0 -o "$tmp/vec" "$tmp/vec.cc" \
    || fail "cannot build the C++ program of the pretty-printer check"
  out=$("$gdb" -nx --batch -ex 'break stop' -ex run -ex 'frame 1' \
	  -ex 'print v' "$tmp/vec" 2>&1 </dev/null)
  rm -f "$tmp/vec" "$tmp/vec.cc"
  echo "$out" >> "$log"
  echo "$out" | grep -qF '= std::vector of length 3, capacity 3 = {1, 2, 3}' \
    || fail "the installed gdb does not pretty-print a std::vector: $out"
fi

if [ -n "$terminal" ]; then
  # The session leader of the program's terminal: installed in
  # libexec/gdb, and found there by the installed gdb (relocated with it,
  # as here into DESTDIR): the program's parent is gdb-tty-leader.
  leader=$tmp$prefix/libexec/gdb/gdb-tty-leader
  [ -x "$leader" ] || fail "no libexec/gdb/gdb-tty-leader in $tmp$prefix"
  out=$(script -qec "$gdb -nx --batch -ex run --args /bin/sh -c 'cat /proc/\$PPID/comm'" /dev/null 2>&1 </dev/null | tr -d '\r')
  echo "$out" >> "$log"
  echo "$out" | grep -qx 'gdb-tty-leader' \
    || fail "the program's parent under the installed gdb is not gdb-tty-leader: $out"

  # Without it, gdb warns once and runs the program on its own terminal:
  # the program's parent is gdb itself, and runs work.
  mv "$leader" "$leader.away"
  out=$(script -qec "$gdb -nx --batch -ex run -ex run --args /bin/sh -c 'cat /proc/\$PPID/comm'" /dev/null 2>&1 </dev/null | tr -d '\r')
  mv "$leader.away" "$leader"
  echo "$out" >> "$log"
  [ "$(echo "$out" | grep -c "warning: Could not make a terminal for the program (gdb-tty-leader was not found); it will share GDB's terminal.")" = 1 ] \
    || fail "without gdb-tty-leader, the installed gdb does not warn once: $out"
  [ "$(echo "$out" | grep -cx 'gdb')" = 2 ] \
    || fail "without gdb-tty-leader, the program does not run as gdb's child: $out"
fi

mk uninstall || { tail -n 20 "$log"; fail "make uninstall DESTDIR=$tmp failed"; }
left=$(cd "$tmp" && find . -mindepth 1 | head -n 5)
[ -z "$left" ] || fail "make uninstall left files behind: $left"

echo "PASS: make install DESTDIR=$tmp: $v; make uninstall"
