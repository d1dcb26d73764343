#!/usr/bin/env python3
"""Stress and fault suite for the managed-terminal series (make stress).

Drives the patched GDB on a pseudo-terminal that this script creates,
as a user's terminal would be, and checks that GDB survives cycles,
typed-input fuzzing and faults.  Run through scripts/stress.sh, which
compiles the helper program (scripts/stress-prog.c) first.

Usage: stress.py [--quick] [--only NAME,...] OBJ_DIR PROG WORKDIR

Prints one "PASS: name: details" or "FAIL: name: details" line per
check, then a summary.  STRESS_SEED=N replays a fuzzing run;
STRESS_CYCLES=N and STRESS_BYTES=N change the sizes.  Exits 1 if any
check failed.
"""

import argparse
import ctypes
import errno
import fcntl
import os
import random
import re
import resource
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time

# How long to wait for anything GDB is expected to print.  Generous:
# the machine may be loaded (make check runs tests in parallel).
TIMEOUT = 60.0

STOP = re.compile(rb"Program received signal SIGINT, Interrupt\.")
ANY_SIGNAL = re.compile(rb"Program received signal (\w+)[^\r\n]*\r?\n")
PROMPT = re.compile(rb"\(gdb\) ")


class TestFailure(Exception):
    """A check failed; the message says how."""


def now():
    return time.monotonic()


class Gdb:
    """One GDB on a PTY of the harness's own: GDB is the session leader
    and the terminal is its controlling terminal, as in a terminal
    emulator.  The harness keeps the slave open too, so that it can read
    the terminal's modes whatever GDB does."""

    def __init__(self, h, args, name, env=None, log=True, wrapper=()):
        self.h = h
        self.name = name
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ,
                    struct.pack("HHHH", 40, 160, 0, 0))
        self.modes_before = stty_g(self.slave)
        argv = list(wrapper) + [h.gdb, "-nx", "-q", "-data-directory", h.datadir,
                "-iex", "set pagination off", "-iex", "set confirm off",
                "-iex", "set width 0", "-iex", "set height 0"] + args
        genv = dict(h.env)
        if env:
            genv.update(env)

        def ctty():
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            # GDB, as a user starts it from a shell: SIGHUP and SIGINT
            # at their defaults even if this harness runs under nohup
            # (GDB keeps an ignored SIGHUP ignored, stock GDB too, and
            # the fault-gdb-sighup and fault-gdb-hangup checks would
            # wait for an exit that does not come).
            signal.signal(signal.SIGHUP, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)

        self.proc = subprocess.Popen(
            argv, stdin=self.slave, stdout=self.slave, stderr=self.slave,
            start_new_session=True, preexec_fn=ctty, env=genv,
            close_fds=True)
        self.pid = self.proc.pid
        fl = fcntl.fcntl(self.master, fcntl.F_GETFL)
        fcntl.fcntl(self.master, fcntl.F_SETFL, fl | os.O_NONBLOCK)
        self.buf = bytearray()
        # The most that one read of GDB's terminal takes (see
        # bench.py's throttle, which reads like a slow link).
        self.read_size = 1 << 16
        self.pos = 0
        # Streaming count of SIGINT stops and of all signal stops.
        self.stops = 0
        self.signals = {}
        self.scan = 0
        self.eof = False
        self.log = open(os.path.join(h.work, "%s.log" % name), "wb") \
            if log else None
        self.logged = 0
        # What was typed, for replaying a failure.
        self.typed = open(os.path.join(h.work, "%s.typed" % name), "wb") \
            if log else None

    # --- reading -------------------------------------------------------

    def _count(self):
        """Count the stop notices in what arrived since last time: whole
        lines only, since a notice may arrive in parts."""
        for m in ANY_SIGNAL.finditer(self.buf, self.scan):
            sig = m.group(1).decode()
            self.signals[sig] = self.signals.get(sig, 0) + 1
            if sig == "SIGINT" and STOP.match(self.buf, m.start()):
                self.stops += 1
            self.scan = m.end()
        # What follows the last newline may be the start of a notice.
        self.scan = max(self.scan, self.buf.rfind(b"\n") + 1)

    def _fill(self, timeout):
        """Read what GDB wrote, waiting up to TIMEOUT seconds."""
        r, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not r:
            return False
        try:
            data = os.read(self.master, self.read_size)
        except BlockingIOError:
            return False
        except OSError as e:
            if e.errno == errno.EIO:
                self.eof = True
                return False
            raise
        if not data:
            self.eof = True
            return False
        self.buf += data
        if self.log and self.logged < (4 << 20):
            self.log.write(data)
            self.logged += len(data)
        self._count()
        return True

    def drain(self, seconds=0.0):
        """Read whatever GDB writes during SECONDS."""
        end = now() + seconds
        while True:
            left = end - now()
            if not self._fill(max(left, 0)) and left <= 0:
                return

    def trim(self):
        """Forget the output consumed so far (for long runs)."""
        cut = min(self.pos, self.scan)
        if cut > (1 << 20):
            del self.buf[:cut]
            self.pos -= cut
            self.scan -= cut

    def tail(self, n=600):
        return bytes(self.buf[-n:]).decode("utf-8", "replace")

    def expect(self, pattern, what=None, timeout=TIMEOUT, forget=False):
        """Wait for PATTERN (a compiled regex or bytes) after what was
        consumed; consume up to its end and return the match.  FORGET,
        for output of megabytes: what comes before the match is
        forgotten as it arrives (PATTERN must match fewer than 200
        bytes)."""
        if isinstance(pattern, bytes):
            pattern = re.compile(pattern)
        end = now() + timeout
        while True:
            m = pattern.search(self.buf, self.pos)
            if m:
                self.pos = m.end()
                return m
            if forget:
                self.pos = max(self.pos, len(self.buf) - 200)
                self.trim()
            left = end - now()
            if left <= 0:
                raise TestFailure("%s: no %s within %ds; GDB's last output: %r"
                                  % (self.name, what or pattern.pattern.decode(),
                                     timeout, self.tail()))
            if self.eof or self.proc.poll() is not None:
                # Collect the last of the output, then give up.
                self.drain(0.2)
                m = pattern.search(self.buf, self.pos)
                if m:
                    self.pos = m.end()
                    return m
                raise TestFailure("%s: GDB ended (status %s) while waiting "
                                  "for %s; its last output: %r"
                                  % (self.name, self.proc.poll(),
                                     what or pattern.pattern.decode(),
                                     self.tail()))
            self._fill(min(left, 0.5))

    def expect_all(self, patterns, what, timeout=TIMEOUT):
        """Wait until every one of PATTERNS (bytes) has come, in any
        order; consume up to the last of them."""
        start, last = self.pos, 0
        for p in patterns:
            self.pos = start
            last = max(last, self.expect(re.compile(p), what, timeout).end())
        self.pos = last

    def prompt(self, timeout=TIMEOUT):
        return self.expect(PROMPT, "prompt", timeout)

    # --- writing -------------------------------------------------------

    def send(self, data):
        """Type DATA, reading GDB's output meanwhile (GDB must never
        block on a terminal that nobody reads)."""
        data = bytes(data)
        if self.typed:
            self.typed.write(data)
            self.typed.flush()
        end = now() + TIMEOUT
        while data:
            if now() > end:
                raise TestFailure("%s: GDB's terminal took no input for "
                                  "%ds; its last output: %r"
                                  % (self.name, TIMEOUT, self.tail()))
            r, w, _ = select.select([self.master], [self.master], [], 0.5)
            if r:
                self._fill(0)
            if w:
                try:
                    n = os.write(self.master, data[:4096])
                    data = data[n:]
                except BlockingIOError:
                    pass

    def cmd(self, line):
        self.send(line.encode() + b"\n")

    def interrupt(self, what="the stop"):
        """Type the interrupt key; wait for the SIGINT stop (WHAT) and
        the prompt."""
        self.send(b"\x03")
        self.expect(STOP, what)
        self.prompt()

    def kill_program(self):
        """`kill' the program; wait for GDB to say so and for the
        prompt."""
        self.cmd("kill")
        self.expect(rb"killed\]", "the kill")
        self.prompt()

    def check_alive(self):
        if self.proc.poll() is not None:
            raise TestFailure("%s: GDB exited (status %s); its last output: %r"
                              % (self.name, self.proc.returncode, self.tail()))

    def check_responsive(self):
        """`print 12345' gives its answer."""
        self.check_alive()
        self.cmd("print 12345")
        self.expect(rb"\$\d+ = 12345", "the answer to `print 12345'")
        self.prompt()

    # --- process state -------------------------------------------------

    def fds(self):
        return len(os.listdir("/proc/%d/fd" % self.pid))

    def fd_numbers(self):
        return sorted(int(x) for x in os.listdir("/proc/%d/fd" % self.pid))

    def rss_kib(self):
        with open("/proc/%d/status" % self.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self, kill=True):
        """Make sure GDB is gone, and the harness's terminal closed; with
        KILL, what GDB started goes too."""
        if kill:
            kill_descendants(self.pid)
        if self.proc.poll() is None and kill:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        for f in (self.log, self.typed):
            if f:
                f.close()
        self.log = self.typed = None

    def quit(self):
        if self.proc.poll() is None:
            try:
                self.cmd("kill")
                self.cmd("quit")
                self.proc.wait(timeout=10)
            except (TestFailure, subprocess.TimeoutExpired, OSError):
                pass
        self.close()


