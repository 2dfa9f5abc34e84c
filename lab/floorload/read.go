package floorload

import (
	"fmt"
	"path/filepath"

	"egm/floor"
	"egm/floor/jackpots"
	"egm/jackpot"
	"egm/machine"
	"egm/machine/aft"
	"egm/meters"
	"egm/rng"
)

// readBooks reads everything at rest: each machine's critical memory (offline),
// each host's jackpot controller, the floor's records in PostgreSQL and the
// wallet's books.
func (l *load) readBooks() (Books, error) {
	var b Books
	levels, err := floor.MysteryWindow(l.o.Window)
	if err != nil {
		return b, err
	}
	for _, lv := range levels {
		if lv.Name == jackpot.MysteryName {
			b.WindowMin, b.WindowMax = lv.TriggerMinCents, lv.TriggerMaxCents
		}
	}
	// The wallet's books first: a bbolt floor database is opened once at a time.
	if l.wallet == nil {
		b.WalletOff = l.rep.Wallet
	} else if b.Wallet, err = l.wallet.books(); err != nil {
		return b, err
	}
	sts, closeAll, err := l.hostStores()
	if err != nil {
		return b, err
	}
	defer closeAll()
	if sharedJackpot(l.pg) { // the wide-area controller in the floors' database
		c, err := jackpot.OpenPostgres(sts[0], jackpot.Options{RNG: rng.NewSeeded(1), Levels: levels})
		if err != nil {
			return b, fmt.Errorf("floorload: the wide-area jackpot controller: %w", err)
		}
		a, err := c.Accounts()
		c.Close()
		if err != nil {
			return b, err
		}
		b.Controllers = []jackpot.Accounts{a}
	}
	for h := 0; !sharedJackpot(l.pg) && h < l.o.Hosts; h++ {
		c, err := jackpot.Open(l.jackpotDB(h), jackpot.Options{RNG: rng.NewSeeded(1), Levels: levels})
		if err != nil {
			return b, fmt.Errorf("floorload: host %d's jackpot controller: %w", h+1, err)
		}
		a, err := c.Accounts()
		c.Close()
		if err != nil {
			return b, err
		}
		b.Controllers = append(b.Controllers, a)
	}
	for h, st := range sts {
		if !l.perHost() && h > 0 {
			break
		}
		ps, err := jackpots.BonusPayments(st, false)
		if err != nil {
			return b, err
		}
		b.Payments = append(b.Payments, ps...)
	}
	for i := range l.o.Machines {
		m, err := readMachine(filepath.Join(l.o.Dir, machineName(i)))
		if err != nil {
			return b, err
		}
		m.Num, m.Host = byte(i+1), l.o.hostOf(i)
		st := sts[m.Host]
		rec, ok, err := st.LatestMeters(m.Num)
		if err != nil {
			return b, err
		}
		m.Recorded, m.RecordedOK = rec.Meters, ok
		base, ok, err := jackpots.BaselineOf(st, m.Num)
		if err != nil {
			return b, err
		}
		m.Baseline, m.Linked = int64(base), ok
		b.Machines = append(b.Machines, m)
	}
	return b, nil
}

// readMachine reads a stopped machine's meters from its critical memory in dir.
func readMachine(dir string) (MachineBooks, error) {
	var m MachineBooks
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		return m, fmt.Errorf("floorload: machine %s: %w", dir, err)
	}
	defer ro.Close()
	ro.View(func(v *meters.Snapshot) {
		ms, c := v.Meters(), v.Counters()
		m.Credits, m.CoinIn, m.WalletIn, m.WalletOut = ms.Get(meters.CurrentCredits), ms.Get(meters.CoinIn), ms.Get(meters.WalletIn), ms.Get(meters.WalletOut)
		m.Won, m.Voided, m.Jackpot, m.Games = ms.Get(meters.WonToCredits), ms.Get(meters.VoidedRefund), ms.Get(meters.Jackpot), ms.Get(meters.GamesPlayed)
		m.AFTIn, m.AFTOut = c[aft.CounterCashableIn], c[aft.CounterCashableOut]
		for _, n := range machine.BonusCounters {
			m.Bonus += c[n]
		}
		m.Invariant = ms.Invariant()
	})
	return m, nil
}
