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
# Native GNU/Linux only; system readline, ncurses and expat; TUI and
# unit tests on; no simulator, binutils, gas, ld or gprofng, and none of
# the optional extension languages, so that a build takes minutes.
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
  --disable-gprof --disable-gprofng --disable-sim --disable-libctf \
  --disable-nls --disable-source-highlight \
  --with-system-readline --with-system-zlib --with-expat --with-curses \
  --enable-tui --enable-unit-tests \
  --without-python --without-guile --without-debuginfod \
  --without-babeltrace --without-intel-pt --without-xxhash \
  --without-lzma "${pkgversion[@]}" \
  > configure.log 2>&1 || { tail -n 30 configure.log >&2; exit 1; }
echo "configure: $obj configured from $src"
