#!/usr/bin/env bash
# Benchmark the patched GDB against the stock one, side by side, on a
# terminal, and print medians and ratios (it asserts nothing about
# speed).
#
# Usage: bench.sh [BUILD_DIR]      (default: build; make bench)
#
# ROUNDS=N (default 5) rounds of everything that is timed, stock and
# patched alternating in each round; OUTPUT_ROUNDS=N (default 3 x
# ROUNDS) for the output workloads and the relay probes, whose times
# vary the most on a virtual machine.  Two parts:
#
# 1. Whole GDB sessions under script(1), which gives GDB a terminal as a
#    user's would be, GDB in -batch mode:
#      output   the program writes 524288 lines (30 MiB) to its terminal
#      startup  20 runs of a program that exits at once
#      stop     2000 breakpoint hits (a breakpoint whose commands continue)
#    For each: the median wall time and the peak RSS of GDB (ru_maxrss of
#    the largest child), stock and patched, and patched/stock (for
#    output, stock time / patched time is the throughput ratio).
#
#    Between the two: the limits of this machine, by the probes of
#    ../shared/probes (relay-limit, relay-lines made from it, and
#    startup-limit; see "The limits" below), next to GDB's figures.
#
# 2. scripts/bench.py: each GDB on a pseudo-terminal of the driver's
#    own (the Gdb class of scripts/stress.py), with the program
#    scripts/stress-prog.c (compiled here, as build/bench/stress-prog):
#      cpu        GDB's own user+sys time (/proc/PID/stat, not its
#                 children) per MiB of the output workload, median; GDB's
#                 system calls per MiB (strace -c on GDB's threads, one
#                 run a side; left out without strace)
#      interrupt  interrupt key (\003 typed on GDB's terminal) to the
#                 prompt after "Program received signal SIGINT", median
#                 and p95 of BENCH_PRESSES (20) presses a round: stock and
#                 patched on a program that does not block SIGINT,
#                 patched on one that does (stock never stops there)
#      echo       a byte typed until a raw-mode program's echo of it
#                 comes back, median and p95 of BENCH_KEYS (50) a round
#      startup    ms per `run' of a program that exits at once,
#                 BENCH_RUNS (20) a round in one GDB a side, with GDB as
#                 started and with GDB holding much memory (-readnow of
#                 its own binary, then `file' the program; about 1.5 GiB
#                 and 20-40 s to load; BENCH_BLOAT=plain loads it without
#                 -readnow, BENCH_BLOAT=none leaves it out): medians,
#                 patched - stock, ratio
#      cycles     BENCH_CYCLES (100) run/interrupt/kill cycles, once a
#                 side: GDB's fds before any run, after the first and the
#                 last cycle, its VmRSS after the first and the last
#      leader     while the program runs: the session leader (the child
#                 of GDB that is the program's parent, by parentage), its
#                 comm, VmRSS and private memory; stock: n/a
#      slow       the interrupt key while the program floods and the
#                 driver drains GDB's terminal at 5 KB/s and 20 KB/s
#                 (BENCH_SLOW_RATES, bytes/s): key to stop, and the
#                 output read in between; `run &' of the output workload
#                 at GDB's prompt: time and prompts drawn; GDB's CPU at
#                 1,000 lines/s, `run' and `run &' (BENCH_LINES_SECONDS,
#                 3 s a run)
#    BENCH_ONLY=cpu,interrupt,... runs only those.
#
# Every GDB runs with `set debug-file-directory' naming an empty
# directory (see BENCH_NO_DEBUG_DIR below).
#
# Writes tests/results/bench.md (bench-VERSION.md with GDB_VERSION;
# BENCH_REPORT=FILE writes FILE instead):
# a title; a list with the date (UTC), the number of cores, ROUNDS, the
# command that reproduces it, and a warning if the patched gdb changed
# during the run; the part 1 table (workload, stock s, patched s, ratio,
# stock RSS MiB, patched RSS MiB, ratio); then one section per part 2
# measure, each a sentence saying what was measured and a table
# (columns stock, patched, ratio; or one row per GDB with median and
# p95); last, the session leader table.  The report also goes to
# stdout; progress to stderr.  ROUNDS=1 took 1.5 minutes on 2 cores.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -e "${1:-$top/build}")
# The session leader of the build tree's patched gdb, next to it,
# where that gdb finds it (stock has none).
leader=$build/patched/gdb/gdb-tty-leader
rounds=${ROUNDS:-5}
output_rounds=${OUTPUT_ROUNDS:-$((3 * rounds))}
work=$build/bench
bench_name=bench
[ "${GDB_VERSION:-16.3}" = 16.3 ] || bench_name=bench-$GDB_VERSION
report=${BENCH_REPORT:-$top/tests/results/$bench_name.md}
mkdir -p "$work" "$(dirname "$report")"
# Separate debug info (libc6-dbg's, where installed) would be read at
# every `run', by both GDBs alike: over 100 ms a run, which hides what
# the terminal costs.  Every GDB here looks for it in an empty
# directory instead (bench.py's too).
export BENCH_NO_DEBUG_DIR=$work/no-separate-debug
mkdir -p "$BENCH_NO_DEBUG_DIR"

