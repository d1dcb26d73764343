#!/usr/bin/env bash
# Make BUILD_DIR/worktree: a git clone of GDB (16.3, or GDB_VERSION) whose branch "series"
# holds the series as commits on top of the tag "base": the tag
# "manual" of BUILD_DIR/gdb.git (GDB_DOC's manual laid over pristine;
# see manual.sh) if there is one, else "pristine".
#
# Usage: worktree.sh BUILD_DIR PATCH_DIR
#
# Edit there, commit (git commit --fixup, git rebase -i --autosquash
# base), then `make export` to write the commits back to PATCH_DIR.
# An existing worktree is never overwritten.  If the base's manual is
# stubbed (Debian's source), the series' gdb/doc hunks are left out,
# and `make export` refuses to run, since it would drop them.
set -euo pipefail

. "$(dirname "$0")/lib.sh"

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
base=pristine
g rev-parse -q --verify refs/tags/manual >/dev/null && base=manual
g tag base "$base"
g checkout -q -b series base

list=()
mapfile -t list < <(read_series "$patches")

# A stubbed manual: leave the gdb/doc hunks out, and say so to export.
exclude=()
if manual_stubbed "$wt/.git" base; then
  for p in "${list[@]}"; do
    if has_doc_hunks "$patches/$p"; then
      exclude=(--exclude='gdb/doc/*')
      g config series.docExcluded true
      echo "worktree: the manual is stubbed in this source (Debian's): the series' gdb/doc hunks are left out, and make export will refuse to run; for a worktree that keeps them: rm -rf $wt && make worktree GDB_DOC=DIR"
      break
    fi
  done
fi

n=0
for p in "${list[@]}"; do
  g am -q --keep-cr "${exclude[@]}" "$patches/$p" || die "patch $p does not apply"
  n=$((n + 1))
done
# The cover letters' subjects and texts, for export.sh: the series', or
# each layer's (git config layer.NAME.description).
blurb=$(cover_blurb "$patches")
[ -z "$blurb" ] || g config branch.series.description "$blurb"
while IFS= read -r l; do
  blurb=$(cover_blurb "$patches/$l")
  [ -z "$blurb" ] || g config "layer.$l.description" "$blurb"
done < <(LAYER= read_layers "$patches")
echo "worktree: $wt, branch series: $base + $n patches (tag base: $base)"
echo "Edit and commit there, then run: make export"
