#!/usr/bin/env bash
# Write the commits of BUILD_DIR/worktree (base..series) to PATCH_DIR
# as git format-patch files, and their order to PATCH_DIR/series; for a
# series in layers (PATCH_DIR/series names folders), each layer's
# commits to its folder, numbered from 1, with its own series file and
# cover letter (see below).
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
doc_hint="put the manual under the worktree's series first (docs/BUILDING.md, \"The manual\")"
[ "$(g config --bool series.docExcluded || true)" = true ] \
  && die "the worktree was made without the series' gdb/doc hunks (the manual is stubbed); exporting would drop them: $doc_hint"
docs=0
while IFS= read -r p; do
  if has_doc_hunks "$patches/$p"; then docs=$((docs + 1)); fi
done < <(read_series "$patches")
if [ "$docs" -gt 0 ] && [ -z "$(g log --format=%h "$base..series" -- gdb/doc)" ]; then
  die "patches/ has gdb/doc hunks, and the worktree's series has none; exporting would drop them: $doc_hint (or, to drop them, remove those patches from patches/ and patches/series first)"
fi

fmt () {
  g -c core.abbrev=12 -c diff.algorithm=myers -c diff.noprefix=false \
    -c diff.mnemonicPrefix=false -c format.signature= \
    format-patch -q --zero-commit --no-signature --no-numbered \
    --no-thread --abbrev=12 "$@"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# export_range RANGE DIR KEY: write the commits of RANGE to DIR as
# patches and DIR/series, with a cover letter whose subject and text
# are the worktree's git config KEY (worktree.sh sets it from DIR's
# cover letter; edit it with git config --edit), else DIR's cover
# letter as it is; git adds the shortlog and the diffstat.
export_range () {
  local range=$1 dir=$2 key=$3 out blurb f n date
  out=$tmp/out.$(basename "$dir")
  blurb=$(g config "$key" || true)
  [ -n "$blurb" ] || blurb=$(cover_blurb "$dir")
  local cover=(--no-cover-letter)
  mkdir -p "$out" "$dir"
  if [ -n "$blurb" ]; then
    g config "$key" "$blurb"
    cover=(--cover-letter --cover-from-description=subject)
  fi
  # format-patch takes the cover letter's text from the description of
  # the branch at the range's end: a scratch branch there, for a range
  # that does not end at the branch series.
  local tip=${range#*..} from=${range%%..*}
  if [ "$tip" != series ]; then
    g branch -f layer-export "$tip"
    tip=layer-export
  fi
  [ -z "$blurb" ] || g config "branch.$tip.description" "$blurb"
  fmt "${cover[@]}" -o "$out" "$from..$tip"
  [ "$tip" = series ] || g branch -q -D layer-export
  rm -f "$dir"/*.patch
  : > "$dir/series.new"
  for f in $(cd "$out" && ls *.patch 2>/dev/null | sort); do
    [ "$f" = 0000-cover-letter.patch ] && continue
    mv "$out/$f" "$dir/$f"
    echo "$f" >> "$dir/series.new"
  done
  mv "$dir/series.new" "$dir/series"
  n=$(wc -l < "$dir/series")
  if [ -f "$out/0000-cover-letter.patch" ]; then
    # gdb-patches' form "[PATCH 0/N]", and the date of the range's
    # newest commit rather than the time of the export, so that
    # exporting an unchanged series changes no byte.
    date=$(g log -1 --format=%aD "${range#*..}")
    sed -e "1,/^\$/ s/^Subject: \[PATCH\] /Subject: [PATCH 0\/$n] /" \
        -e "1,/^\$/ s/^Date: .*/Date: $date/" \
        "$out/0000-cover-letter.patch" > "$dir/0000-cover-letter.patch"
  fi
  echo "export: $n patches written to $dir$([ -f "$dir/0000-cover-letter.patch" ] && echo ", with a cover letter")"
}

mapfile -t layers < <(LAYER= read_layers "$patches")
if [ ${#layers[@]} -eq 0 ]; then
  export_range "$base..series" "$patches" branch.series.description
  exit 0
fi

# A series in layers: each commit goes to the layer whose series file
# names its patch (by the name format-patch gives it, without the
# number), and a commit that none names to the layer of the commit
# before it.  So a new commit joins the layer of the commit it follows,
# and moving a name from one layer's series file to another's (the
# next or the previous layer) moves the patch.
declare -A layer_of
for l in "${layers[@]}"; do
  while IFS= read -r p; do
    layer_of[${p#[0-9][0-9][0-9][0-9]-}]=$l
  done < <(series_entries "$patches/$l")
done
mapfile -t commits < <(g rev-list --reverse "$base..series")
fmt --no-cover-letter -o "$tmp/all" "$base..series"
mapfile -t names < <(cd "$tmp/all" && ls *.patch | sort)
[ ${#names[@]} -eq ${#commits[@]} ] || die "format-patch wrote ${#names[@]} patches for ${#commits[@]} commits"
declare -A first last
idx=0
cur=${layers[0]}
for i in "${!commits[@]}"; do
  l=${layer_of[${names[$i]#[0-9][0-9][0-9][0-9]-}]:-$cur}
  j=0
  while [ "${layers[$j]}" != "$l" ]; do j=$((j + 1)); done
  [ "$j" -ge "$idx" ] || die "${names[$i]} belongs to layer $l, after a patch of ${layers[$idx]}: a layer's patches must come together, in the order of $patches/series"
  idx=$j cur=$l
  [ -n "${first[$l]:-}" ] || first[$l]=${commits[$i]}
  last[$l]=${commits[$i]}
done
for l in "${layers[@]}"; do
  [ -n "${first[$l]:-}" ] || die "layer $l has no commit in the worktree; remove it from $patches/series first"
  export_range "${first[$l]}^..${last[$l]}" "$patches/$l" "layer.$l.description"
done