def stty_g(fd):
    """`stty -g' of the terminal FD, read through FD."""
    out = subprocess.run(["stty", "-g"], stdin=fd, capture_output=True)
    return out.stdout.decode().strip()


def proc_table():
    """Every process: pid -> (ppid, state, comm)."""
    table = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d, "rb") as f:
                s = f.read()
        except OSError:
            continue
        lp, rp = s.index(b"("), s.rindex(b")")
        comm = s[lp + 1:rp].decode("utf-8", "replace")
        fields = s[rp + 2:].split()
        table[int(d)] = (int(fields[1]), fields[0].decode(), comm)
    return table


def descendants(pid, table=None):
    """The processes below PID: list of (pid, state, comm)."""
    table = table or proc_table()
    kids = {}
    for p, (pp, st, comm) in table.items():
        kids.setdefault(pp, []).append(p)
    out, todo = [], list(kids.get(pid, []))
    while todo:
        p = todo.pop()
        out.append((p, table[p][1], table[p][2]))
        todo.extend(kids.get(p, []))
    return out


def state_of(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            s = f.read()
        return s[s.rindex(b")") + 2:].split()[0].decode()
    except OSError:
        return None


def reap(pid):
    """Reap PID if it became the harness's child (the harness is a
    subreaper), without blocking."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def kill_descendants(pid):
    """Kill every live process below PID."""
    for p, st, comm in descendants(pid):
        if st != "Z":
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass


def kill_leftovers():
    """Kill every process still below the harness once a check is over,
    so that a check that fails leaves nothing running: GDBs, programs
    and session leaders, and the orphans the harness adopted as a
    subreaper."""
    kill_descendants(os.getpid())


def reap_orphans():
    """Reap the zombies among the harness's children: orphans it adopted
    as a subreaper (the GDBs it started are all waited for by now)."""
    me = os.getpid()
    for p, (pp, st, comm) in proc_table().items():
        if pp == me and st == "Z":
            reap(p)


def wait_gone(pids, timeout):
    """Wait until every pid of PIDS is gone or a zombie; return the time
    it took, or None and the survivors."""
    start = now()
    while True:
        alive = []
        for p in pids:
            reap(p)
            st = state_of(p)
            if st is not None and st != "Z":
                alive.append((p, st))
        if not alive:
            return now() - start, []
        if now() - start > timeout:
            return None, alive
        time.sleep(0.005)


def wait_no_children(g, timeout=5.0):
    """Wait until GDB has no child process (no inferior, no session
    leader, no zombie); return the time it took."""
    start = now()
    while True:
        kids = descendants(g.pid)
        if not kids:
            return now() - start
        if now() - start > timeout:
            raise TestFailure("%s: %.1fs after the prompt, GDB still has "
                              "processes below it: %s"
                              % (g.name, timeout, describe(kids)))
        time.sleep(0.005)


def kill_clean(g, timeout=5.0):
    """`kill' the program: GDB says so, has no process left below it
    within TIMEOUT seconds, and answers."""
    g.kill_program()
    wait_no_children(g, timeout)
    g.check_responsive()


def describe(procs):
    return ", ".join("%d (%s, state %s)" % (p, comm, st)
                     for p, st, comm in procs)


# --- the checks ------------------------------------------------------------


def gdb_env(home):
    """The environment of a GDB under the harness: a dumb terminal of
    160 columns, no user's inputrc or locale, HOME in the work
    directory."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "GDB", "INPUTRC"))}
    env.update({"TERM": "dumb", "LC_ALL": "C.UTF-8", "INPUTRC": "/dev/null",
                "HOME": home, "COLUMNS": "160", "LINES": "40"})
    return env


class Harness:
    def __init__(self, a):
        self.quick = a.quick
        self.obj = a.obj
        self.gdb = os.path.join(a.obj, "gdb", "gdb")
        self.datadir = os.path.join(a.obj, "gdb", "data-directory")
        self.prog = a.prog
        self.work = a.work
        self.cycles = int(os.environ.get("STRESS_CYCLES",
                                         20 if a.quick else 500))
        self.nbytes = int(os.environ.get("STRESS_BYTES",
                                         1000 if a.quick else 10000))
        seed = os.environ.get("STRESS_SEED", "")
        self.seed = int(seed) if seed else (20261204 if a.quick
                                            else random.SystemRandom().randrange(1 << 31))
        self.env = gdb_env(self.work)
        self.results = []
        self.figures = {}
        self.bytes_fuzzed = 0
        self.faults = []

    def record(self, name, ok, detail):
        """OK is True, False, or None for a check that could not run
        here (SKIP: counted neither way)."""
        self.results.append((name, ok, detail))
        print("%s: %s: %s" % ({True: "PASS", False: "FAIL", None: "SKIP"}[ok],
                              name, detail), flush=True)

    def run(self, name, fn, *args):
        gdbs = []
        self.notes = []
        t0 = now()
        try:
            detail = fn(self, gdbs, *args)
            self.record(name, None if detail.startswith("skipped") else True,
                        "%s [%.1fs]" % (detail, now() - t0))
        except TestFailure as e:
            self.record(name, False, "%s [%.1fs]" % (e, now() - t0))
        except Exception as e:  # a bug of the harness: report it as such
            self.record(name, False, "harness error %s: %s"
                        % (type(e).__name__, e))
        finally:
            for g in gdbs:
                g.close()
            kill_leftovers()
            reap_orphans()
        for line in self.notes:
            print("    " + line, flush=True)

    def start(self, gdbs, args, name, **kw):
        g = Gdb(self, args, name, **kw)
        gdbs.append(g)
        g.prompt()
        return g


# --- cycles ------------------------------------------------------------------


def interrupt_kill(g, i):
    """Cycle I of run/interrupt/kill: `run' the program (a mode that
    prints "stress-ready"), type the interrupt key, `kill'."""
    g.cmd("run")
    g.expect(rb"stress-ready", "the program's first line")
    g.interrupt("the stop (interrupt %d)" % (i + 1))
    g.cmd("kill")
    g.expect(rb"\[Inferior 1 \(process \d+\) killed\]", "the kill")
    g.prompt()


def run_to_exit(g, i):
    """Cycle I of run-to-exit: `run' the program in mode "exit"."""
    g.cmd("run")
    g.expect(rb"stress-exit", "the program's line")
    g.expect(rb"\[Inferior 1 \(process \d+\) exited normally\]",
             "the exit")
    g.prompt()


