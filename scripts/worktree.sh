#!/usr/bin/env bash
# Make BUILD_DIR/worktree: a git clone of GDB 16.3 whose branch "series"
# holds the series as commits on top of the tag "pristine".
#
# Usage: worktree.sh BUILD_DIR PATCH_DIR
#
# Edit there, commit (git commit --fixup, git rebase -i --autosquash
# pristine), then `make export` to write the commits back to PATCH_DIR.
# An existing worktree is never overwritten.
set -euo pipefail

build=$(realpath -m "$1")
patches=$(realpath -m "$2")
wt=$build/worktree

die () { echo "worktree: error: $*" >&2; exit 1; }

if [ -e "$wt" ]; then
  echo "worktree: $wt already exists; to start again from patches/:"
  echo "  rm -rf $wt && make worktree"
  exit 0
fi

git clone -q --no-checkout "$build/gdb.git" "$wt"
g () { git -C "$wt" "$@"; }
g config gc.auto 0
g config core.abbrev 12
g config user.name >/dev/null || g config user.name "GDB PTY series"
g config user.email >/dev/null || g config user.email "gdb-pty-series@localhost"
g checkout -q -b series pristine

n=0
if [ -f "$patches/series" ]; then
  while IFS= read -r p || [ -n "$p" ]; do
    p=$(echo "${p%%#*}" | tr -d '[:space:]')
    [ -n "$p" ] || continue
    g am -q --keep-cr "$patches/$p" || die "patch $p does not apply"
    n=$((n + 1))
  done < "$patches/series"
fi
echo "worktree: $wt, branch series: pristine + $n patches"
echo "Edit and commit there, then run: make export"
