//go:build cgo && !noscreen

package tablescene

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/tables/play"
	"egm/tables/uth"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// HoldemTable is the Ultimate Texas Hold'em table in demo play: the Ante, Blind,
// Play and Trips circles, the player's two cards, the community cards shown street
// by street (none, the flop, then the turn and river together), the decision of
// each street as buttons (BET 4X or 3X or CHECK before the flop, BET 2X or CHECK on
// it, BET 1X or FOLD at the river), the dealer's cards at the showdown and every
// bet settled. Every card is fixed by one uth.Deal from the scene's seeded rng
// when DEAL is pressed; a decision only shows more of them; settlement is
// uth.Settle with the shipped pay tables. Demo play is not metered play.
type HoldemTable struct {
	TableCore
	pt       uth.PayTable
	trips    bool
	last     int
	strategy *uth.Strategy
	resFor   *play.Round // the round res settles
	res      uth.Result
}

var UthFelt = paint.RGB(36, 40, 96)

var HoldemButtons = []slotscene.Button{
	{Input: 0, Name: "TRIPS", X: 640, Y: 968, W: 160, H: 86, C: paint.RGB(140, 60, 160), Help: false},
	{Input: 0, Name: "CHIP", X: 815, Y: 968, W: 180, H: 86, C: paint.RGB(200, 140, 20), Help: false},
	{Input: kit.InputSpin, Name: "DEAL", X: 1640, Y: 940, W: 240, H: 120, C: paint.RGB(30, 170, 60), Help: false},
}

// The table's layout: the edge of the table is an ellipse centred above the
// screen, whose lowest point passes between the player's cards and the words
// under them; the dealer's words stand inside it, right of the dealer's cards, and
// are made to fit before the edge; the pay tables' panel starts at uthPanelX.
const (
	UthEdgeX, UthEdgeY, UthEdgeRX, UthEdgeRY = 760, -120, 800, 834 // lowest point y=714
	UthDealerY, UthBoardY, UthPlayerY        = 200, 390, 595       // the cards' centres
	UthWordsY                                = 735                 // the question or the outcome (top)
	uthWordsSize                             = 34
	UthDealerX, UthDealerWordsY              = 930, 185 // the dealer's hand named (top left)
	uthDealerSize                            = 28
	uthEdgeClear                             = 16 // words keep this far from the edge
	UthPanelX                                = 1560
)

// uthEdgeRight is the x of the table's edge at height y (right of the centre).
func uthEdgeRight(y float64) float64 {
	k := (y - UthEdgeY) / UthEdgeRY
	if k >= 1 {
		return UthEdgeX
	}
	return UthEdgeX + UthEdgeRX*math.Sqrt(1-k*k)
}

// UthDealerWordsSize is the size the dealer's words are drawn at: they end before
// the table's edge (lower is narrower: measured at the words' foot).
func UthDealerWordsSize(s string) float64 {
	foot := UthDealerWordsY + paint.LabelHeight(uthDealerSize, true, 3)
	return paint.FitSize(s, uthDealerSize, true, uthEdgeRight(foot)-uthEdgeClear-UthDealerX)
}

// UthWordsFit is the size of the words under the player's cards: within the
// screen left of the pay tables, centred on the table.
func UthWordsFit(s string) float64 {
	return paint.FitSize(s, uthWordsSize, true, 2*(UthPanelX-uthEdgeClear-UthEdgeX))
}

var UthCircles = []BetCircle{
	{"TRIPS", 600, 860}, {"ANTE", 780, 860}, {"BLIND", 960, 860}, {"PLAY", 1140, 860},
}

// uthDecision names the strategy's decisions as a round takes them.
var uthDecision = map[uth.Decision]play.Decision{
	uth.Check: play.Check, uth.Bet4x: play.Bet4x, uth.Bet3x: play.Bet3x, uth.Bet2x: play.Bet2x,
	uth.Bet1x: play.Bet1x, uth.Fold: play.Fold,
}

// NewHoldemTable opens the table in demo play: a demo balance and a seeded rng.
func NewHoldemTable(seed uint64) *HoldemTable { return newHoldemTable(NewDemoDealer(seed)) }

func newHoldemTable(d tableDealer) *HoldemTable {
	g := &HoldemTable{TableCore: newTableCore(play.Holdem, d), pt: uth.Default, trips: true}
	if d.Demo() {
		g.strategy, _ = uth.HouseStrategy() // nil: the table does not play by itself
	}
	return g
}

