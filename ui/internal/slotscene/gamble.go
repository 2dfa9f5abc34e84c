//go:build cgo && !noscreen

package slotscene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"egm/features/gamble"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// GambleButtons replace the deck while a gamble round is in play.
var GambleButtons = []Button{
	{kit.InputGambleRed, "RED", 1000, 968, 180, 86, paint.RGB(210, 30, 40), false},
	{kit.InputGambleBlack, "BLACK", 1200, 968, 200, 86, paint.RGB(40, 40, 48), false},
	{kit.InputCollect, "COLLECT", 1640, 940, 240, 120, paint.RGB(30, 170, 60), false},
}

// Card art, cached: a face per card and the back.
var cardCache = map[gamble.Card]*ebiten.Image{}

const CardW, CardH = 220, 308

var CardBack = func() func() *ebiten.Image {
	var img *ebiten.Image
	return func() *ebiten.Image {
		if img != nil {
			return img
		}
		img = ebiten.NewImage(CardW, CardH)
		paint.Antialiased(func() {
			paint.Fill(img, paint.RoundRect(0, 0, CardW, CardH, 18), paint.Solid(paint.RGB(250, 250, 250)))
			paint.Fill(img, paint.RoundRect(12, 12, CardW-24, CardH-24, 12), paint.Vertical(12, CardH-12, paint.RGB(180, 20, 40), paint.RGB(90, 0, 20)))
			for y := float32(30); y < CardH-20; y += 34 {
				for x := float32(30); x < CardW-20; x += 34 {
					paint.Fill(img, paint.Polygon(x, y-12, x+12, y, x, y+12, x-12, y), paint.Solid(paint.RGB(230, 180, 60)))
				}
			}
		})
		return img
	}
}()

// suitPath draws a suit symbol centred on (cx, cy), r its half size.
func suitPath(s gamble.Suit, cx, cy, r float32) []*vector.Path {
	switch s {
	case gamble.Hearts:
		var p vector.Path
		p.MoveTo(cx, cy+r)
		p.CubicTo(cx-2*r, cy-0.2*r, cx-0.9*r, cy-1.6*r, cx, cy-0.5*r)
		p.CubicTo(cx+0.9*r, cy-1.6*r, cx+2*r, cy-0.2*r, cx, cy+r)
		p.Close()
		return []*vector.Path{&p}
	case gamble.Diamonds:
		return []*vector.Path{paint.Polygon(cx, cy-r, cx+0.75*r, cy, cx, cy+r, cx-0.75*r, cy)}
	case gamble.Clubs:
		return []*vector.Path{paint.Circle(cx, cy-0.45*r, 0.42*r), paint.Circle(cx-0.48*r, cy+0.2*r, 0.42*r), paint.Circle(cx+0.48*r, cy+0.2*r, 0.42*r),
			paint.Polygon(cx-0.12*r, cy, cx+0.12*r, cy, cx+0.3*r, cy+r, cx-0.3*r, cy+r)}
	default: // spades
		var p vector.Path
		p.MoveTo(cx, cy-r)
		p.CubicTo(cx+2*r, cy+0.3*r, cx+0.9*r, cy+1.4*r, cx, cy+0.45*r)
		p.CubicTo(cx-0.9*r, cy+1.4*r, cx-2*r, cy+0.3*r, cx, cy-r)
		p.Close()
		return []*vector.Path{&p, paint.Polygon(cx-0.12*r, cy+0.3*r, cx+0.12*r, cy+0.3*r, cx+0.3*r, cy+r, cx-0.3*r, cy+r)}
	}
}

