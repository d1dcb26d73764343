#!/usr/bin/env bash
# Lay a directory of GDB's manual sources (16.3, or GDB_VERSION's) over
# the source's own manual (Debian's source package stubs it), for
# GDB_DOC=DIR.
#
# Usage: manual.sh BUILD_DIR DOC_DIR
#        manual.sh BUILD_DIR none
#
# Records the result as one commit on top of the tag "pristine" of
# BUILD_DIR/gdb.git, tagged "manual"; apply-series.sh and worktree.sh
# apply the series onto that tag when it exists.  Each file of DOC_DIR
# replaces the file of the same name in gdb/doc or, for readline's
# rluser.texi and hsuser.texi, readline/readline/doc; a file that is in
# neither (PROVENANCE.txt) is left out.  The commit has fixed names and
# dates, so that its hash depends only on the content: the same
# DOC_DIR gives the same commit, in any clone.  BUILD_DIR/.manual is
# touched only when the tag moves, so that make reapplies the series
# only then.  "none" removes the tag.
set -euo pipefail

build=$(realpath -m "$1")
doc=$2
repo=$build/gdb.git
stamp=$build/.manual

die () { echo "manual: error: $*" >&2; exit 1; }

[ -d "$repo" ] || die "$repo is missing; run make to fetch the source"
g () { git --git-dir="$repo" "$@"; }

old=$(g rev-parse -q --verify refs/tags/manual || true)

if [ "$doc" = none ]; then
  if [ -n "$old" ]; then
    g tag -d manual >/dev/null
    touch "$stamp"
    echo "manual: the tag manual is removed; the series applies to pristine"
  fi
  exit 0
fi

dir=$(realpath -e "$doc" 2>/dev/null) || die "GDB_DOC=$doc does not exist"
[ -f "$dir/gdb.texinfo" ] || die "GDB_DOC=$doc has no gdb.texinfo"
grep -q '^@node Top' "$dir/gdb.texinfo" \
  || die "$dir/gdb.texinfo is not a whole manual"

# Build the tree in a private index, from pristine's.
index=$(mktemp)
trap 'rm -f "$index"' EXIT
export GIT_INDEX_FILE=$index
g read-tree pristine
n=0
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  name=${f##*/}
  for d in gdb/doc readline/readline/doc; do
    if g cat-file -e "pristine:$d/$name" 2>/dev/null; then
      blob=$(g hash-object -w --no-filters "$f")
      g update-index --cacheinfo "100644,$blob,$d/$name"
      n=$((n + 1))
      break
    fi
  done
done
[ "$n" -gt 0 ] || die "no file of $dir is part of GDB's manual"
tree=$(g write-tree)
unset GIT_INDEX_FILE

new=$(GIT_AUTHOR_NAME="GDB release" GIT_AUTHOR_EMAIL="gdb@sourceware.org" \
      GIT_COMMITTER_NAME="GDB release" GIT_COMMITTER_EMAIL="gdb@sourceware.org" \
      GIT_AUTHOR_DATE="2025-04-20T00:00:00Z" \
      GIT_COMMITTER_DATE="2025-04-20T00:00:00Z" \
      g commit-tree "$tree" -p pristine \
        -m "GDB ${GDB_VERSION:-16.3}'s manual, laid over the source's (GDB_DOC)")

if [ "$new" != "$old" ]; then
  g tag -f manual "$new" >/dev/null
  touch "$stamp"
  echo "manual: $n files of $dir laid over the source's manual (tag manual)"
fi
