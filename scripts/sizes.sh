#!/usr/bin/env bash
# Print what the series adds, per patch and per layer, as the project's
# issues count it: lines of code, comments and blank lines of C/C++,
# lines of tests and of documentation (../shared/tools/series-lines.py,
# or SERIES_LINES=FILE).
#
# Usage: sizes.sh PATCH_DIR
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
patches=$(realpath -e "$1")
tool=${SERIES_LINES:-$top/../shared/tools/series-lines.py}
[ -f "$tool" ] || { echo "sizes: no $tool; set SERIES_LINES=FILE" >&2; exit 1; }

mapfile -t layers < <(read_layers "$patches")
if [ ${#layers[@]} -eq 0 ]; then
  mapfile -t list < <(read_series "$patches")
  (cd "$patches" && python3 "$tool" "${list[@]}")
  exit 0
fi
all=()
for l in "${layers[@]}"; do
  echo "== $l"
  mapfile -t list < <(series_entries "$patches/$l")
  (cd "$patches/$l" && python3 "$tool" "${list[@]}")
  all+=("${list[@]/#/$l/}")
  echo
done
echo "== all layers"
(cd "$patches" && python3 "$tool" "${all[@]}") | sed -n '1p;$p'
