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
shots='^(04-play-wins-5x3|12-help-paytable|16-lockup-1-handpay-lockup|26-cabinet-lobby-credit|27-cabinet-refusal|29-operator-meters|48-cabinet-roulette-decide|54-cabinet-blackjack-decide)'
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
	montage "$dir"/26-cabinet-lobby-credit.png "$dir"/04-play-wins-5x3.png "$dir"/12-help-paytable.png \
		"$dir"/00-qr-cashin.png "$dir"/27-cabinet-refusal.png "$dir"/16-lockup-1-handpay-lockup.png \
		"$dir"/48-cabinet-roulette-decide.png "$dir"/54-cabinet-blackjack-decide.png "$dir"/29-operator-meters.png \
		-tile 3x3 -geometry 640x360+4+4 -quality 80 "docs/lang-$l.jpg"
done
echo "lang-screenshots: docs/lang-et.jpg docs/lang-ru.jpg docs/lang-en.jpg docs/lang-kk.jpg"