def run_cycles(g, n, warm, cycle):
    """Do CYCLE(g, i) N times, each until GDB has no child left; return
    GDB's fds before any run, its fds and RSS (KiB) after WARM cycles
    and after the last, and the slowest cleanup (seconds)."""
    fds0 = g.fds()
    worst = 0.0
    for i in range(n):
        cycle(g, i)
        worst = max(worst, wait_no_children(g))
        if i == warm - 1:
            fds1, rss1 = g.fds(), g.rss_kib()
        g.trim()
    g.drain(0.3)
    fds2, rss2 = g.fds(), g.rss_kib()
    return fds0, fds1, fds2, rss1, rss2, worst


def cycles_check(h, gdbs, name, mode, cycle, presses, what, limit_kib=1024):
    """h.cycles cycles of CYCLE, with the program in MODE, each with
    PRESSES interrupt keys; WHAT says them (%d: how many)."""
    n, warm = h.cycles, min(5, max(1, h.cycles // 4))
    # No worker threads: their malloc arenas grow RSS by a megabyte or so
    # at some run or other, in stock GDB as much, which hides a leak.
    # No separate debug information either: where libc6-dbg is installed,
    # GDB reads libc's at every run and keeps more of it at each stop in
    # the C library (stock GDB's RSS grew by 5 MiB over 100
    # run/interrupt/kill cycles, 2026-12-06), which hides a leak as well.
    nodebug = os.path.join(h.work, "no-separate-debug")
    os.makedirs(nodebug, exist_ok=True)
    g = h.start(gdbs, ["-iex", "maint set worker-threads 0",
                       "-iex", "set debug-file-directory " + nodebug,
                       "--args", h.prog, mode], name)
    fds0, fds1, fds2, rss1, rss2, worst = run_cycles(g, n, warm, cycle)
    g.check_responsive()
    h.figures[name] = (fds1, fds2, rss1, rss2)
    return check_cycles(g, n, presses * n, warm, fds0, fds1, fds2, rss1,
                        rss2, worst, what % n, limit_kib)


def cycles_interrupt(h, gdbs):
    # Without separate debug information (see cycles_check), stock GDB's
    # RSS grows by about half a megabyte over 500 run/interrupt/kill
    # cycles, as the series' does (2026-12-06, STRESS_LOOP_MODE=loop-sigint,
    # which stock GDB can interrupt: stock +488 and +452 KiB, the series
    # +620; the series in the default mode, +548, +532, +504).  A leak
    # of the series shows beyond that.
    return cycles_check(h, gdbs, "cycles-interrupt",
                        os.environ.get("STRESS_LOOP_MODE", "loop"),
                        interrupt_kill, 1, "%d run/interrupt/kill cycles")


def cycles_exit(h, gdbs):
    return cycles_check(h, gdbs, "cycles-exit", "exit", run_to_exit, 0,
                        "%d run-to-exit cycles")


def check_cycles(g, n, presses, warm, fds0, fds1, fds2, rss1, rss2, worst,
                 what, limit_kib):
    problems = []
    if g.stops != presses:
        problems.append("%d interrupts gave %d SIGINT stops"
                        % (presses, g.stops))
    others = {s: c for s, c in g.signals.items() if s != "SIGINT"}
    if others:
        problems.append("other signal stops reported: %s" % others)
    if fds1 != fds2:
        problems.append("GDB's open fds changed: %d -> %d" % (fds1, fds2))
    if rss2 - rss1 > limit_kib and not os.environ.get("STRESS_ASAN"):
        problems.append("GDB's RSS grew by %d KiB (> %d)"
                        % (rss2 - rss1, limit_kib))
    detail = ("%s, %d interrupts -> %d stops; fds %d (before any run) / "
              "%d (after %d warm-up cycles) -> %d; RSS %d -> %d KiB (%+d%s); "
              "no child left (slowest cleanup %.0f ms)"
              % (what, presses, g.stops, fds0, fds1, warm, fds2, rss1, rss2,
                 rss2 - rss1, ", not checked: ASan build"
                 if os.environ.get("STRESS_ASAN") else "", worst * 1000))
    if problems:
        raise TestFailure("; ".join(problems) + "; " + detail)
    return detail


# --- typed-input fuzzing -----------------------------------------------------

ESCAPES = [b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1b[1;5C",
           b"\x1bOP", b"\x1b[3~", b"\x1b[200~", b"\x1b[201~",
           b"\x1b]0;title\x07", b"\x1b[?1049h", b"\x1b[6n", b"\x1bc", b"\x1b"]
BAD_UTF8 = [b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xe2\x82", b"\xc0\xaf",
            b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xf4\x90\x80\x80"]
GOOD_UTF8 = ["é", "日本語", "€", "🙂"]


def program_bytes(rng, n, key=0x03):
    """N bytes for the program: random, with runs of the awkward ones,
    never the interrupt key KEY."""
    out = bytearray()
    while len(out) < n:
        r = rng.random()
        if r < 0.35:
            chunk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif r < 0.45:
            chunk = bytes([rng.choice([0x00, 0x1a, 0x04, 0x1c, 0x11, 0x13,
                                       0x16, 0x0f, 0x17, 0x12, 0x15, 0x7f,
                                       0x0d, 0x0a, 0x08, 0x1b])]) \
                * rng.randint(1, 4)
        elif r < 0.6:
            chunk = rng.choice(ESCAPES)
        elif r < 0.7:
            chunk = rng.choice(BAD_UTF8)
        elif r < 0.8:
            chunk = rng.choice(GOOD_UTF8).encode()
        else:
            chunk = bytes(rng.randrange(0x20, 0x7f)
                          for _ in range(rng.randint(1, 30)))
        out += chunk.replace(bytes([key]), b"")
    return bytes(out[:n])


def bursts(rng, data, most=512):
    """Split DATA into bursts of random sizes."""
    i = 0
    while i < len(data):
        k = rng.randint(1, most if rng.random() < 0.2 else 64)
        yield data[i:i + k]
        i += k


def log_size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def wait_log(g, path, size, timeout=TIMEOUT):
    end = now() + timeout
    while log_size(path) < size:
        if now() > end:
            raise TestFailure("%s: the program logged %d bytes of %d within "
                              "%ds" % (g.name, log_size(path), size, timeout))
        g.drain(0.01)


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def fuzz_program(h, gdbs):
    rng = random.Random(h.seed)
    log = os.path.join(h.work, "rawlog.bin")
    if os.path.exists(log):
        os.unlink(log)
    g = h.start(gdbs, ["--args", h.prog, "rawlog", log], "fuzz-program")
    # The program turns ISIG off: the default key would be its byte, as
    # with stock GDB; a key the user sets is GDB's whatever the modes.
    g.cmd("set interrupt-key ^C")
    g.prompt()
    g.cmd("run")
    g.expect(rb"stress-raw-ready", "the raw program's first line")
    data = program_bytes(rng, h.nbytes)
    nbursts = 0
    for b in bursts(rng, data):
        g.send(b)
        nbursts += 1
        if rng.random() < 0.3:
            g.drain(rng.random() * 0.005)
    wait_log(g, log, len(data))
    g.drain(0.2)
    with open(log, "rb") as f:
        got = f.read()
    h.bytes_fuzzed += len(data)
    if got != data:
        i = first_difference(got, data)
        raise TestFailure("the program received %d bytes, %d typed; first "
                          "difference at byte %d: typed %r, received %r "
                          "(seed %d)" % (len(got), len(data), i,
                                         data[max(0, i - 8):i + 8],
                                         got[max(0, i - 8):i + 8], h.seed))
    if g.stops:
        raise TestFailure("%d stops while typing bytes without the "
                          "interrupt key" % g.stops)

    # The interrupt key, pressed while the program reads: one stop each.
    presses = 5 if h.quick else 25
    expected = bytearray(data)
    for i in range(presses):
        # A byte that reaches the program proves that it is running
        # and that GDB forwards: the terminal is raw, the key is GDB's.
        mark = bytes([rng.randrange(0x61, 0x7b)])
        g.send(mark)
        expected += mark
        wait_log(g, log, len(expected))
        g.interrupt("the stop of interrupt key %d" % (i + 1))
        if i + 1 < presses:
            g.cmd("continue")
            g.expect(rb"Continuing\.", "`continue'")
    g.drain(0.5)
    if g.stops != presses:
        raise TestFailure("%d interrupt keys gave %d stops"
                          % (presses, g.stops))
    with open(log, "rb") as f:
        got = f.read()
    if got != bytes(expected):
        raise TestFailure("after the interrupt keys, the program's log "
                          "differs at byte %d"
                          % first_difference(got, bytes(expected)))

    # The key in the middle of a burst: what comes before it is the
    # program's (forwarded, or discarded unread as a line discipline
    # does: the program gets a prefix of it), what comes after it is
    # GDB's next command.
    inburst = 3 if h.quick else 10
    dropped = 0
    for i in range(inburst):
        g.cmd("continue")
        g.expect(rb"Continuing\.", "`continue'")
        mark = bytes([rng.randrange(0x61, 0x7b)])
        g.send(mark)
        expected += mark
        wait_log(g, log, len(expected))
        before = program_bytes(rng, rng.randint(1, 200))
        n = rng.randrange(10000, 99999)
        g.send(before + b"\x03" + b"print %d\n" % n)
        g.expect(STOP, "the stop of the key in burst %d" % (i + 1))
        g.expect(rb"\$\d+ = %d\b" % n,
                 "`print %d', typed after the key, run by GDB" % n)
        g.prompt()
        h.bytes_fuzzed += len(before) + 1
        g.drain(0.1)
        with open(log, "rb") as f:
            got = f.read()
        extra = got[len(expected):]
        if got[:len(expected)] != bytes(expected) \
           or extra != before[:len(extra)]:
            raise TestFailure("key in burst %d: the program's log is not "
                              "what was typed before, plus a prefix of the "
                              "burst's bytes before the key (seed %d)"
                              % (i + 1, h.seed))
        dropped += len(before) - len(extra)
        expected += extra
    if g.stops != presses + inburst:
        raise TestFailure("%d interrupt keys gave %d stops"
                          % (presses + inburst, g.stops))
    g.kill_program()
    g.check_responsive()
    h.bytes_fuzzed += presses * 2
    return ("%d bytes typed to the raw program in %d bursts, received "
            "identical, in order (seed %d); %d interrupt keys alone and %d "
            "in bursts -> %d stops, the commands typed after the key run "
            "by GDB (%d bytes before the key discarded unread)"
            % (len(data), nbursts, h.seed, presses, inburst, g.stops,
               dropped))


# Keys for GDB's prompt.  Left out: ^D (quits on an empty line), ^J/^M
# and ^O (accept the line), ^X and ^V (prefixes: ^X^E starts an
# editor), TAB and M-? (completion lists), M-C-j (vi mode), M-< and
# M->, and the keys that signal GDB (^C, ^\, ^Z), which fuzz_prompt
# types apart, one at a time on a fresh line of a GDB with no history:
# typed among the others, GDB 16.3's readline (8.2) corrupts its heap
# now and then (a double free, or a crash; about 1 run in 15 of 10,000
# bytes), stock GDB 16.3 and Debian's gdb 13.1 as well.  HISTORY_CRASH
# below crashes them every time or nearly.  An upstream bug, which
# would hide the series' own.
PROMPT_KEYS = [b"\x01", b"\x02", b"\x05", b"\x06", b"\x0b", b"\x15",
               b"\x17", b"\x08", b"\x7f", b"\x0c", b"\x14", b"\x19",
               b"\x1f", b"\x07", b"\x00"]
PROMPT_ESCAPES = [b"\x1b[C", b"\x1b[D", b"\x1b[H", b"\x1b[F", b"\x1b[3~",
                  b"\x1bb", b"\x1bf", b"\x1bd", b"\x1bu", b"\x1bl",
                  b"\x1bc"]
HISTORY_KEYS = [b"\x1b[A", b"\x1b[B", b"\x12"]
# The upstream crash: `n', Enter, Up, `"', M-<, ^G, ^E, ^U, ^C, Up, ^G,
# ^E, ^U, ^C (GDB 16.3 with or without the series; Debian's 13.1).
HISTORY_CRASH = b'n\n\x1b[A"\x1b<\x07\x05\x15\x03\x1b[A\x07\x05\x15\x03'


def printable(rng, k):
    return bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz0123456789 "
                            b"ABCXYZ!@#%^&*()-_=+[]{};:'\",.<>/?|~`$")
                 for _ in range(k))


def prompt_lines(rng, nbytes):
    """Yield random lines for GDB's prompt, about NBYTES in all: `echo'
    commands, and lines of printable text, editing keys, escape
    sequences and UTF-8 (valid or not), which end with ^G ^E ^U (abort
    any state, go to the end, kill the line) and so never run."""
    typed = 0
    while typed < nbytes:
        if rng.random() < 0.25:
            line = b"echo " + printable(rng, rng.randint(0, 40)) + b"\\n\n"
            echo = True
        else:
            # Some lines move in the history (see PROMPT_KEYS).
            keys = PROMPT_KEYS + (HISTORY_KEYS if rng.random() < 0.3 else [])
            parts = []
            for _ in range(rng.randint(3, 30)):
                r = rng.random()
                if r < 0.4:
                    parts.append(printable(rng, rng.randint(1, 10)))
                elif r < 0.7:
                    parts.append(rng.choice(keys))
                elif r < 0.85:
                    parts.append(rng.choice(PROMPT_ESCAPES))
                elif r < 0.93:
                    parts.append(rng.choice(BAD_UTF8))
                else:
                    parts.append(rng.choice(GOOD_UTF8).encode())
            line = b"".join(parts) + b"\x07\x05\x15"
            echo = False
        typed += len(line)
        yield line, echo


def type_lines(g, rng, nbytes, most=64, pause=0.003, often=0.2):
    """Type prompt_lines in bursts of up to MOST bytes, after which GDB
    gets up to PAUSE seconds, one time in 1/OFTEN; return (bytes, lines,
    echo lines)."""
    typed = lines = executed = 0
    for line, echo in prompt_lines(rng, nbytes):
        for b in bursts(rng, line, most):
            g.send(b)
            if rng.random() < often:
                g.drain(rng.random() * pause)
        typed += len(line)
        lines += 1
        executed += echo
    return typed, lines, executed


def fuzz_prompt(h, gdbs):
    rng = random.Random(h.seed + 1)
    g = h.start(gdbs, ["--args", h.prog, "loop"], "fuzz-prompt")
    typed, lines, executed = type_lines(g, rng, h.nbytes)
    g.drain(0.5)
    g.check_alive()
    g.send(b"\x07\x05\x15")
    g.check_responsive()
    h.bytes_fuzzed += typed

    # The keys that signal GDB at its prompt, one at a time, each on a
    # fresh partial line, in a GDB with no history (see PROMPT_KEYS).
    s = h.start(gdbs, ["--args", h.prog, "loop"], "fuzz-prompt-signals")
    presses = 5 if h.quick else 20
    quits = 0
    for i in range(presses):
        s.send(printable(rng, rng.randint(1, 20)).replace(b"\\", b""))
        s.drain(0.05)
        if rng.random() < 0.5:
            s.send(b"\x03")
            s.expect(rb"Quit", "`Quit' after ^C at the prompt")
            quits += 1
        else:
            s.send(b"\x1c")
            s.drain(0.05)
            s.send(b"\x07\x05\x15")
        s.check_responsive()
    h.bytes_fuzzed += presses
    return ("%d bytes typed at GDB's prompt in %d lines (%d of them `echo' "
            "commands run), seed %d; then %d ^C/^\\ on partial lines "
            "(%d Quit); `print 12345' works"
            % (typed, lines, executed, h.seed + 1, presses, quits))


def fuzz_prompt_output(h, gdbs):
    """Random keys at GDB's prompt while a program that runs in the
    background prints a line every 5 ms (some in two parts): its output
    comes as it is written, after the prompt and amid what is typed, as
    on a shared terminal.  No line may be lost; GDB stays usable."""
    rng = random.Random(h.seed + 3)
    g = h.start(gdbs, ["--args", h.prog, "ticker"], "fuzz-prompt-output")
    g.cmd("run &")
    g.expect(rb"stress-tick 00000001", "the program's output")
    # Slower, as a user types: the output comes between the keys.
    typed, lines, executed = type_lines(g, rng, h.nbytes, most=8,
                                        pause=0.02, often=1.0)
    g.drain(0.3)
    g.check_alive()
    g.send(b"\x07\x05\x15")
    g.cmd("interrupt")
    g.expect(rb"received signal SIGINT", "the stop of `interrupt'")
    # A stop in the background comes after the prompt, as with stock GDB.
    g.expect(rb"\n", "the end of the stop's frame line")
    kill_clean(g)
    h.bytes_fuzzed += typed
    # Each line, whole; or, for a line that came in two parts ("stress-t"
    # then the rest) around a command the user ran at the prompt, its
    # second part on a line of its own, as on a shared terminal.
    whole = set(int(x) for x in
                re.findall(rb"stress-tick (\d{8})\r\n", g.buf))
    ends = set(int(x) for x in re.findall(rb"ick (\d{8})\r\n", g.buf))
    missing = [i for i in range(0, max(ends) + 1) if i not in ends]
    if missing:
        raise TestFailure("%d of the program's lines lost (first: %d) "
                          "between lines 0 and %d; seed %d"
                          % (len(missing), missing[0], max(ends), h.seed + 3))
    return ("%d bytes typed at the prompt in %d lines (%d `echo' commands "
            "run) while the program printed %d lines, none lost (%d shown "
            "in two parts, around a command typed in between); seed %d; "
            "`interrupt', kill and `print 12345' work"
            % (typed, lines, executed, max(ends) + 1, len(ends - whole),
               h.seed + 3))


# --- faults ------------------------------------------------------------------

NO_PTY = re.compile(rb"Could not make a terminal for the program")


# What the series' own start-up code says when it fails: with the
# descriptors short, `run' must fall back to GDB's terminal instead.
PTY_ERRORS = re.compile(rb"Could not set up terminal|session leader exited|"
                        rb"Could not attach to the program|"
                        rb"Could not start the program|managed-tty")


def rlimit_row(h, gdbs, spare, runs, control=False):
    """Start a GDB, set its RLIMIT_NOFILE to its lowest free descriptor
    plus SPARE, and run the program RUNS times.  With CONTROL, GDB's own
    path: `set inferior-tty /dev/tty' (no PTY attempted).  Returns
    (limit, ok, warnings, pty_error, outcome, problems)."""
    pre = ["-iex", "set inferior-tty /dev/tty"] if control else []
    g = Gdb(h, pre + ["--args", h.prog, "exit"],
            "nopty-rlimit-%s%d" % ("control-" if control else "", spare))
    gdbs.append(g)
    g.prompt()
    used = g.fd_numbers()
    free = next(i for i in range(len(used) + 1) if i not in used)
    limit = free + spare
    resource.prlimit(g.pid, resource.RLIMIT_NOFILE,
                     (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    outcome, ok, pty_error, fds, problems = [], True, False, [], []
    for r in range(runs):
        start = g.pos
        g.cmd("run")
        try:
            g.prompt(timeout=20)
        except TestFailure:
            pass
        text = bytes(g.buf[start:])
        g.pos = len(g.buf)
        warns = len(NO_PTY.findall(text))
        if b"stress-exit" in text and b"exited normally" in text:
            wait_no_children(g)
            fds.append(g.fds())
            outcome.append("run %d ok%s" % (r + 1, " after the warning"
                                              * warns))
            if r > 0 and warns:
                problems.append("nofile=%d: warned again at run %d"
                                % (limit, r + 1))
            if r > 0 and fds[0] != fds[-1]:
                problems.append("nofile=%d: GDB's fds %d after run 1, "
                                "%d after run %d"
                                % (limit, fds[0], fds[-1], r + 1))
            continue
        ok = False
        pty_error = pty_error or bool(PTY_ERRORS.search(text))
        lines = [l.strip() for l in text.decode("utf-8", "replace")
                 .splitlines()
                 if re.search(r"error|[Ff]ail|Could not|warning", l)]
        outcome.append("run %d FAILED%s: %s"
                       % (r + 1, " (GDB died)" if g.proc.poll() is not None
                          else "", " / ".join(lines[:4])))
        if g.proc.poll() is not None:
            break
    total_warns = len(NO_PTY.findall(g.buf))
    if g.proc.poll() is None:
        try:
            g.check_responsive()
        except TestFailure as e:
            ok = False
            outcome.append("unresponsive: %s" % e)
    g.quit()
    row = ("nofile=%d (lowest free fd %d, %d spare): %s"
           % (limit, free, spare, "; ".join(outcome)))
    if pty_error:
        problems.append(row)
    return limit, ok, total_warns, pty_error, row, problems


def nopty_rlimit(h, gdbs):
    """RLIMIT_NOFILE just above GDB's use: for each number of spare
    descriptors from 0 up, a fresh GDB with that limit runs the program
    twice, until one has enough for a PTY.  Expected: while the PTY
    cannot be made, one warning and the program runs on GDB's terminal;
    the series' code never makes `run' fail.  Where `run' fails anyway,
    the same limit with `set inferior-tty /dev/tty' (GDB's own path, no
    PTY) is the control: failing there too, the failure is GDB's own
    need of descriptors (with none left, linux-nat cannot make its
    event pipe: an internal error), reported, not counted; working
    there (twice), the series' fallback does worse: a failure."""
    h.faults.append("no PTY (RLIMIT_NOFILE)")
    if os.environ.get("STRESS_ASAN"):
        # UBSan's check of a virtual call needs a free descriptor: with
        # none, it reports a valid object as one with a bad vptr.
        return ("skipped: a sanitizer build (UBSan reports false vptr "
                "errors when no descriptor is free)")
    rows, problems, warned, worse, pty_at = [], [], [], [], None
    for spare in range(0, 16):
        limit, ok, warns, pty_error, row, probs = rlimit_row(h, gdbs, spare, 2)
        rows.append(row)
        problems += probs
        if ok and warns == 1:
            warned.append(limit)
        if not ok and not pty_error:
            c = rlimit_row(h, gdbs, spare, 1, control=True)
            same = not c[1]
            if not same:
                # Once more, both, before calling it a regression.
                again = rlimit_row(h, gdbs, spare, 2)
                c2 = rlimit_row(h, gdbs, spare, 1, control=True)
                same = again[1] or not c2[1]
            rows.append("  control, `set inferior-tty /dev/tty' at "
                        "nofile=%d: %s" % (limit, "fails too" if same else
                                           "WORKS (twice): the series' "
                                           "fallback does worse"))
            if not same:
                worse.append(limit)
                problems.append("nofile=%d: `run' fails, and works with "
                                "`set inferior-tty /dev/tty'" % limit)
        if ok and warns == 0:
            pty_at = limit
            break   # enough descriptors for a PTY: done
    h.notes += rows
    if not warned:
        problems.append("no limit gave one warning and working runs")
    if problems:
        raise TestFailure("; ".join(problems))
    return ("one warning and working runs (on GDB's terminal) at nofile "
            "%s; a PTY from nofile %s; below that `run' fails, as it does "
            "with `set inferior-tty /dev/tty' (GDB's own need of "
            "descriptors)" % (",".join(map(str, warned)), pty_at))


def nopty_ptmx(h, gdbs):
    """No usable /dev/ptmx (root: a private mount namespace where it is
    /dev/null).  One warning; both runs work."""
    h.faults.append("no PTY (/dev/ptmx is /dev/null)")
    if os.geteuid() != 0:
        return "skipped: not root"
    if not shutil.which("unshare"):
        return "skipped: no unshare (util-linux)"
    probe = subprocess.run(["unshare", "-m", "--propagation", "private",
                            "sh", "-c", "mount --bind /dev/null /dev/ptmx"],
                           capture_output=True)
    if probe.returncode != 0:
        return "skipped: unshare -m not possible here (%s)" \
            % probe.stderr.decode().strip()
    wrapper = os.path.join(h.work, "noptmx.sh")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nmount --bind /dev/null /dev/ptmx || exit 99\n"
                "exec \"$@\"\n")
    os.chmod(wrapper, 0o755)
    # unshare and the wrapper exec GDB: the pid stays GDB's.
    g = h.start(gdbs, ["--args", h.prog, "exit"], "nopty-ptmx",
                wrapper=["unshare", "-m", "--propagation", "private",
                         wrapper])
    texts = []
    for r in range(2):
        start = g.pos
        g.cmd("run")
        g.expect(rb"exited normally\]|[Ee]rror[^\n]*\n", "the end of `run'")
        g.prompt()
        texts.append(bytes(g.buf[start:g.pos]))
    warns = len(NO_PTY.findall(g.buf))
    ran = all(b"stress-exit" in t and b"exited normally" in t for t in texts)
    g.check_responsive()
    if warns != 1 or not ran:
        raise TestFailure("%d warnings (1 expected); runs %s; output: %r"
                          % (warns, "worked" if ran else "FAILED",
                             b"".join(texts)[-800:]))
    return "one warning, both runs worked on GDB's terminal"


def running_tree(g):
    """Wait for the session leader and the program under GDB; return
    their pids (leader first)."""
    end = now() + TIMEOUT
    while now() < end:
        kids = descendants(g.pid)
        live = [p for p, st, comm in kids if st != "Z"]
        if len(live) >= 2:
            return live
        time.sleep(0.01)
    raise TestFailure("%s: no session leader and program under GDB"
                      % g.name)


def gdb_signalled(h, gdbs, sig):
    name = signal.Signals(sig).name
    h.faults.append("GDB gets %s while the program runs" % name)
    g = h.start(gdbs, ["--args", h.prog, "loop"], "gdb-%s" % name.lower())
    at_prompt = stty_g(g.slave)
    g.cmd("run")
    g.expect(rb"stress-ready", "the program's first line")
    tree = running_tree(g)
    raw = stty_g(g.slave)
    os.kill(g.pid, sig)
    try:
        g.proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise TestFailure("GDB did not exit within %ds of %s; output: %r"
                          % (TIMEOUT, name, g.tail()))
    g.drain(0.1)
    after = stty_g(g.slave)
    took, alive = wait_gone(tree, 5.0)
    problems = []
    if g.proc.returncode < 0:
        problems.append("GDB died of %s"
                        % signal.Signals(-g.proc.returncode).name)
    if after != g.modes_before:
        problems.append("GDB's terminal modes not restored: before GDB "
                        "%s, while the program ran %s, after %s"
                        % (g.modes_before, raw, after))
    if alive:
        problems.append("still alive 5 s after GDB exited: %s"
                        % ", ".join("%d (state %s)" % a for a in alive))
    detail = ("GDB exited (status %s); stty -g after == before GDB started "
              "(%s); session leader and program %s"
              % (g.proc.returncode, "yes" if after == g.modes_before else "NO",
                 "gone in %.0f ms" % (took * 1000) if took is not None
                 else "NOT gone"))
    if problems:
        raise TestFailure("; ".join(problems) + "; " + detail)
    return detail


def gdb_hangup(h, gdbs):
    """The user's terminal goes away (its master is closed) while the
    program runs: GDB gets SIGHUP from the kernel, and its stdin an
    error, and must exit cleanly, leaving no process behind.  Several
    times: what GDB handles first varies."""
    h.faults.append("GDB's terminal hangs up while the program runs")
    rounds = 3 if h.quick else 10
    statuses, slowest = [], 0.0
    for r in range(rounds):
        g = h.start(gdbs, ["--args", h.prog, "loop"], "gdb-hangup")
        g.cmd("run")
        g.expect(rb"stress-ready", "the program's first line")
        tree = running_tree(g)
        os.close(g.slave)
        os.close(g.master)
        g.master = g.slave = -1
        try:
            g.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise TestFailure("hangup %d: GDB did not exit within %ds"
                              % (r + 1, TIMEOUT))
        took, alive = wait_gone(tree, 5.0)
        if alive:
            raise TestFailure("hangup %d: still alive 5 s after GDB exited: "
                              "%s" % (r + 1, ", ".join("%d (state %s)" % a
                                                       for a in alive)))
        slowest = max(slowest, took)
        statuses.append(g.proc.returncode)
        if g.proc.returncode < 0:
            raise TestFailure("hangup %d: GDB died of %s (with make "
                              "stress SANITIZE=1, a sanitizer report: see "
                              "build/stress/sanitizer/)"
                              % (r + 1, signal.Signals(-g.proc.returncode)
                                 .name))
    return ("%d hangups: GDB exited (status %s); session leader and program "
            "gone in %.0f ms at most"
            % (rounds, ",".join(sorted(set(map(str, statuses)))),
               slowest * 1000))


def gdb_sigkill(h, gdbs):
    h.faults.append("GDB is SIGKILLed while the program runs")
    g = h.start(gdbs, ["--args", h.prog, "loop"], "gdb-sigkill")
    g.cmd("run")
    g.expect(rb"stress-ready", "the program's first line")
    tree = running_tree(g)
    table = proc_table()
    names = ["%s %d (%s)" % ("session leader" if table[p][0] == g.pid
                             else "program", p, table[p][2])
             for p in tree if p in table]
    raw = stty_g(g.slave)
    os.kill(g.pid, signal.SIGKILL)
    g.proc.wait(timeout=TIMEOUT)
    took, alive = wait_gone(tree, 1.0)
    after = stty_g(g.slave)
    h.notes.append("GDB's terminal after the SIGKILL: %s (before GDB: %s; "
                   "raw, as GDB made it: %s)"
                   % ("as before GDB" if after == g.modes_before else
                      "left raw" if after == raw else "other modes: " + after,
                      g.modes_before, raw))
    if alive:
        took2, alive2 = wait_gone([p for p, st in alive], 4.0)
        for p, st in alive2:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        wait_gone([p for p, st in alive2], 2.0)
        raise TestFailure("1 s after GDB was killed, still alive: %s%s"
                          % (", ".join("%d (state %s)" % a for a in alive),
                             "; gone after %.1f s more" % took2
                             if took2 is not None else
                             "; still alive 5 s later (killed by the harness)"))
    # The session leader puts GDB's terminal modes back when GDB dies
    # while the terminal is raw, which GDB no longer can.
    if after != g.modes_before:
        raise TestFailure("GDB's terminal after the SIGKILL: %s, not the "
                          "modes it had before GDB (%s)"
                          % ("left raw" if after == raw else after,
                             g.modes_before))
    return ("%s gone %.0f ms after GDB's SIGKILL; GDB's terminal modes "
            "as before GDB" % (" and ".join(names), took * 1000))


def leader_error(h, gdbs):
    """An error inside the series' start-up, after the PTY and the
    session leader exist: the leader refuses GDB (another protocol
    version, as after an upgrade under a running GDB), through a wrapper
    named with `maint set managed-tty-leader', for the first run only.
    Expected: `run' does not fail: one warning, and the program runs on
    GDB's terminal, as it does without a session leader; no process
    left after it exits, no descriptor leaked, GDB's terminal modes as
    before; the next run has a terminal of its own, and its interrupt
    works."""
    h.faults.append("the session leader refuses GDB (another protocol "
                    "version): an error inside the series' start-up")
    g = h.start(gdbs, ["--args", h.prog, "exit"], "leader-error")
    fds0, modes0 = g.fds(), stty_g(g.slave)
    wrapper = os.path.join(h.work, "other-leader")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nshift\nexec %s gdb-tty-leader-0 \"$@\"\n"
                % os.path.join(h.obj, "gdb", "gdb-tty-leader"))
    os.chmod(wrapper, 0o755)
    g.cmd("maint set managed-tty-leader " + wrapper)
    g.prompt()
    g.cmd("run")
    m = g.expect(rb"warning: Could not set up terminal \S+ for the program "
                 rb"\(starting its session leader, which is another "
                 rb"version: [^\r\n]*\); it will share GDB's terminal\.",
                 "the warning of the leader's refusal")
    message = m.group(0).decode()
    g.expect(rb"stress-exit", "the program's line, on GDB's terminal")
    g.expect(rb"\[Inferior 1 \(process \d+\) exited normally\]",
             "the program's exit")
    g.prompt()
    wait_no_children(g)
    fds1, modes1 = g.fds(), stty_g(g.slave)
    g.check_responsive()
    problems = []
    if fds1 != fds0:
        problems.append("GDB's fds %d before, %d after" % (fds0, fds1))
    if modes1 != modes0:
        problems.append("GDB's terminal modes changed: %s -> %s"
                        % (modes0, modes1))
    g.cmd("maint set managed-tty-leader")
    g.prompt()
    g.cmd("run loop")
    g.expect(rb"stress-ready", "the program's line, in the next run")
    g.interrupt()
    kill_clean(g)
    if problems:
        raise TestFailure("; ".join(problems))
    return ("`%s'; the program ran; no process left, fds %d -> %d, GDB's "
            "terminal modes unchanged; the next run and its interrupt work"
            % (message, fds0, fds1))


def program_dies_raw(h, gdbs):
    h.faults.append("the program dies with its terminal raw")
    g = h.start(gdbs, ["--args", h.prog, "rawdie"], "program-dies-raw")
    g.cmd("run")
    g.expect(rb"stress-rawdie-ready", "the program's first line")
    g.send(b"x")
    g.expect(rb"Program received signal SIGABRT", "the SIGABRT")
    g.prompt()
    g.cmd("kill")
    g.prompt()
    # GDB's modes are back: a typed line is echoed and runs.
    g.check_responsive()
    g.cmd("run")
    g.expect(rb"stress-rawdie-ready", "the second run's first line")
    g.send(b"y")
    g.expect(rb"Program received signal SIGABRT", "the SIGABRT")
    g.prompt()
    g.check_responsive()
    return "SIGABRT reported twice, the prompt works after each"


def program_setsid(h, gdbs):
    h.faults.append("the program's child detaches (setsid) and outlives it")
    g = h.start(gdbs, ["--args", h.prog, "setsid"], "program-setsid")
    g.cmd("run")
    g.expect_all([rb"stress-ready", rb"stress-setsid-child"],
                 "the lines of the parent and of the child")
    g.interrupt()
    g.cmd("kill")
    g.expect(rb"killed\]", "the kill")
    g.check_responsive()
    # The child lives 2 s more, holding the terminal; then everything
    # must go.
    wait_no_children(g, 10.0)
    g.check_responsive()
    g.cmd("run")
    g.expect(rb"stress-ready", "the second run")
    g.interrupt("the second stop")
    kill_clean(g, 10.0)
    return ("interrupt and kill with the detached child alive; its "
            "session leader went when it did; a second run works")


def program_daemon(h, gdbs):
    h.faults.append("the program daemonizes (fork, setsid, /dev/null) "
                    "and exits")
    g = h.start(gdbs, ["--args", h.prog, "daemon"], "program-daemon")
    for r in range(2):
        g.cmd("run")
        g.expect(rb"exited normally\]", "the exit")
        g.prompt()
        g.check_responsive()
    # The daemons (not GDB's children once detached) end after 2 s.
    wait_no_children(g, 10.0)
    g.check_responsive()
    return "two runs exited normally; the prompt works; nothing left"


def program_notty(h, gdbs):
    h.faults.append("the program gives up its terminal (TIOCNOTTY)")
    g = h.start(gdbs, ["--args", h.prog, "notty"], "program-notty")
    g.cmd("run")
    g.expect(rb"stress-ready", "the program's line")
    if b"TIOCNOTTY" in g.buf:
        raise TestFailure("TIOCNOTTY failed in the program: %r" % g.tail())
    g.drain(0.2)
    g.interrupt()
    g.cmd("continue")
    g.expect(rb"Continuing\.", "`continue'")
    g.drain(0.3)
    g.interrupt("the second stop")
    kill_clean(g)
    return "two interrupts after TIOCNOTTY, each one stop; kill; prompt works"


def program_floods(h, gdbs):
    h.faults.append("the program floods output while the user types")
    rng = random.Random(h.seed + 2)
    g = h.start(gdbs, ["--args", h.prog, "flood"], "program-floods", log=False)
    g.cmd("run")
    g.expect(rb"stress-flood line", "the flood")
    seconds = 2.0 if h.quick else 10.0
    end = now() + seconds
    typed = 0
    out0 = len(g.buf)
    while now() < end:
        b = printable(rng, rng.randint(1, 32)).replace(b"\x03", b"")
        g.send(b)
        typed += len(b)
        g.drain(0.01)
        g.pos = len(g.buf)
        g.trim()
    g.send(b"\x03")
    t0 = now()
    g.expect(STOP, "the stop during the flood", timeout=TIMEOUT)
    took = now() - t0
    g.prompt()
    g.send(b"\x15")
    kill_clean(g)
    h.bytes_fuzzed += typed
    return ("%d bytes typed during %.0f s of flood; the interrupt key "
            "stopped it in %.0f ms; prompt works"
            % (typed, seconds, took * 1000))


# --- main --------------------------------------------------------------------


CHECKS = [
    ("cycles-interrupt", cycles_interrupt),
    ("cycles-exit", cycles_exit),
    ("fuzz-program", fuzz_program),
    ("fuzz-prompt", fuzz_prompt),
    ("fuzz-prompt-output", fuzz_prompt_output),
    ("fault-nopty-rlimit", nopty_rlimit),
    ("fault-nopty-ptmx", nopty_ptmx),
    ("fault-gdb-sigterm", lambda h, g: gdb_signalled(h, g, signal.SIGTERM)),
    ("fault-gdb-sighup", lambda h, g: gdb_signalled(h, g, signal.SIGHUP)),
    ("fault-gdb-hangup", gdb_hangup),
    ("fault-gdb-sigkill", gdb_sigkill),
    ("fault-leader-error", leader_error),
    ("fault-program-dies-raw", program_dies_raw),
    ("fault-program-setsid", program_setsid),
    ("fault-program-daemon", program_daemon),
    ("fault-program-notty", program_notty),
    ("fault-program-floods", program_floods),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("obj")
    ap.add_argument("prog")
    ap.add_argument("work")
    a = ap.parse_args()
    a.obj = os.path.realpath(a.obj)
    h = Harness(a)

    # Orphans (what outlives a killed GDB) become the harness's
    # children, so that it can see them end and reap them.
    PR_SET_CHILD_SUBREAPER = 36
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    # Output piped into head(1) ends the harness quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)

    only = set(x for x in a.only.split(",") if x)
    print("stress: %s form; gdb %s; seed %d (STRESS_SEED=%d replays); "
          "%d cycles; %d bytes per fuzz"
          % ("quick" if a.quick else "full", h.gdb, h.seed, h.seed,
             h.cycles, h.nbytes), flush=True)
    t0 = now()
    for name, fn in CHECKS:
        if only and name not in only:
            continue
        h.run(name, fn)

    passed = sum(1 for r in h.results if r[1] is True)
    failed = sum(1 for r in h.results if r[1] is False)
    skipped = len(h.results) - passed - failed
    print()
    print("=== stress summary ===")
    for key in ("cycles-interrupt", "cycles-exit"):
        if key in h.figures:
            f1, f2, r1, r2 = h.figures[key]
            print("%-18s %d cycles; fds first %d, last %d; RSS first %d KiB, "
                  "last %d KiB (%+d KiB)" % (key + ":", h.cycles, f1, f2, r1, r2,
                                              r2 - r1))
    print("%-18s %d (seed %d)" % ("bytes fuzzed:", h.bytes_fuzzed, h.seed))
    print("%-18s %d: %s" % ("faults tried:", len(h.faults),
                            "; ".join(h.faults)))
    for name, ok, detail in h.results:
        print("  %s %s" % ({True: "PASS", False: "FAIL", None: "SKIP"}[ok],
                           name))
    print("stress: %d passed, %d failed%s in %.0f s (logs in %s)"
          % (passed, failed, ", %d skipped" % skipped if skipped else "",
             now() - t0, h.work))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