var RankText = [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// CardImage draws a card's face once.
func CardImage(c gamble.Card) *ebiten.Image {
	if img := cardCache[c]; img != nil {
		return img
	}
	img := ebiten.NewImage(CardW, CardH)
	col := paint.RGB(20, 20, 28)
	if c.Colour() == gamble.Red {
		col = paint.RGB(210, 20, 40)
	}
	rank := "?"
	if c.Rank >= 1 && c.Rank <= 13 {
		rank = RankText[c.Rank]
	}
	paint.Antialiased(func() {
		paint.Fill(img, paint.RoundRect(0, 0, CardW, CardH, 18), paint.Vertical(0, CardH, paint.RGB(255, 255, 255), paint.RGB(232, 232, 236)))
		paint.Stroke(img, paint.RoundRect(1, 1, CardW-2, CardH-2, 18), 2, paint.Solid(paint.RGB(150, 150, 160)))
		paint.Label(img, rank, 50, true, 34, 14, paint.Center, col, 0)
		for _, p := range suitPath(c.Suit, 34, 92, 16) {
			paint.Fill(img, p, paint.Solid(col))
		}
		for _, p := range suitPath(c.Suit, CardW/2, CardH/2+20, 56) {
			paint.Fill(img, p, paint.Solid(col))
		}
	})
	cardCache[c] = img
	return img
}

// drawGamble shows the gamble round over the reels: the card (face down while the
// player chooses, turned over for the last draw), the amount, what a right guess
// wins, the attempts and the limit, and the last cards drawn.
func (p *Play) drawGamble(dst *ebiten.Image, r *gamble.Round, history []gamble.Card) {
	g := p.G
	gx, gy, gw, gh := float32(300), g.Y-10, float32(paint.ScreenW-600), g.H()+60
	paint.Panel(dst, gx, gy, gw, gh, 30, paint.RGB(20, 60, 30), paint.RGB(4, 24, 10), paint.RGB(255, 215, 90), 6)
	title := kit.Tr("play.gamble.title")
	paint.Label(dst, title, paint.FitSize(title, 64, true, float64(gw-80)), true, paint.ScreenW/2, float64(gy+20), paint.Center, paint.RGB(255, 230, 120), 4)
	cx, cy := float32(paint.ScreenW/2), gy+gh/2+30
	// the card: the last step's, turning over, or the back
	reveal := p.T - p.GambleAt
	var last *gamble.Step
	if n := len(r.Steps); n > 0 {
		last = &r.Steps[n-1]
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	img := CardBack()
	sx := 1.0
	if last != nil && (p.GambleSeen == len(r.Steps)) {
		const flip = 16
		if reveal < flip { // turning: the back shrinks, then the face grows
			sx = math.Abs(math.Cos(math.Pi * float64(reveal) / flip))
			if reveal >= flip/2 {
				img = CardImage(last.Card)
			}
		} else {
			img = CardImage(last.Card)
		}
		if !r.Ended && r.Offered(gamble.OnColour) && reveal > 90 {
			img, sx = CardBack(), 1 // the next guess: face down again
		}
	}
	op.GeoM.Translate(-CardW/2, -CardH/2)
	op.GeoM.Scale(sx, 1)
	op.GeoM.Translate(float64(cx), float64(cy))
	dst.DrawImage(img, op)
	// left: the amounts
	lx := float64(gx + 60)
	colW := float64(cx-CardW/2-20) - lx // the left column, up to the card
	amount := kit.Tr("play.gamble.amount")
	paint.Label(dst, amount, paint.FitSize(amount, 28, true, colW), true, lx, float64(gy+140), paint.Left, paint.RGB(200, 240, 200), 0)
	paint.Label(dst, kit.Memo.Euros(r.Amount), 52, true, lx, float64(gy+176), paint.Left, paint.RGB(255, 255, 255), 3)
	if r.Offered(gamble.OnColour) {
		wins := kit.Tr("play.gamble.colour_wins")
		paint.Label(dst, wins, paint.FitSize(wins, 26, true, colW), true, lx, float64(gy+270), paint.Left, paint.RGB(200, 240, 200), 0)
		paint.Label(dst, kit.Memo.Euros(r.Amount*gamble.OnColour.Factor()), 44, true, lx, float64(gy+304), paint.Left, paint.RGB(255, 230, 120), 3)
	}
	remaining := r.Config.MaxAttempts - len(r.Steps)
	attempts := TrOf("play.gamble.attempts", int64(max(remaining, 0)), int64(r.Config.MaxAttempts))
	paint.Label(dst, attempts, paint.FitSize(attempts, 24, false, colW), false, lx, float64(gy+400), paint.Left, paint.RGB(230, 230, 230), 0)
	limit := TrMoney("play.gamble.limit", r.Config.MaxWin)
	paint.Label(dst, limit, paint.FitSize(limit, 24, false, colW), false, lx, float64(gy+436), paint.Left, paint.RGB(230, 230, 230), 0)
	// the result of the last card
	if last != nil && reveal >= 16 && p.GambleSeen == len(r.Steps) {
		msg, c := kit.Tr("play.gamble.won"), paint.RGB(120, 255, 120)
		if !last.Won {
			msg, c = kit.Tr("play.gamble.lost"), paint.RGB(255, 110, 110)
		}
		paint.Label(dst, msg, 56, true, float64(cx), float64(gy+gh-90), paint.Center, c, 4)
	}
	// right: the last cards
	rx := gx + gw - 360
	lastCards := kit.Tr("play.gamble.last_cards")
	paint.Label(dst, lastCards, paint.FitSize(lastCards, 26, true, 340), true, float64(rx+150), float64(gy+140), paint.Center, paint.RGB(200, 240, 200), 0)
	for i, c := range history[:min(len(history), 8)] {
		o := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		o.GeoM.Scale(0.3, 0.3)
		o.GeoM.Translate(float64(rx+float32(i%4)*76), float64(gy+190+float32(i/4)*104))
		dst.DrawImage(CardImage(c), o)
	}
}
