#!/usr/bin/env python3
"""Show that the series for GDB 16.3 and the one for GDB 17.2 make the
same changes: the same patches in the same order, each adding and
removing the same lines, file by file, with the same commit messages, but where
upstream GDB changed between the two releases.

Usage: compare-series.py [OLD_DIR NEW_DIR]
  (default: patches and patches/17.2, beside this script's project)

Patches are matched by subject.  For each pair, the lines that a patch
adds and removes (its '+' and '-' lines, not its context or line
numbers) are compared file by file, and every difference is printed:
in the 16.3 patch only ("-16.3") or in the 17.2 patch only ("+17.2").
tests/17.2-port.txt names, for each patch, the differences that are
known and why (what upstream changed); a difference it does not name
is an error.  Exits 1 on an unexplained difference, a patch missing on
one side that the file does not name, or a different order.
"""

import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_series(d):
    """Return the patch file names that D/series lists, in order, as
    paths relative to D: for a series in layers (D/series names
    folders), each layer's patches, LAYER/NAME."""
    names = []
    with open(os.path.join(d, "series")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if os.path.isdir(os.path.join(d, line)):
                names += [os.path.join(line, n)
                          for n in read_series(os.path.join(d, line))]
            else:
                names.append(line)
    return names


def patch_message(path):
    """Return the commit message of the patch file PATH (after its
    Subject header, up to the "---" before the diffstat)."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    body = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    return body.split("\n---\n", 1)[0].strip()


def parse_patch(path):
    """Return (subject, {file: ([removed lines], [added lines])})."""
    subject = None
    files = {}
    cur = None
    in_body = False
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if subject is None and line.startswith("Subject: "):
            s = line[len("Subject: "):]
            while i + 1 < len(lines) and lines[i + 1].startswith(" "):
                i += 1
                s += lines[i]
            subject = re.sub(r"^\[PATCH[^\]]*\]\s*", "", s)
        elif line.startswith("diff --git "):
            m = re.match(r"diff --git a/(\S+) b/(\S+)", line)
            cur = m.group(2)
            files.setdefault(cur, ([], []))
            in_body = False
        elif cur is not None and line.startswith("@@"):
            in_body = True
        elif cur is not None and in_body:
            if line.startswith("+") and not line.startswith("+++ "):
                files[cur][1].append(line[1:])
            elif line.startswith("-") and not line.startswith("--- "):
                files[cur][0].append(line[1:])
            elif line.startswith("-- ") and i + 1 < len(lines) \
                    and re.match(r"^\d", lines[i + 1] or ""):
                break
        i += 1
    return subject, files


def multiset_diff(a, b):
    """Return the lines of A missing from B, and of B missing from A,
    counting repeats, in their order."""
    from collections import Counter
    ca, cb = Counter(a), Counter(b)
    only_a, only_b = [], []
    seen_a, seen_b = Counter(), Counter()
    for x in a:
        seen_a[x] += 1
        if seen_a[x] > cb[x]:
            only_a.append(x)
    for x in b:
        seen_b[x] += 1
        if seen_b[x] > ca[x]:
            only_b.append(x)
    return only_a, only_b


def read_known(path):
    """Return {subject: [(file, regexp)]} of the known differences, and
    {subject: reason} of the patches that one side has not, from PATH:
    lines 'PATCH: SUBJECT', then 'FILE REGEXP  # why' or
    'absent: why'."""
    known, absent = {}, {}
    subject = None
    if not os.path.exists(path):
        return known, absent
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("PATCH: "):
                subject = line[len("PATCH: "):].strip()
                known.setdefault(subject, [])
                continue
            body = line.split("  #", 1)[0].strip()
            if body.startswith("absent:"):
                absent[subject] = body[len("absent:"):].strip()
                continue
            fname, _, rx = body.partition(" ")
            known[subject].append((fname, re.compile(rx.strip())))
    return known, absent


def main():
    if len(sys.argv) == 3:
        old_dir, new_dir = sys.argv[1], sys.argv[2]
    else:
        old_dir = os.path.join(TOP, "patches")
        new_dir = os.path.join(TOP, "patches", "17.2")
    known, absent = read_known(os.path.join(TOP, "tests", "17.2-port.txt"))

    old_names = read_series(old_dir)
    new_names = read_series(new_dir)
    old = [parse_patch(os.path.join(old_dir, p)) for p in old_names]
    new = [parse_patch(os.path.join(new_dir, p)) for p in new_names]
    old_msg = {subj: patch_message(os.path.join(old_dir, p))
               for (subj, _), p in zip(old, old_names)}
    new_msg = {subj: patch_message(os.path.join(new_dir, p))
               for (subj, _), p in zip(new, new_names)}
    old_subjects = [s for s, _ in old]
    new_subjects = [s for s, _ in new]
    errors = 0

    # The same order, for the patches that both have.
    common = [s for s in old_subjects if s in new_subjects]
    if common != [s for s in new_subjects if s in old_subjects]:
        print("ERROR: the patches both series have are not in the same order")
        errors += 1

    for mine, theirs, label in ((old_subjects, new_subjects, "16.3"),
                                (new_subjects, old_subjects, "17.2")):
        for s in mine:
            if s in theirs:
                continue
            why = absent.get(s)
            if why:
                print(f"{label} only: {s}\n    (known: {why})")
            else:
                print(f"ERROR: {label} only, unexplained: {s}")
                errors += 1

    new_by_subject = dict(new)
    for n, (s, ofiles) in enumerate(old, 1):
        if s not in new_by_subject:
            continue
        nfiles = new_by_subject[s]
        rules = known.get(s, [])
        lines = []
        unexplained = 0
        for fname in sorted(set(ofiles) | set(nfiles)):
            orem, oadd = ofiles.get(fname, ([], []))
            nrem, nadd = nfiles.get(fname, ([], []))
            for kind, a, b in (("removed", orem, nrem), ("added", oadd, nadd)):
                only_old, only_new = multiset_diff(a, b)
                for side, text in [("-16.3", x) for x in only_old] \
                        + [("+17.2", x) for x in only_new]:
                    ok = any(f == fname and rx.search(text)
                             for f, rx in rules)
                    if not ok:
                        unexplained += 1
                    lines.append(f"    {'  ' if ok else '!!'} {fname} "
                                 f"{kind} {side}: {text}")
        if old_msg[s] != new_msg[s]:
            print(f"ERROR: the commit messages differ: {s}")
            errors += 1
        if not lines:
            print(f"same: {s}")
        else:
            tag = "ERROR, unexplained differences" if unexplained \
                else "differs where upstream changed"
            print(f"{tag}: {s}")
            print("\n".join(lines))
            errors += 1 if unexplained else 0

    print(f"compare-series: {len(old)} patches for 16.3, {len(new)} for "
          f"17.2; {errors} unexplained difference(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
