#!/usr/bin/env bash
# Run the series' own DejaGnu tests (the first block of tests/check.list)
# against a gdb built with AddressSanitizer and UndefinedBehaviorSanitizer
# (make SANITIZE=1 builds it in build/patched-asan), so that any
# sanitizer report fails.
#
# Usage: sanitize.sh OBJ_DIR
#
# A report aborts GDB (ASan's default; UBSan by -fno-sanitize-recover and
# halt_on_error), so the test that caused it fails, and every report is
# also written to OBJ_DIR/sanitizer-logs/ (log_path): each file there
# counts as one more failure and is printed.  Leak reports are off (GDB
# leaks by design at exit, as GDB's testsuite assumes).  Prints DejaGnu's
# summary and, last, "N passed, N failed"; exits non-zero on a failure.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
obj=$(realpath -e "$1") || exit 1
jobs=${JOBS:-$(nproc)}
testsuite=$obj/gdb/testsuite
logs=$obj/sanitizer-logs

mapfile -t tests < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' \
                       "$top/tests/check.list" \
                     | awk 'NF { seen = 1; print; next } seen { exit }')

# (grep -c reads all of nm's output: with -q, nm would die of SIGPIPE.)
if ! nm "$obj/gdb/gdb" 2>/dev/null | grep -c '__asan_init' > /dev/null; then
  echo "sanitize: $obj/gdb/gdb is not built with AddressSanitizer" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

rm -rf "$logs"
mkdir -p "$logs"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"

echo "sanitize: running ${#tests[@]} DejaGnu tests with -j$jobs in $testsuite"
JOBS=$jobs run_dejagnu --nice "$testsuite" "$testsuite/check.out" "${tests[@]}"

passed=0
failed=0
sum=$testsuite/gdb.sum
if [ -f "$sum" ]; then
  sum_results "$sum" sanitize
  passed=$sum_pass
  failed=$sum_fail
else
  tail -n 30 "$testsuite/check.out"
  echo "sanitize: error: no gdb.sum was written" >&2
  failed=$((failed + 1))
fi

reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
  for r in $reports; do
    echo "=== sanitizer report $r"
    head -n 60 "$r"
  done
  n=$(echo "$reports" | wc -l)
  echo "sanitize: $n sanitizer report(s) in $logs"
  failed=$((failed + n))
else
  echo "sanitize: no sanitizer report"
fi
echo "Results: $sum"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
