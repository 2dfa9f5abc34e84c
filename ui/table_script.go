//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"slices"
	"strconv"

	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
)

// tableScene is a table scene: what the cabinet, the lobby and a script reach of
// it.
type tableScene interface {
	Scene
	core() *tableCore
	// scriptBet places a chip of the chosen value on spot (roulette, punto banco),
	// or turns a side bet on (the Ante-and-Play games, blackjack);
	// scriptClear takes the chips off and turns the side bets off; scriptDeal
	// presses DEAL (SPIN).
	scriptBet(spot string) error
	scriptClear()
	scriptDeal()
	// animating: the scene still shows the deal or the end of a round.
	animating() bool
}

func (c *tableCore) core() *tableCore { return c }

// newTableScene makes game's scene on dealer d.
func newTableScene(game string, d tableDealer) (tableScene, error) {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return newRouletteTable(d), nil
	case play.KindThreeCard:
		return newThreeCardTable(d), nil
	case play.KindPuntoBanco:
		return newPuntoBancoTable(d), nil
	case play.KindBlackjack:
		return newBlackjackTable(d), nil
	case play.KindHoldem:
		return newHoldemTable(d), nil
	}
	return nil, fmt.Errorf("ui: no table game %q", game)
}

// scriptIdle: the table waits for the player (between rounds, or for a
// decision), nothing with the dealer and nothing moving.
func tableIdle(s tableScene) bool {
	c := s.core()
	return !c.waiting && !c.d.Busy() && !s.animating()
}

// scriptTableOp reports whether op is a table command that needs a table shown.
func scriptTableOp(op string) bool {
	switch op {
	case "chip", "bet", "clear", "deal", "decide", "lobby":
		return true
	}
	return false
}

// tableGamesOnly are the table games the machine deals.
func tableGamesOnly(m Platform) []string { g, _ := tableGames(m); return g }

// tableScriptDo carries out a script's table commands on scene s: chip CENTS,
// bet SPOT, clear, deal, decide DECISION, lobby.
func tableScriptDo(s tableScene, m *Manager, cmd ScriptCmd) (bool, error) {
	c := s.core()
	switch cmd.Op {
	case "chip":
		i := slices.Index(c.chips, cmd.Cents)
		if i < 0 {
			return true, fmt.Errorf("no chip of %d cents on this table (%v)", cmd.Cents, c.chips)
		}
		c.chip = i
	case "bet", "clear", "deal":
		if !c.between() {
			return true, fmt.Errorf("a round is in progress")
		}
		switch cmd.Op {
		case "bet":
			return true, s.scriptBet(cmd.Arg)
		case "clear":
			s.scriptClear()
		default:
			s.scriptDeal()
		}
	case "decide":
		d := play.Decision(cmd.Arg)
		if !c.playing() || c.waiting {
			return true, fmt.Errorf("no decision open now")
		}
		if !slices.ContainsFunc(c.r.Legal(), func(o play.Option) bool { return o.Decision == d }) {
			return true, fmt.Errorf("%q is not open now (%v)", d, c.r.Legal())
		}
		c.decide(d)
	case "lobby":
		if c.lobby == nil || !c.between() {
			return true, fmt.Errorf("no way to the lobby now")
		}
		m.Go(c.lobby())
	default:
		return false, nil
	}
	return true, nil
}

// rouletteSpot is the bet a script names: a number (straight up), red, black,
// even, odd, low, high, dozen-N, column-N, tiers, orphelins, voisins.
func rouletteSpot(spot string) (roulette.Bet, error) {
	if n, err := strconv.Atoi(spot); err == nil && n >= 0 && n <= 36 {
		return roulette.Bet{Kind: roulette.Straight, Numbers: []int{n}}, nil
	}
	named := map[string]roulette.Kind{"red": roulette.Red, "black": roulette.Black, "even": roulette.Even,
		"odd": roulette.Odd, "low": roulette.Low, "high": roulette.High, "tiers": roulette.Tiers,
		"orphelins": roulette.Orphelins, "voisins": roulette.Voisins}
	if k, ok := named[spot]; ok {
		return roulette.Bet{Kind: k}, nil
	}
	for _, k := range []struct {
		prefix string
		kind   roulette.Kind
	}{{"dozen-", roulette.Dozen}, {"column-", roulette.Column}} {
		if n, err := strconv.Atoi(spot[min(len(k.prefix), len(spot)):]); err == nil && len(spot) > len(k.prefix) && spot[:len(k.prefix)] == k.prefix && n >= 1 && n <= 3 {
			return roulette.Bet{Kind: k.kind, Target: n}, nil
		}
	}
	return roulette.Bet{}, fmt.Errorf("no roulette bet %q", spot)
}

func (r *RouletteTable) scriptBet(spot string) error {
	b, err := rouletteSpot(spot)
	if err != nil {
		return err
	}
	r.place(b)
	if r.msg != nil {
		return fmt.Errorf("%s", r.msg())
	}
	return nil
}

func (r *RouletteTable) scriptClear()    { r.bets, r.msg = nil, nil }
func (r *RouletteTable) scriptDeal()     { r.spin() }
func (r *RouletteTable) animating() bool { return r.r != nil && !r.shown }

func (g *PuntoBancoTable) scriptBet(spot string) error {
	for p := puntobanco.BetPlayer; p < puntobanco.NumBets; p++ {
		if pbSpot(p) == spot {
			g.place(p)
			if g.msg != nil {
				return fmt.Errorf("%s", g.msg())
			}
			return nil
		}
	}
	return fmt.Errorf("no punto banco bet %q", spot)
}

func (g *PuntoBancoTable) scriptClear()    { g.bets, g.msg = puntobanco.Bets{}, nil }
func (g *PuntoBancoTable) scriptDeal()     { g.dealCoup() }
func (g *PuntoBancoTable) animating() bool { return g.r != nil && !g.shown }

func (g *ThreeCardTable) scriptBet(spot string) error {
	switch spot {
	case play.SpotAnte:
	case play.SpotPairPlus:
		g.pairPlus = true
	case play.SpotPrime:
		g.prime = true
	default:
		return fmt.Errorf("no three card poker bet %q", spot)
	}
	return nil
}

func (g *ThreeCardTable) scriptClear() { g.pairPlus, g.prime = false, false }
func (g *ThreeCardTable) scriptDeal()  { g.press("DEAL", tcIdle) }
func (g *ThreeCardTable) animating() bool {
	ph := g.phase()
	return ph == tcDealing || ph == tcShowing || g.r != nil && g.r.Done() && !g.shown
}

func (g *BlackjackTable) scriptBet(spot string) error {
	switch spot {
	case play.SpotMain:
	case play.Spot21Plus3, play.SpotTop3, play.SpotPairs:
		g.sides = true // the three side bets go together on this table
	default:
		return fmt.Errorf("no blackjack bet %q", spot)
	}
	return nil
}

func (g *BlackjackTable) scriptClear()    { g.sides = false }
func (g *BlackjackTable) scriptDeal()     { g.press("DEAL") }
func (g *BlackjackTable) animating() bool { return g.r != nil && !g.playing() && !g.shown }

func (g *HoldemTable) scriptBet(spot string) error {
	switch spot {
	case play.SpotAnte:
	case play.SpotTrips:
		g.trips = true
	default:
		return fmt.Errorf("no Ultimate Texas Hold'em bet %q", spot)
	}
	return nil
}

func (g *HoldemTable) scriptClear()    { g.trips = false }
func (g *HoldemTable) scriptDeal()     { g.press("DEAL") }
func (g *HoldemTable) animating() bool { return g.r != nil && !g.deciding() && !g.shown }
