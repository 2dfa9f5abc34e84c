package jackpot

import (
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/rng"
)

// testClock is a clock that moves one second per reading.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time {
	c.t = c.t.Add(time.Second)
	return c.t
}

func newClock() *testClock { return &testClock{t: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)} }

// smallLevels is a configuration with a narrow, cheap mystery window so that tests
// see many mystery awards: reset 10.00, trigger in [10.00, 30.00] EUR, 2% of which
// 1% is a reserve that funds the resets. Grand has a reserve on top of its reset,
// Major a ceiling.
func smallLevels() []LevelConfig {
	return []LevelConfig{
		{Name: Grand, Kind: Progressive, ResetCents: 5_000, RateBP: 50, ReserveBP: 10},
		{Name: Major, Kind: Progressive, ResetCents: 400, RateBP: 50, CeilingCents: 2_000},
		{Name: MysteryName, Kind: Mystery, ResetCents: 1_000, RateBP: 200, ReserveBP: 100, ReserveFundsReset: true,
			TriggerMinCents: 1_000, TriggerMaxCents: 3_000},
	}
}

// openTest opens a controller in a fresh directory with a seeded generator and
// registers the machines.
func openTest(t testing.TB, levels []LevelConfig, machines ...string) (*Controller, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jackpot.db")
	c, err := Open(path, Options{Levels: levels, RNG: rng.NewSeeded(1), Now: newClock().now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	for _, m := range machines {
		if err := c.Register(m); err != nil {
			t.Fatal(err)
		}
	}
	return c, path
}

func amounts(c *Controller) map[string]int64 {
	out := map[string]int64{}
	for _, l := range c.Levels() {
		out[l.Name] = l.AmountCents
	}
	return out
}

func mustCheck(t testing.TB, c *Controller) {
	t.Helper()
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
}

type txT = bolt.Tx

func newSeededForTest() rng.Source { return rng.NewSeeded(99) }

// boltDB is the bbolt database of a controller opened with Open.
func boltDB(c *Controller) *bolt.DB { return c.db.(*boltStore).db }
