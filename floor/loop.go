package floor

import (
	"context"
	"sync"
	"time"

	"egm/money"
)

// Loop is the floor's polling loop over several machines (egm-floor run): each machine
// in a loop of its own (its own link and Poller, one cycle per Interval), so a
// machine whose link is slow or down never holds up the others; the store, the
// linked jackpots and the wallet are shared.
type Loop struct {
	Store    *Store
	Linked   Jackpots   // nil: no linked jackpots (floor/jackpots)
	Wallet   WalletHook // nil: no wallet in this process (floor/desk)
	Interval time.Duration
	// Currency is the floor's (zero: EUR); Run gives it to every machine whose
	// own is unset. A machine in another is not linked (currency.go).
	Currency money.Currency
	// Cycled receives each good cycle's record and exceptions; Down each link
	// failure that is new for its machine (the machine is dialled again next
	// cycle). Either may be nil; calls are never concurrent.
	Cycled func(rec *MetersRecord, ex []Exception)
	Down   func(m *Machine, err error)
	// Database is told when the floor's own database starts failing (err, the
	// first *DatabaseError) and when it answers again (nil). May be nil; never concurrent with Cycled or Down.
	Database func(err error)
}

// Jackpots is the linked jackpots' part of each machine's poll cycle
// (floor/jackpots.Linked): mt are the meters read in this cycle over p. Its error
// fails the cycle (a *DatabaseError: the loop rides it out, cycle after cycle). A nil *Linked does nothing.
type Jackpots interface {
	Cycle(p *Poller, mt Meters) error
}

// WalletHook is the wallet's part of each machine's poll cycle (floor/desk's
// WalletLoop). Note sees the exceptions just read (kept even if the rest of the
// cycle fails); Cycle runs after the cycle's record is kept, over m.Poller(). A
// nil *WalletLoop does nothing. Its failures are its own, never the loop's.
type WalletHook interface {
	Note(m *Machine, ex []Exception)
	Cycle(ctx context.Context, m *Machine)
}

// Run polls the machines until ctx ends (nil). A machine whose link fails is
// dialled again on its next cycle. The floor's own database failing (a
// *DatabaseError: IsDatabase; PostgreSQL restarted, its connections cut) stops
// nothing: Database is told once, each machine's cycle is tried again every
// Interval, the exceptions read meanwhile are kept for the next record (Cycle),
// and Database is told nil when a cycle is recorded again.
func (l *Loop) Run(ctx context.Context, ms []*Machine) error {
	for _, m := range ms {
		m.wallet = l.Wallet
		if m.Currency.IsZero() {
			m.Currency = l.Currency
		}
	}
	var mu sync.Mutex // one machine's report at a time
	dbDown := false   // the database's failure is being ridden out
	dbState := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if down := err != nil; down != dbDown {
			dbDown = down
			if l.Database != nil {
				l.Database(err)
			}
		}
	}
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				rec, ex, err := m.Cycle(ctx, l.Store, l.Linked)
				switch {
				case err != nil && IsDatabase(err):
					dbState(err)
				case err != nil:
					mu.Lock()
					if m.hangUp(err) && l.Down != nil {
						l.Down(m, err)
					}
					mu.Unlock()
				default:
					dbState(nil)
					if l.Cycled != nil {
						mu.Lock()
						l.Cycled(rec, ex)
						mu.Unlock()
					}
				}
				select {
				case <-ctx.Done():
					return
				case <-time.After(l.Interval):
				}
			}
		}()
	}
	wg.Wait()
	return nil
}
