#!/usr/bin/env python3
"""Print the size of each patch of a series, as a reviewer weighs it.

Usage: patch-sizes.py [PATCH_DIR]      (default: patches/)

For each patch named in PATCH_DIR/series, the lines it adds: to test
files (anything under a testsuite/ directory), and to the rest, which
is split into documentation (NEWS, Texinfo), blank lines, comments
(C and C++ comments, and '#' lines of Makefiles and configure.nat),
and code.  Lines are counted from the patch text itself, so the
figures are those of the series as it is committed.
"""

import os
import sys


def count(path):
    """Return the counts of added lines of the patch at PATH, a dict."""
    c = dict(test=0, doc=0, blank=0, comment=0, code=0)
    name = ""
    in_comment = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("+++ "):
                name = line[4:].strip()
                name = name[2:] if name.startswith("b/") else name
                in_comment = False
                continue
            if line.startswith("diff --git "):
                in_comment = False
                continue
            if not line.startswith("+") or name == "":
                continue
            text = line[1:].strip()
            if "/testsuite/" in name:
                c["test"] += 1
            elif name.endswith(("NEWS", ".texinfo", ".texi")):
                c["doc"] += 1
            elif text == "":
                c["blank"] += 1
            elif in_comment:
                c["comment"] += 1
                in_comment = "*/" not in text
            elif text.startswith("/*"):
                c["comment"] += 1
                in_comment = "*/" not in text
            elif text.startswith("//"):
                c["comment"] += 1
            elif text.startswith("#") and name.endswith(
                ("Makefile.in", "configure.nat", ".sh")
            ):
                c["comment"] += 1
            else:
                c["code"] += 1
    return c


def main():
    pdir = sys.argv[1] if len(sys.argv) > 1 else "patches"
    with open(os.path.join(pdir, "series")) as f:
        names = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    print(
        "| # | patch | test | non-test | of which doc | blank | comment | code |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for i, n in enumerate(names, 1):
        c = count(os.path.join(pdir, n))
        nontest = c["doc"] + c["blank"] + c["comment"] + c["code"]
        title = n[5:-6] if n.endswith(".patch") else n
        print(
            f"| {i} | {title} | {c['test']} | {nontest} | {c['doc']} "
            f"| {c['blank']} | {c['comment']} | {c['code']} |"
        )


if __name__ == "__main__":
    main()
