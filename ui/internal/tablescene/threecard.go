//go:build cgo && !noscreen

package tablescene

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/locale"
	"egm/tables/cards"
	"egm/tables/play"
	"egm/tables/threecard"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// ThreeCardTable is the three card poker table in demo play: the Ante, Pair Plus
// and Prime circles with their chips, the cards dealt one by one, the PLAY and
// FOLD decision, the dealer's cards turned over and every bet settled. The deal is
// one threecard.Deal from the scene's seeded rng, made when DEAL is pressed, before
// a card is shown; the decision never redraws a card; settlement is
// threecard.Settle with the shipped pay table. Demo play is not metered play.
type ThreeCardTable struct {
	TableCore
	pt       threecard.PayTable
	pairPlus bool // a Pair Plus bet with the Ante
	prime    bool // a Prime bet with the Ante
	// progressive: the progressive side bet's fixed stake with the Ante, where
	// the table offers it (threecard_progressive.go); off until the player
	// turns it on (a fixed stake the player chooses, never one placed for them)
	progressive bool
	// the jackpot's amount as last drawn, in the player's language
	poolShown int64
	poolText  string
	poolLang  locale.Lang
}

// threeCardPhase is where a round stands.
type threeCardPhase int

const (
	TcIdle     threeCardPhase = iota // no round, or the last one settled
	tcDealing                        // the cards fly in
	tcDeciding                       // PLAY or FOLD
	tcShowing                        // the dealer's cards turned over, then settled
)

const (
	TcDealTicks = 12 // per card
	TcShowTicks = 40 // the dealer's cards turning
	TcCardScale = 0.6
)

var TcFelt = paint.RGB(18, 70, 120)

var ThreeCardButtons = []slotscene.Button{
	{Input: 0, Name: "PAIR PLUS", X: 820, Y: 968, W: 190, H: 86, C: paint.RGB(140, 60, 160), Help: false},
	{Input: 0, Name: "PRIME", X: 1025, Y: 968, W: 150, H: 86, C: paint.RGB(200, 40, 60), Help: false},
	{Input: 0, Name: "CHIP", X: 1190, Y: 968, W: 190, H: 86, C: paint.RGB(200, 140, 20), Help: false},
	{Input: kit.InputSpin, Name: "DEAL", X: 1640, Y: 940, W: 240, H: 120, C: paint.RGB(30, 170, 60), Help: false},
}

// NewThreeCardTable opens the table in demo play: a demo balance and a seeded rng.
func NewThreeCardTable(seed uint64) *ThreeCardTable { return newThreeCardTable(NewDemoDealer(seed)) }

func newThreeCardTable(d tableDealer) *ThreeCardTable {
	return &ThreeCardTable{TableCore: newTableCore(play.ThreeCard, d), pt: threecard.Default, pairPlus: true, prime: true}
}

func (g *ThreeCardTable) phase() threeCardPhase {
	switch {
	case g.R == nil:
		return TcIdle
	case g.Playing() && g.T-g.dealtAt < 6*TcDealTicks:
		return tcDealing
	case g.Playing():
		return tcDeciding
	case !g.shown && g.T-g.doneAt < TcShowTicks:
		return tcShowing
	}
	return TcIdle
}

// hand is the round's deal, its bets, the decision and its settlement by the
// game's rules (what the table shows; the machine pays the same).
func (g *ThreeCardTable) hand() (deal threecard.Round, bets threecard.Bets, d threecard.Decision, res threecard.Result) {
	deal, played, _ := g.R.ThreeCardDeal()
	s := g.R.Bets.Spots
	bets = threecard.Bets{Ante: s[play.SpotAnte], PairPlus: s[play.SpotPairPlus], Prime: s[play.SpotPrime]}
	d = threecard.Fold
	if played {
		d = threecard.Play
	}
	if g.R.Done() {
		res, _ = threecard.Settle(g.pt, deal, bets, d)
	}
	return deal, bets, d, res
}

