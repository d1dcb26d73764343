#!/usr/bin/env python3
"""Compare DejaGnu .sum files of a stock and a patched GDB.

Usage:
  compare-sums.py worse STOCK.sum PATCHED.sum
      Print the .exp files in which some test got worse.
  compare-sums.py report STOCK.sum PATCHED.sum [RERUN.sum...] > REPORT
      Print the report: a table per testsuite directory, then the tests
      that got worse, split into regressions (worse in PATCHED.sum and
      in every re-run that ran their file) and racy ones (worse in
      PATCHED.sum, not in some re-run); tests that tests/regress-expected.list
      names (changed on purpose by a patch, with its reason) are listed
      apart and are not regressions.  A line "regressions: N" follows.

A test "got worse" if stock's result is PASS (or XFAIL, KFAIL) and the
patched one is anything else or missing, or if the patched run has a
FAIL, UNRESOLVED or ERROR that stock does not have.  A test is named by
its .exp file and its message, as in the .sum file; duplicate names get
a counter, as DejaGnu users do.
"""

import collections
import re
import sys

RESULTS = ("PASS", "FAIL", "XFAIL", "XPASS", "KFAIL", "KPASS",
           "UNRESOLVED", "UNTESTED", "UNSUPPORTED", "ERROR")
GOOD = ("PASS", "XFAIL", "KFAIL")
BAD = ("FAIL", "UNRESOLVED", "ERROR", "XPASS", "KPASS")
LINE = re.compile(r"^(%s): (.*)$" % "|".join(RESULTS))
RUNNING = re.compile(r"^Running .*/testsuite/(gdb\.[^/]+/[^ ]+\.exp) \.\.\.")


def parse(path):
    """Return {test name: result} and {exp file: [test names]}."""
    results = {}
    files = collections.defaultdict(list)
    seen = collections.Counter()
    current = None
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = RUNNING.match(line)
            if m:
                current = m.group(1)
                continue
            m = LINE.match(line)
            if not m:
                continue
            result, name = m.groups()
            if not name.startswith("gdb.") and current is not None:
                name = "%s: %s" % (current, name)
            exp = name.split(":", 1)[0]
            seen[name] += 1
            if seen[name] > 1:
                name = "%s <<%d>>" % (name, seen[name])
            results[name] = result
            files[exp].append(name)
    return results, files


def worse(stock, patched):
    """Return the names of the tests that got worse."""
    out = []
    for name in set(stock) | set(patched):
        s, p = stock.get(name), patched.get(name)
        if (s in GOOD and p not in GOOD) or (p in BAD and s not in BAD):
            out.append(name)
    return sorted(out)


def directory(name):
    return name.split("/", 1)[0]


def table(stock, patched):
    lines = ["| directory | stock passes | stock failures "
             "| patched passes | patched failures |",
             "|---|---:|---:|---:|---:|"]
    dirs = sorted({directory(n) for n in list(stock) + list(patched)})
    for d in dirs:
        def count(res, kinds):
            return sum(1 for n, r in res.items()
                       if directory(n) == d and r in kinds)
        lines.append("| %s | %d | %d | %d | %d |" % (
            d, count(stock, ("PASS",)), count(stock, BAD),
            count(patched, ("PASS",)), count(patched, BAD)))
    return lines


def main(argv):
    if len(argv) < 4 or argv[1] not in ("worse", "report"):
        sys.stderr.write(__doc__)
        return 2
    stock, _ = parse(argv[2])
    patched, _ = parse(argv[3])
    got_worse = worse(stock, patched)

    if argv[1] == "worse":
        for exp in sorted({n.split(":", 1)[0] for n in got_worse}):
            print(exp)
        return 0

    reruns = [parse(p) for p in argv[4:]]
    expected_list = load_expected()
    regressions = []
    racy = []
    on_purpose = []
    for name in got_worse:
        reason = next((r for prefix, r in expected_list
                       if name.startswith(prefix)), None)
        if reason is not None:
            on_purpose.append((name, reason))
            continue
        exp = name.split(":", 1)[0]
        ran = [res for res, files in reruns if exp in files]
        if any(res.get(name) == stock.get(name)
               or (name not in stock and res.get(name) not in BAD)
               for res in ran):
            racy.append(name)
        else:
            regressions.append(name)

    def show(name):
        return "%s (stock: %s, patched: %s)" % (
            name, stock.get(name, "missing"), patched.get(name, "missing"))

    print("\n".join(table(stock, patched)))
    print()
    print("Tests that got worse: %d (regressions: %d, racy: %d, on purpose: %d)."
          % (len(got_worse), len(regressions), len(racy), len(on_purpose)))
    print()
    print("### Regressions (worse in every run)")
    print()
    print("\n".join("- " + show(n) for n in regressions) or "None.")
    print()
    print("### Racy (worse once, not in a re-run)")
    print()
    print("\n".join("- " + show(n) for n in racy) or "None.")
    print()
    print("### Changed on purpose, or known upstream races (tests/regress-expected.list)")
    print()
    print("\n".join("- %s: %s" % (show(n), r) for n, r in on_purpose)
          or "None.")
    print()
    print("regressions: %d" % len(regressions))
    return 0


def load_expected():
    """Return [(test name prefix, reason)] of tests/regress-expected.list."""
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "..", "tests", "regress-expected.list")
    entries = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#") or " | " not in line:
                    continue
                prefix, reason = line.split(" | ", 1)
                entries.append((prefix.strip(), reason.strip()))
    except OSError:
        pass
    return entries


if __name__ == "__main__":
    sys.exit(main(sys.argv))
