#!/usr/bin/env python3
"""Port the series for GDB 16.3 (patches/) to GDB 17.2 (patches/17.2/):
cherry-pick each patch of the 16.3 series onto GDB 17.2's source, with
git's three-way merge, resolve the conflicts that upstream's changes
between the two releases make (each rule below says which), adapt what
17.2 changed without a conflict (initialization functions,
gdb::unordered_set), and write the result as patches/17.2/.

Usage: port-17.2.py
  (from the project's top; needs build/worktree with the 16.3 series on
  its branch "series" (make worktree), and build-17.2/gdb.git (make
  GDB_VERSION=17.2 does the fetch); works in build-17.2/port)

GDB 17.2's manual is stubbed in Debian's source, as 16.3's is: the
gdb/doc hunks are then ported onto a model of 17.2's manual,
build-17.2/manual-model/gdb.texinfo (16.3's manual with the text that
GDB 17 changed in the regions that the series' hunks touch; see
tests/17.2-port.txt), which the project does not distribute; with GNU's
tarball (GDB_SRC), whose manual is whole, onto that.  scripts/compare-series.py then checks that the
two series differ only where tests/17.2-port.txt says.
"""

import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WT16 = os.path.join(TOP, "build", "worktree")
REPO17 = os.path.join(TOP, "build-17.2", "gdb.git")
PORT = os.path.join(TOP, "build-17.2", "port")
OUT = os.path.join(TOP, "patches", "17.2")
MANUAL_MODEL = os.path.join(TOP, "build-17.2", "manual-model", "gdb.texinfo")

# Patches of the 16.3 series that the 17.2 series does not have, by
# subject, and why (tests/17.2-port.txt says the same).
SKIP = {
    "gdbsupport: poll with a timeout in milliseconds, not whole seconds":
    "17.2's event loop computes milliseconds itself",
}


def git(*args, check=True, cwd=PORT, capture=True):
    r = subprocess.run(["git", *args], cwd=cwd, text=True,
                       capture_output=capture)
    if check and r.returncode != 0:
        sys.exit(f"port-17.2: git {' '.join(args)} failed:\n{r.stderr}")
    return r.stdout if capture else ""


def conflicts(text):
    """Yield (start, mid, end, ours, theirs) of each conflict in TEXT."""
    i = 0
    while True:
        a = text.find("<<<<<<< ", i)
        if a < 0:
            return
        m = text.index("=======\n", a)
        b = text.index(">>>>>>> ", m)
        e = text.index("\n", b) + 1
        yield a, e, text[text.index("\n", a) + 1:m], text[m + 8:b]
        i = e


def resolve(path, rule):
    """Resolve every conflict of PATH with RULE (ours, theirs) -> text."""
    full = os.path.join(PORT, path)
    with open(full) as f:
        text = f.read()
    out, pos = [], 0
    for a, e, ours, theirs in conflicts(text):
        out.append(text[pos:a])
        out.append(rule(ours, theirs))
        pos = e
    out.append(text[pos:])
    with open(full, "w") as f:
        f.write("".join(out))


def init_gdb_file(text):
    """17.2 finds initialization functions only as INIT_GDB_FILE."""
    return re.sub(r"void _initialize_(\w+) \(\);\nvoid\n_initialize_\1 \(\)\n",
                  r"INIT_GDB_FILE (\1)\n", text)


def makefile_rule(ours, theirs):
    """17.2 merged HFILES_NO_SRCDIR's lists into one: keep 17.2's, the
    series' headers are added by fix_makefile.  Otherwise both sides'
    lines, 17.2's first."""
    if theirs.count("\n") > 20:
        return ours
    return ours + theirs


RULES = {
    # 17.2 includes buildargv.h and gdb_argv_vec.h where the series adds
    # scope-exit.h.
    "gdb/nat/fork-inferior.c": lambda o, t: o + t,
    "gdb/Makefile.in": makefile_rule,
    # 17.2's _initialize_event_top is INIT_GDB_FILE (event_top).
    "gdb/event-top.c": lambda o, t: init_gdb_file(t),
    # 17.2 has its own top section: the series' entries go under
    # "Changes since GDB 17", above it.
    "gdb/NEWS": lambda o, t: t.replace("*** Changes since GDB 16",
                                       "*** Changes since GDB 17")
    + "\n" + o,
    # 17.2 added restore_initial_gdb_ttystate before gdb_has_a_terminal,
    # which the series makes extern.
    "gdb/inflow.c": lambda o, t: o.replace(
        "/* Does GDB have a terminal (on stdin)?  */", "/* See terminal.h.  */"),
    # 17.2 added scoped_restore_tty_state where the series adds its
    # declarations.
    "gdb/terminal.h": lambda o, t: o + "\n" + t,
    # 17.2 includes signals-state-save-restore.h where the series adds
    # gdb_wait.h.
    "gdb/nat/linux-ptrace.c": lambda o, t: t + o,
    "gdb/managed-tty-input.c": lambda o, t: init_gdb_file(t),
}

