#!/usr/bin/env bash
# Check out GDB 16.3 with the series applied, one commit per patch.
#
# Usage: apply-series.sh BUILD_DIR PATCH_DIR
#
# Applies PATCH_DIR/series, in order, onto the base tree of
# BUILD_DIR/gdb.git in a scratch worktree (BUILD_DIR/am), then moves
# BUILD_DIR/src-patched to the result.  Only files whose content changed
# are rewritten there, so an incremental build recompiles only what the
# change touched.  Also makes sure BUILD_DIR/src-stock holds the base
# tree.  A patch that does not apply stops with its name.
#
# The base is the tag "manual" (pristine with GDB_DOC's manual laid
# over it; see manual.sh) if there is one, else "pristine".  When the
# base's manual is stubbed (Debian's source), the series' gdb/doc hunks
# cannot apply: they are left out, in one line's notice, and a patch
# that has nothing else becomes an empty commit.
set -euo pipefail

. "$(dirname "$0")/lib.sh"

build=$(realpath -m "$1")
patches=$(realpath -m "$2")
repo=$build/gdb.git

die () { echo "apply-series: error: $*" >&2; exit 1; }

[ -d "$repo" ] || die "$repo is missing; run make to fetch the source"
g () { git --git-dir="$repo" "$@"; }

# Make DIR a worktree of the repository, detached at pristine.
ensure_worktree () {
  local dir=$1
  if [ ! -e "$dir/.git" ]; then
    rm -rf "$dir"
    g worktree prune
    g worktree add -q --detach "$dir" pristine
  fi
}

base=pristine
g rev-parse -q --verify refs/tags/manual >/dev/null && base=manual

ensure_worktree "$build/src-stock"
ensure_worktree "$build/am"
ensure_worktree "$build/src-patched"

# src-stock follows the base (with GDB_DOC, the manual is in it too).
if [ "$(git -C "$build/src-stock" rev-parse HEAD)" != "$(g rev-parse "$base^{commit}")" ]; then
  git -C "$build/src-stock" reset -q --hard "$base"
fi

am () { git -C "$build/am" "$@"; }
am am --abort >/dev/null 2>&1 || true
am reset -q --hard "$base"
am clean -q -fdx

mapfile -t list < <(read_series "$patches")

for p in "${list[@]}"; do
  [ -f "$patches/$p" ] || die "patches/series names $p, which does not exist"
done

# A stubbed manual (Debian's gdb.texinfo is one byte): leave the
# series' gdb/doc hunks out, if it has any.
exclude=()
if manual_stubbed "$repo" "$base"; then
  docs=()
  for p in "${list[@]}"; do
    if has_doc_hunks "$patches/$p"; then docs+=("$p"); fi
  done
  if [ ${#docs[@]} -gt 0 ]; then
    exclude=(--exclude='gdb/doc/*')
    echo "apply-series: the manual is stubbed in this source (Debian's): the series' gdb/doc hunks (in ${#docs[@]} of its patches) are left out; make GDB_DOC=DIR applies them"
  fi
fi

n=0
for p in "${list[@]}"; do
  if ! am -c user.name="GDB PTY series" -c user.email="gdb-pty-series@localhost" \
       am -q --committer-date-is-author-date --keep-cr "${exclude[@]}" \
       "$patches/$p" >/dev/null 2>&1; then
    am am --abort >/dev/null 2>&1 || true
    [ "$base" = manual ] && on=" with the manual of GDB_DOC" || on=
    die "patch $p does not apply to GDB 16.3$on (after $n patches)"
  fi
  n=$((n + 1))
done

head=$(am rev-parse HEAD)
git -C "$build/src-patched" reset -q --hard "$head"
[ "$base" = manual ] && onto=" onto GDB_DOC's manual" || onto=
echo "apply-series: $n patches applied$onto; src-patched is at $(git -C "$build/src-patched" log -1 --format='%h %s')"
