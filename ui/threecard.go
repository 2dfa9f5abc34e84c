//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/rng"
	"egm/tables/cards"
	"egm/tables/threecard"
)

// ThreeCardTable is the three card poker table in demo play: the Ante, Pair Plus
// and Prime circles with their chips, the cards dealt one by one, the PLAY and
// FOLD decision, the dealer's cards turned over and every bet settled. The deal is
// one threecard.Deal from the scene's seeded rng, made when DEAL is pressed, before
// a card is shown; the decision never redraws a card; settlement is
// threecard.Settle with the shipped pay table. Demo play is not metered play.
type ThreeCardTable struct {
	src      rng.Source
	pt       threecard.PayTable
	credit   int64
	chip     int
	pairPlus bool // a Pair Plus bet with the Ante
	prime    bool // a Prime bet with the Ante
	round    *threecard.Round
	bets     threecard.Bets
	dealtAt  int
	decided  bool
	decision threecard.Decision
	shownAt  int // the dealer's cards turned over
	res      threecard.Result
	paid     bool // the round's returns are on the balance (once the dealer's cards are shown)
	t, idle  int
}

// threeCardPhase is where a round stands.
type threeCardPhase int

const (
	tcIdle     threeCardPhase = iota // no round, or the last one settled
	tcDealing                        // the cards fly in
	tcDeciding                       // PLAY or FOLD
	tcShowing                        // the dealer's cards turned over, then settled
)

const (
	tcDealTicks = 12 // per card
	tcShowTicks = 40 // the dealer's cards turning
	tcCardScale = 0.6
)

var tcFelt = rgb(18, 70, 120)

var threeCardButtons = []button{
	{0, "PAIR PLUS", 820, 968, 190, 86, rgb(140, 60, 160), false},
	{0, "PRIME", 1025, 968, 150, 86, rgb(200, 40, 60), false},
	{0, "CHIP", 1190, 968, 190, 86, rgb(200, 140, 20), false},
	{0, "FOLD", 1395, 968, 180, 86, rgb(90, 90, 110), false},
	{InputSpin, "DEAL", 1640, 940, 240, 120, rgb(30, 170, 60), false},
}

// NewThreeCardTable opens the table with a demo balance and a seeded rng.
func NewThreeCardTable(seed uint64) *ThreeCardTable {
	return &ThreeCardTable{src: rng.NewSeeded(seed), pt: threecard.Default, credit: demoCredit, pairPlus: true, prime: true}
}

func (g *ThreeCardTable) phase() threeCardPhase {
	switch {
	case g.round == nil:
		return tcIdle
	case !g.decided && g.t-g.dealtAt < 6*tcDealTicks:
		return tcDealing
	case !g.decided:
		return tcDeciding
	case g.t-g.shownAt < tcShowTicks:
		return tcShowing
	}
	return tcIdle
}

// Update implements Scene.
func (g *ThreeCardTable) Update(m *Manager) error {
	if openTableHelp(m, "three-card-poker", g) {
		return nil
	}
	g.t++
	g.idle++
	ph := g.phase()
	if ph == tcIdle {
		g.payout()
	}
	if x, y, ok := pointer(); ok {
		g.idle = 0
		for _, b := range threeCardButtons {
			if b.hit(x, y) {
				g.press(b.name, ph)
			}
		}
	}
	switch {
	case pressed(ebiten.KeySpace, ebiten.KeyEnter):
		g.idle = 0
		g.press(g.mainButton(ph), ph)
	case pressed(ebiten.KeyF):
		g.idle = 0
		g.press("FOLD", ph)
	}
	if g.idle > 150 { // left alone: the table plays by itself, Q-6-4 or better played
		switch ph {
		case tcIdle:
			if g.round == nil || g.t-g.shownAt > 180 {
				g.press("DEAL", ph)
			}
		case tcDeciding:
			if g.t-g.dealtAt > 6*tcDealTicks+60 {
				if threecard.Evaluate(g.round.Player) >= threecard.Q64 {
					g.press("PLAY", ph)
				} else {
					g.press("FOLD", ph)
				}
			}
		}
	}
	return nil
}

