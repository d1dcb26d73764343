#!/usr/bin/env bash
# Build GDB's manual, gdb.info and its HTML, from a GDB source tree.
#
# Usage: doc.sh [--info-only] SRC_DIR OUT_DIR
#
# Writes OUT_DIR/gdb.info (with its gdb.info-N parts) and, unless
# --info-only, OUT_DIR/html/index.html.  Runs makeinfo as
# gdb/doc/Makefile.in does: GDBvn.texi made from gdb/version.in,
# gdb-cfg.texi from all-cfg.texi, readline's rluser.texi and hsuser.texi
# on the include path, and -DHAVE_MAKEINFO_CLICK when makeinfo knows
# @click (as gdb/configure checks).  Does nothing when the output is
# newer than every source of the manual.  Fails with a hint when the
# manual of SRC_DIR is stubbed (Debian's source).
set -euo pipefail

info_only=false
if [ "${1:-}" = --info-only ]; then
  info_only=true
  shift
fi
src=$(realpath -e "$1")
out=$(realpath -m "$2")
docdir=$src/gdb/doc
rldir=$src/readline/readline/doc

die () { echo "doc: error: $*" >&2; exit 1; }

command -v makeinfo >/dev/null || die "no makeinfo: install texinfo"
if ! grep -qs '^@node Top' "$docdir/gdb.texinfo"; then
  die "the manual of $src is stubbed (Debian's source strips it); give one: make doc GDB_DOC=../shared/gdb-16.3-doc (or GDB_SRC=gdb-16.3.tar.xz)"
fi

info=$out/gdb.info
html=$out/html/index.html
$info_only && html=$info
if [ -f "$info" ] && [ -f "$html" ] \
   && [ -z "$(find "$docdir" "$rldir" "$src/gdb/version.in" -newer "$info" \
                 \( -name '*.texi*' -o -name version.in \) -print -quit)" ] \
   && [ -z "$(find "$docdir" "$rldir" -newer "$html" -name '*.texi*' -print -quit)" ]; then
  if $info_only; then
    echo "doc: $info is up to date"
  else
    echo "doc: $info and $html are up to date"
  fi
  exit 0
fi

# The generated includes, as gdb/doc/Makefile.in makes them (without
# SYSTEM_READLINE: the manual documents readline's keys, as released).
gen=$out/gen
mkdir -p "$gen"
{
  echo "@set GDBVN $(sed q "$src/gdb/version.in")"
  echo "@set VERSION_PACKAGE (GDB) "
  echo "@set BUGURL @uref{https://www.gnu.org/software/gdb/bugs/}"
} > "$gen/GDBvn.texi"
cp "$docdir/all-cfg.texi" "$gen/gdb-cfg.texi"

flags=(-I "$gen" -I "$docdir" -I "$rldir" -I "$src/gdb/mi")
# As gdb/configure checks it.
echo '@clicksequence{a @click{} b}' > "$gen/click.texinfo"
if makeinfo -o /dev/null "$gen/click.texinfo" >/dev/null 2>&1; then
  flags=(-DHAVE_MAKEINFO_CLICK "${flags[@]}")
fi

echo "doc: makeinfo: $info"
rm -f "$info" "$info"-[0-9]*
nice makeinfo "${flags[@]}" -o "$info" "$docdir/gdb.texinfo"
$info_only && exit 0
echo "doc: makeinfo --html: $html"
rm -rf "$out/html"
nice makeinfo --html "${flags[@]}" -o "$out/html" "$docdir/gdb.texinfo"
echo "doc: read it with: info -f $info"
