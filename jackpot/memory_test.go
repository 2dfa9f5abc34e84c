package jackpot

import (
	"errors"
	"testing"

	"egm/rng"
)

func TestMemory(t *testing.T) {
	m, err := NewMemory(smallLevels(), rng.NewSeeded(3))
	if err != nil {
		t.Fatal(err)
	}
	awards := 0
	for range 20_000 {
		for _, a := range m.Contribute(4000) {
			awards++
			if a.Level != MysteryName || a.Cents < 1_000 || a.Cents > 3_000 {
				t.Fatalf("award %+v", a)
			}
		}
	}
	if awards == 0 {
		t.Fatal("no mystery award")
	}
	c, err := m.Hit(Grand)
	if err != nil || c <= 5_000 {
		t.Fatalf("grand hit %d %v", c, err)
	}
	for _, bad := range []string{MysteryName, "nope"} {
		if _, err := m.Hit(bad); !errors.Is(err, ErrUnknownLevel) {
			t.Fatalf("hit %q: %v", bad, err)
		}
	}
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	a := m.Accounts()
	if a.CoinInCents != 20_000*4000 || a.Contributions != 20_000 || len(a.Levels) != 3 {
		t.Fatalf("accounts %+v", a)
	}
	if _, err := NewMemory([]LevelConfig{{Name: "x"}}, rng.NewSeeded(1)); err == nil {
		t.Fatal("a bad configuration was accepted")
	}
}
