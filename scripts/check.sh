#!/usr/bin/env bash
# Run the series' manual check, the install check, the check of the
# README's quick commands (readme-commands.sh), the quick stress suite
# (stress.sh --quick), its unit tests and the DejaGnu tests of
# tests/check.list against a GDB build directory.  With LAYER, the
# checks of later layers are skipped.
#
# Usage: check.sh OBJ_DIR
#
# Prints DejaGnu's summary and, last, the line "N passed, N failed",
# where passed counts expected passes (and passing unit tests, the
# manual check, the install check and the stress checks) and failed
# counts unexpected failures, unresolved tests, ERRORs and core files
# (and failing unit tests, the manual check, the install check and the
# stress checks).
# The manual check (doc-check.sh) is skipped, and counts neither way,
# where there is no GDB 16.3 manual.  Exits non-zero if anything failed.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
obj=$(realpath -e "$1") || exit 1
jobs=${JOBS:-$(nproc)}
gdb=$obj/gdb/gdb
datadir=$obj/gdb/data-directory
testsuite=$obj/gdb/testsuite
srcdir=$(sed -n 's/^srcdir = //p' "$testsuite/Makefile")
case $srcdir in /*) ;; *) srcdir=$testsuite/$srcdir ;; esac

# Read a list file: one entry a line, '#' starts a comment.
read_list () {
  sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e 's/^[[:space:]]*//' "$1" \
    | grep -v '^$' || true
}

passed=0
failed=0

# The manual: the series' gdb/doc hunks apply to GDB 16.3's, and build.
bash "$top/scripts/doc-check.sh" "$(series_dir "$top")" "$(dirname "$obj")"
case $? in
  0) passed=$((passed + 1)) ;;
  77) ;;
  *) failed=$((failed + 1)) ;;
esac

# make install: into a scratch DESTDIR, the installed gdb names the
# series and runs; make uninstall removes it (install-check.sh).
if bash "$top/scripts/install-check.sh" "$obj"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi

# README.md's quick commands work as it shows them (readme-commands.sh).
if bash "$top/scripts/readme-commands.sh"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi

# With LAYER (a build of the layers up to LAYER), the tests of later
# layers are not in the tree: they are skipped, said in one line each.
partial=${LAYER:-}

# Stress and faults, the quick form of stress.sh (make stress is the
# full one): each of its checks is one pass or one failure.  They are
# the terminal's: not with LAYER.
if [ -n "$partial" ]; then
  stress_out="SKIP: stress: LAYER=$partial"
  stress_rc=0
else
  stress_out=$(bash "$top/scripts/stress.sh" --quick "$obj" 2>&1)
  stress_rc=$?
fi
sp=$(grep -c '^PASS: ' <<< "$stress_out")
sf=$(grep -c '^FAIL: ' <<< "$stress_out")
if [ "$sf" -gt 0 ]; then
  echo "$stress_out"
else
  grep -E '^(PASS|FAIL|SKIP): |^stress: ' <<< "$stress_out"
fi
if [ "$stress_rc" -ne 0 ] && [ "$sf" -eq 0 ]; then
  echo "$stress_out" | tail -n 20
  echo "FAIL: stress: stress.sh --quick exited with status $stress_rc"
  sf=1
fi
passed=$((passed + sp))
failed=$((failed + sf))

# Unit tests.
mapfile -t selftests < <(read_list "$top/tests/selftests.list")
for t in "${selftests[@]}"; do
  out=$("$gdb" -nx -batch -data-directory "$datadir" \
          -ex "maint selftest -verbose $t" 2>&1)
  line=$(echo "$out" | grep -E '^Ran [0-9]+ unit tests?, [0-9]+ failed' | tail -n 1)
  if [ -z "$line" ]; then
    echo "$out"
    echo "FAIL: maint selftest $t: no result"
    failed=$((failed + 1))
    continue
  fi
  ran=$(echo "$line" | sed -E 's/^Ran ([0-9]+) .*/\1/')
  bad=$(echo "$line" | sed -E 's/.*, ([0-9]+) failed.*/\1/')
  if [ "$ran" -eq 0 ] && [ -n "$partial" ]; then
    echo "SKIP: maint selftest $t: not in the layers up to $partial"
    continue
  fi
  if [ "$ran" -eq 0 ]; then
    echo "FAIL: maint selftest $t: no such unit test"
    failed=$((failed + 1))
    continue
  fi
  [ "$bad" -ne 0 ] && echo "$out"
  echo "selftest $t: $line"
  passed=$((passed + ran - bad))
  failed=$((failed + bad))
done

# DejaGnu tests.
# The tests of tests/check.list, but those that tests/VERSION-skip.list
# names for this GDB version (a test of a patch that the version's
# series does not need, its bug being fixed upstream).
mapfile -t tests < <(read_list "$top/tests/check.list" \
  | grep -vxF -f <(skip=$top/tests/$gdb_version-skip.list
                   [ ! -f "$skip" ] || read_list "$skip"; echo /))
present=()
for t in "${tests[@]}"; do
  if [ ! -f "$srcdir/$t" ] && [ -n "$partial" ]; then
    echo "SKIP: $t: not in the layers up to $partial"
    continue
  fi
  present+=("$t")
  if [ ! -f "$srcdir/$t" ]; then
    echo "check: error: tests/check.list names $t, which is not in the testsuite" >&2
    echo "$passed passed, $((failed + 1)) failed"
    exit 1
  fi
done
# The tests of tests/check-alone.list among them run after the others,
# one at a time: what they do reaches other tests' processes (see that
# file).
mapfile -t alone_list < <(read_list "$top/tests/check-alone.list")
together=()
alone=()
for t in "${present[@]}"; do
  if printf '%s\n' "${alone_list[@]}" | grep -qxF -- "$t"; then
    alone+=("$t")
  else
    together+=("$t")
  fi
done

# run_group NAME JOBS TEST...: run the TESTs, JOBS at a time, add their
# results to passed and failed, and keep their gdb.sum and gdb.log as
# NAME.sum and NAME.log in the testsuite directory.
run_group () {
  local name=$1 group_jobs=$2
  shift 2
  echo "check: running $# DejaGnu tests with -j$group_jobs in $testsuite"
  JOBS=$group_jobs run_dejagnu "$testsuite" "$testsuite/$name.out" "$@"
  local sum=$testsuite/gdb.sum
  if [ ! -f "$sum" ]; then
    tail -n 30 "$testsuite/$name.out"
    echo "check: error: no gdb.sum was written" >&2
    echo "$passed passed, $((failed + 1)) failed"
    exit 1
  fi
  sum_results "$sum" check
  passed=$((passed + sum_pass))
  failed=$((failed + sum_fail))
  [ "$sum_fail" -eq 0 ] || fail_excerpts "$testsuite/gdb.log"
  cp "$sum" "$testsuite/$name.sum"
  cp "$testsuite/gdb.log" "$testsuite/$name.log"
  echo "Results: $testsuite/$name.sum"
}

[ ${#together[@]} -eq 0 ] || run_group check "$jobs" "${together[@]}"
[ ${#alone[@]} -eq 0 ] || run_group check-alone 1 "${alone[@]}"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
