package jackpot

import (
	"errors"
	"testing"
)

// TestHitAtTwiceInOneGame: the same level collected twice in one game is two
// awards — the amount, then the reset plus what accrued — each idempotent.
func TestHitAtTwiceInOneGame(t *testing.T) {
	c, _ := openTest(t, smallLevels(), "m1")
	for g := uint64(1); g <= 50; g++ {
		if _, err := c.Contribute("m1", g, 4000); err != nil {
			t.Fatal(err)
		}
	}
	before := amounts(c)[Grand]
	a0, err := c.HitAt("m1", 50, Grand, 0)
	if err != nil {
		t.Fatal(err)
	}
	a1, err := c.HitAt("m1", 50, Grand, 1)
	if err != nil {
		t.Fatal(err)
	}
	if a0.Cents != before || a1.Cents < 5_000 || a1.Cents >= a0.Cents || a0.Seq == a1.Seq {
		t.Fatalf("awards %+v %+v, level was %d", a0, a1, before)
	}
	for n, want := range []Award{a0, a1} {
		got, err := c.HitAt("m1", 50, Grand, n)
		if err != nil || got != want {
			t.Fatalf("resend of hit %d: %+v %v, want %+v", n, got, err, want)
		}
	}
	if got, _ := c.Hit("m1", 50, Grand); got != a0 {
		t.Fatalf("Hit is HitAt 0: %+v", got)
	}
	if _, err := c.HitAt("m1", 50, Grand, 256); err == nil {
		t.Fatal("hit index 256 accepted")
	}
	acc, err := c.Account("m1")
	if err != nil || acc.Awards < 2 || acc.CoinInCents != 50*4000 {
		t.Fatalf("account %+v %v", acc, err)
	}
	if _, err := c.Account("nobody"); !errors.Is(err, ErrUnknownMachine) {
		t.Fatalf("unknown machine: %v", err)
	}
	a, err := c.Accounts()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Check(); err != nil {
		t.Fatal(err)
	}
}
