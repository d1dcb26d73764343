#!/usr/bin/env python3
"""The interactive half of make bench: stock and patched GDB side by
side on a pseudo-terminal of the driver's own, as a user's terminal
would be (the Gdb class of scripts/stress.py), with
scripts/stress-prog.c as the program.  Run by scripts/bench.sh, which
compiles the programs first.

Usage: bench.py BUILD_DIR WORK_DIR ROUNDS

Prints Markdown tables (for tests/results/bench.md) on stdout, progress
on stderr.  Measures, the two GDBs alternating in each round, and says
medians and ratios (it asserts nothing about speed):

  cpu       GDB's own CPU time (user+sys, /proc/PID/stat, without its
            children) per MiB of program output, and its system calls
            per MiB: counted (perf stat, median) and, once, traced by
            strace -c on GDB's threads for the most frequent ones
  interrupt the interrupt key (\\003 typed on GDB's terminal) to GDB's
            prompt after "Program received signal SIGINT": median, p95
  echo      a byte typed on GDB's terminal until a raw-mode program's
            echo of it comes back: median, p95
  startup   per `run' of a program that exits at once, with GDB as
            started and with GDB holding much memory (-readnow of
            GDB's own binary, then `file' the program)
  cycles    100 run/interrupt/kill cycles: GDB's fds and VmRSS, first
            and last
  slow      the interrupt key on a terminal drained at 5 and 20 KB/s
            while the program floods it; `run &' of 30 MiB at the
            prompt (time, prompts drawn); GDB's CPU at 1,000 lines/s
  leader    the session leader (the child of GDB that is the program's
            parent; found by parentage): its comm, VmRSS and private
            memory, while the program runs

BENCH_PRESSES (default 20), BENCH_KEYS (50), BENCH_RUNS (20) and
BENCH_CYCLES (100) change the sizes; BENCH_BLOAT=plain loads GDB's
binary without -readnow (quicker, less memory), BENCH_BLOAT=none skips
the bloated GDB; BENCH_SLOW_RATES (5000,20000 bytes/s),
BENCH_SLOW_PRESSES (5) and BENCH_LINES_SECONDS (3) size the slow
section; BENCH_ONLY=cpu,interrupt,echo,startup,cycles,slow runs only
those.
"""

import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stress  # noqa: E402
from stress import Gdb, PROMPT, STOP, TIMEOUT, TestFailure, now  # noqa: E402

SIDES = ("stock", "patched")
LINES = 524288          # lines of 60 bytes: 30 MiB, as bench.sh's output
MIB = LINES * 60 / (1 << 20)
EXITED = re.compile(rb"\[Inferior 1 \(process \d+\) exited normally\]")
CLK = os.sysconf("SC_CLK_TCK")
# Separate debug info (libc6-dbg's, where it is installed) would be read
# at every `run', by both GDBs alike: over 100 ms a run, which hides
# what the terminal costs.  Both GDBs look for it in an empty directory
# (bench.sh's GDBs too).
NO_SEPARATE_DEBUG = ["-iex", "set debug-file-directory %s"
                     % os.environ.get("BENCH_NO_DEBUG_DIR", "/nonexistent")]