// mainButton is the big button's word: DEAL, or PLAY while deciding.
func (g *ThreeCardTable) mainButton(ph threeCardPhase) string {
	if ph == tcDeciding {
		return "PLAY"
	}
	return "DEAL"
}

func (g *ThreeCardTable) press(name string, ph threeCardPhase) {
	chip := tableChips[g.chip]
	switch {
	case name == "DEAL" && ph == tcIdle, name == "PLAY" && ph == tcIdle:
		g.payout() // the last round's, if DEAL came before the next frame
		g.bets = threecard.Bets{Ante: chip}
		if g.pairPlus {
			g.bets.PairPlus = chip
		}
		if g.prime {
			g.bets.Prime = chip
		}
		if st := g.bets.Ante + g.bets.PairPlus + g.bets.Prime; 2*st > g.credit {
			g.credit = demoCredit // the demo balance refills
		}
		g.credit -= g.bets.Ante + g.bets.PairPlus + g.bets.Prime
		r := threecard.Deal(g.src) // every card decided before the first is shown
		g.round, g.dealtAt, g.decided = &r, g.t, false
	case (name == "PLAY" || name == "DEAL") && ph == tcDeciding:
		g.decide(threecard.Play)
	case name == "FOLD" && ph == tcDeciding:
		g.decide(threecard.Fold)
	case name == "PAIR PLUS" && ph == tcIdle:
		g.pairPlus = !g.pairPlus
	case name == "PRIME" && ph == tcIdle:
		g.prime = !g.prime
	case name == "CHIP" && ph == tcIdle:
		g.chip = (g.chip + 1) % len(tableChips)
	}
}

func (g *ThreeCardTable) decide(d threecard.Decision) {
	if d == threecard.Play {
		g.credit -= g.bets.Ante // the Play bet equals the Ante
	}
	res, err := threecard.Settle(g.pt, *g.round, g.bets, d)
	if err != nil {
		return
	}
	g.decided, g.decision, g.shownAt, g.res, g.paid = true, d, g.t, res, false
}

// payout puts a settled round's returns on the balance.
func (g *ThreeCardTable) payout() {
	if g.round != nil && g.decided && !g.paid {
		g.credit += g.res.Returned
		g.paid = true
	}
}

// playingCard maps a deck card to the gamble's card art.
func playingCard(c cards.Card) gamble.Card {
	rank := c.Rank() + 2
	if c.Rank() == cards.Ace {
		rank = 1
	}
	suit := [4]gamble.Suit{cards.Clubs: gamble.Clubs, cards.Diamonds: gamble.Diamonds, cards.Hearts: gamble.Hearts, cards.Spades: gamble.Spades}[c.Suit()]
	return gamble.Card{Suit: suit, Rank: rank}
}

var tcOp ebiten.DrawImageOptions

// drawTableCard draws a card face (or its back) centred on (x, y), turned by turn 0..1
// (0: back, 1: face).
func drawTableCard(dst *ebiten.Image, c gamble.Card, x, y float64, turn float64) {
	img := cardBack()
	sx := math.Abs(math.Cos(math.Pi * turn))
	if turn >= 0.5 {
		img = cardImage(c)
	}
	tcOp.GeoM.Reset()
	tcOp.GeoM.Translate(-cardW/2, -cardH/2)
	tcOp.GeoM.Scale(sx*tcCardScale, tcCardScale)
	tcOp.GeoM.Translate(x, y)
	tcOp.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &tcOp)
}

var tcFeltImg *ebiten.Image

