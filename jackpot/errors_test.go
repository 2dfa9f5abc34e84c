package jackpot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/rng"
)

func TestBadInput(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	tests := []struct {
		name string
		op   func() error
		is   error  // the sentinel, if any
		msg  string // part of the message
	}{
		{"negative bet", func() error { _, err := c.Contribute("m1", 1, -100); return err }, ErrBadBet, "bet -100"},
		{"zero bet", func() error { _, err := c.Contribute("m1", 1, 0); return err }, ErrBadBet, "bet 0"},
		{"huge bet", func() error { _, err := c.Contribute("m1", 1, MaxBetCents+1); return err }, ErrBadBet, "not in"},
		{"unknown machine contributes", func() error { _, err := c.Contribute("m9", 1, 100); return err }, ErrUnknownMachine, `"m9"`},
		{"unknown machine hits", func() error { _, err := c.Hit("m9", 1, Grand); return err }, ErrUnknownMachine, `"m9"`},
		{"unknown level", func() error { _, err := c.Hit("m1", 1, "mini"); return err }, ErrUnknownLevel, `"mini"`},
		{"a mystery level is not hit", func() error { _, err := c.Hit("m1", 1, MysteryName); return err }, nil, "mystery level"},
		{"empty machine id", func() error { return c.Register("") }, nil, "machine id"},
		{"NUL in machine id", func() error { return c.Register("a\x00b") }, nil, "NUL"},
		{"machine id too long", func() error { return c.Register(strings.Repeat("x", 65)) }, nil, "1 to 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.op()
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), "jackpot: ") || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %q, want the prefix and %q", err, tt.msg)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Fatalf("error %q is not %v", err, tt.is)
			}
		})
	}
	if c.st.Contributions != 0 || c.st.AwardSeq != 0 {
		t.Fatal("a refused operation changed the state")
	}
	mustCheck(t, c)
}

func TestBadConfiguration(t *testing.T) {
	mod := func(f func(l []LevelConfig)) []LevelConfig { l := DefaultLevels(); f(l); return l }
	tests := []struct {
		name   string
		levels []LevelConfig
		msg    string
	}{
		{"no levels", []LevelConfig{}, "no levels"},
		{"twice", mod(func(l []LevelConfig) { l[1].Name = Grand }), "twice"},
		{"no name", mod(func(l []LevelConfig) { l[0].Name = "" }), "name"},
		{"negative reset", mod(func(l []LevelConfig) { l[0].ResetCents = -1 }), "reset"},
		{"zero rate", mod(func(l []LevelConfig) { l[0].RateBP = 0 }), "rate"},
		{"reserve above rate", mod(func(l []LevelConfig) { l[0].ReserveBP = 51 }), "reserve"},
		{"ceiling below reset", mod(func(l []LevelConfig) { l[0].CeilingCents = 100 }), "ceiling"},
		{"mystery with a reserve on top", mod(func(l []LevelConfig) { l[2].ReserveFundsReset = false }), "only fund its reset"},
		{"mystery with a ceiling", mod(func(l []LevelConfig) { l[2].CeilingCents = 1_200_000 }), "no ceiling"},
		{"reserve the whole rate", mod(func(l []LevelConfig) { l[0].ReserveBP = 50 }), "reserve"},
		{"mystery window below reset", mod(func(l []LevelConfig) { l[2].TriggerMinCents = 100 }), "trigger window"},
		{"mystery window reversed", mod(func(l []LevelConfig) { l[2].TriggerMaxCents = 700_000 }), "trigger window"},
		{"progressive with trigger", mod(func(l []LevelConfig) { l[0].TriggerMaxCents = 1 }), "no trigger"},
		{"unknown kind", mod(func(l []LevelConfig) { l[0].Kind = 9 }), "unknown kind"},
		{"rates above 100%", mod(func(l []LevelConfig) { l[0].RateBP = 9_900 }), "above 100%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Open(filepath.Join(t.TempDir(), "j.db"), Options{Levels: tt.levels, RNG: rng.NewSeeded(1)})
			if err == nil || !strings.HasPrefix(err.Error(), "jackpot: ") || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want one with %q", err, tt.msg)
			}
		})
	}
	if _, err := Open(filepath.Join(t.TempDir(), "j.db"), Options{}); err == nil || !strings.Contains(err.Error(), "no RNG") {
		t.Fatalf("no RNG: %v", err)
	}
}

func TestReopenWithOtherLevelsIsRefused(t *testing.T) {
	c, path := openTest(t, nil)
	c.Close()
	_, err := Open(path, Options{Levels: smallLevels(), RNG: rng.NewSeeded(1)})
	if err == nil || !strings.Contains(err.Error(), "differs from the database") {
		t.Fatalf("reopen with other levels: %v", err)
	}
}

