//go:build cgo && !noscreen

package tablescene

import (
	"fmt"
	"slices"
	"strconv"

	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/ui/internal/scene"
	"egm/ui/script"
)

// TableScene is a table scene: what the cabinet, the lobby and a script reach of
// it.
type TableScene interface {
	scene.Scene
	Core() *TableCore
	// ScriptBet places a chip of the chosen value on spot (roulette, punto banco),
	// or turns a side bet on (the Ante-and-Play games, blackjack);
	// scriptClear takes the chips off and turns the side bets off; scriptDeal
	// presses DEAL (SPIN).
	ScriptBet(spot string) error
	scriptClear()
	ScriptDeal()
	// animating: the scene still shows the deal or the end of a round.
	animating() bool
}

func (c *TableCore) Core() *TableCore { return c }

// NewTableScene makes game's scene on dealer d.
func NewTableScene(game string, d tableDealer) (TableScene, error) {
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
func TableIdle(s TableScene) bool {
	c := s.Core()
	return !c.Waiting && !c.D.Busy() && !s.animating()
}

// ScriptTableOp reports whether op is a table command that needs a table shown.
func ScriptTableOp(op string) bool {
	switch op {
	case "chip", "bet", "clear", "deal", "decide", "lobby":
		return true
	}
	return false
}

// TableScriptDo carries out a script's table commands on scene s: chip CENTS,
// bet SPOT, clear, deal, decide DECISION, lobby.
func TableScriptDo(s TableScene, m *scene.Manager, cmd script.Cmd) (bool, error) {
	c := s.Core()
	switch cmd.Op {
	case "chip":
		i := slices.Index(c.Chips, cmd.Cents)
		if i < 0 {
			return true, fmt.Errorf("no chip of %d cents on this table (%v)", cmd.Cents, c.Chips)
		}
		c.Chip = i
	case "bet", "clear", "deal":
		if !c.Between() {
			return true, fmt.Errorf("a round is in progress")
		}
		switch cmd.Op {
		case "bet":
			return true, s.ScriptBet(cmd.Arg)
		case "clear":
			s.scriptClear()
		default:
			s.ScriptDeal()
		}
	case "decide":
		d := play.Decision(cmd.Arg)
		if !c.Playing() || c.Waiting {
			return true, fmt.Errorf("no decision open now")
		}
		if !slices.ContainsFunc(c.R.Legal(), func(o play.Option) bool { return o.Decision == d }) {
			return true, fmt.Errorf("%q is not open now (%v)", d, c.R.Legal())
		}
		c.Decide(d)
	case "lobby":
		if c.Lobby == nil || !c.Between() {
			return true, fmt.Errorf("no way to the lobby now")
		}
		m.Go(c.Lobby())
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

func (r *RouletteTable) ScriptBet(spot string) error {
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
func (r *RouletteTable) ScriptDeal()     { r.spin() }
func (r *RouletteTable) animating() bool { return r.R != nil && !r.shown }

func (g *PuntoBancoTable) ScriptBet(spot string) error {
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

func (g *PuntoBancoTable) scriptClear()    { g.Bets, g.msg = puntobanco.Bets{}, nil }
func (g *PuntoBancoTable) ScriptDeal()     { g.DealCoup() }
func (g *PuntoBancoTable) animating() bool { return g.R != nil && !g.shown }

func (g *ThreeCardTable) ScriptBet(spot string) error {
	switch spot {
	case play.SpotAnte:
	case play.SpotPairPlus:
		g.pairPlus = true
	case play.SpotPrime:
		g.prime = true
	case play.SpotProgressive:
		g.progressive = true
	default:
		return fmt.Errorf("no three card poker bet %q", spot)
	}
	return nil
}

func (g *ThreeCardTable) scriptClear() { g.pairPlus, g.prime, g.progressive = false, false, false }
func (g *ThreeCardTable) ScriptDeal()  { g.Press("DEAL", TcIdle) }
func (g *ThreeCardTable) animating() bool {
	ph := g.phase()
	return ph == tcDealing || ph == tcShowing || g.R != nil && g.R.Done() && !g.shown
}

func (g *BlackjackTable) ScriptBet(spot string) error {
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
func (g *BlackjackTable) ScriptDeal()     { g.Press("DEAL") }
func (g *BlackjackTable) animating() bool { return g.R != nil && !g.Playing() && !g.shown }

func (g *HoldemTable) ScriptBet(spot string) error {
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
func (g *HoldemTable) ScriptDeal()     { g.Press("DEAL") }
func (g *HoldemTable) animating() bool { return g.R != nil && !g.deciding() && !g.shown }
