//go:build cgo && !noscreen

package tablescene

import (
	"strconv"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/tables/blackjack"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// BlackjackTable is the blackjack table in demo play (the house's six decks, 3:2,
// the dealer standing on all 17s, no hole card): the main bet and the three side
// bets, the cards dealt, the player's decisions as buttons (HIT, STAND, DOUBLE,
// SPLIT, and INSURE or NO INSURANCE when the dealer shows an ace), every split
// hand, the dealer's cards drawn once the player is done, and each hand settled.
// The round's whole shoe is one blackjack.Deal from the scene's seeded rng, made
// when DEAL is pressed: a decision takes the next card of that shoe and never
// draws a new one; settlement is blackjack.Game.Settle. Demo play is not metered.
type BlackjackTable struct {
	TableCore
	sides bool // the three side bets with the main bet
	last  int  // the tick of the last decision (autoplay's pace)
	// the round as blackjack.Game and its settlement, made once per round's version
	gameVer int
	game    *blackjack.Game
	res     blackjack.Result
}

const BjDealerTicks = 30 // between the dealer's cards

var BjFelt = paint.RGB(16, 96, 70)

var BlackjackButtons = []slotscene.Button{
	{Input: 0, Name: "SIDE BETS", X: 640, Y: 968, W: 240, H: 86, C: paint.RGB(140, 60, 160), Help: false},
	{Input: 0, Name: "CHIP", X: 895, Y: 968, W: 200, H: 86, C: paint.RGB(200, 140, 20), Help: false},
	{Input: kit.InputSpin, Name: "DEAL", X: 1640, Y: 940, W: 240, H: 120, C: paint.RGB(30, 170, 60), Help: false},
}

// the house strategy for the table's own play, computed once in the background
var bjStrategy struct {
	once sync.Once
	done chan struct{}
	s    *blackjack.Strategy
}

func HouseStrategy() *blackjack.Strategy {
	bjStrategy.once.Do(func() {
		bjStrategy.done = make(chan struct{})
		go func() {
			if f, err := blackjack.HouseFigures(); err == nil {
				bjStrategy.s = &f.Strategy
			}
			close(bjStrategy.done)
		}()
	})
	select {
	case <-bjStrategy.done:
		return bjStrategy.s
	default:
		return nil
	}
}

// bjDecision names blackjack's decisions as a round takes them.
var bjDecision = map[blackjack.Decision]play.Decision{
	blackjack.Hit: play.Hit, blackjack.Stand: play.Stand, blackjack.Double: play.Double,
	blackjack.Split: play.Split, blackjack.Insure: play.Insure, blackjack.NoInsurance: play.NoInsurance,
}

// NewBlackjackTable opens the table in demo play: a demo balance and a seeded rng.
func NewBlackjackTable(seed uint64) *BlackjackTable {
	HouseStrategy() // start computing it
	return newBlackjackTable(NewDemoDealer(seed))
}

func newBlackjackTable(d tableDealer) *BlackjackTable {
	g := &BlackjackTable{TableCore: newTableCore(play.Blackjack, d), sides: true, gameVer: -1}
	if len(g.Chips) > 1 {
		g.Chip = 1
	}
	return g
}

// hand is the round as blackjack.Game (nil: no round) and, once the player is
// done, its settlement by the rules (what the table shows; the machine pays the
// same).
func (g *BlackjackTable) hand() (*blackjack.Game, blackjack.Result) {
	if g.R == nil {
		return nil, blackjack.Result{}
	}
	if g.gameVer != g.ver || g.game == nil {
		gm, _ := g.R.BlackjackGame()
		g.game, g.res, g.gameVer = &gm, blackjack.Result{}, g.ver
		if gm.Done() {
			c, _ := g.R.BlackjackGame()
			g.res, _ = c.Settle()
		}
	}
	return g.game, g.res
}

// insuranceOpen: the dealer shows an ace and the player has not answered yet.
func (g *BlackjackTable) insuranceOpen() bool {
	if !g.Playing() {
		return false
	}
	for _, o := range g.R.Legal() {
		if o.Decision == play.Insure {
			return true
		}
	}
	return false
}

// dealerShown is how many of the dealer's cards are shown.
func (g *BlackjackTable) dealerShown() int {
	gm, _ := g.hand()
	switch {
	case gm == nil:
		return 0
	case g.Playing():
		return 1
	case g.shown:
		return len(gm.Dealer)
	}
	return min(len(gm.Dealer), 1+(g.T-g.doneAt)/BjDealerTicks)
}

// dealerDone: the round is over and every dealer card shown.
func (g *BlackjackTable) dealerDone() bool {
	gm, _ := g.hand()
	return gm != nil && !g.Playing() && g.dealerShown() == len(gm.Dealer)
}

// Update implements Scene.
func (g *BlackjackTable) Update(m *scene.Manager) error {
	if g.common(m, g) {
		return nil
	}
	g.tick()
	if g.dealerDone() {
		g.EndShown() // the dealer's last card is shown: the machine settles the round
	}
	if x, y, ok := scene.Pointer(); ok && g.Between() {
		for _, b := range BlackjackButtons {
			if b.Hit(x, y) {
				g.Press(b.Name)
			}
		}
	}
	switch {
	case scene.DevPressed(ebiten.KeySpace, ebiten.KeyEnter):
		g.Idle = 0
		if g.Playing() {
			g.Decide(play.Stand)
		} else {
			g.Press("DEAL")
		}
	case scene.DevPressed(ebiten.KeyS):
		g.Idle = 0
		g.Decide(play.Stand)
	}
	if g.D.Demo() && g.Idle > 150 && g.T-g.last > 50 { // left alone: the table plays the house strategy
		switch {
		case g.R == nil || g.Settled() && g.T-g.doneAt > 240:
			g.Press("DEAL")
		case g.Playing():
			if s := HouseStrategy(); s != nil {
				gm, _ := g.hand()
				g.Decide(bjDecision[s.Decide(gm)])
				g.last = g.T
			}
		}
	}
	return nil
}

func (g *BlackjackTable) Press(name string) {
	if !g.Between() {
		return
	}
	switch name {
	case "DEAL":
		b := play.Bets{Spots: map[string]int64{play.SpotMain: g.chipValue()}}
		if g.sides {
			for _, s := range []string{play.Spot21Plus3, play.SpotTop3, play.SpotPairs} {
				b.Spots[s] = play.Chip * kit.DemoScale() // one euro, or its tenge
			}
		}
		g.last = g.T
		g.deal(b)
	case "SIDE BETS":
		g.sides = !g.sides
	case "CHIP":
		g.nextChip()
	}
}

// sideOff: the button named is the side bets', turned off.
func (g *BlackjackTable) sideOff(name string) bool { return name == "SIDE BETS" && !g.sides }

var BjFeltImg FeltCache

// BjSideBets are the side bets' pay tables on the cloth, top down.
var BjSideBets = []blackjack.SideBet{blackjack.TwentyOnePlus3, blackjack.PerfectPairs, blackjack.Top3}

// BjSidePaysWidth is the widest the i-th side bet's pay table is drawn: the
// lowest ends before the dealer's total, which stands beside it.
func BjSidePaysWidth(i int) float64 {
	if i == len(BjSideBets)-1 {
		return paint.ScreenW/2 - 90 - 110
	}
	return paint.ScreenW - 90 - 220 // clear of HELP's column
}

// blackjackFelt is the table's cloth with its rules, drawn once per language.
func blackjackFelt() *ebiten.Image { return BjFeltImg.get(drawBlackjackFelt) }

func drawBlackjackFelt() *ebiten.Image {
	img := tableCloth(BjFelt, paint.ScreenW/2, -120, 980, 900, BjCircles, 58)
	s := kit.Tr("tables.blackjack.pays")
	paint.Label(img, s, paint.FitSize(s, 48, true, paint.ScreenW-80), true, paint.ScreenW/2, 20, paint.Center, RGold, 3)
	s = kit.Tr("tables.blackjack.rules")
	paint.Label(img, s, paint.FitSize(s, 26, true, paint.ScreenW-80), true, paint.ScreenW/2, 84, paint.Center, paint.RGB(230, 210, 150), 0)
	for i, b := range BjSideBets {
		p := SideBetPays(blackjack.HousePays, b)
		paint.Label(img, p, paint.FitSize(p, 18, true, BjSidePaysWidth(i)), true, 90, 120+float64(i)*28, paint.Left, paint.RGB(230, 210, 150), 0)
	}
	return img
}

var BjCircles = []BetCircle{
	{"21+3", 620, 860}, {"PERFECT PAIRS", 790, 860}, {"MAIN", 960, 860}, {"TOP 3", 1130, 860},
}

// Draw implements Scene.
func (g *BlackjackTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(blackjackFelt(), nil)
	if gm, _ := g.hand(); gm != nil {
		b := gm.Bets
		main := int64(0)
		for _, h := range gm.Hands {
			main += h.Bet
		}
		for i, v := range []int64{b.TwentyOnePlus3, b.PerfectPairs, main, b.Top3} {
			if v > 0 {
				DrawTableChip(dst, BjCircles[i].x, BjCircles[i].y, v)
			}
		}
		g.drawHands(dst)
	}
	g.meters(dst, "BET", g.chipValue(), true)
	if !g.Playing() {
		g.drawBetButtons(dst, BlackjackButtons, "BET", g.Between(), g.sideOff)
	}
	g.drawCommon(dst)
}

// drawHands draws the dealer's cards (the second and later once the player is
// done) and the player's hands side by side, the active one marked, with totals and
// each hand's outcome when settled.
func (g *BlackjackTable) drawHands(dst *ebiten.Image) {
	gm, res := g.hand()
	n := g.dealerShown()
	for i := 0; i < n; i++ { // no hole card: the dealer's second card comes after the player
		drawTableCard(dst, PlayingCard(gm.Dealer[i]), paint.ScreenW/2+(float64(i)-float64(n-1)/2)*70, 300, 1)
	}
	if dt, _ := blackjack.Value(gm.Dealer[:n]); n > 0 {
		paint.Label(dst, kit.Tr("tables.blackjack.dealer", "Total", strconv.Itoa(dt)), 30, true, paint.ScreenW/2, 170, paint.Center, paint.RGB(255, 255, 255), 3)
	}
	k := len(gm.Hands)
	for h, hand := range gm.Hands {
		cx := paint.ScreenW/2 + (float64(h)-float64(k-1)/2)*380
		for i, c := range hand.Cards {
			drawTableCard(dst, PlayingCard(c), cx+float64(i)*48-float64(len(hand.Cards)-1)*24, 600+float64(i)*-14, 1)
		}
		word := BjHandWord(hand, g.dealerDone() && h < len(res.Hands), res, h)
		c := paint.RGB(255, 255, 255)
		if g.Playing() && h == gm.Active {
			c = RGold
		}
		paint.Label(dst, word, paint.FitSize(word, 30, true, 360), true, cx, 710, paint.Center, c, 3)
	}
	if g.insuranceOpen() {
		s := kit.Tr("tables.blackjack.insurance")
		paint.Label(dst, s, paint.FitSize(s, 32, true, paint.ScreenW-200), true, paint.ScreenW/2, 420, paint.Center, RGold, 3)
	}
	if s := g.Settlement(); s.Returned > 0 {
		w := kit.Tr("tables.blackjack.paid", "Amount", kit.PlayerMoney(s.Returned))
		paint.Label(dst, w, paint.FitSize(w, 40, true, 1000), true, paint.ScreenW/2, 420, paint.Center, RGold, 3)
	}
}

// BjHandWord names a player's hand under its cards: its total (SOFT 17),
// BLACKJACK or BUST, and, settled, how it ended.
func BjHandWord(hand blackjack.PlayerHand, settled bool, res blackjack.Result, h int) string {
	t, soft := blackjack.Value(hand.Cards)
	word := strconv.Itoa(t)
	if soft && t < 21 {
		word = kit.Tr("tables.blackjack.soft", "Total", word)
	}
	switch {
	case blackjack.IsBlackjack(hand.Cards, hand.FromSplit):
		word = kit.Tr("tables.blackjack.blackjack")
	case t > 21:
		word = kit.Tr("tables.blackjack.bust")
	}
	if settled {
		r := res.Hands[h]
		end := kit.Tr("tables.blackjack.lose")
		switch {
		case r.Return > r.Bet:
			end = kit.Tr("tables.blackjack.win")
		case r.Return == r.Bet:
			end = kit.Tr("tables.blackjack.push")
		}
		word += " · " + end
	}
	return word
}
