//go:build cgo && !noscreen

package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/help"
	"egm/rng"
	"egm/tables/blackjack"
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
	src     rng.Source
	credit  int64
	chip    int
	sides   bool // the three side bets with the main bet
	game    *blackjack.Game
	res     blackjack.Result
	staked  int64
	doneAt  int // the tick the player finished (the dealer's cards come after)
	paid    bool
	t, idle int
	last    int // the tick of the last decision (autoplay's pace)
}

const bjDealerTicks = 30 // between the dealer's cards

var bjFelt = rgb(16, 96, 70)

var blackjackButtons = []button{
	{0, "SIDE BETS", 640, 968, 200, 86, rgb(140, 60, 160), false},
	{0, "CHIP", 855, 968, 180, 86, rgb(200, 140, 20), false},
	{0, "DOUBLE", 1050, 968, 170, 86, rgb(60, 120, 220), false},
	{0, "SPLIT", 1235, 968, 170, 86, rgb(60, 120, 220), false},
	{0, "HIT", 1420, 968, 200, 86, rgb(200, 40, 60), false},
	{InputSpin, "DEAL", 1640, 940, 240, 120, rgb(30, 170, 60), false},
}

// the house strategy for the table's own play, computed once in the background
var bjStrategy struct {
	once sync.Once
	done chan struct{}
	s    *blackjack.Strategy
}