func threeCardFelt(pt threecard.PayTable) *ebiten.Image {
	if tcFeltImg != nil {
		return tcFeltImg
	}
	img := tableCloth(tcFelt, 760, -100, 760, 795, tcCircles, 62)
	antialiased(func() { panel(img, 1480, 120, 400, 600, 24, rgb(10, 40, 80), rgb(4, 18, 40), rgb(230, 210, 150), 3) })
	label(img, "THREE CARD POKER", 48, true, ScreenW/2-200, 24, center, rGold, 3)
	label(img, "DEALER QUALIFIES WITH QUEEN HIGH OR BETTER", 24, true, ScreenW/2-200, 90, center, rgb(230, 210, 150), 0)
	y := 140.0
	table := func(title string, t [threecard.NumCategories]int64) {
		label(img, title, 30, true, 1680, y, center, rGold, 0)
		y += 44
		for c := threecard.NumCategories - 1; c >= 0; c-- {
			if t[c] > 0 {
				label(img, strings.ToUpper(threecard.Category(c).String()), 22, true, 1510, y, left, rgb(230, 230, 230), 0)
				label(img, grouped(t[c])+" TO 1", 22, true, 1850, y, right, rgb(230, 230, 230), 0)
				y += 32
			}
		}
		y += 16
	}
	table("PAIR PLUS", pt.PairPlus)
	table("ANTE BONUS", pt.AnteBonus)
	label(img, "PRIME", 30, true, 1680, y, center, rGold, 0)
	label(img, "THREE OF ONE COLOUR  "+grouped(pt.Prime)+" TO 1", 20, true, 1680, y+44, center, rgb(230, 230, 230), 0)
	label(img, "ALL SIX ONE COLOUR  "+grouped(pt.PrimeSix)+" TO 1", 20, true, 1680, y+74, center, rgb(230, 230, 230), 0)
	tcFeltImg = img
	return img
}

// the betting circles
var tcCircles = []betCircle{
	{"PAIR PLUS", 560, 800}, {"ANTE", 760, 800}, {"PLAY", 960, 800}, {"PRIME", 1160, 800},
}

// Draw implements Scene.
func (g *ThreeCardTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(threeCardFelt(g.pt), nil)
	ph := g.phase()
	stakes := [4]int64{}
	if g.round != nil {
		stakes = [4]int64{g.bets.PairPlus, g.bets.Ante, 0, g.bets.Prime}
		if g.decided && g.decision == threecard.Play {
			stakes[2] = g.bets.Ante
		}
	}
	for i, c := range tcCircles {
		if stakes[i] > 0 {
			drawTableChip(dst, c.x, c.y, stakes[i])
		}
	}
	if g.round != nil {
		g.drawCards(dst, ph)
	}
	win := int64(0)
	if g.round != nil && g.decided && ph == tcIdle {
		win = g.res.Returned
	}
	tableMeters(dst, g.credit, "ANTE", tableChips[g.chip], win, false)
	for _, b := range threeCardButtons {
		enabled := ph == tcIdle
		switch b.name {
		case "FOLD":
			enabled = ph == tcDeciding
		case "DEAL":
			enabled = ph == tcIdle || ph == tcDeciding
			b.name = g.mainButton(ph)
		case "CHIP":
			b.name = "CHIP " + EurosNum(tableChips[g.chip])
		case "PAIR PLUS", "PRIME":
			on := g.pairPlus
			if b.name == "PRIME" {
				on = g.prime
			}
			if !on {
				b.name += " OFF"
			}
		}
		drawButton(dst, b, enabled, 0.5+0.5*math.Sin(float64(g.t)/8))
	}
	drawButton(dst, tableHelpButton, true, 0)
}

