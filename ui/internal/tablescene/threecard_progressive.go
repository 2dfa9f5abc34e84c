//go:build cgo && !noscreen

package tablescene

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/help"
	"egm/locale"
	"egm/tables/play"
	"egm/tables/threecard"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
)

// Three card poker's progressive side bet at the table: its circle beside the
// Pair Plus, its button (JACKPOT, on or off like the other side bets), and the
// sign at the table's left with the jackpot's amount now (the dealer's Pool: the
// machine's critical memory in metered play), what each hand wins on the fixed
// stake, and the stake. Offered when kit.TableProgressive says so.

// TcJackpotCircle is the side bet's circle, smaller than the others: a fixed
// stake, not a chip of the player's choosing.
var TcJackpotCircle = BetCircle{"JACKPOT", 370, 800}

const tcJackpotR = 44

// tcJackpotButton turns the side bet on and off (between the CHIP and DEAL
// buttons).
var tcJackpotButton = slotscene.Button{Input: 0, Name: "JACKPOT", X: 1395, Y: 968, W: 200, H: 86, C: paint.RGB(150, 20, 50), Help: false}

// The sign's frame: its left, top, width and height.
const tcSignX, tcSignY, TcSignW, tcSignH = 40, 120, 380, 330

// The sign's pay rows: their size, and the room of a row's hand and pay.
const TcSignRowSize, TcSignRoom = 21, TcSignW - 40

// tcSign is the sign's fixed part (frame, heading, pays, stake), drawn once per
// language and side bet.
var tcSign struct {
	img  *ebiten.Image
	lang locale.Lang
	gen  int
}

// progressiveOffered is the side bet as the table offers it (on false: not
// offered).
func progressiveOffered() (threecard.Progressive, bool) {
	side, on, _ := kit.TableProgressive()
	return side, on
}

// threeCardButtons are the table's bet buttons: the JACKPOT button where the
// side bet is offered.
func threeCardButtons() []slotscene.Button {
	if _, on := progressiveOffered(); on {
		return ThreeCardJackpotButtons
	}
	return ThreeCardButtons
}

// ThreeCardJackpotButtons are the table's bet buttons where the side bet is
// offered.
var ThreeCardJackpotButtons = append(append([]slotscene.Button{}, ThreeCardButtons[:3]...), tcJackpotButton, ThreeCardButtons[3])

// signImage is the sign's fixed part in the player's language.
func signImage(side threecard.Progressive) *ebiten.Image {
	_, _, gen := kit.TableProgressive()
	if l := kit.PlayerLang(); tcSign.img == nil || tcSign.lang != l || tcSign.gen != gen {
		if tcSign.img != nil {
			tcSign.img.Deallocate()
		}
		tcSign.img, tcSign.lang, tcSign.gen = drawSign(side), l, gen
	}
	return tcSign.img
}

func drawSign(side threecard.Progressive) *ebiten.Image {
	img := ebiten.NewImage(TcSignW+8, tcSignH+8)
	gold := paint.RGB(230, 210, 150)
	paint.Antialiased(func() {
		paint.Panel(img, 2, 2, TcSignW, tcSignH, 24, paint.RGB(70, 10, 30), paint.RGB(30, 4, 14), RGold, 4)
	})
	cx := float64(TcSignW/2 + 2)
	s := kit.Tr("tables.progressive_title")
	paint.Label(img, s, paint.FitSize(s, 28, true, TcSignW-30), true, cx, 14, paint.Center, RGold, 0)
	p := kit.ScreenLang.Player
	y := 128.0
	for h := threecard.NumProgressiveHands - 1; h > threecard.ProgNone; h-- {
		x := side.Table.Pays[h]
		var pays string
		switch {
		case x.Pool:
			pays = strings.ToUpper(kit.Tr("tables.bet.progressive"))
		case x.For > 0:
			pays = kit.PlayerMoney(x.For * side.Pool.Stake)
		default:
			continue
		}
		drawPayRow(img, strings.ToUpper(help.ProgressiveHandName(p, h)), pays, TcSignRowSize, 22, TcSignW-18, TcSignRoom, y)
		y += 34
	}
	s = kit.Tr("tables.progressive_stake", "Amount", kit.PlayerMoney(side.Pool.Stake))
	paint.Label(img, s, paint.FitSize(s, 20, true, TcSignW-30), true, cx, y+10, paint.Center, gold, 0)
	return img
}

var tcSignOp ebiten.DrawImageOptions

// drawProgressive draws the sign with the jackpot now, the side bet's circle, and
// its stake on the circle while a round carries it.
func (g *ThreeCardTable) drawProgressive(dst *ebiten.Image) {
	side, on := progressiveOffered()
	if !on {
		return
	}
	tcSignOp.GeoM.Reset()
	tcSignOp.GeoM.Translate(tcSignX-2, tcSignY-2)
	dst.DrawImage(signImage(side), &tcSignOp)
	if pool := g.D.Pool(); pool != g.poolShown || g.poolText == "" || g.poolLang != kit.PlayerLang() {
		g.poolShown, g.poolText, g.poolLang = pool, kit.PlayerMoney(pool), kit.PlayerLang()
	}
	paint.Label(dst, g.poolText, paint.FitSize(g.poolText, 52, true, TcSignW-30), true, tcSignX+TcSignW/2, tcSignY+54, paint.Center, paint.RGB(255, 230, 90), 3)
	c := TcJackpotCircle
	paint.Antialiased(func() {
		paint.Stroke(dst, paint.Circle(c.x, c.y, tcJackpotR), 4, paint.Solid(RGold))
	})
	w := CircleWord(c.Name)
	paint.LabelMid(dst, w, paint.FitSize(w, 20, true, TableCircleWordW), true, float64(c.x), float64(c.y+tcJackpotR+22), paint.Center, paint.RGB(240, 230, 200), 0)
	if g.R != nil {
		if stake := g.R.Bets.Spots[play.SpotProgressive]; stake > 0 {
			DrawTableChip(dst, c.x, c.y, stake)
		}
	}
}

// progressiveWon is what the round's side bet won (0: none, or not placed).
func (g *ThreeCardTable) progressiveWon(deal threecard.Round) int64 {
	stake := g.R.Bets.Spots[play.SpotProgressive]
	if stake == 0 {
		return 0
	}
	won, _ := play.ProgressivePays(deal.Player, stake, g.R.Pool)
	return won
}