// hand is the deal, the street the hand stands at and its bets.
func (g *HoldemTable) hand() (deal uth.Round, st uth.Street, bets uth.Bets, multiple int64) {
	deal, st, multiple, _, _ = g.R.HoldemDeal()
	s := g.R.Bets.Spots
	return deal, st, uth.Bets{Ante: s[play.SpotAnte], Blind: s[play.SpotAnte], Trips: s[play.SpotTrips]}, multiple
}

// result settles the hand by the rules (what the table shows; the machine pays
// the same), once per round.
func (g *HoldemTable) result() uth.Result {
	if g.resFor == g.R {
		return g.res
	}
	g.resFor = g.R
	deal, _, bets, _ := g.hand()
	ds := make([]uth.Decision, 0, 3)
	for _, d := range g.R.Decisions {
		for x, n := range uthDecision {
			if n == d {
				ds = append(ds, x)
			}
		}
	}
	g.res, _ = uth.Settle(g.pt, deal, bets, ds)
	return g.res
}

func (g *HoldemTable) deciding() bool { return g.Playing() }

// board is the community cards shown at the current street.
func (g *HoldemTable) board() []uth.Card {
	deal, st, _, _ := g.hand()
	switch st {
	case uth.PreFlop:
		return nil
	case uth.Flop:
		return deal.Board[:3]
	}
	return deal.Board[:]
}

// Update implements Scene.
func (g *HoldemTable) Update(m *scene.Manager) error {
	if g.common(m, g) {
		return nil
	}
	g.tick()
	if g.R != nil && !g.deciding() && g.T-g.doneAt >= 30 {
		g.EndShown() // the dealer's cards are shown: the machine settles the hand
	}
	if x, y, ok := scene.Pointer(); ok && g.Between() {
		for _, b := range HoldemButtons {
			if b.Hit(x, y) {
				g.Press(b.Name)
			}
		}
	}
	if scene.DevPressed(ebiten.KeySpace, ebiten.KeyEnter) {
		g.Idle = 0
		if g.deciding() {
			g.Decide(g.R.Legal()[0].Decision) // the street's largest bet
		} else {
			g.Press("DEAL")
		}
	}
	if g.Idle > 150 && g.strategy != nil && g.T-g.last > 60 { // left alone: the computed optimal strategy
		switch {
		case g.R == nil || g.Settled() && g.T-g.doneAt > 240:
			g.Press("DEAL")
		case g.deciding():
			deal, _, _, _ := g.hand()
			if d, err := g.strategy.Decide(deal.Player, g.board()); err == nil {
				g.Decide(uthDecision[d])
				g.last = g.T
			}
		}
	}
	return nil
}

func (g *HoldemTable) Press(name string) {
	if !g.Between() {
		return
	}
	switch name {
	case "DEAL":
		b := play.Bets{Spots: map[string]int64{play.SpotAnte: g.chipValue()}}
		if g.trips {
			b.Spots[play.SpotTrips] = g.sideStake()
		}
		g.last = g.T
		g.deal(b)
	case "TRIPS":
		g.trips = !g.trips
	case "CHIP":
		g.nextChip()
	}
}

// tripsOff: the button named is the Trips bet's, turned off.
func (g *HoldemTable) tripsOff(name string) bool { return name == "TRIPS" && !g.trips }

var UthFeltImg FeltCache

// holdemFelt is the table's cloth with its rules and pay tables, drawn once per
// language.
func holdemFelt(pt uth.PayTable) *ebiten.Image {
	return UthFeltImg.get(func() *ebiten.Image { return drawHoldemFelt(pt) })
}

func drawHoldemFelt(pt uth.PayTable) *ebiten.Image {
	img := tableCloth(UthFelt, UthEdgeX, UthEdgeY, UthEdgeRX, UthEdgeRY, UthCircles, 58)
	paint.Antialiased(func() {
		paint.Panel(img, UthPanelX, 120, 330, 640, 24, paint.RGB(16, 20, 70), paint.RGB(6, 8, 30), paint.RGB(230, 210, 150), 3)
	})
	s := strings.ToUpper(kit.Tr("tables.game.holdem"))
	paint.Label(img, s, paint.FitSize(s, 46, true, UthPanelX-40), true, 760, 20, paint.Center, RGold, 3)
	s = kit.Tr("tables.holdem.rules")
	paint.Label(img, s, paint.FitSize(s, 22, true, UthPanelX-60), true, 760, 80, paint.Center, paint.RGB(230, 210, 150), 0)
	y := 140.0
	table := func(title string, t [uth.NumCategories]uth.Pay) {
		paint.Label(img, title, paint.FitSize(title, 28, true, 300), true, 1725, y, paint.Center, RGold, 0)
		y += 40
		for c := uth.NumCategories - 1; c >= 0; c-- {
			if t[c].Num > 0 {
				pays := PaysText(t[c].Num, t[c].Den)
				pw := paint.TextWidth(pays, 19, true)
				name := PokerHand(uth.Category(c))
				paint.Label(img, name, paint.FitSize(name, 19, true, 290-pw-10), true, 1580, y, paint.Left, paint.RGB(230, 230, 230), 0)
				paint.Label(img, pays, 19, true, 1870, y, paint.Right, paint.RGB(230, 230, 230), 0)
				y += 28
			}
		}
		y += 14
	}
	table(kit.Tr("tables.bet.blind"), pt.Blind)
	table(kit.Tr("tables.bet.trips"), pt.Trips)
	return img
}

