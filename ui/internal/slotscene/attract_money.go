//go:build cgo && !noscreen

package slotscene

import (
	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/kit"
)

// The attract mode of a metered cabinet plays demo games, but its meters and
// banners never show a demo amount that a player could read as money in the
// machine: the CREDIT meter shows the player's own credit (nothing while there is
// none), the win banners and captions show no amounts, and the WIN meter says that
// the game is a demo.

// DemoText is the status line of demo play (egm demo).
func DemoText() string { return kit.Tr("play.status.demo") }

// noMoney reports whether the play scene is the attract mode of a metered cabinet.
func (p *Play) noMoney() bool { return p.Credit != nil }

// money is an amount of the demo game in euros; "" on a metered cabinet's attract
// mode.
func (p *Play) money(cents int64) string {
	if p.noMoney() {
		return ""
	}
	return kit.Memo.Euros(cents)
}

// drawAttractMeters draws the meters of a metered cabinet's attract mode: the
// player's credit (no box while there is none), and the demo's notice where the
// win would be; no box for the bet or the denomination.
func drawAttractMeters(dst *ebiten.Image, a *titleArt, credit int64) {
	if credit > 0 {
		drawMeter(dst, a, BoxCredit, kit.Tr("play.meter.your_credit"), kit.Memo.Euros(credit), "")
	}
	drawMeter(dst, a, BoxWin, kit.Tr("play.meter.demo_game"), kit.Tr("play.meter.not_for_money"), "")
}
