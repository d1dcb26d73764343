#!/usr/bin/env bash
# Write the commits of BUILD_DIR/worktree (pristine..series) to
# PATCH_DIR as git format-patch files, and their order to
# PATCH_DIR/series.
#
# Usage: export.sh BUILD_DIR PATCH_DIR
#
# The output depends only on the commits: no commit hashes, no patch
# numbers in the subjects, no signature, fixed-length blob hashes, so
# exporting an unchanged series changes no byte.
set -euo pipefail

build=$(realpath -m "$1")
patches=$(realpath -m "$2")
wt=$build/worktree

die () { echo "export: error: $*" >&2; exit 1; }

[ -d "$wt/.git" ] || die "no worktree at $wt; run make worktree first"
g () { git -C "$wt" "$@"; }
[ "$(g rev-parse --abbrev-ref HEAD)" = series ] \
  || die "the worktree is not on branch series"
[ -z "$(g status --porcelain --untracked-files=no)" ] \
  || die "the worktree has uncommitted changes; commit them first"
g rev-parse -q --verify "refs/rebase-merge" >/dev/null 2>&1 \
  && die "a rebase is in progress in the worktree"
if g log --format=%s pristine..series | grep -qE '^(fixup|squash|amend)! '; then
  die "fixup commits are not squashed: git rebase -i --autosquash pristine"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g -c core.abbrev=12 -c diff.algorithm=myers -c diff.noprefix=false \
  -c diff.mnemonicPrefix=false -c format.signature= \
  format-patch -q --zero-commit --no-signature --no-numbered \
  --no-cover-letter --no-thread --abbrev=12 -o "$tmp" pristine..series

mkdir -p "$patches"
rm -f "$patches"/*.patch
: > "$patches/series.new"
for f in $(cd "$tmp" && ls *.patch 2>/dev/null | sort); do
  mv "$tmp/$f" "$patches/$f"
  echo "$f" >> "$patches/series.new"
done
mv "$patches/series.new" "$patches/series"
echo "export: $(wc -l < "$patches/series") patches written to $patches"
