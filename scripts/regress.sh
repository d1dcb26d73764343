#!/usr/bin/env bash
# Run whole directories of GDB's testsuite against the stock and the
# patched GDB, compare the .sum files, re-run what got worse, and write
# the report to tests/results/.
#
# Usage: regress.sh BUILD_DIR [DIR...]     (default: gdb.base gdb.threads
#                                          gdb.mi gdb.tui gdb.python
#                                          gdb.server)
#
# Each side runs with FORCE_PARALLEL=1 on all cores (JOBS=N to change),
# one side after the other.  The .exp files in which some test got worse
# are run again on the patched side, one at a time, up to 3 times; a
# test that is worse in every run is a regression, one that is not is
# racy.  Exits non-zero if there are regressions.  Results:
# BUILD_DIR/regress/ (the .sum and .log files) and
# tests/results/regress.md (the report) and
# tests/results/regress-diff.txt (the lines that differ).  The series'
# own tests are not run here (the .exp files come from stock's tree):
# make check runs them.
#
# REGRESS_BOARD=native-gdbserver (or native-extended-gdbserver) runs
# both sides with that DejaGnu board, the GDB of each side talking to
# the gdbserver of the same side; its results are BUILD_DIR/regress-BOARD/
# and tests/results/regress-BOARD.md and regress-BOARD-diff.txt.  With
# DIRs named, "-DIR+DIR..." is added to those names too, or
# "-$REGRESS_NAME" if set.  A DIR that ends in .exp is one test file.
# REGRESS_REUSE="stock" runs the patched side only, when the stock side
# of the same directories ran already with the same stock build (see
# below).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
build=$(realpath -e "$1") || exit 1
shift
dirs=("$@")
# A run of other directories than the default set is reported apart
# (regress-gdb.server.md for gdb.server alone), so that it never
# replaces the report of the whole run.
dirs_suffix=
[ ${#dirs[@]} -eq 0 ] || dirs_suffix=-$(IFS=+; echo "${dirs[*]}")
[ ${#dirs[@]} -gt 0 ] || dirs=(gdb.base gdb.threads gdb.mi gdb.tui gdb.python gdb.server)
jobs=${JOBS:-$(nproc)}
board=${REGRESS_BOARD:-}
suffix=${board:+-$board}${REGRESS_NAME:+-$REGRESS_NAME}
[ -n "${REGRESS_NAME:-}" ] || suffix+=$dirs_suffix
[ "$gdb_version" = 16.3 ] || suffix="-$gdb_version$suffix"
[ -z "$board" ] || export RUNTESTFLAGS="--target_board=$board"
out=$build/regress$suffix
results=$top/tests/results
mkdir -p "$out" "$results"

log () { echo "regress: $(date +%T) $*"; }

# run SIDE NAME TESTS...: run TESTS on SIDE's build, keep NAME.sum/log.
# $run_jobs of them at a time (default: all cores).
run () {
  local side=$1 name=$2
  shift 2
  local ts=$build/$side/gdb/testsuite
  JOBS=${run_jobs:-$jobs} run_dejagnu "$ts" "$out/$name.out" "$@"
  cp "$ts/gdb.sum" "$out/$name.sum" 2>/dev/null || : > "$out/$name.sum"
  cp "$ts/gdb.log" "$out/$name.log" 2>/dev/null || true
}

# Tests left out on both sides (REGRESS_SKIP="..." to change):
# gdb.threads/wp-replication.exp times out in all 80 of its watchpoint
# steps on this kind of machine with stock GDB too, while its program
# spins every core, for about 15 minutes a side.
skip=(${REGRESS_SKIP-gdb.threads/wp-replication.exp})

# The .exp files of DIRS, as paths relative to the testsuite, less SKIP.
globs=()
srcts=$build/src-stock/gdb/testsuite
for d in "${dirs[@]}"; do
  case $d in
    *.exp) globs+=("$d"); continue ;;
  esac
  for f in "$srcts/$d"/*.exp; do
    t=${f#"$srcts/"}
    printf '%s\n' "${skip[@]}" | grep -qFx "$t" || globs+=("$t")
  done
done

# REGRESS_REUSE="stock" (or "stock patched") keeps the .sum of that side
# from an earlier run of the same directories (same results directory)
# if it is newer than the side's gdb and gdbserver, i.e. came from the
# same binaries: stock does not change when the series does, and a run
# cut short after both sides ran needs only its re-runs and report.
reuse_note=
sides=()
for side in stock patched; do
  sum=$out/$side.sum
  if [[ " ${REGRESS_REUSE:-} " == *" $side "* ]] && [ -s "$sum" ] \
     && [ "$sum" -nt "$build/$side/gdb/gdb" ] \
     && [ "$sum" -nt "$build/$side/gdbserver/gdbserver" ]; then
    reuse_note+="${reuse_note:+; }$side side reused from a run of $(date -u -r "$sum" '+%Y-%m-%d %H:%M UTC') with the same $side binaries"
  else
    sides+=("$side")
  fi
done
[ -z "$reuse_note" ] || log "$reuse_note (REGRESS_REUSE)"

start=$(date +%s)
for side in "${sides[@]}"; do
  log "running ${dirs[*]} on $side"
  run "$side" "$side" "${globs[@]}"
done

reruns=()
mapfile -t files < <(python3 "$top/scripts/compare-sums.py" worse \
                       "$out/stock.sum" "$out/patched.sum")
for i in 1 2 3; do
  [ ${#files[@]} -gt 0 ] || break
  log "re-run $i of ${#files[@]} files: ${files[*]}"
  # One file at a time: two files that run side by side can disturb
  # each other on both sides alike (gdb.threads/watch_thread_num.exp
  # beside gdb.base/reread-readsym.exp makes the latter time out, with
  # stock GDB too), which is not the series' doing.
  run_jobs=1 run patched "rerun$i" "${files[@]}"
  reruns+=("$out/rerun$i.sum")
  # Only the files still worse than stock run again.
  mapfile -t files < <(python3 "$top/scripts/compare-sums.py" worse \
                         "$out/stock.sum" "$out/rerun$i.sum" \
                       | grep -Fx -f <(printf '%s\n' "${files[@]}") || true)
done
elapsed=$(( $(date +%s) - start ))

report=$results/regress$suffix.md
{
  echo "# Regression run: the series against stock GDB"
  echo
  echo "- Date: $(date -u +%Y-%m-%d)"
  echo "- GDB: $(cat "$build/src-stock/gdb/version.in" 2>/dev/null)" \
       "(Debian's gdb $gdb_version-1 source unless GDB_SRC was set)"
  sdir=$(series_dir "$top")
  echo "- Series: $(read_series "$sdir" | grep -c .) patches in" \
       "$(read_layers "$sdir" | grep -c .) layers${LAYER:+ (up to $LAYER)}," \
       "project commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')" \
       "(${sdir#$top/}/, series hash $(bash "$top/scripts/pkgversion.sh" hash "$sdir"))"
  echo "- Directories: ${dirs[*]} (${#globs[@]} files), FORCE_PARALLEL=1" \
       "-j$jobs, stock then patched, then up to 3 re-runs of the files" \
       "that got worse, one file at a time"
  echo "- Board: ${board:-unix (native)}"
  echo "- Left out on both sides: ${skip[*]:-none} (see scripts/regress.sh)"
  echo "- Wall time: $((elapsed / 60)) min $((elapsed % 60)) s on" \
       "$(nproc) cores${reuse_note:+; $reuse_note (REGRESS_REUSE)}"
  echo "- Reproduce: \`make regress$([ "$gdb_version" = 16.3 ] || echo " GDB_VERSION=$gdb_version")${board:+ REGRESS_BOARD=$board}${REGRESS_NAME:+ REGRESS_NAME=$REGRESS_NAME}${REGRESS_SKIP:+ REGRESS_SKIP=\"$REGRESS_SKIP\"}${dirs_suffix:+ REGRESS_DIRS=\"${dirs[*]}\"}\`" \
       "(results in ${build#$top/}/regress$suffix/)"
  echo
  python3 "$top/scripts/compare-sums.py" report "$out/stock.sum" \
    "$out/patched.sum" "${reruns[@]}"
} > "$report"

# The lines that differ, stock first.
diff <(grep -E '^(PASS|FAIL|UNRESOLVED|ERROR|XPASS|KPASS|XFAIL|KFAIL):' \
         "$out/stock.sum" | sort) \
     <(grep -E '^(PASS|FAIL|UNRESOLVED|ERROR|XPASS|KPASS|XFAIL|KFAIL):' \
         "$out/patched.sum" | sort) \
  | grep -E '^[<>]' > "$results/regress$suffix-diff.txt"

cat "$report"
log "done in $((elapsed / 60)) min; report: $report"
grep -q '^regressions: 0$' "$report"
