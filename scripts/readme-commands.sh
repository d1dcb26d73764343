#!/usr/bin/env bash
# Run the quick commands that README.md shows, as it shows them, and say
# which work: README.md's promise that its commands work on a fresh
# clone, once `make` has built it.
#
# Usage: readme-commands.sh [README]       (default: README.md)
#
# The commands are the lines of the indented code blocks (4 spaces) that
# follow a line "<!-- readme-check -->" in README (blank lines may come
# between): one command a line, a line ending in "\" continued on the
# next; "# ..." is the shell's comment.  Each runs with bash from the
# project's top, its input from /dev/null, under `timeout 60`, and
# passes if it exits with status 0.  Prints "PASS: readme: CMD" or
# "FAIL: readme: CMD" (then the command's last lines of output) for
# each, and exits non-zero if one failed, or if README marks no block
# (a marker lost in an edit would otherwise pass silently).
#
# A block that needs a layer of the series says so in its marker,
# "<!-- readme-check layer=NAME -->": when LAYER stops before NAME
# (make LAYER=1-fixes check), its commands are skipped, one
# "SKIP: readme: CMD" line each, and count neither way.
#
# Only blocks of quick commands are marked, those that take seconds on
# the tree that `make` built: bin/gdb --version, bin/gdb -batch on the
# programs of examples/, make sizes, make -n install.  Never marked,
# so never run here: make, make check, make stock, make deb, make
# regress, make install (they build, install, or run for minutes to
# hours, or need a build of something else, as bin/gdb-stock needs make
# stock), and transcripts of interactive sessions ("(gdb) run", ^C).
#
# make check runs this (scripts/check.sh), as one pass or one failure.
# GDB_VERSION and LAYER pass through to the commands as make exported
# them: bin/gdb and make follow them; with GDB_VERSION=17.2, "build/" at
# the start of a word of a command becomes "build-17.2/", where `make
# GDB_VERSION=17.2` puts the programs of examples/.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
readme=${1:-$top/README.md}
[ -f "$readme" ] || { echo "FAIL: readme: no $readme"; exit 1; }
version=${GDB_VERSION:-16.3}

# The layers built (all of them, or those up to $LAYER).
layers=" $(read_layers "$(series_dir "$top")" | tr '\n' ' ') "

# The commands of the marked blocks, one a line (continuations joined),
# each after the layer its block needs (or "-") and a tab.
mapfile -t cmds < <(awk '
  /^<!-- readme-check( layer=[^ ]+)? -->[ \t]*$/ {
    armed = 1; inblock = 0; need = "-"
    if (match($0, /layer=[^ ]+/)) need = substr($0, RSTART + 6, RLENGTH - 6)
    next
  }
  armed && /^[ \t]*$/ { next }
  armed && /^    / { armed = 0; inblock = 1 }
  armed { armed = 0 }
  inblock && /^[ \t]*$/ { next }
  inblock && !/^    / { inblock = 0 }
  inblock {
    line = substr($0, 5)
    if (cont != "") { sub(/^[ \t]+/, "", line); line = cont " " line; cont = "" }
    if (line ~ /\\$/) {
      cont = substr(line, 1, length(line) - 1); sub(/[ \t]+$/, "", cont); next
    }
    print need "\t" line
  }
' "$readme")

if [ ${#cmds[@]} -eq 0 ]; then
  echo "FAIL: readme: $readme marks no block with <!-- readme-check -->"
  exit 1
fi

failed=0
for entry in "${cmds[@]}"; do
  need=${entry%%$'\t'*}
  cmd=${entry#*$'\t'}
  if [ "$need" != - ] && [[ "$layers" != *" $need "* ]]; then
    echo "SKIP: readme: $cmd (needs the layer $need; LAYER=${LAYER:-})"
    continue
  fi
  # make sizes counts with a tool of the workplace, next to the project.
  if [ "$cmd" = "make sizes" ] \
     && [ ! -f "${SERIES_LINES:-$top/../shared/tools/series-lines.py}" ]; then
    echo "SKIP: readme: $cmd (no ../shared/tools/series-lines.py next to the project)"
    continue
  fi
  run=$cmd
  if [ "$version" != 16.3 ]; then
    run=$(sed -E "s#(^|[[:space:]])build/#\\1build-$version/#g" <<< "$cmd")
  fi
  out=$(cd "$top" && timeout -k 5 60 bash -c "$run" < /dev/null 2>&1)
  rc=$?
  if [ "$rc" -eq 0 ]; then
    echo "PASS: readme: $cmd"
  else
    [ "$rc" -eq 124 ] && why="took over a minute" || why="exit status $rc"
    [ -z "$out" ] || tail -n 15 <<< "$out"
    echo "FAIL: readme: $cmd ($why)"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ]