// Update implements Scene.
func (g *ThreeCardTable) Update(m *scene.Manager) error {
	if g.common(m, g) {
		return nil
	}
	g.tick()
	ph := g.phase()
	if ph == TcIdle {
		g.EndShown()
	}
	if x, y, ok := scene.Pointer(); ok && g.Between() {
		for _, b := range threeCardButtons() {
			if b.Hit(x, y) {
				g.Press(b.Name, ph)
			}
		}
	}
	switch {
	case scene.DevPressed(ebiten.KeySpace, ebiten.KeyEnter):
		g.Idle = 0
		g.Press(g.mainButton(ph), ph)
	case scene.DevPressed(ebiten.KeyF):
		g.Idle = 0
		g.Press("FOLD", ph)
	}
	if g.D.Demo() && g.Idle > 150 { // left alone: the table plays by itself, Q-6-4 or better played
		switch ph {
		case TcIdle:
			if g.R == nil || g.T-g.doneAt > 180 {
				g.Press("DEAL", ph)
			}
		case tcDeciding:
			if g.T-g.dealtAt > 6*TcDealTicks+60 {
				if d, err := play.Auto(g.R); err == nil {
					g.Decide(d)
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

func (g *ThreeCardTable) Press(name string, ph threeCardPhase) {
	switch {
	case name == "DEAL" && ph == TcIdle, name == "PLAY" && ph == TcIdle:
		b := play.Bets{Spots: map[string]int64{play.SpotAnte: g.chipValue()}}
		if g.pairPlus {
			b.Spots[play.SpotPairPlus] = g.chipValue()
		}
		if g.prime {
			b.Spots[play.SpotPrime] = g.sideStake()
		}
		if side, on := progressiveOffered(); on && g.progressive {
			b.Spots[play.SpotProgressive] = side.Pool.Stake
		}
		g.deal(b)
	case (name == "PLAY" || name == "DEAL") && ph == tcDeciding:
		g.Decide(play.PlayHand)
	case name == "FOLD" && ph == tcDeciding:
		g.Decide(play.Fold)
	case !g.Between():
	case name == "PAIR PLUS":
		g.pairPlus = !g.pairPlus
	case name == "PRIME":
		g.prime = !g.prime
	case name == "JACKPOT":
		g.progressive = !g.progressive
	case name == "CHIP":
		g.nextChip()
	}
}

// PlayingCard maps a deck card to the gamble's card art.
func PlayingCard(c cards.Card) gamble.Card {
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
	img := slotscene.CardBack()
	sx := math.Abs(math.Cos(math.Pi * turn))
	if turn >= 0.5 {
		img = slotscene.CardImage(c)
	}
	tcOp.GeoM.Reset()
	tcOp.GeoM.Translate(-slotscene.CardW/2, -slotscene.CardH/2)
	tcOp.GeoM.Scale(sx*TcCardScale, TcCardScale)
	tcOp.GeoM.Translate(x, y)
	tcOp.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &tcOp)
}

// sideOff: the button named is a side bet's (PAIR PLUS, PRIME, JACKPOT), turned off.
func (g *ThreeCardTable) sideOff(name string) bool {
	return name == "PAIR PLUS" && !g.pairPlus || name == "PRIME" && !g.prime || name == "JACKPOT" && !g.progressive
}

var TcFeltImg FeltCache

// threeCardFelt is the table's cloth with its rules and pay tables, drawn once
// per language.
func threeCardFelt(pt threecard.PayTable) *ebiten.Image {
	return TcFeltImg.get(func() *ebiten.Image { return drawThreeCardFelt(pt) })
}

func drawThreeCardFelt(pt threecard.PayTable) *ebiten.Image {
	img := tableCloth(TcFelt, 760, -100, 760, 795, TcCircles, 62)
	paint.Antialiased(func() {
		paint.Panel(img, 1480, 120, 400, 600, 24, paint.RGB(10, 40, 80), paint.RGB(4, 18, 40), paint.RGB(230, 210, 150), 3)
	})
	s := strings.ToUpper(kit.Tr("tables.game.threecard"))
	paint.Label(img, s, paint.FitSize(s, 48, true, 1400), true, paint.ScreenW/2-200, 24, paint.Center, RGold, 3)
	s = kit.Tr("tables.threecard.rules")
	paint.Label(img, s, paint.FitSize(s, 24, true, 1400), true, paint.ScreenW/2-200, 90, paint.Center, paint.RGB(230, 210, 150), 0)
	y := 140.0
	table := func(title string, t [threecard.NumCategories]int64) {
		paint.Label(img, title, paint.FitSize(title, 30, true, 370), true, 1680, y, paint.Center, RGold, 0)
		y += 44
		for c := threecard.NumCategories - 1; c >= 0; c-- {
			if t[c] > 0 {
				drawPayRow(img, ThreeCardHand(threecard.Category(c)), PaysText(t[c], 1), 22, 1510, 1850, 340, y)
				y += 32
			}
		}
		y += 16
	}
	table(kit.Tr("tables.bet.pairplus"), pt.PairPlus)
	table(kit.Tr("tables.threecard.antebonus"), pt.AnteBonus)
	s = kit.Tr("tables.bet.prime")
	paint.Label(img, s, paint.FitSize(s, 30, true, 370), true, 1680, y, paint.Center, RGold, 0)
	for i, line := range PrimeLines(pt) {
		paint.Label(img, line, paint.FitSize(line, 20, true, 370), true, 1680, y+44+30*float64(i), paint.Center, paint.RGB(230, 230, 230), 0)
	}
	return img
}

// PrimeLines are the Prime bet's two payouts on the cloth.
func PrimeLines(pt threecard.PayTable) [2]string {
	return [2]string{kit.Tr("tables.threecard.primethree", "Pays", PaysText(pt.Prime, 1)),
		kit.Tr("tables.threecard.primesix", "Pays", PaysText(pt.PrimeSix, 1))}
}

// the betting circles
var TcCircles = []BetCircle{
	{"PAIR PLUS", 560, 800}, {"ANTE", 760, 800}, {"PLAY", 960, 800}, {"PRIME", 1160, 800},
}

// Draw implements Scene.
func (g *ThreeCardTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(threeCardFelt(g.pt), nil)
	g.drawProgressive(dst)
	ph := g.phase()
	if g.R != nil {
		_, bets, d, _ := g.hand()
		stakes := [4]int64{bets.PairPlus, bets.Ante, 0, bets.Prime}
		if g.R.Done() && d == threecard.Play {
			stakes[2] = bets.Ante
		}
		for i, c := range TcCircles {
			if stakes[i] > 0 {
				DrawTableChip(dst, c.x, c.y, stakes[i])
			}
		}
		g.drawCards(dst, ph)
	}
	g.meters(dst, "ANTE", g.chipValue(), false)
	if !g.Playing() {
		g.drawBetButtons(dst, threeCardButtons(), "CHIP", g.Between(), g.sideOff)
	}
	g.drawCommon(dst)
}

// drawCards deals the six cards in turn (player, dealer, …), the player's face
// up, the dealer's turned over once the player has decided, and the outcome.
func (g *ThreeCardTable) drawCards(dst *ebiten.Image, ph threeCardPhase) {
	deal, _, d, res := g.hand()
	since := g.T - g.dealtAt
	for i := range 3 {
		if since >= 2*i*TcDealTicks {
			drawTableCard(dst, PlayingCard(deal.Player[i]), 560+float64(i)*200, 560, 1)
		}
		if since >= (2*i+1)*TcDealTicks {
			turn := 0.0
			if g.R.Done() {
				turn = min(1, float64(g.T-g.doneAt)/TcShowTicks)
				if g.shown {
					turn = 1
				}
			}
			drawTableCard(dst, PlayingCard(deal.Dealer[i]), 560+float64(i)*200, 270, turn)
		}
	}
	if ph == tcDealing {
		return
	}
	you := kit.Tr("tables.threecard.you", "Hand", ThreeCardHand(threecard.Evaluate(deal.Player).Category()))
	paint.Label(dst, you, paint.FitSize(you, 34, true, 1100), true, 760, 418, paint.Center, paint.RGB(255, 255, 255), 3)
	switch {
	case ph == tcDeciding:
		q := kit.Tr("tables.threecard.question")
		paint.Label(dst, q, paint.FitSize(q, 36, true, 1400), true, paint.ScreenW/2-200, 905, paint.Center, RGold, 3)
	case ph == TcIdle && g.R.Done():
		dealer := TcDealerWords(res.Dealer.Category(), res.DealerQualifies)
		paint.Label(dst, dealer, paint.FitSize(dealer, 30, true, 1100), true, 760, 130, paint.Center, paint.RGB(255, 255, 255), 3)
		word := TcOutcomeWords(d, res)
		if won := g.progressiveWon(deal); won > 0 {
			word += "  ·  " + kit.Tr("tables.bet.progressive") + " " + kit.PlayerMoney(won)
		}
		paint.Label(dst, word, paint.FitSize(word, 40, true, 1400), true, paint.ScreenW/2-200, 900, paint.Center, RGold, 3)
	}
}

// TcDealerWords name the dealer's hand, and that it does not qualify.
func TcDealerWords(dealer threecard.Category, qualifies bool) string {
	if !qualifies {
		return kit.Tr("tables.threecard.dealernotqualify", "Hand", ThreeCardHand(dealer))
	}
	return kit.Tr("tables.dealerhand", "Hand", ThreeCardHand(dealer))
}

// TcOutcomeWords are the hand's outcome after decision d and what it returned.
func TcOutcomeWords(d threecard.Decision, res threecard.Result) string {
	word := kit.Tr("tables.youfolded")
	switch {
	case d == threecard.Fold:
	case !res.DealerQualifies:
		word = kit.Tr("tables.threecard.antewins")
	case res.Player > res.Dealer:
		word = kit.Tr("tables.threecard.youwin")
	case res.Player == res.Dealer:
		word = kit.Tr("tables.tie")
	default:
		word = kit.Tr("tables.dealerwins")
	}
	if res.Returned > 0 {
		word += "  ·  " + kit.PlayerMoney(res.Returned)
	}
	return word
}

// DrawTableChip draws a stake's chip on a betting circle.
func DrawTableChip(dst *ebiten.Image, x, y float32, cents int64) {
	c := chipColour(cents)
	paint.Antialiased(func() {
		paint.Fill(dst, paint.Circle(x+3, y+4, 40), paint.Solid(color.RGBA{0, 0, 0, 120}))
		paint.Fill(dst, paint.Circle(x, y, 40), paint.Solid(c))
		paint.Stroke(dst, paint.Circle(x, y, 31), 5, paint.Solid(paint.RGB(255, 255, 255)))
	})
	paint.LabelMid(dst, kit.PlayerMoneyNum(cents), 22, true, float64(x), float64(y), paint.Center, paint.RGB(255, 255, 255), 2)
}

// chipColour is a chip's colour by its value in the profile's chip units (one
// unit is a euro, 500 tenge: kit.DemoScale): 1 white, 5 red, 25 green, 100
// black, any other stake violet.
func chipColour(minor int64) color.RGBA {
	scale := kit.DemoScale()
	if minor%scale != 0 {
		return paint.RGB(90, 60, 160)
	}
	switch minor / scale {
	case 100:
		return paint.RGB(230, 230, 230)
	case 500:
		return paint.RGB(200, 30, 40)
	case 2500:
		return paint.RGB(30, 140, 60)
	case 10000:
		return paint.RGB(20, 20, 20)
	}
	return paint.RGB(90, 60, 160)
}

// BetCircle is a betting circle on a table's cloth, named beneath.
type BetCircle struct {
	Name string
	x, y float32
}

// TableCircleWordW is the widest a betting circle's name is drawn (the circles
// stand 170 to 200 apart).
const TableCircleWordW = 164

// tableCloth draws a card table's cloth: the felt, the table's edge (an ellipse
// centred above the screen), the betting circles of radius r and their names.
func tableCloth(felt color.RGBA, ex, ey, erx, ery float32, circles []BetCircle, r float32) *ebiten.Image {
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	paint.Antialiased(func() {
		paint.Fill(img, paint.Rect(0, 0, paint.ScreenW, paint.ScreenH), paint.Radial(paint.ScreenW/2, 300, paint.ScreenW*0.75, paint.Lighten(felt, 0.15), paint.Darken(felt, 0.6)))
		paint.Stroke(img, paint.Ellipse(ex, ey, erx, ery), 4, paint.Solid(paint.RGB(230, 210, 150)))
		for _, c := range circles {
			paint.Stroke(img, paint.Circle(c.x, c.y, r), 4, paint.Solid(paint.RGB(240, 230, 200)))
		}
	})
	for _, c := range circles {
		s := CircleWord(c.Name)
		paint.LabelMid(img, s, paint.FitSize(s, 20, true, TableCircleWordW), true, float64(c.x), float64(c.y+r+22), paint.Center, paint.RGB(240, 230, 200), 0)
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
		sub = kit.Tr("tables.meter.demo")
	}
	slotscene.MeterBox(dst, x[0], 960, w[0], kit.Tr("tables.meter.credit"), kit.PlayerMoney(credit), sub, RGold)
	slotscene.MeterBox(dst, x[1], 960, w[1], MeterWord(caption), kit.PlayerMoney(stake), "", RGold)
	slotscene.MeterBox(dst, x[2], 960, w[2], kit.Tr("tables.meter.win"), kit.PlayerMoney(win), "", RGold)
}
