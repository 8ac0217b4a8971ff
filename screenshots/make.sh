#!/usr/bin/env bash
# Makes the PNGs in this folder from the real program: tmux runs it against the
# built-in demo, `capture-pane -e` keeps the colours, aha turns the capture into
# HTML and headless chromium renders that to PNG.
#   apt-get install tmux aha chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in tmux aha chromium; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install tmux aha chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'tmux kill-session -t shots 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/donations" ./cmd/donations
go build -o "$work/cells" ./screenshots/cells

cols=120 rows=35
tmux kill-session -t shots 2>/dev/null || true
tmux new-session -d -s shots -x "$cols" -y "$rows" "TZ=UTC COLORTERM=truecolor $work/donations --demo --demo-end 2026-11-01"

wait_for() { # text
  for _ in $(seq 100); do
    tmux capture-pane -p -t shots | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  echo "the screen never showed: $1" >&2; tmux capture-pane -p -t shots >&2; exit 1
}
keys() { tmux send-keys -t shots "$@"; sleep 0.4; }

shot() { # name
  tmux capture-pane -e -p -t shots > "$work/$1.ans"
  {
    # A terminal draws every character in cells, left to right: DejaVu Sans
    # Mono is scaled so one cell is half an em, CJK fills two, and bidi
    # reordering is turned off, since a terminal does none.
    cat <<'CSS'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@font-face{font-family:Term;src:local("DejaVu Sans Mono");size-adjust:83.1%}
@font-face{font-family:Term;src:local("Noto Sans Mono CJK SC");unicode-range:U+1100-11FF,U+2E80-A4CF,U+AC00-D7AF,U+F900-FAFF,U+FE30-FE4F,U+FF00-FF60,U+FFE0-FFE6}
body{margin:0;background:#1b1b1f}
pre{margin:0;padding:12px;font:17px/20px Term,"Noto Color Emoji",monospace;color:#ddd}
pre,pre *{unicode-bidi:bidi-override;direction:ltr}
.c1,.c2{display:inline-block;overflow:hidden;vertical-align:top;text-align:center}
.c1{width:1ch}.c2{width:2ch}
CSS
    echo '</style></head><body><pre>'
    aha --no-header --black < "$work/$1.ans" | "$work/cells"
    echo '</pre></body></html>'
  } > "$work/$1.html"
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$work/chrome" --hide-scrollbars \
    --window-size=1045,730 --screenshot="screenshots/$1.png" "file://$work/$1.html" >/dev/null 2>&1
  echo "screenshots/$1.png"
}

wait_for "synced just now"
keys j j j
shot list
keys f
keys -l ada.lovelace@example.org
keys Tab Tab Tab
keys -l x
keys Enter
wait_for "whole number"
shot filter
keys BSpace
keys Enter
wait_for "email=ada.lovelace"
keys j j Enter
for _ in $(seq 14); do keys j; done
shot detail
keys r
wait_for '"id":'
shot raw
keys Escape
keys Escape
keys x
wait_for "5,000 donations"
wait_for "newest first"
shot newest
keys i
wait_for "By month"
shot insights
keys Tab
wait_for "LYBUNT"
keys [
wait_for "not in 2025"
shot reports
keys Escape
keys d
wait_for "by total"
shot donors
keys Escape
keys l
wait_for "Requests"
shot requests
keys Escape
keys q

# A large account while its first sync runs: every number says it is partial.
tmux kill-session -t shots 2>/dev/null || true
tmux new-session -d -s shots -x "$cols" -y "$rows" "TZ=UTC COLORTERM=truecolor $work/donations --demo --demo-end 2026-11-01 --demo-count 300000"
wait_for "partial: "
sleep 1
shot partial
keys q
