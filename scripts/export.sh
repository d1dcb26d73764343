#!/usr/bin/env bash
# Write the commits of BUILD_DIR/worktree (base..series) to PATCH_DIR
# as git format-patch files, and their order to PATCH_DIR/series.
#
# Usage: export.sh BUILD_DIR PATCH_DIR
#
# The base is the worktree's tag "base" (pristine, or pristine with
# GDB_DOC's manual: see worktree.sh), or "pristine" in a worktree made
# before that tag.  The output depends only on the commits: no commit
# hashes, no patch numbers in the subjects, no signature, fixed-length
# blob hashes, so exporting an unchanged series changes no byte.
# With a cover letter (PATCH_DIR/0000-cover-letter.patch, not in the
# series file), writes it again with the series' shortlog and diffstat.
# Refuses to drop the gdb/doc hunks of PATCH_DIR: a worktree whose
# manual is stubbed does not have them.
set -euo pipefail

. "$(dirname "$0")/lib.sh"

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
base=pristine
g rev-parse -q --verify refs/tags/base >/dev/null && base=base
if g log --format=%s "$base..series" | grep -qE '^(fixup|squash|amend)! '; then
  die "fixup commits are not squashed: git rebase -i --autosquash $base"
fi
# The manual of GDB_DOC (manual.sh) is the base, never a patch.
if g log --format=%s "$base..series" | grep -qxF "GDB $gdb_version's manual, laid over the source's (GDB_DOC)"; then
  die "the commit of GDB_DOC's manual is in $base..series; make it the base: git tag -f base <that commit>"
fi

# The series' gdb/doc hunks, which a worktree on a stubbed manual lacks.
doc_hint="put the manual under the worktree's series first (README.md, \"The manual\")"
[ "$(g config --bool series.docExcluded || true)" = true ] \
  && die "the worktree was made without the series' gdb/doc hunks (the manual is stubbed); exporting would drop them: $doc_hint"
docs=0
while IFS= read -r p; do
  if has_doc_hunks "$patches/$p"; then docs=$((docs + 1)); fi
done < <(read_series "$patches")
if [ "$docs" -gt 0 ] && [ -z "$(g log --format=%h "$base..series" -- gdb/doc)" ]; then
  die "patches/ has gdb/doc hunks, and the worktree's series has none; exporting would drop them: $doc_hint (or, to drop them, remove those patches from patches/ and patches/series first)"
fi

# The cover letter: its subject and text are the worktree branch's
# description (worktree.sh sets it from PATCH_DIR's cover letter; edit
# it with git branch --edit-description), else PATCH_DIR's cover letter
# as it is; git adds the shortlog and the diffstat of the series.
blurb=$(g config branch.series.description || true)
[ -n "$blurb" ] || blurb=$(cover_blurb "$patches")
cover=(--no-cover-letter)
if [ -n "$blurb" ]; then
  g config branch.series.description "$blurb"
  cover=(--cover-letter --cover-from-description=subject)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g -c core.abbrev=12 -c diff.algorithm=myers -c diff.noprefix=false \
  -c diff.mnemonicPrefix=false -c format.signature= \
  format-patch -q --zero-commit --no-signature --no-numbered \
  "${cover[@]}" --no-thread --abbrev=12 -o "$tmp" "$base..series"

mkdir -p "$patches"
rm -f "$patches"/*.patch
: > "$patches/series.new"
for f in $(cd "$tmp" && ls *.patch 2>/dev/null | sort); do
  [ "$f" = 0000-cover-letter.patch ] && continue
  mv "$tmp/$f" "$patches/$f"
  echo "$f" >> "$patches/series.new"
done
mv "$patches/series.new" "$patches/series"
n=$(wc -l < "$patches/series")
if [ -f "$tmp/0000-cover-letter.patch" ]; then
  # gdb-patches' form "[PATCH 0/N]", and the date of the series' newest
  # commit rather than the time of the export, so that exporting an
  # unchanged series changes no byte.
  date=$(g log -1 --format=%aD series)
  sed -e "1,/^\$/ s/^Subject: \[PATCH\] /Subject: [PATCH 0\/$n] /" \
      -e "1,/^\$/ s/^Date: .*/Date: $date/" \
      "$tmp/0000-cover-letter.patch" > "$patches/0000-cover-letter.patch"
fi
echo "export: $n patches written to $patches$([ -f "$patches/0000-cover-letter.patch" ] && echo ", with a cover letter")"