# The patched gdb may be being rebuilt (by make, elsewhere): wait until
# both exist and have not changed for 2 s.
wait_built () {
  local f i
  for f in "$build"/{stock,patched}/gdb/gdb; do
    for i in $(seq 300); do
      [ -x "$f" ] && [ $(( $(date +%s) - $(stat -c %Y "$f") )) -ge 2 ] && break
      sleep 1
    done
  done
}
wait_built
patched_id=$(stat -c '%Y %s' "$build/patched/gdb/gdb")

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
gcc -O0 -g -Wall -o "$work/stress-prog" "$top/scripts/stress-prog.c"

# 524288 lines of 60 bytes on the terminal.
lines=524288

# The GDB commands of each workload, as -ex arguments.
workload_args () {
  case $1 in
    output|output-1cpu)
             echo "-ex 'run $lines' -ex quit $work/out" ;;
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
  wait_built
  local cmd="$gdb -nx -q -batch -data-directory $build/$side/gdb/data-directory -iex 'set debug-file-directory $BENCH_NO_DEBUG_DIR' $(workload_args "$w")"
  # output-1cpu: GDB, the program and script on CPU 0 only.
  [ "$w" != output-1cpu ] || cmd="taskset -c 0 $cmd"
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

{
  echo "# Benchmark: the series against stock GDB"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M') UTC; $(nproc) cores; $rounds rounds each ($output_rounds for output and the relay probes)," \
       "stock and patched alternating"
  echo "- Command: \`${ROUNDS:+ROUNDS=$ROUNDS }bash scripts/bench.sh${1:+ $1}\`" \
       "(\`make bench\` is \`bash scripts/bench.sh build\`; ROUNDS=N to change)"
  echo "- Medians and ratios (patched/stock), not limits: nothing here fails"
  echo
  echo "## Whole sessions: GDB -batch on a terminal (script -qfec)"
  echo
  echo "| workload | stock s | patched s | ratio | stock RSS MiB | patched RSS MiB | ratio |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
} > "$report"

for w in output output-1cpu startup stop; do
  : > "$work/$w.stock"; : > "$work/$w.patched"
  n=$rounds
  case $w in output*) n=$output_rounds ;; esac
  for r in $(seq "$n"); do
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
  eval "time_${w//-/_}_stock=$st time_${w//-/_}_patched=$pt"
done
echo >> "$report"

