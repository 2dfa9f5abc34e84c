package jackpot

import (
	"sync"
	"testing"
)

// Two machines hit the same level "at the same time": the controller handles one
// hit after the other. The first gets the amount at its hit; the second gets the
// reset value plus what accrued after the first (here one contribution).
func TestSimultaneousHitsInOrder(t *testing.T) {
	c, _ := openTest(t, nil, "a", "b")
	for g := uint64(1); g <= 100; g++ {
		if _, err := c.Contribute("a", g, 4000); err != nil {
			t.Fatal(err)
		}
	}
	first, err := c.Hit("a", 100, Grand)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Contribute("b", 1, 1000); err != nil { // 5 cents to the Grand
		t.Fatal(err)
	}
	second, err := c.Hit("b", 1, Grand)
	if err != nil {
		t.Fatal(err)
	}
	if first.Cents != 500_000+100*20 || second.Cents != 500_000+5 {
		t.Fatalf("awards %d and %d, want 502,000 and the reset plus 5", first.Cents, second.Cents)
	}
	mustCheck(t, c)
}

func TestSimultaneousHitsConcurrent(t *testing.T) {
	for round := range 5 {
		c, _ := openTest(t, nil, "a", "b")
		for g := uint64(1); g <= 20; g++ {
			if _, err := c.Contribute("a", g, 4000); err != nil {
				t.Fatal(err)
			}
		}
		top := amounts(c)[Major]
		var wg sync.WaitGroup
		got := make([]Award, 2)
		for i, m := range []string{"a", "b"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, err := c.Hit(m, 500, Major)
				if err != nil {
					t.Error(err)
				}
				got[i] = a
			}()
		}
		wg.Wait()
		hi, lo := got[0], got[1]
		if hi.Seq > lo.Seq {
			hi, lo = lo, hi
		}
		if hi.Cents != top || lo.Cents != MajorResetCentsForTest {
			t.Fatalf("round %d: awards %+v and %+v, want exactly one of %d and one of the reset", round, hi, lo, top)
		}
		mustCheck(t, c)
	}
}