def log(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def wait_built(path, timeout=300):
    """GDB may be being rebuilt: wait until PATH exists and has not
    changed for 2 s."""
    end = now() + timeout
    while now() < end:
        try:
            if time.time() - os.stat(path).st_mtime > 2 \
               and os.access(path, os.X_OK):
                return
        except OSError:
            pass
        time.sleep(1)
    raise TestFailure("%s missing for %d s" % (path, timeout))


class Side:
    """One GDB build; what stress.Gdb needs of its harness."""

    def __init__(self, build, name, work):
        self.name = name
        self.gdb = os.path.join(build, name, "gdb", "gdb")
        self.datadir = os.path.join(build, name, "gdb", "data-directory")
        self.work = work
        self.env = stress.gdb_env(work)

    def spawn(self, args):
        wait_built(self.gdb)
        return Gdb(self, NO_SEPARATE_DEBUG + args, "bench-" + self.name,
                   log=False)

    def start(self, args, timeout=TIMEOUT):
        g = self.spawn(args)
        g.prompt(timeout)
        return g


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def p95(xs):
    xs = sorted(xs)
    return xs[max(0, math.ceil(0.95 * len(xs)) - 1)] if xs else float("nan")


def ratio(a, b):
    return "%.2f" % (b / a) if a > 0 else "-"


def cpu_seconds(pid):
    """User+sys CPU time of process PID (all its threads, not its
    children)."""
    with open("/proc/%d/stat" % pid, "rb") as f:
        fields = f.read().rsplit(b")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK


def status_kib(pid, key):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def private_kib(pid):
    """Private_Clean + Private_Dirty of PID (what it does not share
    with GDB, which it may be a fork of)."""
    n = 0
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                if line.startswith(("Private_Clean:", "Private_Dirty:")):
                    n += int(line.split()[1])
    except OSError:
        return None
    return n


def find_leader(g, timeout=5.0):
    """While the program runs: (leader, program) below GDB, by
    parentage: the leader is a child of GDB with a child of its own;
    with no such child, (None, GDB's child)."""
    start = now()
    while True:
        table = stress.proc_table()
        kids = [p for p, (pp, st, c) in table.items()
                if pp == g.pid and st != "Z"]
        for k in kids:
            grand = [p for p, (pp, st, c) in table.items()
                     if pp == k and st != "Z"]
            if grand:
                return k, grand[0]
        # A child with none of its own for a while is the program.
        if (kids and now() - start > 0.5) or now() - start > timeout:
            return None, kids[0] if kids else None
        time.sleep(0.02)


def comm(pid):
    try:
        with open("/proc/%d/comm" % pid) as f:
            return f.read().strip()
    except OSError:
        return "?"


def leader_figures(side, g, label):
    """A row about the session leader of the running program."""
    leader, prog = find_leader(g)
    if leader is None:
        return ("| %s | n/a: GDB's child is the program itself (`%s`) "
                "| - | - | %.1f |" % (label, comm(prog) if prog else "?",
                                      g.rss_kib() / 1024))
    return ("| %s | `%s` (pid %d, parent of `%s`) | %.1f | %.1f | %.1f |"
            % (label, comm(leader), leader, comm(prog),
               status_kib(leader, "VmRSS") / 1024,
               (private_kib(leader) or 0) / 1024, g.rss_kib() / 1024))


def kill_program(g):
    """End a program that the interrupt key may not stop (a raw one
    under stock GDB): SIGKILL it, by parentage."""
    leader, prog = find_leader(g)
    if prog:
        os.kill(prog, signal.SIGKILL)
        g.expect(rb"Program terminated with signal SIGKILL", "the SIGKILL")
        g.prompt()


# --- the measures ------------------------------------------------------------


def run_output(g):
    """`run' the output program, to the prompt after its exit."""
    g.cmd("run")
    g.expect(EXITED, "the end of the output", timeout=600, forget=True)
    g.prompt()


def output_cpu(side, out):
    """One run of OUT (30 MiB): GDB's CPU seconds."""
    g = side.start(["--args", out, str(LINES)])
    try:
        g.drain(0.2)
        c0 = cpu_seconds(g.pid)
        run_output(g)
        return cpu_seconds(g.pid) - c0
    finally:
        g.quit()


def run_output_watched(side, out, watcher):
    """One run of OUT, with a tool watching GDB: WATCHER(g) starts it
    once GDB waits at its prompt and returns its process, which gets a
    SIGINT (to write its report) once the run is over."""
    g = side.start(["--args", out, str(LINES)])
    st = None
    try:
        st = watcher(g)
        g.drain(0.3)
        run_output(g)
    finally:
        if st:
            st.send_signal(signal.SIGINT)
            st.wait()
        g.quit()


def output_syscalls(side, out, work):
    """One run of OUT under strace -c, attached to each of GDB's threads
    (-p each; not -f, which would take GDB's children, its tracees):
    (calls, the most frequent syscalls)."""
    path = os.path.join(work, "strace-%s.txt" % side.name)

    def strace(g):
        tids = sorted(os.listdir("/proc/%d/task" % g.pid))
        st = subprocess.Popen(["strace", "-c", "-q", "-o", path]
                              + [a for t in tids for a in ("-p", t)],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        end = now() + 10
        while status_kib(g.pid, "TracerPid") != st.pid and now() < end:
            time.sleep(0.02)
        return st

    run_output_watched(side, out, strace)
    calls, top = 0, []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) >= 5 and w[-1] == "total":
                calls = int(w[3])
            elif len(w) >= 5 and w[3].isdigit() and not w[-1].startswith("-"):
                top.append((int(w[3]), w[-1]))
    top.sort(reverse=True)
    return calls, top[:4]


def output_syscalls_perf(side, out, work):
    """One run of OUT under `perf stat -i -e raw_syscalls:sys_enter -p
    PID' (a counter: no tracer slows GDB, as strace -c does): the system
    calls of GDB's threads, or None if perf could not count them."""
    path = os.path.join(work, "perf-%s.csv" % side.name)

    def perf(g):
        # -i: GDB's children (the program, the session leader) do not
        # inherit the counter.
        st = subprocess.Popen(["perf", "stat", "-i", "-x", ",", "-o", path,
                               "-e", "raw_syscalls:sys_enter",
                               "-p", str(g.pid)],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        # perf says nothing when it is attached; GDB is idle meanwhile.
        time.sleep(0.5)
        return st

    run_output_watched(side, out, perf)
    try:
        with open(path) as f:
            for line in f:
                w = line.split(",")
                if len(w) > 2 and w[2] == "raw_syscalls:sys_enter" \
                   and w[0].isdigit():
                    return int(w[0])
    except OSError:
        pass
    return None


def interrupt_latency(side, prog, mode, presses, leaders):
    """PRESSES interrupt keys while PROG (MODE) runs: the latencies (s)."""
    g = side.start(["--args", prog, mode])
    out = []
    try:
        g.cmd("run")
        g.expect(rb"stress-ready", "the program's first line")
        g.drain(0.1)
        leaders.append(leader_figures(side, g, "%s, program `%s`"
                                      % (side.name, mode)))
        for i in range(presses):
            t0 = now()
            g.interrupt("the stop (interrupt %d)" % (i + 1))
            out.append(now() - t0)
            g.cmd("continue")
            g.expect(rb"Continuing\.", "`continue'")
            g.drain(0.05)
    finally:
        g.quit()
    return out


def throttle(g, rate):
    """Make G read GDB's terminal at RATE bytes a second at most, as a
    slow link (ssh, a serial console) drains a terminal: at most
    RATE/100 bytes every 10 ms."""
    quantum = 0.01
    g.read_size = max(1, int(rate * quantum))
    fill = g._fill

    def slow_fill(timeout):
        time.sleep(quantum)
        return fill(max(timeout - quantum, 0))

    g._fill = slow_fill


def read_for(g, seconds):
    """Read GDB's terminal for SECONDS, however much keeps coming."""
    end = now() + seconds
    while now() < end:
        g._fill(min(end - now(), 0.05))


def slow_interrupt(side, prog, rate, presses):
    """PRESSES interrupt keys while PROG floods its terminal (mode
    flood-sigint, which stock can stop too) and GDB's terminal is
    drained at RATE bytes a second: for each, the seconds from the key
    to "Program received signal SIGINT" and the bytes of output read
    in between."""
    g = side.start(["--args", prog, "flood-sigint"])
    out = []
    try:
        throttle(g, rate)
        g.cmd("run")
        g.expect(rb"stress-flood line", "the program's output", timeout=60)
        for i in range(presses):
            read_for(g, 1.0)
            t0, at = now(), len(g.buf)
            g.send(b"\x03")
            m = g.expect(STOP, "the stop (slow interrupt %d)" % (i + 1),
                         timeout=120)
            out.append((now() - t0, m.start() - at))
            g.prompt(timeout=120)
            g.cmd("continue")
            g.expect(rb"Continuing\.", "`continue'", timeout=120)
    finally:
        g.quit()
    return out


def background_flood(side, out):
    """`run &' of OUT (30 MiB) at GDB's prompt: the seconds to the exit
    notice, and the prompts drawn meanwhile."""
    g = side.start(["--args", out, str(LINES)])
    try:
        g.drain(0.2)
        g.pos = len(g.buf)
        # Count the prompts as the output arrives, since it is forgotten
        # meanwhile (a prompt split between two reads counts too).
        count = {"n": 0, "tail": b""}
        fill = g._fill

        def counting_fill(timeout):
            before = len(g.buf)
            got = fill(timeout)
            chunk = count["tail"] + bytes(g.buf[before:])
            count["n"] += len(PROMPT.findall(chunk))
            count["tail"] = chunk[-5:] if not chunk.endswith(b"(gdb) ") \
                else b""
            return got

        g._fill = counting_fill
        t0 = now()
        g.cmd("run &")
        g.expect(EXITED, "the end of the output", timeout=600, forget=True)
        t = now() - t0
        g.drain(0.3)
        return t, count["n"]
    finally:
        g.quit()


def lines_cpu(side, prog, seconds, background):
    """A run of PROG writing 1,000 lines a second for SECONDS, in the
    foreground or with `run &': GDB's CPU seconds."""
    g = side.start(["--args", prog, "lines-1k", str(seconds)])
    try:
        g.drain(0.2)
        c0 = cpu_seconds(g.pid)
        g.cmd("run &" if background else "run")
        g.expect(EXITED, "the end of the lines", timeout=seconds + 60)
        g.drain(0.3)
        return cpu_seconds(g.pid) - c0
    finally:
        g.quit()


def echo_latency(side, prog, keys):
    """KEYS bytes typed to a raw-mode program that echoes them: the
    times until each came back (s)."""
    g = side.start(["--args", prog, "rawecho"])
    out = []
    try:
        g.cmd("run")
        g.expect(rb"stress-raw-ready\r\n", "the raw program's first line")
        g.drain(0.1)
        for i in range(keys):
            b = bytes([0x61 + i % 26])
            g.send(b)
            t0 = now()
            g.expect(re.escape(b), "the echo of key %d" % (i + 1),
                     timeout=10)
            out.append(now() - t0)
            g.drain(0.01)
        kill_program(g)
    finally:
        g.quit()
    return out


def time_runs(g, runs):
    """RUNS `run's of the program in mode exit: seconds each."""
    out = []
    for _ in range(runs):
        g.send(b"run exit\n")
        t0 = now()
        g.expect(EXITED, "the exit")
        g.prompt()
        out.append(now() - t0)
    return out


def startup(sides, prog, rounds, runs, bloat):
    """Per-run seconds in one GDB a side, the sides alternating each
    round; BLOAT: None (GDB as started), or the arguments that load
    GDB's own binary first.  Returns {side: [s]}, {side: RSS KiB} and
    the leader rows (while a program runs, after the runs)."""
    gs = {}
    try:
        for s in sides:
            # Both load at once (with -readnow, the longest part).
            gs[s.name] = s.spawn([prog] if bloat is None else bloat + [s.gdb])
        for s in sides:
            g = gs[s.name]
            g.prompt(timeout=1800)
            if bloat is not None:
                g.cmd("file " + prog)
                g.prompt(timeout=600)
        times = {s.name: [] for s in sides}
        for r in range(rounds):
            for s in sides:
                times[s.name] += time_runs(gs[s.name], runs)
        rss = {s.name: gs[s.name].rss_kib() for s in sides}
        rows = []
        for s in sides:
            g = gs[s.name]
            g.cmd("run loop-sigint")
            g.expect(rb"stress-ready", "the program's first line")
            rows.append(leader_figures(s, g, "%s, GDB %s" % (
                s.name, "as started" if bloat is None
                else "holding much memory")))
            g.interrupt()
            g.kill_program()
        return times, rss, rows
    finally:
        for g in gs.values():
            g.quit()


def cycles(side, prog, n):
    """N run/interrupt/kill cycles: GDB's fds before any run, after the
    first and after the last cycle, RSS after the first and the last,
    and the median cycle (s)."""
    g = side.start(["--args", prog, "loop-sigint"])
    took = []

    def cycle(g, i):
        t0 = now()
        stress.interrupt_kill(g, i)
        took.append(now() - t0)
    try:
        fds0, fds1, fds2, rss1, rss2, worst = stress.run_cycles(
            g, n, 1, cycle)
    finally:
        g.quit()
    return fds0, fds1, fds2, rss1, rss2, median(took)


# --- main --------------------------------------------------------------------


def ms(x):
    return "%.2f" % (x * 1000)


class Bench:
    """The sides, the programs and the sizes; each section below prints
    its table."""

    def __init__(self, build, work, rounds):
        self.work, self.rounds = work, rounds
        self.presses = int(os.environ.get("BENCH_PRESSES", 20))
        self.keys = int(os.environ.get("BENCH_KEYS", 50))
        self.runs = int(os.environ.get("BENCH_RUNS", 20))
        self.ncycles = int(os.environ.get("BENCH_CYCLES", 100))
        self.bloat = os.environ.get("BENCH_BLOAT", "readnow")
        self.prog = os.path.join(work, "stress-prog")
        self.out = os.path.join(work, "out")
        self.sides = [Side(build, name, work) for name in SIDES]
        self.leaders = []

    def alternate(self, fn, *args):
        """FN(side, *ARGS) for each side, stock first, in each round:
        {side: [results]}."""
        res = {s.name: [] for s in self.sides}
        for r in range(self.rounds):
            for s in self.sides:
                res[s.name].append(fn(s, *args))
        return res


def section_cpu(b):
    log("cpu: %d rounds of %.0f MiB of output" % (b.rounds, MIB))
    cpu = b.alternate(output_cpu, b.out)
    sc = {}
    if shutil.which("strace"):
        log("cpu: one run each under strace -c")
        sc = {s.name: output_syscalls(s, b.out, b.work) for s in b.sides}
    pc = {}
    if shutil.which("perf"):
        log("cpu: %d rounds under perf stat" % b.rounds)
        pc = b.alternate(output_syscalls_perf, b.out, b.work)
        if any(n is None for runs in pc.values() for n in runs):
            pc = {}
    cs, cp = (median(cpu[s]) * 1000 / MIB for s in SIDES)
    print("## GDB's CPU per MiB of program output")
    print()
    print("%.0f MiB (the output workload) written by the program; GDB's "
          "own user+sys time from `/proc/PID/stat` (not its children), from "
          "the prompt before `run` to the prompt after the exit, median of "
          "%d runs; system calls of GDB's threads counted by `perf stat -i -e "
          "raw_syscalls:sys_enter -p PID` (median of %d runs), and traced "
          "by `strace -c -p TID...` (not `-f`: GDB's children are its "
          "tracees; one run; the tracer slows GDB, which then finds more "
          "in each read) for the most frequent ones."
          % (MIB, b.rounds, b.rounds))
    print()
    print("| | stock | patched | ratio |")
    print("|---|---:|---:|---:|")
    print("| GDB CPU ms per MiB | %.1f | %.1f | %s |" % (cs, cp, ratio(cs, cp)))
    relay = os.environ.get("BENCH_RELAY_CPU_MS")
    if relay:
        print("| the probe's minimal relay (relay-lines, mode 3), CPU ms per "
              "MiB | - | %s | GDB / relay %s |"
              % (relay, ratio(float(relay), cp)))
    relay_sys = os.environ.get("BENCH_RELAY_SYSCALLS")
    if pc:
        ps, pp = (median(pc[s]) / MIB for s in SIDES)
        print("| GDB syscalls per MiB, counted (perf stat, median) | %.0f | "
              "%.0f | %s |" % (ps, pp, ratio(ps, pp)))
        if relay_sys:
            print("| the probe's minimal relay (relay-lines, mode 3), "
                  "syscalls per MiB, counted | - | %s | GDB / relay %s |"
                  % (relay_sys, ratio(float(relay_sys), pp)))
    if not sc:
        print()
        print("- syscalls: not traced (no strace)")
    else:
        print("| GDB syscalls per MiB, traced (strace -c, one run) | %.0f "
              "| %.0f | %s |"
              % (sc["stock"][0] / MIB, sc["patched"][0] / MIB,
                 ratio(sc["stock"][0], sc["patched"][0])))
        print()
        for s in SIDES:
            print("- %s's most frequent: %s" % (s, ", ".join(
                "%s %.0f/MiB" % (name, n / MIB) for n, name in sc[s][1])
                or "none"))
    print()


def interrupt_table(b, busy, one_core):
    """Measure and print the interrupt latency of one kind of program:
    BUSY (stress-prog `spin', never sleeping) or sleeping in `pause'
    (`loop'); ONE_CORE pins the driver, GDB and the program to CPU 0."""
    stock, patched = b.sides
    base = "spin" if busy else "loop"
    configs = [(stock, base + "-sigint"), (patched, base + "-sigint"),
               (patched, base)]
    lat = {(s.name, m): [] for s, m in configs}
    saved = os.sched_getaffinity(0)
    if one_core:
        os.sched_setaffinity(0, {min(saved)})
    try:
        for r in range(b.rounds):
            for s, m in configs:
                lat[(s.name, m)] += interrupt_latency(
                    s, b.prog, m, b.presses,
                    b.leaders if r == 0 and not busy else [])
    finally:
        os.sched_setaffinity(0, saved)
    print("### The program %s, %s"
          % ("busy (it never sleeps)" if busy else "sleeping in `pause`",
             "everything on one CPU (sched_setaffinity, CPU %d)" % min(saved)
             if one_core else "on all %d cores" % len(saved)))
    print()
    print("| program | GDB | presses | median | p95 |")
    print("|---|---|---:|---:|---:|")
    for s, m in configs:
        x = lat[(s.name, m)]
        print("| %s | %s | %d | %s | %s |"
              % ("SIGINT not blocked" if m.endswith("-sigint")
                 else "SIGINT blocked",
                 s.name, len(x), ms(median(x)), ms(p95(x))))
    print("| SIGINT blocked | stock | - | n/a: never stops (PR 9425) | |")
    x, y = (lat[("stock", base + "-sigint")],
            lat[("patched", base + "-sigint")])
    print()
    print("- patched/stock, same program: median %s, p95 %s"
          % (ratio(median(x), median(y)), ratio(p95(x), p95(y))))
    print()


def section_interrupt(b):
    log("interrupt: %d rounds of %d presses" % (b.rounds, b.presses))
    print("## Interrupt latency")
    print()
    print("The interrupt key (`\\003` typed on GDB's terminal) to GDB's "
          "prompt after \"Program received signal SIGINT\" (stress-prog "
          "`loop-sigint` and `spin-sigint`: SIGINT not blocked; `loop` "
          "and `spin`: blocked), `continue` and 50 ms between presses; "
          "ms.  A busy program on the same CPU as GDB is the worst case: "
          "the kernel's SIGINT (stock) needs no help from GDB, GDB's "
          "SIGSTOP (patched) needs GDB to run first.")
    print()
    interrupt_table(b, False, False)
    interrupt_table(b, True, False)
    interrupt_table(b, True, True)


def section_slow(b):
    rates = [int(x) for x in
             os.environ.get("BENCH_SLOW_RATES", "5000,20000").split(",")]
    presses = int(os.environ.get("BENCH_SLOW_PRESSES", 5))
    secs = int(os.environ.get("BENCH_LINES_SECONDS", 3))
    print("## Output that GDB's terminal or GDB is slow to take")
    print()
    print("The interrupt key while the program (stress-prog "
          "`flood-sigint`, SIGINT not blocked, so that stock stops it "
          "too) writes lines as fast as it can and the driver reads GDB's "
          "terminal at a fixed rate, as a slow link drains it: %d "
          "presses a side and rate, 1 s of output before each, "
          "`continue` after; the time from the key to \"Program received "
          "signal SIGINT\" (median and worst, s), and the output read "
          "in between (median, KB): a terminal's interrupt character "
          "discards the output not yet written." % presses)
    print()
    print("| rate | stock s | patched s | ratio | stock worst s "
          "| patched worst s | stock KB after | patched KB after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for rate in rates:
        log("slow: interrupt at %d bytes/s" % rate)
        res = {s.name: slow_interrupt(s, b.prog, rate, presses)
               for s in b.sides}
        t = {k: [x[0] for x in v] for k, v in res.items()}
        kb = {k: [x[1] / 1000.0 for x in v] for k, v in res.items()}
        print("| %.0f KB/s | %.2f | %.2f | %s | %.2f | %.2f | %.1f | %.1f |"
              % (rate / 1000.0, median(t["stock"]), median(t["patched"]),
                 ratio(median(t["stock"]), median(t["patched"])),
                 max(t["stock"]), max(t["patched"]),
                 median(kb["stock"]), median(kb["patched"])))
    print()

    log("slow: %d rounds of a background flood" % b.rounds)
    bg = b.alternate(background_flood, b.out)
    print("`run &` of the output program (%.0f MiB, as in part 1) at "
          "GDB's prompt, %d rounds: the time to the exit notice (median, "
          "s), and the prompts drawn meanwhile (median; stock draws none: "
          "the output lands after its prompt)." % (MIB, b.rounds))
    print()
    print("| GDB | s | prompts drawn |")
    print("|---|---:|---:|")
    for s in b.sides:
        print("| %s | %.2f | %d |"
              % (s.name, median([x[0] for x in bg[s.name]]),
                 median([x[1] for x in bg[s.name]])))
    print()
    print("- patched/stock time: %s"
          % ratio(median([x[0] for x in bg["stock"]]),
                  median([x[0] for x in bg["patched"]])))
    print()

    log("slow: %d rounds of %d s at 1,000 lines/s" % (b.rounds, secs))
    fg = b.alternate(lines_cpu, b.prog, secs, False)
    bgc = b.alternate(lines_cpu, b.prog, secs, True)
    print("GDB's own CPU time (user+sys, not its children's) while the "
          "program writes 1,000 lines of 60 bytes a second, one write "
          "each, for %d s (stress-prog `lines-1k`), in the foreground and "
          "with `run &` at the prompt; ms of CPU per second of output, "
          "median of %d rounds." % (secs, b.rounds))
    print()
    print("| run | stock ms/s | patched ms/s | patched - stock |")
    print("|---|---:|---:|---:|")
    for label, res in (("`run`", fg), ("`run &`", bgc)):
        st = median(res["stock"]) * 1000 / secs
        pa = median(res["patched"]) * 1000 / secs
        print("| %s | %.1f | %.1f | %+.1f |" % (label, st, pa, pa - st))
    print()


def section_echo(b):
    log("echo: %d rounds of %d keys" % (b.rounds, b.keys))
    echo = {k: sum(v, []) for k, v in
            b.alternate(echo_latency, b.prog, b.keys).items()}
    print("## Keystroke echo through a raw-mode program")
    print()
    print("A byte typed on GDB's terminal until it comes back from a "
          "program that `cfmakeraw`s its terminal and writes back what it "
          "reads (stress-prog `rawecho`), 10 ms between keys; ms.")
    print()
    print("| GDB | keys | median | p95 |")
    print("|---|---:|---:|---:|")
    for s in SIDES:
        print("| %s | %d | %s | %s |" % (s, len(echo[s]), ms(median(echo[s])),
                                         ms(p95(echo[s]))))
    print()
    print("- patched/stock: median %s, p95 %s"
          % (ratio(median(echo["stock"]), median(echo["patched"])),
             ratio(p95(echo["stock"]), p95(echo["patched"]))))
    print()


def section_startup(b):
    variants = [("as started", None)]
    if b.bloat != "none":
        readnow = b.bloat == "readnow"
        variants.append(("holding much memory (%sits own binary, then "
                         "`file`)" % ("-readnow " if readnow else ""),
                         ["-readnow"] if readnow else []))
    rows = []
    for label, bloat in variants:
        log("startup: GDB %s: %d rounds of %d runs"
            % (label, b.rounds, b.runs))
        times, rss, lrows = startup(b.sides, b.prog, b.rounds, b.runs, bloat)
        b.leaders += lrows
        ts, tp = median(times["stock"]), median(times["patched"])
        floor = os.environ.get("BENCH_STARTUP_FLOOR_MS")
        rows.append("| %s | %.0f / %.0f | %s | %s | %+.2f | %s | %s |"
                    % (label, rss["stock"] / 1024, rss["patched"] / 1024,
                       ms(ts), ms(tp), (tp - ts) * 1000, ratio(ts, tp),
                       "%s (%+.2f)" % (floor, (tp - ts) * 1000 - float(floor))
                       if floor else "-"))
    print("## `run` startup")
    print()
    print("A program that exits at once (stress-prog `exit`), %d runs in "
          "one GDB a side per round, %d rounds, the GDBs alternating; ms "
          "per run (`run` typed to the prompt after the exit), median; RSS "
          "is GDB's after the runs." % (b.runs, b.rounds))
    print()
    print("The floor is the probes' a+b+c+d (see the limits above), and in "
          "parentheses what the added time exceeds it by.")
    print()
    print("| GDB | RSS MiB stock / patched | stock ms/run | patched ms/run "
          "| added ms/run | ratio | floor ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print(row)
    print()


def section_cycles(b):
    log("cycles: %d run/interrupt/kill cycles a side" % b.ncycles)
    cyc = {s.name: cycles(s, b.prog, b.ncycles) for s in b.sides}
    print("## %d run/interrupt/kill cycles" % b.ncycles)
    print()
    print("One GDB a side, the program stress-prog `loop-sigint`; GDB's "
          "open fds and VmRSS after the first cycle and after the last.")
    print()
    print("| GDB | fds before any run | fds first | fds last | RSS first "
          "KiB | RSS last KiB | RSS growth KiB | ms per cycle |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s in SIDES:
        f0, f1, f2, r1, r2, t = cyc[s]
        print("| %s | %d | %d | %d | %d | %d | %+d | %s |"
              % (s, f0, f1, f2, r1, r2, r2 - r1, ms(t)))
    print()


def section_leader(b):
    print("## The session leader")
    print()
    print("While the program runs (in the first round of the interrupt "
          "latency, and after the startup runs): the child of GDB that is "
          "the program's parent, found by parentage; its "
          "`/proc/PID/comm`, VmRSS, and private memory (Private_Clean + "
          "Private_Dirty of `smaps_rollup`: what it shares with no other "
          "process).  Stock GDB has none: its child is the program.")
    print()
    print("| GDB, program | leader | VmRSS MiB | private MiB "
          "| GDB's VmRSS MiB |")
    print("|---|---|---:|---:|---:|")
    for row in b.leaders:
        print(row)
    print()


SECTIONS = [("cpu", section_cpu), ("interrupt", section_interrupt),
            ("echo", section_echo), ("startup", section_startup),
            ("cycles", section_cycles), ("slow", section_slow)]


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    b = Bench(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    only = set(x for x in os.environ.get("BENCH_ONLY", "").split(",") if x)
    for name, fn in SECTIONS:
        if not only or name in only:
            fn(b)
    if b.leaders:
        section_leader(b)
    return 0


if __name__ == "__main__":
    sys.exit(main())
