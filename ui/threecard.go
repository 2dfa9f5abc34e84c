//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/tables/cards"
	"egm/tables/play"
	"egm/tables/threecard"
)

// ThreeCardTable is the three card poker table in demo play: the Ante, Pair Plus
// and Prime circles with their chips, the cards dealt one by one, the PLAY and
// FOLD decision, the dealer's cards turned over and every bet settled. The deal is
// one threecard.Deal from the scene's seeded rng, made when DEAL is pressed, before
// a card is shown; the decision never redraws a card; settlement is
// threecard.Settle with the shipped pay table. Demo play is not metered play.
type ThreeCardTable struct {
	tableCore
	pt       threecard.PayTable
	pairPlus bool // a Pair Plus bet with the Ante
	prime    bool // a Prime bet with the Ante
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
	{InputSpin, "DEAL", 1640, 940, 240, 120, rgb(30, 170, 60), false},
}

// NewThreeCardTable opens the table in demo play: a demo balance and a seeded rng.
func NewThreeCardTable(seed uint64) *ThreeCardTable { return newThreeCardTable(newDemoDealer(seed)) }

func newThreeCardTable(d tableDealer) *ThreeCardTable {
	return &ThreeCardTable{tableCore: newTableCore(play.ThreeCard, d), pt: threecard.Default, pairPlus: true, prime: true}
}

func (g *ThreeCardTable) phase() threeCardPhase {
	switch {
	case g.r == nil:
		return tcIdle
	case g.playing() && g.t-g.dealtAt < 6*tcDealTicks:
		return tcDealing
	case g.playing():
		return tcDeciding
	case !g.shown && g.t-g.doneAt < tcShowTicks:
		return tcShowing
	}
	return tcIdle
}

// hand is the round's deal, its bets, the decision and its settlement by the
// game's rules (what the table shows; the machine pays the same).
func (g *ThreeCardTable) hand() (deal threecard.Round, bets threecard.Bets, d threecard.Decision, res threecard.Result) {
	deal, played, _ := g.r.ThreeCardDeal()
	s := g.r.Bets.Spots
	bets = threecard.Bets{Ante: s[play.SpotAnte], PairPlus: s[play.SpotPairPlus], Prime: s[play.SpotPrime]}
	d = threecard.Fold
	if played {
		d = threecard.Play
	}
	if g.r.Done() {
		res, _ = threecard.Settle(g.pt, deal, bets, d)
	}
	return deal, bets, d, res
}

