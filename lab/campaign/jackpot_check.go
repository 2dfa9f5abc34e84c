package campaign

import (
	"fmt"
	"path/filepath"

	"egm/floor"
	"egm/floor/jackpots"
	"egm/jackpot"
	"egm/machine"
	"egm/meters"
	"egm/rng"
)

// jackpotBooks is what the jackpot campaign reads at rest: the controller's
// accounts, the floor's journal of mystery awards, the mystery window, and each
// machine's meters as its critical memory holds them.
type jackpotBooks struct {
	Accounts             jackpot.Accounts
	Payments             []jackpots.BonusPayment
	WindowMin, WindowMax int64
	Machines             []machineBooks
}

// machineBooks is one linked machine's side.
type machineBooks struct {
	Addr        byte
	Linked      bool  // the floor holds its baseline
	Baseline    int64 // its coin-in when it was linked
	CoinIn      int64
	Jackpot     int64 // its jackpot meter
	Bonus       int64 // its bonus counters, summed
	GamesPlayed int64
}

// checkJackpotBooks reconciles the books to the cent: the controller's own
// accounts; every mystery award journaled by the floor paid, inside the window and
// as many and as much as the controller made; each machine's coin-in since it was
// linked equal to what the controller counted from it, and its jackpot and bonus
// meters equal to what the controller awarded it. It returns the tallies (into
// rep's award, hit and game fields) or the first violation; ErrNoAward when there
// was nothing to check.
func checkJackpotBooks(b jackpotBooks, rep *JackpotFaultsReport) error {
	if err := b.Accounts.Check(); err != nil {
		return err
	}
	*rep = JackpotFaultsReport{MachineKills: rep.MachineKills, FloorKills: rep.FloorKills, WindowMin: b.WindowMin, WindowMax: b.WindowMax}
	for _, p := range b.Payments {
		if p.State != jackpots.BonusPaid {
			return fmt.Errorf("campaign: jackpot-faults: mystery award %d (%d cents to machine %d) is %s, not paid", p.Seq, p.Cents, p.Machine, p.State)
		}
		if p.Cents < b.WindowMin || p.Cents > b.WindowMax {
			return fmt.Errorf("campaign: jackpot-faults: mystery award %d of %d cents outside [%d, %d]", p.Seq, p.Cents, b.WindowMin, b.WindowMax)
		}
		if rep.Awards == 0 || p.Cents < rep.MinAward {
			rep.MinAward = p.Cents
		}
		rep.MaxAward = max(rep.MaxAward, p.Cents)
		rep.Awards++
		rep.AwardCents += p.Cents
	}
	for _, l := range b.Accounts.Levels {
		switch {
		case l.Name == jackpot.MysteryName && (l.Awards != uint64(rep.Awards) || l.AwardedUnits != rep.AwardCents*jackpot.Unit):
			return fmt.Errorf("campaign: jackpot-faults: the controller made %d mystery awards (%d units), the floor journaled %d (%d cents)", l.Awards, l.AwardedUnits, rep.Awards, rep.AwardCents)
		case l.Name != jackpot.MysteryName:
			rep.Hits += int(l.Awards)
			rep.HitCents += l.AwardedUnits / jackpot.Unit
		}
	}
	for _, m := range b.Machines {
		if !m.Linked {
			return fmt.Errorf("campaign: jackpot-faults: machine %d was never linked", m.Addr)
		}
		var a jackpot.MachineAccount
		for _, x := range b.Accounts.Machines {
			if x.Machine == jackpots.MachineID(m.Addr) {
				a = x
			}
		}
		if got := m.CoinIn - m.Baseline; got != a.CoinInCents {
			return fmt.Errorf("campaign: jackpot-faults: machine %d coin-in since linked %d cents, the controller counted %d", m.Addr, got, a.CoinInCents)
		}
		if paid := m.Jackpot + m.Bonus; paid != a.AwardedCents {
			return fmt.Errorf("campaign: jackpot-faults: machine %d paid %d cents of jackpots and bonuses (%d + %d), the controller awarded it %d",
				m.Addr, paid, m.Jackpot, m.Bonus, a.AwardedCents)
		}
		rep.Games += m.GamesPlayed
		rep.CoinIn += m.CoinIn
	}
	if rep.Awards == 0 {
		return ErrNoAward
	}
	return nil
}

// readJackpotBooks reads the campaign's books in o.Dir (everything at rest).
func readJackpotBooks(o JackpotFaultsOptions) (jackpotBooks, error) {
	var b jackpotBooks
	levels, err := floor.MysteryWindow(o.Window)
	if err != nil {
		return b, err
	}
	for _, l := range levels {
		if l.Name == jackpot.MysteryName {
			b.WindowMin, b.WindowMax = l.TriggerMinCents, l.TriggerMaxCents
		}
	}
	c, err := jackpot.Open(filepath.Join(o.Dir, "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1), Levels: levels})
	if err != nil {
		return b, err
	}
	defer c.Close()
	if b.Accounts, err = c.Accounts(); err != nil {
		return b, err
	}
	st, err := floor.OpenStore(filepath.Join(o.Dir, "floor.db"))
	if err != nil {
		return b, err
	}
	defer st.Close()
	if b.Payments, err = jackpots.BonusPayments(st, false); err != nil {
		return b, err
	}
	for i := range o.Machines {
		mb := machineBooks{Addr: byte(i + 1)}
		ms, err := meters.Open(filepath.Join(o.Dir, fmt.Sprintf("m%d", i+1)), meters.Options{ReadOnly: true})
		if err != nil {
			return b, err
		}
		ms.View(func(v *meters.Snapshot) {
			mv, counters := v.Meters(), v.Counters()
			mb.CoinIn, mb.Jackpot, mb.GamesPlayed = mv.Get(meters.CoinIn), mv.Get(meters.Jackpot), mv.Get(meters.GamesPlayed)
			for _, n := range machine.BonusCounters {
				mb.Bonus += counters[n]
			}
		})
		ms.Close()
		base, ok, err := jackpots.BaselineOf(st, mb.Addr)
		if err != nil {
			return b, err
		}
		mb.Baseline, mb.Linked = int64(base), ok
		b.Machines = append(b.Machines, mb)
	}
	return b, nil
}

// reconcileJackpots reads the books and checks them into rep.
func reconcileJackpots(o JackpotFaultsOptions, rep *JackpotFaultsReport) error {
	b, err := readJackpotBooks(o)
	if err != nil {
		return err
	}
	return checkJackpotBooks(b, rep)
}
