//go:build cgo && !noscreen

package ui

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/help"
	"egm/rng"
	"egm/tables/uth"
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
	src      rng.Source
	pt       uth.PayTable
	credit   int64
	chip     int
	trips    bool
	round    *uth.Round
	bets     uth.Bets
	ds       []uth.Decision
	st       uth.Street // where ds leave the hand
	res      uth.Result
	doneAt   int
	paid     bool
	t, idle  int
	last     int
	strategy *uth.Strategy
}

var uthFelt = rgb(36, 40, 96)

var holdemButtons = []button{
	{0, "TRIPS", 640, 968, 160, 86, rgb(140, 60, 160), false},
	{0, "CHIP", 815, 968, 180, 86, rgb(200, 140, 20), false},
	{0, "BET 3X", 1040, 968, 220, 86, rgb(60, 120, 220), false},
	{0, "CHECK", 1290, 968, 220, 86, rgb(90, 90, 110), false},
	{InputSpin, "DEAL", 1640, 940, 240, 120, rgb(30, 170, 60), false},
}

var uthCircles = []betCircle{
	{"TRIPS", 600, 860}, {"ANTE", 780, 860}, {"BLIND", 960, 860}, {"PLAY", 1140, 860},
}

// NewHoldemTable opens the table with a demo balance and a seeded rng.
func NewHoldemTable(seed uint64) *HoldemTable {
	s, _ := uth.HouseStrategy() // nil: the table does not play by itself
	return &HoldemTable{src: rng.NewSeeded(seed), pt: uth.Default, credit: demoCredit, trips: true, strategy: s}
}

func (g *HoldemTable) street() uth.Street { return g.st }

func (g *HoldemTable) deciding() bool { return g.round != nil && g.street() != uth.Showdown }

// board is the community cards shown at the current street.
func (g *HoldemTable) board() []uth.Card {
	switch g.street() {
	case uth.PreFlop:
		return nil
	case uth.Flop:
		return g.round.Board[:3]
	}
	return g.round.Board[:]
}

// choices are the decisions open now, in the buttons' order: the big button's
// (a bet), the second (check or fold) and the third (the pre-flop's 3x).
func (g *HoldemTable) choices() (bet, other, third uth.Decision, ok bool) {
	if !g.deciding() {
		return 0, 0, 0, false
	}
	switch g.street() {
	case uth.PreFlop:
		return uth.Bet4x, uth.Check, uth.Bet3x, true
	case uth.Flop:
		return uth.Bet2x, uth.Check, -1, true
	}
	return uth.Bet1x, uth.Fold, -1, true
}

// Update implements Scene.
func (g *HoldemTable) Update(m *Manager) error {
	if openTableHelp(m, "ultimate-texas-holdem", g) {
		return nil
	}
	g.t++
	g.idle++
	if g.round != nil && !g.deciding() && g.t-g.doneAt >= 30 && !g.paid {
		g.credit += g.res.Returned
		g.paid = true
	}
	if x, y, ok := pointer(); ok {
		g.idle = 0
		for _, b := range holdemButtons {
			if b.hit(x, y) {
				g.press(b.name)
			}
		}
	}
	if pressed(ebiten.KeySpace, ebiten.KeyEnter) {
		g.idle = 0
		g.press("DEAL")
	}
	if g.idle > 150 && g.strategy != nil && g.t-g.last > 60 { // left alone: the computed optimal strategy
		switch {
		case g.round == nil || !g.deciding() && g.t-g.doneAt > 240:
			g.press("DEAL")
		case g.deciding():
			if d, err := g.strategy.Decide(g.round.Player, g.board()); err == nil {
				g.decide(d)
			}
		}
	}
	return nil
}

func (g *HoldemTable) press(name string) {
	bet, other, third, ok := g.choices()
	switch {
	case name == "DEAL" && ok:
		g.decide(bet)
	case name == "DEAL":
		g.deal()
	case name == "CHECK" && ok:
		g.decide(other)
	case name == "BET 3X" && ok && third >= 0:
		g.decide(third)
	case name == "TRIPS" && !ok:
		g.trips = !g.trips
	case name == "CHIP" && !ok:
		g.chip = (g.chip + 1) % len(tableChips)
	}
}

func (g *HoldemTable) deal() {
	if g.round != nil && !g.paid {
		g.credit += g.res.Returned
	}
	chip := tableChips[g.chip]
	g.bets = uth.Bets{Ante: chip, Blind: chip}
	if g.trips {
		g.bets.Trips = chip
	}
	if 8*chip > g.credit {
		g.credit = demoCredit // the demo balance refills
	}
	g.credit -= g.bets.Ante + g.bets.Blind + g.bets.Trips
	r := uth.Deal(g.src) // every card fixed before the first is shown
	g.round, g.ds, g.st, g.paid, g.last = &r, nil, uth.PreFlop, false, g.t
}

func (g *HoldemTable) decide(d uth.Decision) {
	if !g.deciding() || !g.street().Legal(d) {
		return
	}
	g.ds = append(g.ds, d)
	g.st, _, _, _ = uth.Play(g.ds)
	g.credit -= d.Multiple() * g.bets.Ante
	g.last = g.t
	if !g.deciding() {
		if res, err := uth.Settle(g.pt, *g.round, g.bets, g.ds); err == nil {
			g.res, g.doneAt = res, g.t
		}
	}
}

