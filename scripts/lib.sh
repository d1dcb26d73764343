# Shell functions shared by the scripts; source it:
#   . "$top/scripts/lib.sh"

# The GDB release the series is built on: 16.3 (the default) or
# $GDB_VERSION (17.2).  Each has its own series (series_dir) and build
# directory (build/ for 16.3, build-VERSION/ otherwise; see Makefile).
gdb_version=${GDB_VERSION:-16.3}

# series_dir TOP: the directory of the series for $gdb_version in the
# project at TOP: patches/ for 16.3, patches/VERSION/ otherwise.
series_dir () {
  if [ "$gdb_version" = 16.3 ]; then
    echo "$1/patches"
  else
    echo "$1/patches/$gdb_version"
  fi
}

# sum_results SUM WHO: print the failing results of the DejaGnu summary
# file SUM (FAIL, UNRESOLVED, ERROR, XPASS, KPASS lines) and its
# "=== gdb Summary ===" block, and set sum_pass to its expected passes
# and sum_fail to its unexpected failures, unresolved testcases,
# unexpected core files and ERRORs, plus one if nothing passed (which
# "WHO: error: no DejaGnu test passed" on stderr says).
sum_results () {
  local sum=$1 who=$2 fail unres cores
  grep -E '^(FAIL|UNRESOLVED|ERROR|XPASS|KPASS):' "$sum" || true
  sed -n '/=== gdb Summary ===/,$ p' "$sum"
  sum_pass=$(sum_count "$sum" 'expected passes')
  fail=$(sum_count "$sum" 'unexpected failures')
  unres=$(sum_count "$sum" 'unresolved testcases')
  cores=$(sum_count "$sum" 'unexpected core files')
  sum_pass=${sum_pass:-0}
  sum_fail=$((${fail:-0} + ${unres:-0} + ${cores:-0} + $(grep -c '^ERROR:' "$sum")))
  if [ "$sum_pass" -eq 0 ]; then
    sum_fail=$((sum_fail + 1))
    echo "$who: error: no DejaGnu test passed" >&2
  fi
}

# fail_excerpts LOG: for each of the first 5 failures in the DejaGnu
# log LOG, the 25 lines that led to it, with control characters shown
# as cat -v shows them ("^M" for a carriage return, "^[" for ESC), each
# line cut at 400 characters.  A failure that does not recur (a CI
# run's only record is its output) then comes with the bytes that GDB
# wrote, not only the test's name.
fail_excerpts () {
  [ -f "$1" ] || return 0
  awk '
    { ring[NR % 25] = $0 }
    /^(FAIL|UNRESOLVED|ERROR): / && shown < 5 {
      shown++
      print "--- gdb.log before: " $0
      for (i = NR - 24; i <= NR; i++) if (i > 0) print ring[i % 25]
    }
  ' "$1" | cat -v | cut -c1-400
}

# sum_count SUM WHAT: the number of DejaGnu's "# of WHAT" line in SUM
# (empty if there is none).
sum_count () {
  sed -n "s/^# of $2[[:space:]]*\([0-9]*\).*/\1/p" "$1" | head -n 1
}

# series_entries DIR: the names that DIR/series lists, in order, one a
# line ('#' starts a comment; nothing if there is no series file).
series_entries () {
  [ -f "$1/series" ] || return 0
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$1/series" | grep -v '^$' || true
}

# read_layers PATCH_DIR: the layers of the series, in order: the
# folders that PATCH_DIR/series names (1-fixes, 2-interrupt, ...), each
# a series of its own with its own series file and cover letter.  With
# $LAYER set, the layers up to that one.  Fails if LAYER names none.
read_layers () {
  local l found=
  while IFS= read -r l; do
    [ -d "$1/$l" ] || continue
    echo "$l"
    if [ -n "${LAYER:-}" ] && [ "$l" = "$LAYER" ]; then found=1; break; fi
  done < <(series_entries "$1")
  if [ -n "${LAYER:-}" ] && [ -z "$found" ]; then
    echo "error: LAYER=$LAYER is not a layer of $1 ($(series_entries "$1" | tr '\n' ' '))" >&2
    return 1
  fi
}

# read_series PATCH_DIR: the patches of the series, in order, one a
# line, as paths relative to PATCH_DIR: LAYER/NNNN-NAME.patch for each
# patch of each layer that read_layers gives, or NNNN-NAME.patch where
# PATCH_DIR/series names patches rather than layers.
read_series () {
  local e l
  if [ -n "$(read_layers "$1")" ]; then
    while IFS= read -r l; do
      while IFS= read -r e; do echo "$l/$e"; done < <(series_entries "$1/$l")
    done < <(read_layers "$1")
  else
    series_entries "$1"
  fi
}

# manual_stubbed GIT_DIR REV: true if REV's gdb/doc/gdb.texinfo, in the
# repository GIT_DIR, is a stub (Debian's source strips the manual), so
# that the series' gdb/doc hunks cannot apply to it.
manual_stubbed () {
  [ "$(git --git-dir="$1" cat-file -s "$2:gdb/doc/gdb.texinfo")" -lt 1024 ]
}

# has_doc_hunks PATCH: true if the patch file PATCH changes gdb/doc.
has_doc_hunks () {
  grep -qs '^diff --git a/gdb/doc/' "$1"
}

# run_dejagnu [--nice] TESTSUITE_DIR OUT TEST...: run the DejaGnu TESTs
# in the GDB build's TESTSUITE_DIR as GDB's Makefile does (make check,
# FORCE_PARALLEL, $JOBS at a time, all cores by default), after removing
# the last gdb.sum and gdb.log there; make's output goes to the file
# OUT.  --nice runs it at the lowest priority.  $RUNTESTFLAGS, if set,
# goes to runtest (e.g. --target_board=native-gdbserver).
run_dejagnu () {
  local nice=()
  if [ "$1" = --nice ]; then nice=(nice -n 19); shift; fi
  local ts=$1 out=$2
  shift 2
  rm -f "$ts/gdb.sum" "$ts/gdb.log"
  "${nice[@]}" make --no-print-directory -s -C "$ts" -k check \
    FORCE_PARALLEL=1 -j"${JOBS:-$(nproc)}" TESTS="$*" \
    ${RUNTESTFLAGS:+RUNTESTFLAGS="$RUNTESTFLAGS"} > "$out" 2>&1
}

# cover_blurb PATCH_DIR: the subject and the text of the series' cover
# letter, PATCH_DIR/0000-cover-letter.patch (git format-patch
# --cover-letter's form): the subject without its "[PATCH 0/N]" on the
# first line, a blank line, then the text up to the shortlog that git
# writes after it ("NAME (N):").  Nothing if there is no cover letter.
# export.sh writes the cover letter again from this, with the shortlog
# and diffstat of the series as exported.
cover_blurb () {
  local f=$1/0000-cover-letter.patch
  [ -f "$f" ] || return 0
  awk '
    !body && /^Subject: / { subj = $0; sub(/^Subject: (\[[^]]*\] )?/, "", subj); insubj = 1; next }
    !body && insubj && /^[ \t]/ { s = $0; sub(/^[ \t]+/, " ", s); subj = subj s; next }
    !body && /^$/ { body = 1; insubj = 0; print subj; print ""; next }
    !body { insubj = 0; next }
    /^[^ \t].* \([0-9]+\):$/ { exit }
    { lines[++n] = $0 }
    END { while (n > 0 && lines[n] == "") n--; for (i = 1; i <= n; i++) print lines[i] }
  ' "$f"
}
