package jackpots

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"egm/floor"
	"egm/floor/pgtest"
	"egm/jackpot"
	"egm/rng"
)

// The linked jackpot controller on either store: its own bbolt file, or the
// floor's PostgreSQL database (jackpot.OpenPostgres), where several floor
// processes share it.

// testLevels have a narrow mystery window (10.00 to 30.00) so that a test sees
// many mystery awards.
func testLevels() []jackpot.LevelConfig {
	return []jackpot.LevelConfig{
		{Name: jackpot.Grand, Kind: jackpot.Progressive, ResetCents: 5_000, RateBP: 50, ReserveBP: 10},
		{Name: jackpot.Major, Kind: jackpot.Progressive, ResetCents: 400, RateBP: 50, CeilingCents: 2_000},
		{Name: jackpot.MysteryName, Kind: jackpot.Mystery, ResetCents: 1_000, RateBP: 200, ReserveBP: 100, ReserveFundsReset: true,
			TriggerMinCents: 1_000, TriggerMaxCents: 3_000},
	}
}

// controllers are the controller's stores, each opening a controller on a new
// database of the test's own; reopen opens it again there (another floor
// process on PostgreSQL), nil where a second opening is refused (bbolt).
var controllers = []struct {
	name string
	open func(t *testing.T, seed uint64) (c *jackpot.Controller, reopen func(seed uint64) *jackpot.Controller)
}{
	{"bbolt", func(t *testing.T, seed uint64) (*jackpot.Controller, func(uint64) *jackpot.Controller) {
		path := filepath.Join(t.TempDir(), "jackpot.db")
		c, err := jackpot.Open(path, jackpot.Options{RNG: rng.NewSeeded(seed), Levels: testLevels()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c, nil
	}},
	{"postgres", func(t *testing.T, seed uint64) (*jackpot.Controller, func(uint64) *jackpot.Controller) {
		u := pgtest.URL(t)
		open := func(seed uint64) *jackpot.Controller {
			st := openStore(t, u) // a pool of its own: another floor process
			t.Cleanup(func() { st.Close() })
			c, err := jackpot.OpenPostgres(st, jackpot.Options{RNG: rng.NewSeeded(seed), Levels: testLevels()})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			return c
		}
		return open(seed), open
	}},
}

// TestControllerStores: contributions, a resend, a conflicting resend, hits and
// their resends, the accounts' identity, on either store.
func TestControllerStores(t *testing.T) {
	for _, s := range controllers {
		t.Run(s.name, func(t *testing.T) {
			c, _ := s.open(t, 1)
			for _, m := range []string{"m1", "m2"} {
				if err := c.Register(m); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := c.Contribute("m9", 1, 100); !errors.Is(err, jackpot.ErrUnknownMachine) {
				t.Fatalf("an unregistered machine: %v", err)
			}
			var bets, mysteries int64
			var first jackpot.Receipt
			for g := uint64(1); g <= 200; g++ {
				r, err := c.Contribute(fmt.Sprintf("m%d", 1+g%2), g, 1_000)
				if err != nil {
					t.Fatal(err)
				}
				bets += 1_000
				mysteries += int64(len(r.Awards))
				if len(r.Awards) > 0 && len(first.Awards) == 0 {
					first = r
				}
			}
			if mysteries == 0 {
				t.Fatal("200 contributions of 10.00 at 2% made no mystery award in a 10.00–30.00 window")
			}
			a := first.Awards[0]
			again, err := c.Contribute(a.Machine, a.Game, 1_000)
			if err != nil || !again.Duplicate || !reflect.DeepEqual(again.Awards, first.Awards) {
				t.Fatalf("resend: %+v %v, want the first answer %+v", again, err, first)
			}
			if _, err := c.Contribute(a.Machine, a.Game, 999); !errors.Is(err, jackpot.ErrConflict) {
				t.Fatalf("a resend with another bet: %v", err)
			}
			hit, err := c.HitAt("m1", 201, jackpot.Major, 0)
			if err != nil || hit.Cents < 400 {
				t.Fatalf("Major hit: %+v %v", hit, err)
			}
			if h, err := c.HitAt("m1", 201, jackpot.Major, 0); err != nil || h != hit {
				t.Fatalf("hit resent: %+v %v, want %+v", h, err, hit)
			}
			second, err := c.HitAt("m1", 201, jackpot.Major, 1)
			if err != nil || second.Seq == hit.Seq || second.Cents != 400 {
				t.Fatalf("the game's second Major: %+v %v (the reset, its own award)", second, err)
			}
			acc, err := c.Accounts()
			if err != nil {
				t.Fatal(err)
			}
			if err := acc.Check(); err != nil {
				t.Fatal(err)
			}
			if err := c.Check(); err != nil {
				t.Fatal(err)
			}
			if acc.CoinInCents != bets || acc.Contributions != 200 || acc.Awards != uint64(mysteries)+2 {
				t.Fatalf("accounts: coin-in %d contributions %d awards %d, want %d 200 %d", acc.CoinInCents, acc.Contributions, acc.Awards, bets, mysteries+2)
			}
			log, err := c.Awards()
			if err != nil || len(log) == 0 || log[len(log)-1] != second {
				t.Fatalf("award log ends %+v (%v), want %+v", log[len(log)-1:], err, second)
			}
		})
	}
}

// TestWideAreaController: two floor processes on one PostgreSQL database, each
// with its controller opened on it, contribute for their machines at once: the
// levels are one, every contribution counts once (to the Unit: 2% of the
// coin-in), every mystery award goes to one machine once, and a contribution
// resent through the other process — the same game sent by both at once — is
// counted once, both answered alike.
func TestWideAreaController(t *testing.T) {
	if testing.Short() {
		t.Skip("two processes' contributions at once")
	}
	_, reopen := controllers[1].open(t, 1)
	hosts := []*jackpot.Controller{reopen(2), reopen(3)}
	machines := []string{"a1", "a2", "b1", "b2"}
	for i, m := range machines {
		if err := hosts[i/2].Register(m); err != nil {
			t.Fatal(err)
		}
	}
	const games = 60
	const bet = 1_000
	receipts := make([][]jackpot.Receipt, len(machines))
	var wg sync.WaitGroup
	errs := make(chan error, 2*len(machines))
	for i, m := range machines {
		receipts[i] = make([]jackpot.Receipt, games+1)
		wg.Add(1)
		go func() { // machine m's host sends each game, and every third one the other host too
			defer wg.Done()
			for g := uint64(1); g <= games; g++ {
				r, err := hosts[i/2].Contribute(m, g, bet)
				if err != nil {
					errs <- err
					return
				}
				receipts[i][g] = r
				if g%3 == 0 {
					again, err := hosts[1-i/2].Contribute(m, g, bet)
					if err != nil || !again.Duplicate || !reflect.DeepEqual(again.Awards, r.Awards) {
						errs <- fmt.Errorf("machine %s game %d resent through the other host: %+v %v, want %+v", m, g, again, err, r)
						return
					}
				}
			}
		}()
	}
	// Both hosts send one game of a fifth machine at the same instant.
	if err := hosts[0].Register("both"); err != nil {
		t.Fatal(err)
	}
	var both [2]jackpot.Receipt
	for h := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := hosts[h].Contribute("both", 1, 500_000) // 25.00 of visible growth: crosses any trigger
			if err != nil {
				errs <- err
			}
			both[h] = r
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if both[0].Duplicate == both[1].Duplicate || !reflect.DeepEqual(both[0].Awards, both[1].Awards) || len(both[0].Awards) == 0 {
		t.Fatalf("one game sent by both hosts at once: %+v and %+v, want one counted, one duplicate, the same award", both[0], both[1])
	}

	acc, err := hosts[1].Accounts()
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.Check(); err != nil {
		t.Fatal(err)
	}
	coinIn := int64(len(machines)*games*bet + 500_000)
	if acc.CoinInCents != coinIn || acc.Contributions != uint64(len(machines)*games+1) {
		t.Fatalf("coin-in %d in %d contributions, want %d in %d", acc.CoinInCents, acc.Contributions, coinIn, len(machines)*games+1)
	}
	for _, l := range acc.Levels {
		if l.ContributedUnits != coinIn*l.RateBP {
			t.Errorf("%s: %d units contributed, want %d (its rate of the coin-in, exactly)", l.Name, l.ContributedUnits, coinIn*l.RateBP)
		}
	}
	// Every award once, to the machine whose contribution made it.
	seen := map[uint64]string{}
	answered := 0
	for i, rs := range receipts {
		for _, r := range rs {
			for _, a := range r.Awards {
				if a.Machine != machines[i] || seen[a.Seq] != "" {
					t.Fatalf("award %+v: machine %s, already to %q", a, machines[i], seen[a.Seq])
				}
				seen[a.Seq] = a.Machine
				answered++
			}
		}
	}
	answered += len(both[0].Awards)
	var mysteries uint64
	for _, l := range acc.Levels {
		if l.Kind == jackpot.Mystery {
			mysteries = l.Awards
		}
	}
	if uint64(answered) != mysteries || mysteries != acc.Awards {
		t.Fatalf("%d mystery awards answered, the level made %d, %d awards in all", answered, mysteries, acc.Awards)
	}
	// One amount per level, whichever host shows it.
	if err := hosts[0].Check(); err != nil {
		t.Fatal(err)
	}
	l0, l1 := levelsNow(t, hosts[0]), levelsNow(t, hosts[1])
	if !reflect.DeepEqual(l0, l1) {
		t.Fatalf("host A shows %+v, host B %+v", l0, l1)
	}
}

// levelsNow reads c's levels past the freshness of those in memory.
func levelsNow(t *testing.T, c *jackpot.Controller) []jackpot.Level {
	t.Helper()
	if err := c.Refresh(); err != nil {
		t.Fatal(err)
	}
	return c.Levels()
}

// TestOpenLinkedInFloorDB: --jackpot db needs a PostgreSQL floor database.
func TestOpenLinkedInFloorDB(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			st := openStore(t, b.spec(t))
			defer st.Close()
			l, err := OpenLinked(InFloorDB, nil, st, []byte{1, 2}, nil)
			if !st.OnPostgres() {
				if err == nil {
					l.C.Close()
					t.Fatal("--jackpot db on a bbolt floor database was accepted")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer l.C.Close()
			ms, err := l.C.Machines()
			if err != nil || !reflect.DeepEqual(ms, []string{"sas-1", "sas-2"}) {
				t.Fatalf("machines %v %v", ms, err)
			}
			var _ *floor.Store = l.Store
		})
	}
}

// BenchmarkContribute: one contribution (one game's bet) counted by the
// controller on either store, each one durable transaction; on PostgreSQL two
// floor processes' controllers contributing at once (b.RunParallel over both).
func BenchmarkContribute(b *testing.B) {
	for _, s := range controllers {
		b.Run(s.name, func(b *testing.B) {
			var hosts []*jackpot.Controller
			switch s.name {
			case "bbolt":
				c, err := jackpot.Open(filepath.Join(b.TempDir(), "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1), Levels: testLevels()})
				if err != nil {
					b.Fatal(err)
				}
				defer c.Close()
				hosts = []*jackpot.Controller{c}
			default:
				u := pgtest.URL(b)
				for i := range 2 {
					st, err := floor.OpenDB(u, floor.DBOptions{})
					if err != nil {
						b.Fatal(err)
					}
					defer st.Close()
					c, err := jackpot.OpenPostgres(st, jackpot.Options{RNG: rng.NewSeeded(uint64(i + 1)), Levels: testLevels()})
					if err != nil {
						b.Fatal(err)
					}
					hosts = append(hosts, c)
				}
			}
			var next sync.Mutex
			id := 0
			b.RunParallel(func(pb *testing.PB) {
				next.Lock()
				id++
				m, c := fmt.Sprintf("m%d", id), hosts[id%len(hosts)]
				next.Unlock()
				if err := c.Register(m); err != nil {
					b.Error(err)
					return
				}
				for g := uint64(1); pb.Next(); g++ {
					if _, err := c.Contribute(m, g, 100); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
