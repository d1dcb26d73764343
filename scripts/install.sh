#!/usr/bin/env bash
# Install the patched gdb and gdbserver, or remove them again.
#
# Usage: install.sh install SRC_DIR OBJ_DIR PREFIX [DESTDIR]
#        install.sh uninstall PREFIX [DESTDIR]
#
# install: GDB's own install targets, `install-only` in OBJ_DIR/gdb and
# `install-gdbserver` in OBJ_DIR (the build is made first, by make), with
# prefix=PREFIX and DESTDIR=DESTDIR: gdb, gdbserver, gcore, gstack,
# gdb-add-index, the data directory (PREFIX/share/gdb), jit-reader.h,
# libinproctrace.so, and the man and info pages when the source has a
# manual.  Debian's source has none (gdb/doc/gdb.texinfo is a one-byte
# stub, see make doc), so then the doc directory is left out of the
# install (SUBDIRS, which only gdb's own make takes from the command
# line: hence install-only there), which would fail to make gdb.1 from
# the stub.  gdb finds its data directory relative to where it is
# installed, so PREFIX need not be the prefix the build was configured
# with (/usr/local).
#
# GDB installs into a scratch directory first, whose list of files and
# of the directories that the install creates becomes the manifest,
# PREFIX/share/gdb-managed-tty/manifest (merged with an earlier one);
# then into DESTDIR/PREFIX.  uninstall removes the files of the
# manifest, then the directories the install created, if empty.
set -euo pipefail

die () { echo "install: error: $*" >&2; exit 1; }
manifest_rel=share/gdb-managed-tty/manifest

case ${1:-} in
  install)
    [ $# -ge 4 ] && [ $# -le 5 ] || die "usage: install.sh install SRC_DIR OBJ_DIR PREFIX [DESTDIR]"
    src=$(realpath -e "$2"); obj=$(realpath -e "$3"); prefix=$4; destdir=${5:-} ;;
  uninstall)
    [ $# -ge 2 ] && [ $# -le 3 ] || die "usage: install.sh uninstall PREFIX [DESTDIR]"
    prefix=$2; destdir=${3:-} ;;
  *) die "usage: install.sh install|uninstall ..." ;;
esac
case $prefix in /*) ;; *) die "PREFIX must be an absolute path: $prefix" ;; esac
prefix=${prefix%/}
[ -z "$destdir" ] || destdir=$(realpath -m "$destdir")
manifest=$destdir$prefix/$manifest_rel

if [ "$1" = uninstall ]; then
  [ -f "$manifest" ] || die "no $manifest: nothing was installed there by make install"
  mapfile -t lines < "$manifest"
  pick () { local l; for l in "${lines[@]}"; do [ "${l%% *}" = "$1" ] && echo "${l#* }"; done; true; }
  # The manual's entries in the info directory, while its files exist.
  if command -v install-info > /dev/null; then
    pick i | while read -r info; do
      [ -f "$destdir$(dirname "$info")/dir" ] || continue
      install-info --delete --info-dir="$destdir$(dirname "$info")" \
        "$destdir$info" > /dev/null 2>&1 || true
    done
  fi
  n=0
  while read -r path; do
    if [ -e "$destdir$path" ] || [ -L "$destdir$path" ]; then
      rm -f "$destdir$path"
      n=$((n + 1))
    fi
  done < <(pick f)
  # The directories the install created, deepest first, if empty.
  pick d | sort -r | while read -r dir; do
    rmdir "$destdir$dir" 2>/dev/null || true
  done
  echo "uninstall: removed $n files from $destdir$prefix"
  exit 0
fi

[ -x "$obj/gdb/gdb" ] && [ -x "$obj/gdbserver/gdbserver" ] \
  || die "$obj is not built; run make first"

args=(prefix="$prefix")
if [ "$(stat -c %s "$src/gdb/doc/gdb.texinfo")" -lt 1024 ]; then
  args+=(SUBDIRS="testsuite data-directory")
  nodoc=" (no manual in this source: no man or info pages)"
else
  nodoc=
fi

gdb_install () {
  { make --no-print-directory -s -C "$obj/gdb" install-only \
         "${args[@]}" DESTDIR="$1" \
    && make --no-print-directory -s -C "$obj" install-gdbserver \
         prefix="$prefix" DESTDIR="$1"; } > "$obj/install.log" 2>&1 \
    || { tail -n 20 "$obj/install.log" >&2; die "GDB's make install failed; see $obj/install.log"; }
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
gdb_install "$stage"

# The manifest: "f PATH" for each file, "d PATH" for each directory
# that does not exist yet; then what an earlier install listed.
new=$stage$prefix/$manifest_rel
mkdir -p "$(dirname "$new")"
: > "$new"
# The info directory, if the install makes one, is shared: an existing
# one is not listed; the manual's entries are ("i"), to be taken out.
infodir=$prefix/share/info
(cd "$stage" && find . -mindepth 1 \( -type f -o -type l \) | sed 's/^\.//') \
  | while read -r f; do
      case $f in
        "$infodir/dir") [ -e "$destdir$f" ] || echo "f $f" ;;
        "$infodir/"*.info) echo "f $f"; echo "i $f" ;;
        *) echo "f $f" ;;
      esac
    done >> "$new"
(cd "$stage" && find . -mindepth 1 -type d | sed 's/^\.//') | while read -r dir; do
  [ -d "$destdir$dir" ] || echo "d $dir"
done >> "$new"
if [ -f "$manifest" ]; then
  # A directory an earlier install created exists now: keep its line.
  cat "$manifest" >> "$new"
fi
sort -u -o "$new" "$new"

gdb_install "$destdir"
mkdir -p "$(dirname "$manifest")"
cp "$new" "$manifest"

echo "install: gdb and gdbserver installed in $destdir$prefix$nodoc"
echo "install: $(grep -c '^f ' "$manifest") files, listed in $manifest (make uninstall removes them)"
"$destdir$prefix/bin/gdb" --version | head -n 1 | sed 's/^/install: /'