def fix_files():
    """Adapt, in the working tree, what 17.2 changed without a conflict.
    Return the paths changed."""
    changed = []

    def edit(path, fn):
        full = os.path.join(PORT, path)
        if not os.path.exists(full):
            return
        with open(full) as f:
            text = f.read()
        new = fn(text)
        if new != text:
            with open(full, "w") as f:
                f.write(new)
            changed.append(path)

    for path in ("gdb/managed-tty.c", "gdb/managed-tty-input.c",
                 "gdb/event-top.c"):
        edit(path, init_gdb_file)
    # 17.2's code uses gdb::unordered_set.
    for path in ("gdb/linux-nat.c", "gdbserver/linux-low.cc"):
        edit(path, lambda t: t.replace(
            "#include <unordered_set>\n",
            '#include "gdbsupport/unordered_set.h"\n').replace(
            "static std::unordered_set<int> interrupt_sigint_passed;",
            "static gdb::unordered_set<int> interrupt_sigint_passed;"))
    # 17.2 declares gdb_has_a_terminal static at the top of inflow.c.
    edit("gdb/inflow.c", lambda t: t.replace(
        "static int gdb_has_a_terminal (void);\n\n", "")
        if "\nbool\ngdb_has_a_terminal ()" in t else t)
    edit("gdb/Makefile.in", fix_makefile)
    return changed


def fix_makefile(text):
    """The series' lines of gdb/Makefile.in that 17.2's changes keep from
    applying: its headers in 17.2's one sorted HFILES_NO_SRCDIR list,
    and gdb-tty-leader in 17.2's all: (which builds gdb-add-index)."""
    if "nat/tty-leader.c" not in text and "tty-leader" not in text:
        return text
    lines = text.split("\n")
    if "\tnat/tty-leader.h \\" not in lines and \
            any(l.startswith("gdb-tty-leader$(EXEEXT):") for l in lines):
        k = next(i for i, l in enumerate(lines)
                 if l.startswith("\tnat/") and l.strip().rstrip(" \\")
                 > "nat/tty-leader.h")
        lines[k:k] = ["\tnat/tty-leader-protocol.h \\", "\tnat/tty-leader.h \\"]
    text = "\n".join(lines)
    old_all = ("all: gdb$(EXEEXT) $(CONFIG_ALL) gdb-gdb.py gdb-gdb.gdb gcore "
               "gstack gdb-add-index\n")
    if "MANAGED_TTY_LEADER = " not in text and \
            "gdb-tty-leader$(EXEEXT):" in text and old_all in text:
        text = text.replace(old_all, """\
# gdb-tty-leader, the session leader of the terminal that GDB gives
# each program it runs (see nat/gdb-tty-leader.c), on the hosts that
# build nat/tty-leader.c.  A program of its own, which uses nothing of
# GDB; GDB looks for it next to its own executable (so that a GDB run
# from this directory finds this one), else in $(libexecdir)/gdb,
# relocated with GDB.
MANAGED_TTY_LEADER = \\
	$(if $(filter nat/tty-leader.o,$(NATDEPFILES)),gdb-tty-leader$(EXEEXT))

all: gdb$(EXEEXT) $(CONFIG_ALL) gdb-gdb.py gdb-gdb.gdb gcore gstack \\
	gdb-add-index $(MANAGED_TTY_LEADER)
""")
    return text