func houseStrategy() *blackjack.Strategy {
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

// NewBlackjackTable opens the table with a demo balance and a seeded rng.
func NewBlackjackTable(seed uint64) *BlackjackTable {
	houseStrategy() // start computing it
	return &BlackjackTable{src: rng.NewSeeded(seed), credit: demoCredit, chip: 1, sides: true}
}

// insuranceOpen: the dealer shows an ace and the player has not answered yet.
func (g *BlackjackTable) insuranceOpen() bool {
	return g.playing() && slices.Contains(g.game.Legal(), blackjack.Insure)
}

// playing: a round whose player still decides.
func (g *BlackjackTable) playing() bool { return g.game != nil && !g.game.Done() }

// dealerShown is how many of the dealer's cards are shown.
func (g *BlackjackTable) dealerShown() int {
	if g.game == nil {
		return 0
	}
	if g.playing() {
		return 1
	}
	return min(len(g.game.Dealer), 1+(g.t-g.doneAt)/bjDealerTicks)
}

// settled: the round is over and every dealer card shown.
func (g *BlackjackTable) settled() bool {
	return g.game != nil && !g.playing() && g.dealerShown() == len(g.game.Dealer)
}

// Update implements Scene.
func (g *BlackjackTable) Update(m *Manager) error {
	if openTableHelp(m, "blackjack", g) {
		return nil
	}
	g.t++
	g.idle++
	if g.settled() && !g.paid {
		g.credit += g.res.Returned
		g.paid = true
	}
	if x, y, ok := pointer(); ok {
		g.idle = 0
		for _, b := range blackjackButtons {
			if b.hit(x, y) {
				g.press(g.buttonName(b, g.insuranceOpen()))
			}
		}
	}
	switch {
	case pressed(ebiten.KeySpace, ebiten.KeyEnter):
		g.idle = 0
		g.press(g.buttonName(blackjackButtons[len(blackjackButtons)-1], false))
	case pressed(ebiten.KeyS):
		g.idle = 0
		g.press("STAND")
	}
	if g.idle > 150 && g.t-g.last > 50 { // left alone: the table plays the house strategy
		switch {
		case g.game == nil || g.settled() && g.t-g.doneAt > 240:
			g.press("DEAL")
		case g.playing():
			if s := houseStrategy(); s != nil {
				g.apply(s.Decide(g.game))
			}
		}
	}
	return nil
}

// buttonName is what a button does now: the big one DEALs between rounds and
// STANDs during one; the insurance question (insurance: it is open) takes the
// DOUBLE and SPLIT places.
func (g *BlackjackTable) buttonName(b button, insurance bool) string {
	switch {
	case b.name == "DEAL" && g.playing():
		return "STAND"
	case b.name == "DOUBLE" && insurance:
		return "INSURE"
	case b.name == "SPLIT" && insurance:
		return "NO INSURANCE"
	}
	return b.name
}

func (g *BlackjackTable) press(name string) {
	switch name {
	case "DEAL":
		if !g.playing() {
			g.deal()
		}
	case "STAND":
		g.apply(blackjack.Stand)
	case "HIT":
		g.apply(blackjack.Hit)
	case "DOUBLE":
		g.apply(blackjack.Double)
	case "SPLIT":
		g.apply(blackjack.Split)
	case "INSURE":
		g.apply(blackjack.Insure)
	case "NO INSURANCE":
		g.apply(blackjack.NoInsurance)
	case "SIDE BETS":
		if !g.playing() {
			g.sides = !g.sides
		}
	case "CHIP":
		if !g.playing() {
			g.chip = (g.chip + 1) % len(tableChips)
		}
	}
}

func (g *BlackjackTable) deal() {
	if g.game != nil && !g.paid {
		g.credit += g.res.Returned
	}
	chip := tableChips[g.chip]
	b := blackjack.Bets{Main: chip}
	if g.sides {
		b.TwentyOnePlus3, b.Top3, b.PerfectPairs = tableChips[0], tableChips[0], tableChips[0]
	}
	if 3*(b.Main+b.TwentyOnePlus3+b.Top3+b.PerfectPairs) > g.credit {
		g.credit = demoCredit // the demo balance refills
	}
	game, err := blackjack.NewGame(blackjack.HouseRules, blackjack.HousePays, blackjack.Deal(g.src), b)
	if err != nil {
		return
	}
	g.game, g.paid, g.last = game, false, g.t
	g.staked = b.Main + b.TwentyOnePlus3 + b.Top3 + b.PerfectPairs
	g.credit -= g.staked
	g.finish()
}

// apply commits a decision: a double or a split takes another main stake, the
// insurance half of one.
func (g *BlackjackTable) apply(d blackjack.Decision) {
	if !g.playing() {
		return
	}
	before := g.stakes()
	if err := g.game.Apply(d); err != nil {
		return
	}
	g.credit -= g.stakes() - before
	g.last = g.t
	g.finish()
}

// stakes is what the box has staked so far.
func (g *BlackjackTable) stakes() int64 {
	s := g.game.Bets.TwentyOnePlus3 + g.game.Bets.Top3 + g.game.Bets.PerfectPairs + g.game.Insurance
	for _, h := range g.game.Hands {
		s += h.Bet
	}
	return s
}

// finish settles a round whose player is done (the dealer's cards are then shown
// one by one, and the returns paid after the last).
func (g *BlackjackTable) finish() {
	if g.game.Done() {
		if res, err := g.game.Settle(); err == nil {
			g.res, g.doneAt = res, g.t
		}
	}
}

var bjFeltImg *ebiten.Image

func blackjackFelt() *ebiten.Image {
	if bjFeltImg != nil {
		return bjFeltImg
	}
	img := tableCloth(bjFelt, ScreenW/2, -120, 980, 900, bjCircles, 58)
	label(img, "BLACKJACK PAYS 3 TO 2", 48, true, ScreenW/2, 20, center, rGold, 3)
	label(img, "DEALER STANDS ON ALL 17S · INSURANCE PAYS 2 TO 1", 26, true, ScreenW/2, 84, center, rgb(230, 210, 150), 0)
	for i, b := range []blackjack.SideBet{blackjack.TwentyOnePlus3, blackjack.Top3, blackjack.PerfectPairs} {
		p := strings.ToUpper(b.String() + ": " + help.PlayerPays(blackjack.HousePays.Text(b)))
		label(img, p, 18, true, 90, 120+float64(i)*28, left, rgb(230, 210, 150), 0)
	}
	bjFeltImg = img
	return img
}

var bjCircles = []betCircle{
	{"21+3", 620, 860}, {"PERFECT PAIRS", 790, 860}, {"MAIN", 960, 860}, {"TOP 3", 1130, 860},
}

// Draw implements Scene.
func (g *BlackjackTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(blackjackFelt(), nil)
	if g.game != nil {
		b := g.game.Bets
		for i, v := range []int64{b.TwentyOnePlus3, b.PerfectPairs, b.Main, b.Top3} {
			if v > 0 {
				drawTableChip(dst, bjCircles[i].x, bjCircles[i].y, v)
			}
		}
		g.drawHands(dst)
	}
	win := int64(0)
	if g.settled() {
		win = g.res.Returned
	}
	tableMeters(dst, g.credit, "BET", tableChips[g.chip], win, true)
	legal := map[string]bool{}
	if g.playing() {
		for _, d := range g.game.Legal() {
			legal[strings.ToUpper(d.String())] = true
		}
	}
	insurance := legal["INSURE"]
	for _, b := range blackjackButtons {
		name := g.buttonName(b, insurance)
		on := legal[name]
		switch name {
		case "DEAL", "SIDE BETS", "CHIP":
			on = !g.playing()
		}
		switch name {
		case "CHIP":
			name = "BET " + EurosNum(tableChips[g.chip])
		case "SIDE BETS":
			if !g.sides {
				name = "SIDE BETS OFF"
			}
		}
		b.name = name
		drawButton(dst, b, on, 0.5+0.5*math.Sin(float64(g.t)/8))
	}
	drawButton(dst, tableHelpButton, true, 0)
}

// drawHands draws the dealer's cards (the second and later once the player is
// done) and the player's hands side by side, the active one marked, with totals and
// each hand's outcome when settled.
func (g *BlackjackTable) drawHands(dst *ebiten.Image) {
	gm := g.game
	n := g.dealerShown()
	for i := 0; i < n; i++ { // no hole card: the dealer's second card comes after the player
		drawTableCard(dst, playingCard(gm.Dealer[i]), ScreenW/2+(float64(i)-float64(n-1)/2)*70, 300, 1)
	}
	if dt, _ := blackjack.Value(gm.Dealer[:n]); n > 0 {
		label(dst, "DEALER "+strconv.Itoa(dt), 30, true, ScreenW/2, 170, center, rgb(255, 255, 255), 3)
	}
	k := len(gm.Hands)
	for h, hand := range gm.Hands {
		cx := ScreenW/2 + (float64(h)-float64(k-1)/2)*380
		for i, c := range hand.Cards {
			drawTableCard(dst, playingCard(c), cx+float64(i)*48-float64(len(hand.Cards)-1)*24, 600+float64(i)*-14, 1)
		}
		t, soft := blackjack.Value(hand.Cards)
		word := strconv.Itoa(t)
		if soft && t < 21 {
			word = "SOFT " + word
		}
		switch {
		case blackjack.IsBlackjack(hand.Cards, hand.FromSplit):
			word = "BLACKJACK"
		case t > 21:
			word = "BUST"
		}
		if g.settled() && h < len(g.res.Hands) {
			r := g.res.Hands[h]
			switch {
			case r.Return > r.Bet:
				word += " · WIN"
			case r.Return == r.Bet:
				word += " · PUSH"
			default:
				word += " · LOSE"
			}
		}
		c := rgb(255, 255, 255)
		if g.playing() && h == gm.Active {
			c = rGold
		}
		label(dst, word, 30, true, cx, 710, center, c, 3)
	}
	if g.insuranceOpen() {
		label(dst, "INSURANCE? THE DEALER SHOWS AN ACE", 32, true, ScreenW/2, 420, center, rGold, 3)
	}
}
