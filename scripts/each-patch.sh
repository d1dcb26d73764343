#!/usr/bin/env bash
# Build GDB at each step of the series, and run at each step the DejaGnu
# tests that its patch adds or changes, and those that its message
# names: every patch must build and pass on its own, without the
# patches after it.
#
# Usage: each-patch.sh BUILD_DIR PATCH_DIR
#
# The patches are applied one after the other, with git am, to the base
# tree (as apply-series.sh does) in BUILD_DIR/each/src-patched, and
# each step is built incrementally in BUILD_DIR/each/patched: git am
# rewrites only the files a patch changes, and ccache (with the same
# relative layout as BUILD_DIR/patched) reuses the objects of files
# that no later patch changes.  A first run takes about as long as a
# full build; the steps after it, a few minutes each.
#
# Prints, per patch, "each-patch: N/M NAME: built, tests: P passed,
# F failed", and last the line "N passed, N failed", counting patches.
# Exits non-zero if a patch did not apply, did not build, or failed a
# test.  Logs: BUILD_DIR/each/build-K.log, BUILD_DIR/each/out-K/
# (gdb.sum, gdb.log, the failures in results.txt).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
build=$(realpath -m "$1")
patches=$(realpath -m "$2")
repo=$build/gdb.git
each=$build/each
src=$each/src-patched
obj=$each/patched
jobs=${JOBS:-$(nproc)}

die () { echo "each-patch: error: $*" >&2; exit 2; }

# Read a list file: one entry a line, '#' starts a comment.
read_list () {
  [ -f "$1" ] || return 0
  sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e 's/^[[:space:]]*//' "$1" \
    | grep -v '^$' || true
}

[ -d "$repo" ] || die "$repo is missing; run make first"
g () { git --git-dir="$repo" "$@"; }

base=pristine
g rev-parse -q --verify refs/tags/manual >/dev/null && base=manual

mapfile -t list < <(read_series "$patches")

# A stubbed manual (Debian's source): leave the gdb/doc hunks out, as
# apply-series.sh does.
exclude=()
if manual_stubbed "$repo" "$base"; then
  exclude=(--exclude='gdb/doc/*')
fi

# A fresh checkout of the base, reused from run to run: checking out the
# base again touches only the files that the series changed.
mkdir -p "$each"
if [ ! -e "$src/.git" ]; then
  rm -rf "$src"
  g worktree prune
  g worktree add -q --detach "$src" "$base" || die "cannot check out $base"
fi
s () { git -C "$src" "$@"; }
s config user.name >/dev/null || s config user.name "GDB PTY series"
s config user.email >/dev/null || s config user.email "gdb-pty-series@localhost"
s am --abort >/dev/null 2>&1 || true
s checkout -q --detach "$base" || die "cannot check out $base"
s clean -qfdx

if [ ! -f "$obj/config.status" ]; then
  bash "$top/scripts/configure.sh" "$src" "$obj" || die "configure failed"
fi

ok=0
bad=0
n=${#list[@]}
k=0
for p in "${list[@]}"; do
  k=$((k + 1))
  log=$each/build-$k.log
  if ! s am -q --keep-cr "${exclude[@]}" "$patches/$p" \
       > "$each/am-$k.log" 2>&1; then
    echo "each-patch: $k/$n $p: does not apply (see $each/am-$k.log)"
    bad=$((bad + 1))
    break
  fi
  # gdbserver too, which shares gdb/nat/ and whose tests need it.
  if ! make -C "$obj" -j"$jobs" all-gdb all-gdbserver > "$log" 2>&1; then
    echo "each-patch: $k/$n $p: does not build (see $log)"
    grep -E 'error:' "$log" | head -n 5
    bad=$((bad + 1))
    break
  fi

  # The tests this patch adds or changes (an .exp, or the program of
  # one), and the tests its message names (the upstream tests whose
  # failure it fixes).
  mapfile -t tests < <(
    { s diff --name-only HEAD~1 HEAD -- 'gdb/testsuite/gdb.*' \
	| sed -n 's|^gdb/testsuite/\(.*\)\.[a-z]*$|\1.exp|p'
      s log -1 --format=%B \
	| grep -oE 'gdb\.[a-z0-9_]+/[A-Za-z0-9_.-]+\.exp'
    } | sort -u | while read -r t; do
      [ -f "$src/gdb/testsuite/$t" ] || continue
      grep -qxF "$t" <(read_list "$top/tests/each-patch-skip.list") \
	|| echo "$t"
    done)
  if [ ${#tests[@]} -eq 0 ]; then
    echo "each-patch: $k/$n $p: built, no tests of its own"
    ok=$((ok + 1))
    continue
  fi
  out=$each/out-$k
  rm -rf "$out"
  mkdir -p "$out"
  ts=$obj/gdb/testsuite
  JOBS=$jobs run_dejagnu "$ts" "$out/check.out" "${tests[@]}"
  if [ ! -f "$ts/gdb.sum" ]; then
    echo "each-patch: $k/$n $p: no gdb.sum was written (see $out/check.out)"
    bad=$((bad + 1))
    continue
  fi
  cp "$ts/gdb.sum" "$ts/gdb.log" "$out/" 2>/dev/null
  sum_results "$out/gdb.sum" "each-patch" > "$out/results.txt"
  echo "each-patch: $k/$n $p: built, tests (${tests[*]}):" \
       "$sum_pass passed, $sum_fail failed"
  if [ "$sum_fail" -gt 0 ]; then
    grep -E '^(FAIL|UNRESOLVED|ERROR|XPASS|KPASS):' "$out/results.txt"
    bad=$((bad + 1))
  else
    ok=$((ok + 1))
  fi
done

echo "$ok passed, $bad failed"
[ "$bad" -eq 0 ]
