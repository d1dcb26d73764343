#!/usr/bin/env bash
# Stress and fault suite of the managed-terminal series (make stress).
#
# Usage: stress.sh [--quick] [--only NAME,...] [OBJ_DIR]
#
# Drives the patched gdb of OBJ_DIR (default build/patched) on a
# pseudo-terminal of the harness's own (scripts/stress.py) through:
#   cycles   run/interrupt/kill and run-to-exit cycles of a program that
#            blocks SIGINT: one stop per interrupt, GDB's fds equal and
#            RSS within 1 MiB from first to last (GDB with no separate
#            debug information), no child left
#   fuzz     random bytes typed in bursts to a raw program (it logs them:
#            exactly those bytes, in order), interrupt keys alone and in
#            bursts (one stop each; what follows is GDB's), and random
#            keys at GDB's prompt, idle or while a program prints in the
#            background (GDB stays usable; no output lost)
#   faults   no PTY (RLIMIT_NOFILE; no /dev/ptmx as root), SIGTERM,
#            SIGHUP, a hangup and SIGKILL to GDB while the program runs,
#            an error in the series' start-up (the session leader cannot
#            fork: RLIMIT_NPROC, as root), a program that dies raw,
#            detaches (setsid, TIOCNOTTY), daemonizes, or floods output
#            while the user types
# and prints one PASS or FAIL line per check, then a summary.  The
# full form then runs the series' DejaGnu tests under the race
# detectors (scripts/racy.sh: check-read1 and check-readmore style,
# 3 runs each, and pinned to CPU 0 beside a CPU hog; STRESS_RACY=0
# skips that part, which takes the longest).
#
# --quick: 20 cycles and 1000 bytes, a fixed seed, about 20 s (make
# check runs it).
# Full: 500 cycles, 10000 bytes, a random seed, printed.
# STRESS_SEED=N replays a seed; STRESS_CYCLES=N, STRESS_BYTES=N change
# the sizes.  Logs (GDB's output per check) go to stress/ beside OBJ_DIR.
# Exits non-zero if a check failed.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
args=()
obj=$top/build/patched
while [ $# -gt 0 ]; do
  case $1 in
    --quick) args+=(--quick) ;;
    --only) args+=(--only "$2"); shift ;;
    -*) echo "usage: stress.sh [--quick] [--only NAME,...] [OBJ_DIR]" >&2
        exit 2 ;;
    *) obj=$1 ;;
  esac
  shift
done
obj=$(realpath -e "$obj") || exit 2
if [ ! -x "$obj/gdb/gdb" ]; then
  echo "stress: $obj/gdb/gdb is not built" >&2
  exit 2
fi

work=$(dirname "$obj")/stress
mkdir -p "$work"
prog=$work/stress-prog
if [ ! -x "$prog" ] || [ "$top/scripts/stress-prog.c" -nt "$prog" ]; then
  gcc -g -O0 -Wall -o "$prog" "$top/scripts/stress-prog.c" || exit 2
fi

# With a sanitizer build (make stress SANITIZE=1), a report aborts GDB,
# which fails the check, and goes to build/stress/sanitizer/ (GDB's
# terminal may be gone); GDB's leaks at exit are no report.
rm -rf "$work/sanitizer"
mkdir -p "$work/sanitizer"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:log_path=$work/sanitizer/asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:log_path=$work/sanitizer/ubsan}
# ASan's quarantine keeps freed memory: GDB's RSS says nothing then.
if nm "$obj/gdb/gdb" 2>/dev/null | grep -c '__asan_init' > /dev/null; then
  export STRESS_ASAN=1
fi

python3 "$top/scripts/stress.py" "${args[@]}" "$obj" "$prog" "$work"
rc=$?
for r in "$work"/sanitizer/*; do
  [ -f "$r" ] || continue
  echo "=== sanitizer report $r"
  head -n 40 "$r"
  rc=1
done

# The full form also runs the series' tests under the race detectors
# (long; STRESS_RACY=0 skips them).
case " ${args[*]} " in
  *" --quick "*|*" --only "*) exit $rc ;;
esac
if [ "${STRESS_RACY:-1}" != 0 ]; then
  echo
  echo "=== race detectors: the series' tests under check-read1, check-readmore and a CPU hog"
  bash "$top/scripts/racy.sh" "$obj" || rc=1
fi
exit $rc
