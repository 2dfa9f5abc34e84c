//go:build cgo && !noscreen

package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// The attract mode of a metered cabinet plays demo games, but its meters and
// banners never show a demo amount that a player could read as money in the
// machine: the CREDIT meter shows the player's own credit (nothing while there is
// none), the win banners and captions show no amounts, and the WIN meter says that
// the game is a demo.

// demoText is the status line of demo play (egm demo).
const demoText = "DEMO GAME · NOT PLAYED FOR MONEY"

// noMoney reports whether the play scene is the attract mode of a metered cabinet.
func (p *Play) noMoney() bool { return p.credit != nil }

// money is an amount of the demo game in euros; "" on a metered cabinet's attract
// mode.
func (p *Play) money(cents int64) string {
	if p.noMoney() {
		return ""
	}
	return memo.euros(cents)
}

// drawAttractMeters draws the meters of a metered cabinet's attract mode: the
// player's credit, and the demo's notice where the win would be.
func drawAttractMeters(dst *ebiten.Image, credit int64, accent color.RGBA) {
	if credit > 0 {
		meterBox(dst, 40, 856, 440, "YOUR CREDIT", memo.euros(credit), "", accent)
	}
	meterBox(dst, 1220, 856, 660, "DEMO GAME", "NOT PLAYED FOR MONEY", "", accent)
}
