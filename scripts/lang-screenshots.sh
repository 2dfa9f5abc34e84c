#!/usr/bin/env bash
# The screen in each of its four languages: for et, ru and en (the EE profile, euros) and
# kk (the KZ profile, tenge) it writes the lobby, a title with a win, a help page, the QR
# cash-in panel, a refusal, the handpay lockup, roulette, blackjack and the operator menu
# (the operator's language set to the same language), then a 3×3 montage per language,
# docs/lang-LANG.jpg. Needs make build (./egm, ./egm-screen), xvfb-run and ImageMagick.
#
#   scripts/lang-screenshots.sh [OUTDIR]      default out/lang; the montages go to docs/
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/lang}
for c in xvfb-run montage; do
	command -v "$c" >/dev/null || { echo "lang-screenshots: no $c (apt-get install xvfb imagemagick)" >&2; exit 1; }
done
for b in ./egm ./egm-screen; do
	[ -x "$b" ] || { echo "lang-screenshots: no $b: make build" >&2; exit 1; }
done
shots='^(play-wins-5x3|help-paytable|lockup-1-handpay-lockup|cabinet-lobby-credit|cabinet-refusal|operator-meters|cabinet-roulette-decide|cabinet-blackjack-decide)$'
# a picture by its name (the set numbers them in order: NN-NAME.png)
pic() { ls "$1"/[0-9]*-"$2".png; }
for pair in EE:et EE:ru EE:en KZ:kk; do
	j=${pair%%:*} l=${pair##*:}
	dir=$out/$l
	rm -rf "$dir" && mkdir -p "$dir"
	echo "lang-screenshots: $l ($j) into $dir"
	xvfb-run -a -s "-screen 0 1920x1080x24" ./egm-screen demo --screenshots "$dir" --only "$shots" \
		--jurisdiction "$j" --lang "$l" --operator-language "$l" >/dev/null
	# the QR cash-in panel over the lobby of a fresh machine
	state=$(mktemp -d)
	xvfb-run -a -s "-screen 0 1920x1080x24" ./egm run --state "$state" --jurisdiction "$j" --lang "$l" \
		--scene lobby --screenshot "$dir/00-qr-cashin.png" --frames 30 >/dev/null
	rm -rf "$state"
	montage "$(pic "$dir" cabinet-lobby-credit)" "$(pic "$dir" play-wins-5x3)" "$(pic "$dir" help-paytable)" \
		"$dir"/00-qr-cashin.png "$(pic "$dir" cabinet-refusal)" "$(pic "$dir" lockup-1-handpay-lockup)" \
		"$(pic "$dir" cabinet-roulette-decide)" "$(pic "$dir" cabinet-blackjack-decide)" "$(pic "$dir" operator-meters)" \
		-tile 3x3 -geometry 640x360+4+4 -quality 80 "docs/lang-$l.jpg"
done
echo "lang-screenshots: docs/lang-et.jpg docs/lang-ru.jpg docs/lang-en.jpg docs/lang-kk.jpg"