func TestCorruptDatabase(t *testing.T) {
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		{"garbage file", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("not a database ", 1000)), 0o600)
		}},
		{"short file", func(t *testing.T, path string) { os.WriteFile(path, []byte("EJS1"), 0o600) }},
		{"state record damaged", func(t *testing.T, path string) {
			c, _ := Open(path, Options{RNG: rng.NewSeeded(1)})
			boltDB(c).Update(func(tx *bolt.Tx) error {
				b := tx.Bucket(bMeta)
				v := append([]byte(nil), b.Get(kState)...)
				v[20] ^= 1
				return b.Put(kState, v)
			})
			boltDB(c).Close()
		}},
		{"state that breaks the identity", func(t *testing.T, path string) {
			c, _ := Open(path, Options{RNG: rng.NewSeeded(1)})
			s := c.st.clone()
			s.Levels[0].Value += Unit // a cent from nowhere
			boltDB(c).Update(func(tx *bolt.Tx) error { return tx.Bucket(bMeta).Put(kState, encodeState(s)) })
			boltDB(c).Close()
		}},
		{"state truncated", func(t *testing.T, path string) {
			c, _ := Open(path, Options{RNG: rng.NewSeeded(1)})
			boltDB(c).Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bMeta).Put(kState, encodeState(c.st)[:30])
			})
			boltDB(c).Close()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j.db")
			tt.write(t, path)
			c, err := Open(path, Options{RNG: rng.NewSeeded(1)})
			if err == nil {
				c.Close()
				t.Fatal("a corrupt database opened")
			}
			if !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), "jackpot: ") {
				t.Fatalf("error %q, want ErrCorrupt", err)
			}
		})
	}
}

func TestCorruptIdempotencyRecord(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	if _, err := c.Contribute("m1", 1, 100); err != nil {
		t.Fatal(err)
	}
	boltDB(c).Update(func(tx *bolt.Tx) error { return tx.Bucket(bGames).Put(gameKey("m1", 1), []byte("EJG1 broken")) })
	if _, err := c.Contribute("m1", 1, 100); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("resend over a damaged record: %v", err)
	}
}

func TestClosedController(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	c.Close()
	_, err1 := c.Contribute("m1", 1, 100)
	_, err2 := c.Hit("m1", 1, Grand)
	_, err3 := c.Awards()
	for _, err := range []error{err1, err2, err3, c.Register("m2")} {
		if err == nil || !strings.HasPrefix(err.Error(), "jackpot: ") {
			t.Fatalf("after Close: %v, want a jackpot: error", err)
		}
	}
}

func TestAccountsCheckFails(t *testing.T) {
	c, _ := openTest(t, nil, "m1", "m2")
	c.Contribute("m1", 1, 4000)
	c.Hit("m2", 1, Major)
	a, err := c.Accounts()
	if err != nil || a.Check() != nil {
		t.Fatalf("accounts %+v %v", a, err)
	}
	tests := []struct {
		name string
		f    func(a *Accounts)
	}{
		{"a unit lost from a level", func(a *Accounts) { a.Levels[0].AmountUnits-- }},
		{"a level below reset", func(a *Accounts) { a.Levels[1].AmountUnits = 0 }},
		{"a contribution not at its rate", func(a *Accounts) { a.Levels[2].ContributedUnits++ }},
		{"a machine's coin-in", func(a *Accounts) { a.Machines[0].CoinInCents++ }},
		{"a machine's award", func(a *Accounts) { a.Machines[1].AwardedCents-- }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := a
			b.Levels = append([]LevelAccount(nil), a.Levels...)
			b.Machines = append([]MachineAccount(nil), a.Machines...)
			tt.f(&b)
			if err := b.Check(); err == nil || !strings.HasPrefix(err.Error(), "jackpot: ") {
				t.Fatalf("check: %v", err)
			}
		})
	}
}

func TestDatabaseInUse(t *testing.T) {
	_, path := openTest(t, nil)
	start := time.Now()
	_, err := Open(path, Options{RNG: rng.NewSeeded(1)})
	if !errors.Is(err, ErrInUse) || !strings.HasPrefix(err.Error(), "jackpot: ") {
		t.Fatalf("second open: %v, want ErrInUse", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("second open took %v", d)
	}
	_, err = Open(filepath.Join(t.TempDir(), "no", "such", "dir", "j.db"), Options{RNG: rng.NewSeeded(1)})
	if err == nil || errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), "jackpot: ") {
		t.Fatalf("open in a missing directory: %v", err)
	}
}
