package autoplay

import (
	"egm/machine"
	"egm/rng"
	"egm/tables/play"
	"egm/tables/roulette"
)

// pickTable is the scripted player's table round: a game the machine deals, bets
// inside its limits (a few bets of each kind the game has), or a deposit when the
// credits are short.
func (pl *player) pickTable(s machine.Status) machine.Input {
	m, p := pl.m, pl.p
	games := m.TableGames()
	if len(games) == 0 {
		return machine.Input{Kind: machine.InSpin}
	}
	game := games[rng.Intn(p, len(games))]
	tc, _ := m.TableLimits(game)
	b := randomBets(game, tc.Limits, p)
	if pr := m.TableProgressive(); game == play.ThreeCard && pr.Enabled && rng.Intn(p, 3) == 0 {
		b.Spots[play.SpotProgressive] = pr.StakeCents // the fixed stake, with the Ante
	}
	if need := play.DealNeeds(game, b); s.CreditsCents < need {
		return machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: need + pl.scale*int64(2000+500*rng.Intn(p, 40))}
	}
	return machine.Input{Kind: machine.InTableDeal, Title: game, Table: &b}
}

// randomBets are bets of game inside l: a main bet of one to five chips above the
// minimum, side bets now and then.
func randomBets(game string, l play.Limits, p rng.Source) play.Bets {
	chips := func(lo, hi int64) int64 { // a stake from lo, whole chips, at most hi
		s := lo + play.Chip*int64(rng.Intn(p, 5))
		return min(s, hi)
	}
	maybe := func(b *play.Bets, spot string) {
		if rng.Intn(p, 3) == 0 {
			b.Spots[spot] = chips(play.Chip, l.SideMax)
		}
	}
	b := play.Bets{Spots: map[string]int64{}}
	switch play.KindOf(game) {
	case play.KindRoulette:
		all := roulette.AllBets()
		b.Spots = nil
		for n := 1 + rng.Intn(p, 3); len(b.Roulette) < n; {
			x := all[rng.Intn(p, len(all))]
			unit := x.Chips() * play.Chip
			x.Stake = (l.Min + unit - 1) / unit * unit
			if x.Stake > l.Max {
				continue // a race-track bet the limits cannot hold
			}
			b.Roulette = append(b.Roulette, x)
		}
	case play.KindThreeCard:
		b.Spots[play.SpotAnte] = chips(l.Min, l.Max)
		maybe(&b, play.SpotPairPlus)
		maybe(&b, play.SpotPrime)
	case play.KindHoldem:
		b.Spots[play.SpotAnte] = chips(l.Min, l.Max)
		maybe(&b, play.SpotTrips)
	case play.KindBlackjack:
		b.Spots[play.SpotMain] = chips(l.Min, l.Max)
		maybe(&b, play.Spot21Plus3)
		maybe(&b, play.SpotTop3)
		maybe(&b, play.SpotPairs)
	case play.KindPuntoBanco:
		b.Table = play.TableCommission
		if rng.Intn(p, 2) == 0 {
			b.Table = play.TableNoCommission
		}
		main, side := play.Spots(game)
		b.Spots[main[rng.Intn(p, len(main))]] = chips(l.Min, l.Max)
		if s := side[rng.Intn(p, len(side))]; s != "bombay-6" || b.Table == play.TableNoCommission {
			maybe(&b, s)
		}
	}
	return b
}

// tableMove is the scripted player's decision in a table round: the house
// strategy mostly, any open decision now and then (so that splits, insurance and
// the other raises happen too).
func (pl *player) tableMove() machine.Input {
	m, p := pl.m, pl.p
	r, ok := m.TableRound()
	if !ok || r.Done() {
		return machine.Input{Kind: machine.InStepShown, Step: 0}
	}
	open := r.Legal()
	d := open[rng.Intn(p, len(open))].Decision
	if rng.Intn(p, 4) != 0 {
		if auto, err := play.Auto(r); err == nil {
			d = auto
		}
	}
	return machine.Input{Kind: machine.InTableDecision, Decision: d}
}