// Update implements Scene.
func (g *ThreeCardTable) Update(m *Manager) error {
	if g.common(m, g) {
		return nil
	}
	g.tick()
	ph := g.phase()
	if ph == tcIdle {
		g.endShown()
	}
	if x, y, ok := pointer(); ok && g.between() {
		for _, b := range threeCardButtons {
			if b.hit(x, y) {
				g.press(b.name, ph)
			}
		}
	}
	switch {
	case devPressed(ebiten.KeySpace, ebiten.KeyEnter):
		g.idle = 0
		g.press(g.mainButton(ph), ph)
	case devPressed(ebiten.KeyF):
		g.idle = 0
		g.press("FOLD", ph)
	}
	if g.d.Demo() && g.idle > 150 { // left alone: the table plays by itself, Q-6-4 or better played
		switch ph {
		case tcIdle:
			if g.r == nil || g.t-g.doneAt > 180 {
				g.press("DEAL", ph)
			}
		case tcDeciding:
			if g.t-g.dealtAt > 6*tcDealTicks+60 {
				if d, err := play.Auto(g.r); err == nil {
					g.decide(d)
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
	switch {
	case name == "DEAL" && ph == tcIdle, name == "PLAY" && ph == tcIdle:
		b := play.Bets{Spots: map[string]int64{play.SpotAnte: g.chipValue()}}
		if g.pairPlus {
			b.Spots[play.SpotPairPlus] = g.chipValue()
		}
		if g.prime {
			b.Spots[play.SpotPrime] = g.sideStake()
		}
		g.deal(b)
	case (name == "PLAY" || name == "DEAL") && ph == tcDeciding:
		g.decide(play.PlayHand)
	case name == "FOLD" && ph == tcDeciding:
		g.decide(play.Fold)
	case !g.between():
	case name == "PAIR PLUS":
		g.pairPlus = !g.pairPlus
	case name == "PRIME":
		g.prime = !g.prime
	case name == "CHIP":
		g.nextChip()
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

// sideOff: the button named is a side bet's (PAIR PLUS, PRIME), turned off.
func (g *ThreeCardTable) sideOff(name string) bool {
	return name == "PAIR PLUS" && !g.pairPlus || name == "PRIME" && !g.prime
}

var tcFeltImg feltCache

// threeCardFelt is the table's cloth with its rules and pay tables, drawn once
// per language.
func threeCardFelt(pt threecard.PayTable) *ebiten.Image {
	return tcFeltImg.get(func() *ebiten.Image { return drawThreeCardFelt(pt) })
}

func drawThreeCardFelt(pt threecard.PayTable) *ebiten.Image {
	img := tableCloth(tcFelt, 760, -100, 760, 795, tcCircles, 62)
	antialiased(func() { panel(img, 1480, 120, 400, 600, 24, rgb(10, 40, 80), rgb(4, 18, 40), rgb(230, 210, 150), 3) })
	s := strings.ToUpper(tr("tables.game.threecard"))
	label(img, s, fitSize(s, 48, true, 1400), true, ScreenW/2-200, 24, center, rGold, 3)
	s = tr("tables.threecard.rules")
	label(img, s, fitSize(s, 24, true, 1400), true, ScreenW/2-200, 90, center, rgb(230, 210, 150), 0)
	y := 140.0
	table := func(title string, t [threecard.NumCategories]int64) {
		label(img, title, fitSize(title, 30, true, 370), true, 1680, y, center, rGold, 0)
		y += 44
		for c := threecard.NumCategories - 1; c >= 0; c-- {
			if t[c] > 0 {
				pays := paysText(t[c], 1)
				pw := textWidth(pays, 22, true)
				name := threeCardHand(threecard.Category(c))
				label(img, name, fitSize(name, 22, true, 340-pw-10), true, 1510, y, left, rgb(230, 230, 230), 0)
				label(img, pays, 22, true, 1850, y, right, rgb(230, 230, 230), 0)
				y += 32
			}
		}
		y += 16
	}
	table(tr("tables.bet.pairplus"), pt.PairPlus)
	table(tr("tables.threecard.antebonus"), pt.AnteBonus)
	s = tr("tables.bet.prime")
	label(img, s, fitSize(s, 30, true, 370), true, 1680, y, center, rGold, 0)
	for i, line := range primeLines(pt) {
		label(img, line, fitSize(line, 20, true, 370), true, 1680, y+44+30*float64(i), center, rgb(230, 230, 230), 0)
	}
	return img
}

// primeLines are the Prime bet's two payouts on the cloth.
func primeLines(pt threecard.PayTable) [2]string {
	return [2]string{tr("tables.threecard.primethree", "Pays", paysText(pt.Prime, 1)),
		tr("tables.threecard.primesix", "Pays", paysText(pt.PrimeSix, 1))}
}

// the betting circles
var tcCircles = []betCircle{
	{"PAIR PLUS", 560, 800}, {"ANTE", 760, 800}, {"PLAY", 960, 800}, {"PRIME", 1160, 800},
}

// Draw implements Scene.
func (g *ThreeCardTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(threeCardFelt(g.pt), nil)
	ph := g.phase()
	if g.r != nil {
		_, bets, d, _ := g.hand()
		stakes := [4]int64{bets.PairPlus, bets.Ante, 0, bets.Prime}
		if g.r.Done() && d == threecard.Play {
			stakes[2] = bets.Ante
		}
		for i, c := range tcCircles {
			if stakes[i] > 0 {
				drawTableChip(dst, c.x, c.y, stakes[i])
			}
		}
		g.drawCards(dst, ph)
	}
	g.meters(dst, "ANTE", g.chipValue(), false)
	if !g.playing() {
		g.drawBetButtons(dst, threeCardButtons, "CHIP", g.between(), g.sideOff)
	}
	g.drawCommon(dst)
}

// drawCards deals the six cards in turn (player, dealer, …), the player's face
// up, the dealer's turned over once the player has decided, and the outcome.
func (g *ThreeCardTable) drawCards(dst *ebiten.Image, ph threeCardPhase) {
	deal, _, d, res := g.hand()
	since := g.t - g.dealtAt
	for i := range 3 {
		if since >= 2*i*tcDealTicks {
			drawTableCard(dst, playingCard(deal.Player[i]), 560+float64(i)*200, 560, 1)
		}
		if since >= (2*i+1)*tcDealTicks {
			turn := 0.0
			if g.r.Done() {
				turn = min(1, float64(g.t-g.doneAt)/tcShowTicks)
				if g.shown {
					turn = 1
				}
			}
			drawTableCard(dst, playingCard(deal.Dealer[i]), 560+float64(i)*200, 270, turn)
		}
	}
	if ph == tcDealing {
		return
	}
	you := tr("tables.threecard.you", "Hand", threeCardHand(threecard.Evaluate(deal.Player).Category()))
	label(dst, you, fitSize(you, 34, true, 1100), true, 760, 418, center, rgb(255, 255, 255), 3)
	switch {
	case ph == tcDeciding:
		q := tr("tables.threecard.question")
		label(dst, q, fitSize(q, 36, true, 1400), true, ScreenW/2-200, 905, center, rGold, 3)
	case ph == tcIdle && g.r.Done():
		dealer := tcDealerWords(res.Dealer.Category(), res.DealerQualifies)
		label(dst, dealer, fitSize(dealer, 30, true, 1100), true, 760, 130, center, rgb(255, 255, 255), 3)
		word := tcOutcomeWords(d, res)
		label(dst, word, fitSize(word, 40, true, 1400), true, ScreenW/2-200, 900, center, rGold, 3)
	}
}

// tcDealerWords name the dealer's hand, and that it does not qualify.
func tcDealerWords(dealer threecard.Category, qualifies bool) string {
	if !qualifies {
		return tr("tables.threecard.dealernotqualify", "Hand", threeCardHand(dealer))
	}
	return tr("tables.dealerhand", "Hand", threeCardHand(dealer))
}

// tcOutcomeWords are the hand's outcome after decision d and what it returned.
func tcOutcomeWords(d threecard.Decision, res threecard.Result) string {
	word := tr("tables.youfolded")
	switch {
	case d == threecard.Fold:
	case !res.DealerQualifies:
		word = tr("tables.threecard.antewins")
	case res.Player > res.Dealer:
		word = tr("tables.threecard.youwin")
	case res.Player == res.Dealer:
		word = tr("tables.tie")
	default:
		word = tr("tables.dealerwins")
	}
	if res.Returned > 0 {
		word += "  ·  " + playerMoney(res.Returned)
	}
	return word
}

// drawTableChip draws a stake's chip on a betting circle.
func drawTableChip(dst *ebiten.Image, x, y float32, cents int64) {
	c := chipColour(cents)
	antialiased(func() {
		fill(dst, circle(x+3, y+4, 40), solid(color.RGBA{0, 0, 0, 120}))
		fill(dst, circle(x, y, 40), solid(c))
		stroke(dst, circle(x, y, 31), 5, solid(rgb(255, 255, 255)))
	})
	labelMid(dst, playerMoneyNum(cents), 22, true, float64(x), float64(y), center, rgb(255, 255, 255), 2)
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

// tableCircleWordW is the widest a betting circle's name is drawn (the circles
// stand 170 to 200 apart).
const tableCircleWordW = 164

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
		s := circleWord(c.name)
		labelMid(img, s, fitSize(s, 20, true, tableCircleWordW), true, float64(c.x), float64(c.y+r+22), center, rgb(240, 230, 200), 0)
	}
	return img
}

// tableMeters draws a table scene's meters: the credit (demo: the demo balance,
// marked so), the stake (caption: BET or ANTE) and the win; narrow leaves room
// for more buttons.
func tableMeters(dst *ebiten.Image, credit int64, caption string, stake, win int64, narrow, demo bool) {
	x, w := [3]float32{40, 290, 540}, [3]float32{230, 230, 230}
	if narrow {
		x, w = [3]float32{40, 240, 430}, [3]float32{190, 180, 190}
	}
	sub := ""
	if demo {
		sub = tr("tables.meter.demo")
	}
	meterBox(dst, x[0], 960, w[0], tr("tables.meter.credit"), playerMoney(credit), sub, rGold)
	meterBox(dst, x[1], 960, w[1], meterWord(caption), playerMoney(stake), "", rGold)
	meterBox(dst, x[2], 960, w[2], tr("tables.meter.win"), playerMoney(win), "", rGold)
}
