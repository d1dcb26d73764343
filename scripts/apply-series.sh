#!/usr/bin/env bash
# Check out GDB 16.3 with the series applied, one commit per patch.
#
# Usage: apply-series.sh BUILD_DIR PATCH_DIR
#
# Applies PATCH_DIR/series, in order, onto the pristine tree of
# BUILD_DIR/gdb.git in a scratch worktree (BUILD_DIR/am), then moves
# BUILD_DIR/src-patched to the result.  Only files whose content changed
# are rewritten there, so an incremental build recompiles only what the
# change touched.  Also makes sure BUILD_DIR/src-stock holds the
# pristine tree.  A patch that does not apply stops with its name.
set -euo pipefail

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

ensure_worktree "$build/src-stock"
ensure_worktree "$build/am"
ensure_worktree "$build/src-patched"

am () { git -C "$build/am" "$@"; }
am am --abort >/dev/null 2>&1 || true
am reset -q --hard pristine
am clean -q -fdx

list=()
if [ -f "$patches/series" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    line=$(echo "$line" | tr -d '[:space:]')
    [ -n "$line" ] && list+=("$line")
  done < "$patches/series"
fi

n=0
for p in "${list[@]}"; do
  [ -f "$patches/$p" ] || die "patches/series names $p, which does not exist"
  if ! am -c user.name="GDB PTY series" -c user.email="gdb-pty-series@localhost" \
       am -q --committer-date-is-author-date --keep-cr "$patches/$p" >/dev/null 2>&1; then
    am am --abort >/dev/null 2>&1 || true
    die "patch $p does not apply to GDB 16.3 (after $n patches)"
  fi
  n=$((n + 1))
done

head=$(am rev-parse HEAD)
git -C "$build/src-patched" reset -q --hard "$head"
echo "apply-series: $n patches applied; src-patched is at $(git -C "$build/src-patched" log -1 --format='%h %s')"
