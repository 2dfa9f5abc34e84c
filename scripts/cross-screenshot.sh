#!/usr/bin/env bash
# The arm64 screen on this (amd64) machine: runs ./egm-screen-arm64 (make cross) under
# qemu-aarch64 against an Xvfb display of its own and writes the attract mode and one
# title's attract as PNGs, timing each run. Needs `make deps-cross` (qemu-user, Xvfb and the
# arm64 GL/X11 runtime libraries: Mesa's llvmpipe, emulated like the program).
#
#   scripts/cross-screenshot.sh [OUTDIR]      default out/arm64
#   FRAMES=30 TITLE=roll-on-fire PHASE=0 SCREEN=./egm-screen-arm64 scripts/cross-screenshot.sh
#
# Emulated frames are slow (about 1.5 s each on the 2-core dev box), and a capture run ends
# itself after 3 minutes (ui.captureLimit): keep FRAMES well under 100.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/arm64}
frames=${FRAMES:-30}
title=${TITLE:-roll-on-fire}
phase=${PHASE:-0}
screen=${SCREEN:-./egm-screen-arm64}

for c in qemu-aarch64 Xvfb; do
	command -v "$c" >/dev/null || { echo "cross-screenshot: no $c: make deps-cross" >&2; exit 1; }
done
[ -x "$screen" ] || { echo "cross-screenshot: no $screen: make cross" >&2; exit 1; }
[ -e /lib/ld-linux-aarch64.so.1 ] && [ -e /usr/lib/aarch64-linux-gnu/dri/swrast_dri.so ] ||
	{ echo "cross-screenshot: the arm64 runtime libraries are missing: make deps-cross" >&2; exit 1; }
mkdir -p "$out"

# An Xvfb of our own on a free display number (it writes the number to fd 3).
dfile=$(mktemp)
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$dfile" 2>/dev/null &
xpid=$!
trap 'kill "$xpid" 2>/dev/null || true; rm -f "$dfile"' EXIT
for _ in $(seq 100); do [ -s "$dfile" ] && break; sleep 0.1; done
[ -s "$dfile" ] || { echo "cross-screenshot: Xvfb did not start" >&2; exit 1; }
export DISPLAY=:$(head -n1 "$dfile")

# qemu-aarch64 finds the arm64 loader and libraries of the multiarch packages
# (/lib/ld-linux-aarch64.so.1, /usr/lib/aarch64-linux-gnu), no -L needed.
run() { # run NAME ARGS…: one timed run of the arm64 screen
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	qemu-aarch64 "$screen" "$@" 2> >(grep -v '^XGB: ' >&2)
	t1=$(date +%s.%N)
	printf 'cross-screenshot: %s: %.1f s wall (qemu-aarch64, %s)\n' "$name" "$(echo "$t1 - $t0" | bc)" "$DISPLAY"
}

echo "cross-screenshot: $(file -b "$screen" | cut -d, -f1-2)"
[ -x ./egm-arm64 ] && qemu-aarch64 ./egm-arm64 version | head -n1
run "first frame (start to a 1-frame PNG written)" demo --screenshot "$out/arm64-first-frame.png" --frames 1
run "attract, $frames frames" demo --screenshot "$out/arm64-attract.png" --frames "$frames"
run "$title attract phase $phase, $frames frames" demo --title "$title" --phase "$phase" \
	--screenshot "$out/arm64-$title.png" --frames "$frames"
ls -l "$out"/arm64-*.png
