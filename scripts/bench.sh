#!/usr/bin/env bash
# Benchmark the patched GDB against the stock one, side by side, on a
# terminal (script(1) gives GDB one, as a user's would be), and print
# the ratios.
#
# Usage: bench.sh BUILD_DIR
#
# Workloads, each run ROUNDS times (default 5) per GDB, alternating:
#   output   the program writes 524288 lines (30 MB) to its terminal
#   startup  20 runs of a program that exits at once
#   stop     2000 breakpoint hits (a breakpoint whose commands continue)
# For each: the median wall time and the peak RSS of GDB (ru_maxrss of
# the largest child), stock and patched, and patched/stock.  Results go
# to stdout and to tests/results/bench.md.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -e "$1")
rounds=${ROUNDS:-5}
work=$build/bench
mkdir -p "$work" "$top/tests/results"

cat > "$work/out.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 0;
  for (long i = 0; i < n; i++)
    printf ("line %09ld of benchmark output, sixty bytes with CR LF\n", i);
  return 0;
}
EOF
cat > "$work/loop.c" <<'EOF'
static volatile int counter;
void hit (void) { counter++; }
int main (void)
{
  for (int i = 0; i < 2000; i++)
    hit ();
  return 0;
}
EOF
printf '%s\n' 'break hit' 'commands 1' 'silent' 'continue' 'end' \
  'run' 'quit' > "$work/stop.gdb"
gcc -O0 -g -o "$work/out" "$work/out.c"
gcc -O0 -g -o "$work/loop" "$work/loop.c"

# 524288 lines of 60 bytes on the terminal.
lines=524288

# The GDB commands of each workload, as -ex arguments.
workload_args () {
  case $1 in
    output)  echo "-ex 'run $lines' -ex quit $work/out" ;;
    startup) local a="" i
             for i in $(seq 20); do a="$a -ex 'run 0'"; done
             echo "$a -ex quit $work/out" ;;
    stop)    echo "-x $work/stop.gdb $work/loop" ;;
  esac
}

# measure SIDE WORKLOAD: print "seconds maxrss_kib" for one run, with
# GDB on a terminal of its own (script), its output thrown away.
measure () {
  local side=$1 w=$2
  local gdb=$build/$side/gdb/gdb
  local cmd="$gdb -nx -q -batch -data-directory $build/$side/gdb/data-directory $(workload_args "$w")"
  python3 - "$cmd" <<'EOF'
import resource, subprocess, sys, time
cmd = sys.argv[1]
# script's input stays open and empty until GDB is done: at EOF,
# script would type a byte on GDB's terminal, which GDB (batch) never
# reads, and which the series then hands to the program and takes back
# at every resume and stop.
start = time.monotonic()
p = subprocess.Popen(["script", "-qfec", cmd, "/dev/null"],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
p.wait()
elapsed = time.monotonic() - start
p.stdin.close()
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print("%.3f %d" % (elapsed, rss))
EOF
}

median () { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

report=$top/tests/results/bench.md
{
  echo "# Benchmark: the series against stock GDB"
  echo
  echo "- Date: $(date -u +%Y-%m-%d); $(nproc) cores; $rounds rounds each," \
       "stock and patched alternating; GDB on a terminal (script -qfec)"
  echo "- Reproduce: \`make bench\` (ROUNDS=N to change)"
  echo
  echo "| workload | stock s | patched s | ratio | stock RSS MiB | patched RSS MiB | ratio |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
} > "$report"

for w in output startup stop; do
  : > "$work/$w.stock"; : > "$work/$w.patched"
  for r in $(seq "$rounds"); do
    for side in stock patched; do
      measure "$side" "$w" >> "$work/$w.$side"
    done
  done
  st=$(cut -d' ' -f1 "$work/$w.stock" | median)
  pt=$(cut -d' ' -f1 "$work/$w.patched" | median)
  sr=$(cut -d' ' -f2 "$work/$w.stock" | median)
  pr=$(cut -d' ' -f2 "$work/$w.patched" | median)
  awk -v w="$w" -v st="$st" -v pt="$pt" -v sr="$sr" -v pr="$pr" 'BEGIN {
    printf "| %s | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f |\n",
      w, st, pt, pt / st, sr / 1024, pr / 1024, pr / sr }' >> "$report"
done

cat "$report"