def main():
    if not os.path.isdir(os.path.join(WT16, ".git")):
        sys.exit("port-17.2: no build/worktree: run make worktree first")
    if not os.path.isdir(PORT):
        subprocess.run(["git", "clone", "-q", REPO17, PORT], check=True)
    git("config", "user.name", "GDB PTY series")
    git("config", "user.email", "gdb-pty-series@localhost")
    git("cherry-pick", "--abort", check=False)
    git("fetch", "-q", "--force", WT16, "series:series16", "tag", "base")
    git("fetch", "-q", REPO17, "pristine:pristine17", check=False)
    git("checkout", "-q", "--force", "-B", "port", "pristine17")
    if os.path.getsize(os.path.join(PORT, "gdb/doc/gdb.texinfo")) < 1024 \
            and not os.path.exists(MANUAL_MODEL):
        sys.exit(f"port-17.2: 17.2's manual is stubbed in this source, and "
                 f"there is no model of it at {MANUAL_MODEL}")

    # The doc hunks need 17.2's manual: the source's if it is whole (the
    # GNU tarball, GDB_SRC), else the model.
    stub = os.path.getsize(os.path.join(PORT, "gdb/doc/gdb.texinfo")) < 1024
    if stub:
        with open(MANUAL_MODEL) as f, \
                open(os.path.join(PORT, "gdb/doc/gdb.texinfo"), "w") as g:
            g.write(f.read())
        git("add", "gdb/doc/gdb.texinfo")
        git("commit", "-q", "-m",
            "model of GDB 17.2's manual (not distributed)")
    git("tag", "-f", "docmodel")

    for c in git("rev-list", "--reverse", "base..series16").split():
        subject = git("log", "-1", "--format=%s", c).strip()
        if subject in SKIP:
            print(f"port-17.2: skipped: {subject} ({SKIP[subject]})")
            continue
        r = subprocess.run(["git", "cherry-pick", c], cwd=PORT, text=True,
                           capture_output=True)
        if r.returncode != 0:
            unmerged = git("diff", "--name-only", "--diff-filter=U").split()
            for path in unmerged:
                if path not in RULES:
                    sys.exit(f"port-17.2: {subject}: no rule for the "
                             f"conflict in {path}")
                resolve(path, RULES[path])
            fix_files()
            git("add", "-A")
            env = dict(os.environ, GIT_EDITOR="true")
            subprocess.run(["git", "cherry-pick", "--continue"], cwd=PORT,
                           env=env, check=True, capture_output=True)
            print(f"port-17.2: resolved: {subject} ({', '.join(unmerged)})")
        changed = fix_files()
        if changed:
            git("add", "-A")
            git("commit", "-q", "--amend", "--no-edit")
            print(f"port-17.2: adapted: {subject} ({', '.join(changed)})")
        else:
            print(f"port-17.2: as is: {subject}")
        left = git("grep", "-l", "-E", "^(<<<<<<<|>>>>>>>) ", "HEAD", "--",
                   "gdb", "gdbserver", "gdbsupport", check=False)
        if left.strip():
            sys.exit(f"port-17.2: conflict markers left: {left}")

    write_layers()


COVER = "0000-cover-letter.patch"

FMT = ["-c", "core.abbrev=12", "-c", "diff.algorithm=myers",
       "-c", "diff.noprefix=false", "-c", "diff.mnemonicPrefix=false",
       "-c", "format.signature=", "format-patch", "-q", "--zero-commit",
       "--no-signature", "--no-numbered", "--no-thread", "--abbrev=12"]

# The 17.2 text of the cover letter of a layer whose 16.3 text does not
# hold for 17.2, by layer.
COVER_17 = {
    "1-fixes": """\
Three GDB bug fixes that stand alone

Three upstream bugs, each fixed on its own, each with a test that fails
without its fix.  A later series (a terminal of its own for each
program, PR gdb/9425) makes them frequent in the testsuite, but each is
a bug of today's GDB:

1. When a process ends while GDB resumes its threads, "continue" fails
   on the thread whose PC it cannot read, and leaves the process half
   resumed.
2. When a thread other than the leader execs, resuming the replaced
   leader fails with ESRCH, and "continue" fails with it.
3. An error in fork_inferior after prefork_hook (a "set cwd" that
   cannot be expanded) leaves prefork_hook's state in effect, and the
   next "run" fails an assertion.

(The 16.3 series has a fourth, a poll timeout rounded down to whole
seconds, whose bug 17.2's event loop no longer has.)

Tested on x86_64-linux.""",
}

COVER_NOTE = """\
This is the series for GDB 17.2: the same changes as the one for GDB
16.3, ported (gdb/NEWS entries under "Changes since GDB 17",
INIT_GDB_FILE, gdb::unordered_set).

"""


