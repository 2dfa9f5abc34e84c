//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"os"

	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// tableMachineShots are the table games in metered play for the screenshot set,
// each on a machine of its own (a temporary state directory) that deals it: the
// lobby's table page with the player's credit, then per game a hand in progress
// (its decisions offered as the machine's round opens them, with the stake each
// adds) and a settled hand (the end shown, the machine's credit after the
// settlement). close closes the sessions and machines and removes the
// directories, after the capture.
func tableMachineShots(titles []*slot.Title, seed uint64) (cabinetSet, error) {
	var closers []func()
	set := cabinetSet{close: func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}}
	fail := func(err error) (cabinetSet, error) {
		set.close()
		return cabinetSet{}, fmt.Errorf("ui: table shots: %w", err)
	}
	cab := func() (*cabinet, error) {
		dir, err := os.MkdirTemp("", "egm-table-shots-")
		if err != nil {
			return nil, err
		}
		m, err := machine.Open(dir, settings.DefaultConfigFor(kit.ScreenLang.Profile), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}, Titles: titles, Clock: rigClock{}})
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		closers = append(closers, func() { m.Close(); os.RemoveAll(dir) })
		if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: tableShotCredit * kit.DemoScale()}); err != nil {
			return nil, err
		}
		c, err := newCabinet(m, titles, CabinetOptions{Options: Options{Scene: "lobby", Seed: seed}})
		if err != nil {
			return nil, err
		}
		closers = append(closers, c.s.Close)
		return c, nil
	}
	lobby, err := cab()
	if err != nil {
		return fail(err)
	}
	if l, ok := lobby.cur.(*lobbyScene); ok {
		l.tablesPage = true
	}
	set.shots = append(set.shots, namedShot{"cabinet-lobby-tables", scene.Shot{Scene: lobby, Frames: 3}})
	for _, game := range play.IDs() {
		for _, settled := range []bool{false, true} {
			c, err := cab()
			if err != nil {
				return fail(err)
			}
			if _, err := tableShotHand(c, game, settled); err != nil {
				return fail(err)
			}
			name := "cabinet-" + game + "-decide"
			if settled {
				name = "cabinet-" + game + "-result"
			}
			set.shots = append(set.shots, namedShot{name, scene.Shot{Scene: c, Frames: 2}})
		}
	}
	return set, nil
}

// tableShotCredit is what the player has put into each table shot's machine.
const tableShotCredit = 500_00

// tableShotHand opens game's table on cabinet c and plays on the machine to the
// moment shown: a hand in progress (for blackjack one that offers DOUBLE; the
// roulette ball and the punto banco cards on their way), or a settled hand that
// returned something.
func tableShotHand(c *cabinet, game string, settled bool) (tablescene.TableScene, error) {
	sc0, err := c.openTable(game, nil)
	if err != nil {
		return nil, err
	}
	c.bind(sc0)
	sc := sc0.(tablescene.TableScene)
	core := sc.Core()
	if len(core.Chips) > 1 {
		core.Chip = 1 // 5 euros, or its tenge
	}
	if g, ok := sc.(*tablescene.ThreeCardTable); ok {
		if err := g.ScriptBet(play.SpotProgressive); err != nil { // the progressive jackpot's stake too
			return nil, err
		}
	}
	for try := 0; try < 40; try++ {
		switch g := sc.(type) {
		case *tablescene.RouletteTable:
			g.Autoplay()
		case *tablescene.PuntoBancoTable:
			g.Bets[puntobanco.BetBanker], g.Bets[puntobanco.BetPlayerPair] = 2000*kit.DemoScale(), 500*kit.DemoScale()
			g.DealCoup()
		default:
			sc.ScriptDeal()
		}
		c.s.Flush()
		core.Tick0()
		if core.R == nil {
			return nil, fmt.Errorf("%s: the machine dealt no round: %s", game, core.D.Refused())
		}
		if !settled && tableShotMidHand(core.R) {
			switch sc.(type) {
			case *tablescene.RouletteTable:
				core.T += tablescene.RSpinTicks / 2
			case *tablescene.PuntoBancoTable:
				core.T += 3*tablescene.PbCardTicks + 2
			case *tablescene.ThreeCardTable:
				core.T += 6*tablescene.TcDealTicks + 1
			}
			return sc, nil
		}
		if err := autoPlay(core); err != nil {
			return nil, err
		}
		core.T += 20 * slotscene.TPS // every animation of the end over
		core.EndShown()
		c.s.Flush()
		if settled && core.Settlement().Returned > 0 {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("%s: no hand to show in 40 rounds", game)
}

// tableShotMidHand: a round worth showing in progress (blackjack: DOUBLE open).
func tableShotMidHand(r *play.Round) bool {
	if play.KindOf(r.Game) != play.KindBlackjack {
		return true
	}
	for _, o := range r.Legal() {
		if o.Decision == play.Double {
			return true
		}
	}
	return false
}
