//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"strings"

	"egm/machine"
	"egm/tables/play"
	"egm/tables/roulette"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
)

// playTables plays table rounds on the rig's machine for the recall: blackjack
// hands until one has a split (a double on a split hand when the rules open one,
// the house strategy otherwise; at most 300 hands), a roulette spin, then a round
// of each card game left played by the house strategy.
func (r *opRig) playTables() error {
	do := func(in machine.Input) error {
		if err := r.m.Handle(in); err != nil {
			return fmt.Errorf("ui: operator rig: %s: %w", in.Kind, err)
		}
		return nil
	}
	x := kit.DemoScale() // the stakes in the profile's currency
	if err := do(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_000 * x}); err != nil {
		return err
	}
	bets := &play.Bets{Spots: map[string]int64{play.SpotMain: 1000 * x, play.Spot21Plus3: 100 * x, play.SpotPairs: 100 * x}}
	for n := 0; n < 300 && r.bjGame == 0; n++ {
		if err := do(machine.Input{Kind: machine.InTableDeal, Title: play.Blackjack, Table: bets}); err != nil {
			return err
		}
		game := r.m.Status().Game
		split, double := false, false
		for {
			tr, ok := r.m.TableRound()
			if !ok {
				return fmt.Errorf("ui: operator rig: no blackjack round in progress")
			}
			if tr.Done() {
				break
			}
			d, err := play.Auto(tr)
			if err != nil {
				return err
			}
			for _, o := range tr.Legal() {
				switch {
				case o.Decision == play.Split:
					d = play.Split
				case o.Decision == play.Double && split && !double:
					d = play.Double
				}
			}
			split, double = split || d == play.Split, double || d == play.Double
			if err := do(machine.Input{Kind: machine.InTableDecision, Decision: d}); err != nil {
				return err
			}
		}
		if err := do(machine.Input{Kind: machine.InStepShown, Step: 0}); err != nil {
			return err
		}
		if split {
			r.bjGame = game
		}
		if st := r.m.Status(); st.State == machine.HandpayLockup {
			if err := do(machine.Input{Kind: machine.InAttendantKey}); err != nil {
				return err
			}
		}
	}
	if r.bjGame == 0 {
		return fmt.Errorf("ui: operator rig: no blackjack hand with a split in 300 hands")
	}
	spin := &play.Bets{Roulette: []roulette.Bet{{Kind: roulette.Red, Stake: 1000 * x}, {Kind: roulette.Straight, Numbers: []int{17}, Stake: 500 * x},
		{Kind: roulette.Dozen, Target: 2, Stake: 500 * x}, {Kind: roulette.Voisins, Stake: 900 * x}}}
	if err := do(machine.Input{Kind: machine.InTableDeal, Title: play.Roulette, Table: spin}); err != nil {
		return err
	}
	r.rouletteGame = r.m.Status().Game
	if err := do(machine.Input{Kind: machine.InStepShown, Step: 0}); err != nil {
		return err
	}
	// a round of each card game left, played by the house strategy
	r.tableGames = map[string]uint64{play.Blackjack: r.bjGame, play.Roulette: r.rouletteGame}
	for _, g := range []string{play.ThreeCard, play.PuntoBanco, play.Holdem} {
		b := &play.Bets{Spots: map[string]int64{play.SpotAnte: 500 * x, play.SpotTrips: 100 * x}}
		switch play.KindOf(g) {
		case play.KindThreeCard:
			b = &play.Bets{Spots: map[string]int64{play.SpotAnte: 500 * x, play.SpotPairPlus: 100 * x, play.SpotPrime: 100 * x, play.SpotProgressive: r.m.TableProgressive().StakeCents}}
		case play.KindPuntoBanco:
			b = &play.Bets{Spots: map[string]int64{"banker": 1000 * x, "player-pair": 100 * x}, Table: play.TableCommission}
		}
		if err := do(machine.Input{Kind: machine.InTableDeal, Title: g, Table: b}); err != nil {
			return err
		}
		r.tableGames[g] = r.m.Status().Game
		for {
			tr, ok := r.m.TableRound()
			if !ok {
				return fmt.Errorf("ui: operator rig: no %s round in progress", g)
			}
			if tr.Done() {
				break
			}
			d, err := play.Auto(tr)
			if err != nil {
				return err
			}
			if err := do(machine.Input{Kind: machine.InTableDecision, Decision: d}); err != nil {
				return err
			}
		}
		if err := do(machine.Input{Kind: machine.InStepShown, Step: 0}); err != nil {
			return err
		}
		if st := r.m.Status(); st.State == machine.HandpayLockup {
			if err := do(machine.Input{Kind: machine.InAttendantKey}); err != nil {
				return err
			}
		}
	}
	return nil
}

// tableReplayAt is the operator menu replaying recalled table round n at its
// first step whose key starts with key (or, with "", the step after its first split).
func (r *opRig) tableReplayAt(n uint64, key string) (*opmenu.Operator, error) {
	o, rp, err := r.recalled(n)
	if err != nil {
		return nil, err
	}
	t := rp.Table
	if t == nil || t.Problem != "" || len(t.Steps) == 0 {
		return nil, fmt.Errorf("ui: recall of table round %d: not replayed (%v)", n, t)
	}
	at := -1
	for i, s := range t.Steps {
		if key == "" && s.Key == string(play.Split) && at < 0 {
			at = min(i+1, len(t.Steps)-1)
		}
		if key != "" && strings.HasPrefix(s.Key, key) && at < 0 {
			at = i
		}
	}
	if at < 0 {
		return nil, fmt.Errorf("ui: recall of table round %d: no step %q", n, key)
	}
	t.GoTo(at)
	o.Replay = rp
	return o, nil
}
