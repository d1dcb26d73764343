#!/usr/bin/env bash
# Run the patched and the stock GDB side by side in tmux, on the same
# program, type the same line into both, and print both screens: the
# way to compare what a user sees.
#
# Usage: side-by-side.sh 'GDB ARGS' 'LINE TO TYPE' [SECONDS] [COLS] [ROWS]
#   e.g. scripts/side-by-side.sh ./progress 'run &' 4.5
# Sessions "pat" and "stk" stay open afterwards (tmux attach -t pat);
# any earlier tmux server is killed first.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
args=$1 line=$2 wait=${3:-5} cols=${4:-80} rows=${5:-24}
tmux kill-server 2>/dev/null
# A new server right after kill-server may find the old one dying.
sleep 0.5
tmux new-session -d -s pat -x "$cols" -y "$rows" "$top/bin/gdb -q -nx $args; sleep 600"
tmux new-session -d -s stk -x "$cols" -y "$rows" "$top/bin/gdb-stock -q -nx $args; sleep 600"
sleep 1.5
for s in pat stk; do tmux send-keys -t "$s" "$line" Enter; done
sleep "$wait"
for s in pat stk; do
  echo "== $s"
  tmux capture-pane -p -t "$s" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
done
