#!/usr/bin/env bash
# Configure a GDB build directory with the options this project uses.
#
# Usage: configure.sh SRC_DIR OBJ_DIR [PKGVERSION]
#
# PKGVERSION, if given, names the build in `gdb --version`:
# "GNU gdb (PKGVERSION) 16.3" (--with-pkgversion; GDB's default is
# "GDB").  The Makefile gives "GDB managed-tty series" for the patched
# build, to which scripts/pkgversion.sh adds the series' hash: a value
# that changes with every patch would rebuild all of gdb at each change.
#
# SANITIZE=1 in the environment: build with AddressSanitizer and
# UndefinedBehaviorSanitizer (-O1, frame pointers; undefined behaviour
# aborts like an ASan report, -fno-sanitize-recover), as make SANITIZE=1
# does in build/patched-asan.
#
# Native GNU/Linux only; configured as Debian configures its own gdb
# (debian/rules of gdb 16.3-1): system readline, zlib and expat, the
# TUI, Python 3 (the system's, not one found first in PATH), debuginfod,
# lzma, xxhash, babeltrace, Intel PT (x86), source highlighting, the
# system gdbinit in /etc/gdb, and the distribution's separate debug
# files and auto-load scripts (libstdc++'s pretty printers) wherever
# the gdb is installed.  Unit tests on.  No simulator, binutils, gas,
# ld or gprofng, and no Guile (Debian has none either), so that a build
# takes minutes.  Stock and patched are configured alike.
set -euo pipefail

src=$(realpath -e "$1")
obj=$(realpath -m "$2")
pkgversion=()
flags=(CFLAGS="-O2 -g" CXXFLAGS="-O2 -g")
if [ -n "${SANITIZE:-}" ]; then
  san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
  flags=(CFLAGS="-O1 -g -fno-omit-frame-pointer $san"
         CXXFLAGS="-O1 -g -fno-omit-frame-pointer $san"
         LDFLAGS="-fsanitize=address,undefined")
  # configure's test programs leak; that is no failure.
  export ASAN_OPTIONS=detect_leaks=0
fi
[ -n "${3:-}" ] && pkgversion=(--with-pkgversion="$3")
# Intel PT: x86 only, as Debian's rules.
case "$(uname -m)" in
  x86_64|i?86) intel_pt=(--with-intel-pt) ;;
  *) intel_pt=(--without-intel-pt) ;;
esac
# GDB's own auto-load directory, then the distribution's, where Debian's
# packages put their scripts (libstdc++'s pretty printers among them).
auto_load='$debugdir:$datadir/auto-load:/usr/share/gdb/auto-load'
mkdir -p "$obj"
cd "$obj"

# ccache: with a base directory and without hashing the working
# directory, a fresh clone in another folder (CI) reuses earlier results.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(realpath -m "$obj/../..")}
export CCACHE_NOHASHDIR=1

"$src/configure" \
  CC="ccache gcc" CXX="ccache g++" \
  "${flags[@]}" \
  --disable-binutils --disable-ld --disable-gold --disable-gas \
  --disable-gprof --disable-gprofng --disable-sim \
  --disable-nls --enable-source-highlight \
  --with-system-readline --with-system-zlib --with-expat --with-curses \
  --enable-tui --enable-unit-tests \
  --with-python=/usr/bin/python3 --without-guile --with-debuginfod \
  --with-babeltrace "${intel_pt[@]}" --with-xxhash --with-lzma \
  --with-system-gdbinit=/etc/gdb/gdbinit \
  --with-system-gdbinit-dir=/etc/gdb/gdbinit.d \
  --with-separate-debug-dir=/usr/lib/debug \
  --with-auto-load-dir="$auto_load" \
  --with-auto-load-safe-path="$auto_load" \
  "${pkgversion[@]}" \
  > configure.log 2>&1 || { tail -n 30 configure.log >&2; exit 1; }
echo "configure: $obj configured from $src"