def read_entries(path):
    """The names that the series file PATH lists, in order."""
    with open(path) as f:
        return [l.split("#", 1)[0].strip() for l in f
                if l.split("#", 1)[0].strip()]


def patch_subject(path):
    """The subject of the patch file PATH, without its [PATCH] tag."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    for k, line in enumerate(lines):
        if line.startswith("Subject: "):
            subj = line[len("Subject: "):]
            while k + 1 < len(lines) and lines[k + 1].startswith(" "):
                k += 1
                subj += lines[k]
            return re.sub(r"^\[[^]]*\] ", "", subj)
    return ""


def write_layers():
    """Write the ported commits to OUT in the layers of the 16.3 series
    (patches/series): each commit to the layer of the 16.3 patch of the
    same subject, each layer with its series file and a cover letter,
    and OUT/series naming the layers."""
    src = os.path.join(TOP, "patches")
    layers = [l for l in read_entries(os.path.join(src, "series"))
              if os.path.isdir(os.path.join(src, l))]
    layer_of = {}
    for l in layers:
        for n in read_entries(os.path.join(src, l, "series")):
            layer_of[patch_subject(os.path.join(src, l, n))] = l
    commits = git("rev-list", "--reverse", "docmodel..port").split()
    ranges = {}
    idx = 0
    for c in commits:
        subject = git("log", "-1", "--format=%s", c).strip()
        l = layer_of.get(subject)
        if l is None:
            sys.exit(f"port-17.2: {subject}: in no layer of patches/")
        if layers.index(l) < idx:
            sys.exit(f"port-17.2: {subject}: its layer, {l}, comes before "
                     f"the layer of the patch before it")
        idx = layers.index(l)
        ranges.setdefault(l, [c, c])[1] = c
    import shutil
    for f in os.listdir(OUT):
        full = os.path.join(OUT, f)
        if f.endswith(".patch") or f == "series":
            os.remove(full)
        elif os.path.isdir(full) and f in layers:
            shutil.rmtree(full)
    for l, (first, last) in ranges.items():
        d = os.path.join(OUT, l)
        os.makedirs(d)
        git(*FMT, "--no-cover-letter", "-o", d, f"{first}^..{last}")
        names = sorted(f for f in os.listdir(d) if f.endswith(".patch"))
        with open(os.path.join(d, "series"), "w") as f:
            f.write("".join(n + "\n" for n in names))
        cover_letter(l, first, last, len(names))
        print(f"port-17.2: {len(names)} patches written to {d}")
    with open(os.path.join(OUT, "series"), "w") as f:
        f.write("# The series' layers, in order (see patches/series).\n")
        f.write("".join(l + "\n" for l in ranges))


def cover_letter(layer, first, last, n):
    """Write the cover letter of LAYER (commits FIRST to LAST, N
    patches) in OUT: the 16.3 layer's subject and text (or COVER_17's),
    with a note on the port, and git's shortlog and diffstat."""
    if layer in COVER_17:
        blurb = COVER_17[layer]
    else:
        blurb = subprocess.run(
            ["bash", "-c", f'. scripts/lib.sh && cover_blurb patches/{layer}'],
            cwd=TOP, text=True, capture_output=True, check=True).stdout
    if not blurb.strip():
        return
    subject, _, body = blurb.partition("\n\n")
    git("branch", "-f", "cover17", last)
    git("config", "branch.cover17.description",
        subject + "\n\n" + COVER_NOTE + body)
    tmp = os.path.join(PORT, ".cover")
    subprocess.run(["rm", "-rf", tmp], check=True)
    git(*FMT, "--cover-letter", "--cover-from-description=subject",
        "-o", tmp, f"{first}^..cover17")
    git("branch", "-q", "-D", "cover17")
    date = git("log", "-1", "--format=%aD", last).strip()
    out = []
    in_head = True
    with open(os.path.join(tmp, COVER)) as f:
        for line in f:
            if in_head and line == "\n":
                in_head = False
            elif in_head and line.startswith("Subject: [PATCH] "):
                line = line.replace("[PATCH]", f"[PATCH 0/{n}]", 1)
            elif in_head and line.startswith("Date: "):
                line = f"Date: {date}\n"
            out.append(line)
    with open(os.path.join(OUT, layer, COVER), "w") as f:
        f.write("".join(out))
    subprocess.run(["rm", "-rf", tmp], check=True)


if __name__ == "__main__":
    main()