var uthFeltImg *ebiten.Image

func holdemFelt(pt uth.PayTable) *ebiten.Image {
	if uthFeltImg != nil {
		return uthFeltImg
	}
	img := tableCloth(uthFelt, 760, -120, 800, 900, uthCircles, 58)
	antialiased(func() { panel(img, 1560, 120, 330, 640, 24, rgb(16, 20, 70), rgb(6, 8, 30), rgb(230, 210, 150), 3) })
	label(img, "ULTIMATE TEXAS HOLD'EM", 46, true, 760, 20, center, rGold, 3)
	label(img, "DEALER NEEDS A PAIR OR BETTER TO OPEN · OTHERWISE THE ANTE IS RETURNED", 22, true, 760, 80, center, rgb(230, 210, 150), 0)
	y := 140.0
	table := func(title string, t [uth.NumCategories]uth.Pay) {
		label(img, title, 28, true, 1725, y, center, rGold, 0)
		y += 40
		for c := uth.NumCategories - 1; c >= 0; c-- {
			if t[c].Num > 0 {
				label(img, strings.ToUpper(uth.Category(c).String()), 19, true, 1580, y, left, rgb(230, 230, 230), 0)
				label(img, strings.ToUpper(help.PlayerPays(t[c].String())), 19, true, 1870, y, right, rgb(230, 230, 230), 0)
				y += 28
			}
		}
		y += 14
	}
	table("BLIND", pt.Blind)
	table("TRIPS", pt.Trips)
	uthFeltImg = img
	return img
}

// Draw implements Scene.
func (g *HoldemTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(holdemFelt(g.pt), nil)
	if r := g.round; r != nil {
		play := int64(0)
		if !g.deciding() {
			play = g.res.Multiple * g.bets.Ante
		}
		for i, v := range []int64{g.bets.Trips, g.bets.Ante, g.bets.Blind, play} {
			if v > 0 {
				drawTableChip(dst, uthCircles[i].x, uthCircles[i].y, v)
			}
		}
		for i, c := range r.Player {
			drawTableCard(dst, playingCard(c), 690+float64(i)*140, 620, 1)
		}
		board := g.board()
		for i := range 5 {
			turn := 0.0
			if i < len(board) {
				turn = 1
			}
			drawTableCard(dst, playingCard(r.Board[i]), 440+float64(i)*160, 390, turn)
		}
		if !g.deciding() {
			for i, c := range r.Dealer {
				drawTableCard(dst, playingCard(c), 690+float64(i)*140, 200, min(1, float64(g.t-g.doneAt)/20))
			}
		}
		g.drawWords(dst)
	}
	win := int64(0)
	if g.round != nil && g.paid {
		win = g.res.Returned
	}
	tableMeters(dst, g.credit, "ANTE", tableChips[g.chip], win, true)
	bet, other, third, ok := g.choices()
	for _, b := range holdemButtons {
		on := !ok
		switch b.name {
		case "DEAL":
			on = true
			if ok {
				b.name = strings.ToUpper(bet.String())
			}
		case "CHECK":
			on = ok
			if ok {
				b.name = strings.ToUpper(other.String())
			}
		case "BET 3X":
			on = ok && third >= 0
		case "CHIP":
			b.name = "ANTE " + EurosNum(tableChips[g.chip])
		case "TRIPS":
			if !g.trips {
				b.name = "TRIPS OFF"
			}
		}
		drawButton(dst, b, on, 0.5+0.5*math.Sin(float64(g.t)/8))
	}
	drawButton(dst, tableHelpButton, true, 0)
}

// drawWords names the hands at the showdown and the outcome.
func (g *HoldemTable) drawWords(dst *ebiten.Image) {
	if g.deciding() {
		q := map[uth.Street]string{uth.PreFlop: "BET 4X OR 3X YOUR ANTE, OR CHECK", uth.Flop: "BET 2X YOUR ANTE, OR CHECK", uth.River: "BET 1X YOUR ANTE, OR FOLD"}[g.street()]
		label(dst, q, 32, true, 760, 735, center, rGold, 3)
		return
	}
	if g.t-g.doneAt < 20 {
		return
	}
	name := func(v uth.Value) string { return strings.ToUpper(v.Category().String()) }
	dealer := "DEALER: " + name(g.res.Dealer)
	if !g.res.DealerQualifies {
		dealer += " — DOES NOT OPEN"
	}
	label(dst, dealer, 28, true, 930, 185, left, rgb(255, 255, 255), 3)
	word := "YOU FOLDED"
	if !g.res.Folded {
		switch {
		case g.res.Player > g.res.Dealer:
			word = "YOU WIN WITH " + name(g.res.Player)
		case g.res.Player == g.res.Dealer:
			word = "A TIE: BETS RETURNED"
		default:
			word = "DEALER WINS"
		}
	}
	if g.res.Returned > 0 {
		word += "  ·  " + Euros(g.res.Returned)
	}
	label(dst, word, 34, true, 760, 735, center, rGold, 3)
}
