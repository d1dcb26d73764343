#!/usr/bin/env bash
# Name the series in `gdb --version`: "GNU gdb (GDB managed-tty series
# HASH) 16.3", where HASH identifies the content of patches/.
#
# Usage: pkgversion.sh hash PATCH_DIR
#        pkgversion.sh stamp SRC_DIR OBJ_DIR PATCH_DIR
#
# hash: print the series' short hash: the first 12 hex digits of the
# SHA-256 of the SHA-256 list of PATCH_DIR/series and of the patches it
# names, in order.  It changes with any byte of the series and with
# nothing else: `scripts/pkgversion.sh hash patches` in a checkout tells
# which commit a bug report's gdb came from.
#
# stamp: make the gdb and gdbserver of OBJ_DIR (configured by
# configure.sh with --with-pkgversion="GDB managed-tty series") say the
# series' hash as well.  GDB puts the package version in config.h, which
# every object of gdb and gdbserver includes, so configuring with the
# hash would rebuild all of gdb after every edit of a patch.  Instead,
# this rewrites the PKGVERSION line of gdb/config.h and
# gdbserver/config.h in place, keeps their modification time, and dates
# the objects of the only sources that use PKGVERSION (found by grep:
# gdb/top.c, gdbserver/server.cc, gdbserver/gdbreplay.cc) back to 1970,
# so that make recompiles those and relinks: seconds, not a rebuild.
# (Dated, not removed: gdbserver's Makefile marks every file .SECONDARY,
# and make does not remake a missing secondary file for a target that is
# newer than its sources.)  (Kbuild's
# fixdep does the same for the CONFIG_ symbols of the kernel.)  Should a
# header or shared code ever use PKGVERSION, the objects that depend on
# it cannot be known, and config.h gets a new time: a full rebuild.
set -euo pipefail

die () { echo "pkgversion: error: $*" >&2; exit 1; }

. "$(dirname "$0")/lib.sh"

# The hash covers the series files (the top one, and each layer's) and
# the patches they name, in order: with $LAYER, the layers up to it.
series_hash () {
  local patches=$1
  [ -f "$patches/series" ] || die "no $patches/series"
  mapfile -t list < <(read_series "$patches")
  mapfile -t layers < <(read_layers "$patches")
  (cd "$patches" && sha256sum series "${layers[@]/%//series}" "${list[@]}") \
    | sha256sum | cut -c1-12
}

case ${1:-} in
  hash)
    [ $# -eq 2 ] || die "usage: pkgversion.sh hash PATCH_DIR"
    series_hash "$2"
    exit 0 ;;
  stamp)
    [ $# -eq 4 ] || die "usage: pkgversion.sh stamp SRC_DIR OBJ_DIR PATCH_DIR" ;;
  *)
    die "usage: pkgversion.sh hash PATCH_DIR | stamp SRC_DIR OBJ_DIR PATCH_DIR" ;;
esac

src=$(realpath -e "$2")
obj=$(realpath -e "$3")
patches=$(realpath -e "$4")
want="(GDB managed-tty series $(series_hash "$patches")) "

# Configure gdb and gdbserver if the top-level make has not yet (a new
# build, or configure options changed), and bring their config.h up to
# date, so that the build that follows does not write them again.
[ -f "$obj/Makefile" ] || die "$obj is not configured"
if [ ! -f "$obj/gdb/Makefile" ] || [ ! -f "$obj/gdbserver/Makefile" ]; then
  make --no-print-directory -s -C "$obj" -j"${JOBS:-$(nproc)}" \
    configure-gdb configure-gdbserver > /dev/null
fi
for sub in gdb gdbserver; do
  make --no-print-directory -s -C "$obj/$sub" config.h > /dev/null
done

# The objects to rebuild, or "all" if they cannot be known.
users () {
  local f objs=()
  while IFS= read -r f; do
    case $f in
      gdb/nat/*|gdb/arch/*|gdb/target/*|*.h) echo all; return ;;
      gdb/*|gdbserver/*) objs+=("$obj/${f%.*}.o") ;;
      *) echo all; return ;;
    esac
  done < <(cd "$src" && grep -rlw PKGVERSION --exclude-dir=testsuite \
             --include='*.c' --include='*.cc' --include='*.h' \
             --include='*.y' --include='*.def' gdb gdbserver gdbsupport)
  printf '%s\n' "${objs[@]}"
}

changed=0
for sub in gdb gdbserver; do
  h=$obj/$sub/config.h
  grep -q '^#define PKGVERSION "' "$h" || die "no PKGVERSION in $h"
  have=$(sed -n 's/^#define PKGVERSION "\(.*\)"$/\1/p' "$h")
  [ "$have" = "$want" ] && continue
  sed 's/^#define PKGVERSION ".*"$/#define PKGVERSION "'"$want"'"/' "$h" > "$h.new"
  touch -r "$h" "$h.new"
  mv "$h.new" "$h"
  changed=1
done
[ "$changed" -eq 1 ] || exit 0

mapfile -t objs < <(users)
if [ "${objs[0]:-}" = all ]; then
  echo "pkgversion: PKGVERSION is used by shared code: rebuilding gdb and gdbserver"
  touch "$obj/gdb/config.h" "$obj/gdbserver/config.h"
else
  touch -d @0 "${objs[@]}"
fi
echo "pkgversion: gdb --version says: GNU gdb ${want}$(cat "$src/gdb/version.in")"