# The limits, measured in this run by the probes of ../shared/probes
# (PROBES=DIR to name another directory; left out if there is none):
# relay-limit's one PTY hop (mode 0, what stock's program pays) and
# its minimal relay (mode 3), at 2 cores and on CPU 0 alone; and
# startup-limit's pieces of a session leader, whose sum a+b+c+d is the
# least that `run` can take more than stock's.
#
# relay-limit's program writes 64 KiB at a time; the output workload's
# writes a line at a time (printf on a terminal), and how a relay
# reads depends on how the program writes.  So relay-limit is also
# built a second time, as relay-lines, from the same source with two
# edits (sed): its program writes its 64-byte lines one write each,
# and its relay, when done, prints its own CPU time (getrusage) and
# how many system calls it made (read, write, poll: counted in the
# relay itself, with no tracer to slow it) on stderr.  relay-lines
# measures the limit of the output workload: its hop and relay, and
# the relay's CPU and system calls per MiB, next to GDB's.
probes=${PROBES:-$top/../shared/probes}
lines_src=$work/relay-lines.c
make_relay_lines () {
  local src=$probes/relay-limit.c
  # The counting macros come after the last #include (unistd.h's).
  sed -e 's|#include <unistd.h>|#include <unistd.h>\n#include <sys/resource.h>\nstatic long nsys;\n#define read(...) (nsys++, read (__VA_ARGS__))\n#define write(...) (nsys++, write (__VA_ARGS__))\n#define poll(...) (nsys++, poll (__VA_ARGS__))|' \
      -e 's|for (long i = 0; i < mib \* 16; i++) wr (1, buf, sizeof buf);|for (long i = 0; i < mib * 16 * 1024; i++) wr (1, buf + i % 1024 * 64, 64);|' \
      -e 's|if (n <= 0) _exit (0);|if (n <= 0) { struct rusage u; getrusage (RUSAGE_SELF, \&u); fprintf (stderr, "relay-cpu %ld %ld\\n", (long) (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000000 + u.ru_utime.tv_usec + u.ru_stime.tv_usec, nsys); _exit (0); }|' \
      "$src" > "$lines_src"
  # Each edit must have taken.
  grep -q 'sys/resource.h' "$lines_src" && grep -q 'buf + i % 1024 \* 64, 64' "$lines_src" \
    && grep -q 'relay-cpu %ld %ld' "$lines_src" && grep -q '#define poll' "$lines_src" \
    && gcc -O2 -o "$work/relay-lines" "$lines_src" -lutil
}
if [ -f "$probes/relay-limit.c" ] && [ -f "$probes/startup-limit.c" ] \
   && gcc -O2 -o "$work/relay-limit" "$probes/relay-limit.c" -lutil \
   && gcc -O2 -o "$work/startup-limit" "$probes/startup-limit.c" -lutil \
   && make_relay_lines; then
  echo "bench: probes: relay-limit, relay-lines and startup-limit, $rounds rounds ($output_rounds for the relays)" >&2
  relay () { # relay [taskset args] PROBE MODE: MiB/s, median of OUTPUT_ROUNDS runs of 32 MiB
    local i
    for i in $(seq "$output_rounds"); do
      "$@" 32 2>/dev/null | sed -n 's/^mode [0-9]*: \([0-9.]*\) MiB.*/\1/p'
    done | median
  }
  # relay_cpu PROBE: the relay's CPU ms and system calls per MiB (mode
  # 3), each the median of OUTPUT_ROUNDS runs, in $lcpu and $lsys.
  relay_cpu () {
    local i runs=$work/relay-cpu.out
    for i in $(seq "$output_rounds"); do
      "$1" 3 32 2>&1 >/dev/null | grep '^relay-cpu '
    done > "$runs"
    lcpu=$(awk '{ printf "%.2f\n", $2 / 1000 / 32 }' "$runs" | median)
    lsys=$(awk '{ printf "%.0f\n", $3 / 32 }' "$runs" | median)
  }
  m0=$(relay "$work/relay-limit" 0); m3=$(relay "$work/relay-limit" 3)
  c0=$(relay taskset -c 0 "$work/relay-limit" 0)
  c3=$(relay taskset -c 0 "$work/relay-limit" 3)
  l0=$(relay "$work/relay-lines" 0); l3=$(relay "$work/relay-lines" 3)
  lc0=$(relay taskset -c 0 "$work/relay-lines" 0)
  lc3=$(relay taskset -c 0 "$work/relay-lines" 3)
  relay_cpu "$work/relay-lines"
  export BENCH_RELAY_CPU_MS=$lcpu BENCH_RELAY_SYSCALLS=$lsys
  # gdb-tty-leader, run with no GDB, complains and exits: its exec is
  # what b times.
  floor=$("$work/startup-limit" "$leader" "$work/out" 2>/dev/null \
          | tee "$work/startup-limit.out" \
          | awk '/^[abcd] / { for (i = 2; i < NF; i++) if ($(i + 1) == "us") s += $i }
                 END { printf "%.2f", s / 1000 }')
  export BENCH_STARTUP_FLOOR_MS=$floor
  # row CORES HOP RELAY STOCK_S PATCHED_S: one row of the table below.
  row () {
    awk -v n="$1" -v m0="$2" -v m3="$3" -v st="$4" -v pt="$5" 'BEGIN {
      printf "| %s | %.1f | %.1f | %.2f | %.2f | %.2f |\n",
        n, m0, m3, m3 / m0, st / pt, (st / pt) / (m3 / m0) }'
  }
  {
    echo "## The limits (probes, this run) and GDB against them"
    echo
    echo "relay-limit (32 MiB, median of $output_rounds): one PTY hop (mode 0) and a"
    echo "minimal relay that passes bytes through and writes once per drain"
    echo "(mode 3); its program writes 64 KiB at a time.  relay-lines: the"
    echo "same, its program writing a 64-byte line at a time, as the output"
    echo "workload's does (printf on a terminal): the limit for that"
    echo "workload.  \"GDB\" is the output workload above: stock time /"
    echo "patched time, the patched GDB's throughput relative to stock's."
    echo "The last column is GDB's ratio over the relay's, for relay-lines"
    echo "the same bytes written the same way (1.00: as fast as a relay can"
    echo "be; issue 23 asks for 0.90 or more)."
    echo
    echo "| cores | hop MiB/s | relay MiB/s | relay/hop | GDB patched/stock | GDB / limit |"
    echo "|---|---:|---:|---:|---:|---:|"
    row "$(nproc), relay-lines" "$l0" "$l3" "$time_output_stock" "$time_output_patched"
    row "1 (taskset -c 0), relay-lines" "$lc0" "$lc3" "$time_output_1cpu_stock" "$time_output_1cpu_patched"
    row "$(nproc), relay-limit" "$m0" "$m3" "$time_output_stock" "$time_output_patched"
    row "1 (taskset -c 0), relay-limit" "$c0" "$c3" "$time_output_1cpu_stock" "$time_output_1cpu_patched"
    echo
    echo "relay-lines' relay at $(nproc) cores, per MiB, median of $output_rounds: its own"
    echo "CPU time (getrusage) $lcpu ms, its system calls $lsys (see GDB's CPU"
    echo "and system calls per MiB below)."
    echo
    echo "startup-limit (median of 201 each; helper gdb-tty-leader, program"
    echo "the \"out\" of this benchmark): the floor a+b+c+d = $floor ms, next to"
    echo "the added ms/run in \`run\` startup below."
    echo
    echo '```'
    cat "$work/startup-limit.out"
    echo '```'
    echo
  } >> "$report"
else
  echo "- No probes in $probes (or relay-lines could not be made from it): the limits are left out" >> "$report"
  echo >> "$report"
fi

python3 "$top/scripts/bench.py" "$build" "$work" "$rounds" >> "$report"

if [ "$(stat -c '%Y %s' "$build/patched/gdb/gdb" 2>/dev/null || true)" != "$patched_id" ]; then
  sed -i '/^- Medians and ratios/a - Warning: the patched gdb was rebuilt during this run' "$report"
fi
cat "$report"