// Draw implements Scene.
func (g *HoldemTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(holdemFelt(g.pt), nil)
	if g.R != nil {
		deal, _, bets, multiple := g.hand()
		for i, v := range []int64{bets.Trips, bets.Ante, bets.Blind, multiple * bets.Ante} {
			if v > 0 {
				DrawTableChip(dst, UthCircles[i].x, UthCircles[i].y, v)
			}
		}
		for i, c := range deal.Player {
			drawTableCard(dst, PlayingCard(c), 690+float64(i)*140, UthPlayerY, 1)
		}
		board := g.board()
		for i := range 5 {
			turn := 0.0
			if i < len(board) {
				turn = 1
			}
			drawTableCard(dst, PlayingCard(deal.Board[i]), 440+float64(i)*160, UthBoardY, turn)
		}
		if !g.deciding() {
			turn := min(1, float64(g.T-g.doneAt)/20)
			if g.shown {
				turn = 1
			}
			for i, c := range deal.Dealer {
				drawTableCard(dst, PlayingCard(c), 690+float64(i)*140, UthDealerY, turn)
			}
		}
		g.drawWords(dst)
	}
	g.meters(dst, "ANTE", g.chipValue(), true)
	if !g.deciding() {
		g.drawBetButtons(dst, HoldemButtons, "ANTE", g.Between(), g.tripsOff)
	}
	g.drawCommon(dst)
}

// UthQuestion is the player's choice on a street.
func UthQuestion(st uth.Street) string {
	switch st {
	case uth.PreFlop:
		return kit.Tr("tables.holdem.preflop")
	case uth.Flop:
		return kit.Tr("tables.holdem.flop")
	}
	return kit.Tr("tables.holdem.river")
}

// UthStreets are the streets a decision is taken on.
var UthStreets = []uth.Street{uth.PreFlop, uth.Flop, uth.River}

// UthDealerWords name the dealer's hand at the showdown, and that it does not
// open.
func UthDealerWords(dealer uth.Category, qualifies bool) string {
	if !qualifies {
		return kit.Tr("tables.holdem.dealernotopen", "Hand", PokerHand(dealer))
	}
	return kit.Tr("tables.dealerhand", "Hand", PokerHand(dealer))
}

// UthOutcomeWords are the hand's outcome under the player's cards and what it
// returned.
func UthOutcomeWords(res uth.Result) string {
	word := kit.Tr("tables.youfolded")
	if !res.Folded {
		switch {
		case res.Player > res.Dealer:
			word = kit.Tr("tables.holdem.youwinwith", "Hand", PokerHand(res.Player.Category()))
		case res.Player == res.Dealer:
			word = kit.Tr("tables.tie")
		default:
			word = kit.Tr("tables.dealerwins")
		}
	}
	if res.Returned > 0 {
		word += "  ·  " + kit.PlayerMoney(res.Returned)
	}
	return word
}

// drawWords names the hands at the showdown and the outcome.
func (g *HoldemTable) drawWords(dst *ebiten.Image) {
	if g.deciding() {
		_, st, _, _ := g.hand()
		q := UthQuestion(st)
		paint.Label(dst, q, UthWordsFit(q), true, UthEdgeX, UthWordsY, paint.Center, RGold, 3)
		return
	}
	if !g.shown && g.T-g.doneAt < 20 {
		return
	}
	res := g.result()
	dealer := UthDealerWords(res.Dealer.Category(), res.DealerQualifies)
	paint.Label(dst, dealer, UthDealerWordsSize(dealer), true, UthDealerX, UthDealerWordsY, paint.Left, paint.RGB(255, 255, 255), 3) // inside the table's edge
	word := UthOutcomeWords(res)
	paint.Label(dst, word, UthWordsFit(word), true, UthEdgeX, UthWordsY, paint.Center, RGold, 3)
}
