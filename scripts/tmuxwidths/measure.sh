#!/bin/bash
# Measures, in tmux, how many cells each string of a widths table takes, and
# rewrites the table: textsafe's width tests compare textsafe.Width with it.
# usage: scripts/tmuxwidths/measure.sh textsafe/testdata/tmux_widths.tsv
set -eu
table=$1
sock=tmuxwidths-$$
cur=$(mktemp)
out=$(mktemp)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -f "$cur" "$out"' EXIT
tmux -L "$sock" new -d -s m -x 250 -y 5 'sleep 600'
grep '^#' "$table" > "$out" || true
grep -v '^#' "$table" | cut -f2- | while IFS= read -r s; do
	printf '%s' "$s" > "$cur"
	tmux -L "$sock" respawn-pane -k -t m "printf '\033[H\033[2J'; cat '$cur'; sleep 600"
	sleep 0.2
	printf '%s\t%s\n' "$(tmux -L "$sock" display -p -t m '#{cursor_x}')" "$s" >> "$out"
done
cp "$out" "$table"
