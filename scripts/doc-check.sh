#!/usr/bin/env bash
# Check the series' manual text: its gdb/doc hunks apply to the manual
# of GDB 16.3 (or GDB_VERSION), and makeinfo builds the result with no
# warning that the unpatched manual does not have.
#
# Usage: doc-check.sh PATCH_DIR [BUILD_DIR]
#
# The manual checked against is the first of: the directory GDB_DOC
# names; the manual of BUILD_DIR/gdb.git (the tag manual, or pristine),
# if it is whole, as GNU's tarball's is; ../shared/gdb-VERSION-doc
# beside the project.  Nothing is written outside a temporary directory.
#
# Prints, last, "PASS: doc: ...", "FAIL: doc: ..." (after what went
# wrong) or "doc: skipped: ..."; exits 0, 1 or 77 (skipped).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
patches=$(realpath -m "$1")
build=$(realpath -m "${2:-$top/build}")

pass () { echo "PASS: doc: $*"; exit 0; }
fail () { echo "FAIL: doc: $*"; exit 1; }
skip () { echo "doc: skipped: $*"; exit 77; }

command -v makeinfo >/dev/null || skip "no makeinfo (install texinfo)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stock=$tmp/stock
mkdir -p "$stock/gdb/doc" "$stock/readline/readline/doc"

# Lay a manual directory out as a GDB tree: readline's two files in
# readline/readline/doc, every other file in gdb/doc.
from_dir () {
  local f
  for f in "$1"/*; do
    [ -f "$f" ] || continue
    case ${f##*/} in
      rluser.texi | hsuser.texi) cp "$f" "$stock/readline/readline/doc/" ;;
      *) cp "$f" "$stock/gdb/doc/" ;;
    esac
  done
  echo "$gdb_version" > "$stock/gdb/version.in"
}

whole () { grep -qs '^@node Top' "$1"; }

repo=$build/gdb.git
base=manual
git --git-dir="$repo" rev-parse -q --verify refs/tags/manual >/dev/null 2>&1 \
  || base=pristine
if [ -n "${GDB_DOC:-}" ] && [ "$GDB_DOC" != none ]; then
  dir=$(cd "$top" && realpath -e "$GDB_DOC" 2>/dev/null) \
    || fail "GDB_DOC=$GDB_DOC does not exist"
  from_dir "$dir"
  what=$dir
elif git --git-dir="$repo" cat-file -e "$base:gdb/doc/gdb.texinfo" 2>/dev/null \
     && [ "$(git --git-dir="$repo" cat-file -s "$base:gdb/doc/gdb.texinfo")" -ge 1024 ]; then
  git --git-dir="$repo" archive "$base" gdb/doc readline/readline/doc \
      gdb/version.in | tar -x -C "$stock"
  what="$repo, $base"
elif [ -d "$top/../shared/gdb-$gdb_version-doc" ]; then
  dir=$(realpath "$top/../shared/gdb-$gdb_version-doc")
  from_dir "$dir"
  what=$dir
else
  skip "no GDB $gdb_version manual here to check the series' gdb/doc hunks against (Debian's source strips it): set GDB_DOC=DIR, GDB_SRC=gdb-$gdb_version.tar.xz, or put one at ../shared/gdb-$gdb_version-doc"
fi
whole "$stock/gdb/doc/gdb.texinfo" \
  || fail "$what: gdb/doc/gdb.texinfo is not a whole manual"

# The series' gdb/doc hunks, in order.
cp -a "$stock" "$tmp/patched"
git -C "$tmp/patched" init -q
n=0
while IFS= read -r p; do
  [ -f "$patches/$p" ] || fail "patches/series names $p, which does not exist"
  grep -q '^diff --git a/gdb/doc/' "$patches/$p" || continue
  if ! out=$(git -C "$tmp/patched" apply --include='gdb/doc/*' \
               "$patches/$p" 2>&1); then
    echo "$out"
    fail "the gdb/doc hunks of $p do not apply to GDB $gdb_version's manual ($what)"
  fi
  n=$((n + 1))
done < <(read_series "$patches")

# Both manuals at once (a few seconds each).
bash "$top/scripts/doc.sh" --info-only "$stock" "$tmp/out-stock" \
  > /dev/null 2> "$tmp/stock.err" &
stock_pid=$!
bash "$top/scripts/doc.sh" --info-only "$tmp/patched" "$tmp/out-patched" \
  > /dev/null 2> "$tmp/patched.err"
patched_rc=$?
wait "$stock_pid"
stock_rc=$?

if [ "$stock_rc" -ne 0 ]; then
  cat "$tmp/stock.err"
  fail "makeinfo fails on the unpatched manual ($what)"
fi
if [ "$patched_rc" -ne 0 ]; then
  sed "s|$tmp/patched/||g" "$tmp/patched.err"
  fail "makeinfo fails on the manual with the series' gdb/doc hunks"
fi

# Warnings, without line numbers (the hunks move lines) or the paths.
norm () {
  sed -e "s|$tmp/[a-z]*/||g" -e 's/:[0-9][0-9]*:/:/g' "$1" | sort
}
new=$(comm -13 <(norm "$tmp/stock.err") <(norm "$tmp/patched.err"))
if [ -n "$new" ]; then
  grep -F -f <(echo "$new" | sed 's/^[^:]*: //') "$tmp/patched.err" \
    | sed "s|$tmp/patched/||g"
  fail "makeinfo gives $(echo "$new" | wc -l) warning(s) on the manual with the series' gdb/doc hunks that it does not give without them"
fi

[ "$n" -gt 0 ] || pass "the series has no gdb/doc hunks; the manual ($what) builds"
[ "$n" -eq 1 ] && s= || s=es
pass "the gdb/doc hunks of $n patch$s apply to GDB $gdb_version's manual ($what), and makeinfo builds it with no new warning ($(grep -c . "$tmp/stock.err") before and after)"
