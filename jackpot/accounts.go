package jackpot

import (
	"fmt"
)

// MachineAccount is one linked machine's part of the accounts, for reconciling
// with the machine's own meters.
type MachineAccount struct {
	Machine      string
	LastGame     uint64 // highest game sequence seen (contribution or hit)
	Games        uint64 // contributions counted
	CoinInCents  int64  // their bets
	Awards       uint64 // awards made to the machine (hits and mystery)
	AwardedCents int64
}

// LevelAccount is one level's money in Units (1/10,000 cent). It shows the
// reserve (operator accounting) but never a mystery trigger.
type LevelAccount struct {
	Name             string
	Kind             Kind
	ResetCents       int64
	RateBP           int64
	AmountUnits      int64
	ReserveUnits     int64
	ContributedUnits int64
	AwardedUnits     int64
	FundedUnits      int64 // reset values funded by the house after awards
	Awards           uint64
}

// Accounts is a consistent snapshot of the controller's money.
type Accounts struct {
	CoinInCents   int64
	Contributions uint64
	Awards        uint64
	Levels        []LevelAccount
	Machines      []MachineAccount
}

// Accounts reads the stored accounts in one read transaction.
func (c *Controller) Accounts() (Accounts, error) {
	var a Accounts
	err := c.db.view(func(t txn) error {
		st, err := stored(t)
		if err != nil {
			return err
		}
		a = Accounts{CoinInCents: st.CoinIn, Contributions: st.Contributions, Awards: st.AwardSeq}
		for _, l := range st.Levels {
			a.Levels = append(a.Levels, LevelAccount{Name: l.Name, Kind: l.Kind, ResetCents: l.ResetCents, RateBP: l.RateBP,
				AmountUnits: l.Value, ReserveUnits: l.Reserve, ContributedUnits: l.Contrib, AwardedUnits: l.Awarded,
				FundedUnits: l.Funded, Awards: l.Awards})
		}
		a.Machines, err = t.machines()
		return err
	})
	if err != nil {
		return Accounts{}, wrap(err)
	}
	return a, nil
}

// Check holds the accounting identity on the snapshot (see doc.go):
// Σ contributions = Σ level growth + Σ awards − Σ resets funded, each level's
// contributions exactly its rate of coin-in, no level below its reset, and the
// machines' coin-in, games and awards adding up to the totals.
func (a Accounts) Check() error {
	var contributed, growth, awarded, funded int64
	var awards uint64
	for _, l := range a.Levels {
		r := l.ResetCents * Unit
		if l.AmountUnits < r {
			return fmt.Errorf("jackpot: level %q below its reset", l.Name)
		}
		if l.ContributedUnits != a.CoinInCents*l.RateBP {
			return fmt.Errorf("jackpot: level %q received %d units, not %d bp of coin-in %d", l.Name, l.ContributedUnits, l.RateBP, a.CoinInCents)
		}
		contributed += l.ContributedUnits
		growth += l.AmountUnits - r + l.ReserveUnits
		awarded += l.AwardedUnits
		funded += l.FundedUnits
		awards += l.Awards
	}
	if contributed != growth+awarded-funded {
		return fmt.Errorf("jackpot: Σ contributions %d ≠ Σ growth %d + Σ awards %d − Σ resets funded %d (units)", contributed, growth, awarded, funded)
	}
	var coin, mawarded int64
	var games, mawards uint64
	for _, m := range a.Machines {
		coin += m.CoinInCents
		games += m.Games
		mawards += m.Awards
		mawarded += m.AwardedCents
	}
	switch {
	case coin != a.CoinInCents || games != a.Contributions:
		return fmt.Errorf("jackpot: machines' coin-in %d in %d games, totals %d in %d", coin, games, a.CoinInCents, a.Contributions)
	case mawards != awards || mawards != a.Awards || mawarded*Unit != awarded:
		return fmt.Errorf("jackpot: machines' %d awards of %d cents, levels' %d of %d units", mawards, mawarded, awards, awarded)
	}
	return nil
}

// Stored machine record: "EJM1" | lastGame u64 | games u64 | coinIn i64 | awards u64 | awarded i64 | crc u32.
const machineMagic = "EJM1"

func encodeMachine(m MachineAccount) []byte {
	e := &enc{b: []byte(machineMagic)}
	e.u64(m.LastGame)
	e.u64(m.Games)
	e.i64(m.CoinInCents)
	e.u64(m.Awards)
	e.i64(m.AwardedCents)
	return e.seal()
}

func decodeMachine(id string, b []byte) (MachineAccount, error) {
	d, err := open(b, machineMagic)
	if err != nil {
		return MachineAccount{}, fmt.Errorf("%w: stored machine %q: %v", ErrCorrupt, id, err)
	}
	m := MachineAccount{Machine: id, LastGame: d.u64(), Games: d.u64(), CoinInCents: d.i64(), Awards: d.u64(), AwardedCents: d.i64()}
	if err := d.end(); err != nil {
		return MachineAccount{}, fmt.Errorf("%w: stored machine %q: %v", ErrCorrupt, id, err)
	}
	return m, nil
}

// machineFor reads machine's record, checks that it is registered and that game
// is inside its idempotency window, and raises LastGame to game.
func (c *Controller) machineFor(t txn, machine string, game uint64) (MachineAccount, error) {
	m, ok, err := t.machine(machine)
	if err != nil {
		return MachineAccount{}, err
	}
	if !ok {
		return MachineAccount{}, fmt.Errorf("%w %q", ErrUnknownMachine, machine)
	}
	if game+c.window <= m.LastGame {
		return MachineAccount{}, fmt.Errorf("%w: machine %q game %d, latest %d, window %d", ErrTooOld, machine, game, m.LastGame, c.window)
	}
	m.LastGame = max(m.LastGame, game)
	return m, nil
}

// Account returns one machine's account (a read; ErrUnknownMachine for a machine
// never registered). The floor contributes a machine's coin-in above its account's
// CoinInCents, so a contribution whose answer a crash lost is never counted twice.
func (c *Controller) Account(machine string) (MachineAccount, error) {
	var m MachineAccount
	err := c.db.view(func(t txn) error {
		var ok bool
		var err error
		m, ok, err = t.machine(machine)
		if err == nil && !ok {
			err = fmt.Errorf("%w %q", ErrUnknownMachine, machine)
		}
		return err
	})
	return m, wrap(err)
}