// drawCards deals the six cards in turn (player, dealer, …), the player's face
// up, the dealer's turned over once the player has decided, and the outcome.
func (g *ThreeCardTable) drawCards(dst *ebiten.Image, ph threeCardPhase) {
	since := g.t - g.dealtAt
	for i := range 3 {
		if since >= 2*i*tcDealTicks {
			drawTableCard(dst, playingCard(g.round.Player[i]), 560+float64(i)*200, 560, 1)
		}
		if since >= (2*i+1)*tcDealTicks {
			turn := 0.0
			if g.decided {
				turn = min(1, float64(g.t-g.shownAt)/tcShowTicks)
			}
			drawTableCard(dst, playingCard(g.round.Dealer[i]), 560+float64(i)*200, 270, turn)
		}
	}
	if ph == tcDealing {
		return
	}
	handName := func(v threecard.Value) string { return strings.ToUpper(v.Category().String()) }
	label(dst, "YOU: "+handName(threecard.Evaluate(g.round.Player)), 34, true, 760, 418, center, rgb(255, 255, 255), 3)
	switch {
	case ph == tcDeciding:
		label(dst, "PLAY (BET YOUR ANTE AGAIN) OR FOLD?", 36, true, ScreenW/2-200, 905, center, rGold, 3)
	case ph == tcIdle && g.decided:
		dealer := "DEALER: " + handName(g.res.Dealer)
		if !g.res.DealerQualifies {
			dealer += " — DOES NOT QUALIFY"
		}
		label(dst, dealer, 30, true, 760, 130, center, rgb(255, 255, 255), 3)
		word := "YOU FOLDED"
		switch {
		case g.decision == threecard.Fold:
		case !g.res.DealerQualifies:
			word = "ANTE WINS, PLAY RETURNED"
		case g.res.Player > g.res.Dealer:
			word = "YOU WIN"
		case g.res.Player == g.res.Dealer:
			word = "A TIE: BETS RETURNED"
		default:
			word = "DEALER WINS"
		}
		if g.res.Returned > 0 {
			word += "  ·  " + Euros(g.res.Returned)
		}
		label(dst, word, 40, true, ScreenW/2-200, 900, center, rGold, 3)
	}
}

// drawTableChip draws a stake's chip on a betting circle.
func drawTableChip(dst *ebiten.Image, x, y float32, cents int64) {
	c := chipColour(cents)
	antialiased(func() {
		fill(dst, circle(x+3, y+4, 40), solid(color.RGBA{0, 0, 0, 120}))
		fill(dst, circle(x, y, 40), solid(c))
		stroke(dst, circle(x, y, 31), 5, solid(rgb(255, 255, 255)))
	})
	labelMid(dst, EurosNum(cents), 22, true, float64(x), float64(y), center, rgb(255, 255, 255), 2)
}

// chipColour is a chip's colour by its value: 1 EUR white, 5 red, 25 green, 100
// black, any other stake violet.
func chipColour(cents int64) color.RGBA {
	switch cents {
	case 100:
		return rgb(230, 230, 230)
	case 500:
		return rgb(200, 30, 40)
	case 2500:
		return rgb(30, 140, 60)
	case 10000:
		return rgb(20, 20, 20)
	}
	return rgb(90, 60, 160)
}

// betCircle is a betting circle on a table's cloth, named beneath.
type betCircle struct {
	name string
	x, y float32
}

// tableCloth draws a card table's cloth: the felt, the table's edge (an ellipse
// centred above the screen), the betting circles of radius r and their names.
func tableCloth(felt color.RGBA, ex, ey, erx, ery float32, circles []betCircle, r float32) *ebiten.Image {
	img := ebiten.NewImage(ScreenW, ScreenH)
	antialiased(func() {
		fill(img, rect(0, 0, ScreenW, ScreenH), radial(ScreenW/2, 300, ScreenW*0.75, lighten(felt, 0.15), darken(felt, 0.6)))
		stroke(img, ellipse(ex, ey, erx, ery), 4, solid(rgb(230, 210, 150)))
		for _, c := range circles {
			stroke(img, circle(c.x, c.y, r), 4, solid(rgb(240, 230, 200)))
		}
	})
	for _, c := range circles {
		labelMid(img, c.name, 20, true, float64(c.x), float64(c.y+r+22), center, rgb(240, 230, 200), 0)
	}
	return img
}

// tableMeters draws a table scene's meters: the demo credit, the stake (caption:
// BET or ANTE) and the win; narrow leaves room for more buttons.
func tableMeters(dst *ebiten.Image, credit int64, caption string, stake, win int64, narrow bool) {
	x, w := [3]float32{40, 290, 540}, [3]float32{230, 230, 230}
	if narrow {
		x, w = [3]float32{40, 240, 430}, [3]float32{190, 180, 190}
	}
	meterBox(dst, x[0], 960, w[0], "CREDIT", Euros(credit), "DEMO PLAY", rGold)
	meterBox(dst, x[1], 960, w[1], caption, Euros(stake), "", rGold)
	meterBox(dst, x[2], 960, w[2], "WIN", Euros(win), "", rGold)
}
