#!/usr/bin/env bash
# Configure a GDB build directory with the options this project uses.
#
# Usage: configure.sh SRC_DIR OBJ_DIR
#
# Native GNU/Linux only; system readline, ncurses and expat; TUI and
# unit tests on; no simulator, binutils, gas, ld or gprofng, and none of
# the optional extension languages, so that a build takes minutes.
set -euo pipefail

src=$(realpath -e "$1")
obj=$(realpath -m "$2")
mkdir -p "$obj"
cd "$obj"

# ccache: with a base directory and without hashing the working
# directory, a fresh clone in another folder (CI) reuses earlier results.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(realpath -m "$obj/../..")}
export CCACHE_NOHASHDIR=1

"$src/configure" \
  CC="ccache gcc" CXX="ccache g++" \
  CFLAGS="-O2 -g" CXXFLAGS="-O2 -g" \
  --disable-binutils --disable-ld --disable-gold --disable-gas \
  --disable-gprof --disable-gprofng --disable-sim --disable-libctf \
  --disable-nls --disable-source-highlight \
  --with-system-readline --with-system-zlib --with-expat --with-curses \
  --enable-tui --enable-unit-tests \
  --without-python --without-guile --without-debuginfod \
  --without-babeltrace --without-intel-pt --without-xxhash \
  --without-lzma \
  > configure.log 2>&1 || { tail -n 30 configure.log >&2; exit 1; }
echo "configure: $obj configured from $src"
