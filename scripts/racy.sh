#!/usr/bin/env bash
# The series' own DejaGnu tests under GDB's race detectors: expect
# reading one byte at a time (check-read1) and reading late and more
# (check-readmore), RACY_RUNS times each (default 3), then pinned to
# CPU 0 beside a CPU hog (taskset -c 0, `yes' on CPU 0),
# RACY_HOG_RUNS times (default 1); RACY_PLAIN_RUNS plain runs before
# them (default 0).  Part of make stress (full form;
# STRESS_RACY=0 skips it).
#
# Usage: racy.sh [OBJ_DIR]
#
# The series' tests are the first block of tests/check.list (up to its
# first blank line).  They run in a testsuite directory of their own,
# build/stress/racy/gdb/testsuite (so that a make check running at the
# same time is not disturbed), as GDB's Makefile would run them
# (runtest per .exp, GDB_PARALLEL, JOBS at a time), niced.  Prints one
# line per run and every FAIL, UNRESOLVED or ERROR with the test's
# name; writes build/stress/racy/report.txt with gdb.log excerpts.
# Exits non-zero if any run had one.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
obj=$(realpath -e "${1:-$top/build/patched}") || exit 2
jobs=${JOBS:-$(nproc)}
runs=${RACY_RUNS:-3}
hog_runs=${RACY_HOG_RUNS:-1}
src_ts=$(sed -n 's/^srcdir = //p' "$obj/gdb/testsuite/Makefile")
case $src_ts in /*) ;; *) src_ts=$obj/gdb/testsuite/$src_ts ;; esac

# The first block of tests/check.list.
mapfile -t tests < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' \
                       "$top/tests/check.list" \
                     | awk 'NF { seen = 1; print; next } seen { exit }')
# RACY_TESTS="a.exp b.exp" instead, to look at a few.
[ -n "${RACY_TESTS:-}" ] && read -r -a tests <<< "$RACY_TESTS"
[ ${#tests[@]} -gt 0 ] || { echo "racy: no tests" >&2; exit 2; }

root=$top/build/stress/racy
ts=$root/gdb/testsuite
rm -rf "$root"
mkdir -p "$ts"
ln -s "$obj/gdb/gdb" "$root/gdb/gdb"
ln -s "$obj/gdb/gdb-tty-leader" "$root/gdb/gdb-tty-leader"
ln -s "$obj/gdb/data-directory" "$root/gdb/data-directory"
# gdbserver where the testsuite looks for it (find_gdbserver).
mkdir -p "$root/gdbserver"
ln -s "$obj/gdbserver/gdbserver" "$root/gdbserver/gdbserver"
cp "$obj/gdb/testsuite/site.exp" "$ts/site.exp"
gcc -o "$ts/read1.so" "$src_ts/lib/read1.c" -Wall -g -shared -fPIC || exit 2
gcc -o "$ts/readmore.so" "$src_ts/lib/read1.c" -Wall -g -shared -fPIC \
    -DREADMORE || exit 2
for m in read1 readmore; do
  printf 'export LD_PRELOAD=%s/%s.so\nexec expect "$@"\n' "$ts" "$m" \
    > "$ts/expect-$m"
  chmod +x "$ts/expect-$m"
done

report=$root/report.txt
: > "$report"
bad=0
hog=

cleanup () { [ -n "$hog" ] && kill "$hog" 2>/dev/null; }
trap cleanup EXIT

# run_one OUT EXPECT TEST [PREFIX...]: TEST once, its results in
# OUT/TEST-without-.exp/.
run_one () {
  local out=$1 expect=$2 t=$3
  shift 3
  local d=$out/${t%.exp}
  mkdir -p "$d"
  cd "$ts" && rootme=$ts srcdir=$src_ts EXPECT=$expect \
    "$@" nice -n 19 runtest --status GDB_PARALLEL=yes --outdir="$d" "$t" \
    > "$d/runtest.out" 2>&1
}
export -f run_one
export ts src_ts

# run LABEL EXPECT [PREFIX...]: every test once, JOBS at a time.
run () {
  local label=$1 expect=$2
  shift 2
  local out=$ts/runs/$label
  mkdir -p "$out"
  printf '%s\n' "${tests[@]}" \
    | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ "$out" "$expect" {} "$@"
  local sums n
  sums=$(find "$out" -name gdb.sum | sort)
  n=$(echo "$sums" | grep -c .)
  local pass=0 fail=0
  if [ "$n" -gt 0 ]; then
    pass=$(cat $sums | grep -c '^PASS: ')
    fail=$(cat $sums | grep -cE '^(FAIL|UNRESOLVED|ERROR|XPASS|KPASS): ')
  fi
  if [ "$n" -ne ${#tests[@]} ]; then
    echo "  $label: only $n of ${#tests[@]} tests wrote a gdb.sum"
    fail=$((fail + ${#tests[@]} - n))
  fi
  echo "racy: $label: $pass passes, $fail failures (${#tests[@]} tests)"
  echo "=== $label: $pass passes, $fail failures" >> "$report"
  local f
  for f in $sums; do
    local t=${f#$out/}
    t=${t%/gdb.sum}
    grep -a -E '^(FAIL|UNRESOLVED|ERROR|XPASS|KPASS): ' "$f" | while read -r line; do
      echo "  $label: $line"
      {
        echo "--- $label: $t: $line"
        # The log around the failure.
        local log=${f%.sum}.log
        grep -a -n -F -- "$line" "$log" | head -n 1 | cut -d: -f1 | {
          read -r n && [ -n "$n" ] && sed -n "$((n > 40 ? n - 40 : 1)),$((n + 3))p" "$log"
        }
      } >> "$report"
    done
  done
  [ "$fail" -eq 0 ] || bad=1
}

# RACY_PLAIN_RUNS (default 0) plain runs first: the tests alone, in
# this directory, as a quick check while make check's directory is busy.
for i in $(seq "${RACY_PLAIN_RUNS:-0}"); do
  run "plain-$i" expect
done
# As make check-read1 and check-readmore do, READ1 or READMORE is set
# in the environment too (gdb.exp gives read1 runs more time).
for i in $(seq "$runs"); do
  READ1=1 run "read1-$i" "$ts/expect-read1"
done
for i in $(seq "$runs"); do
  READMORE=1 run "readmore-$i" "$ts/expect-readmore"
done
for i in $(seq "$hog_runs"); do
  taskset -c 0 nice -n 19 yes > /dev/null &
  hog=$!
  run "cpu0-hog-$i" expect taskset -c 0
  kill "$hog"
  wait "$hog" 2>/dev/null
  hog=
done

echo "racy: report with gdb.log excerpts: $report"
exit $bad
