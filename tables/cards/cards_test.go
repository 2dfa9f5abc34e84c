package cards

import (
	"testing"

	"egm/rng"
)

func TestNamesRoundTrip(t *testing.T) {
	for c := Card(0); c < 52; c++ {
		p, err := Parse(c.String())
		if err != nil || p != c {
			t.Fatalf("%v: parsed %v, %v", c, p, err)
		}
	}
	for _, c := range []struct {
		s          string
		rank, suit int
		red        bool
	}{{"2c", 0, Clubs, false}, {"Td", Ten, Diamonds, true}, {"Ah", Ace, Hearts, true}, {"Ks", King, Spades, false}} {
		x, err := Parse(c.s)
		if err != nil || x.Rank() != c.rank || x.Suit() != c.suit || x.Red() != c.red {
			t.Errorf("%s: rank %d suit %d red %v (%v)", c.s, x.Rank(), x.Suit(), x.Red(), err)
		}
	}
	for _, bad := range []string{"", "A", "1h", "Ax", "10h"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if l, err := ParseList("Ah Kd  7c"); err != nil || len(l) != 3 || l[2] != New(5, Clubs) {
		t.Fatalf("%v %v", l, err)
	}
}

// TestShuffle: a shuffle is a permutation of the shoe, takes len−1 draws, and
// puts every card first about equally often.
func TestShuffle(t *testing.T) {
	const rounds = 20_800
	var first [52]int
	for r := range rounds {
		s := Shoe(2)
		Shuffle(rng.NewSeeded(uint64(r)), s)
		var n [52]int
		for _, c := range s {
			n[c]++
		}
		for c, k := range n {
			if k != 2 {
				t.Fatalf("round %d: card %v %d times", r, Card(c), k)
			}
		}
		first[s[0]]++
	}
	// χ² with 51 degrees of freedom: 99.9% below 90.6.
	var chi2 float64
	for _, k := range first {
		d := float64(k) - rounds/52.0
		chi2 += d * d / (rounds / 52.0)
	}
	if chi2 > 90.6 {
		t.Fatalf("first card χ² %.1f", chi2)
	}
}

func TestCheckDistinct(t *testing.T) {
	if err := CheckDistinct("g", []Card{0, 51}, nil, []Card{7}); err != nil {
		t.Error(err)
	}
	if err := CheckDistinct("g", []Card{0, 5}, []Card{5}); err == nil || err.Error() != "g: card 3d dealt twice" {
		t.Errorf("a card twice: %v", err)
	}
	if err := CheckDistinct("g", []Card{52}); err == nil || err.Error() != "g: no card 52" {
		t.Errorf("no card: %v", err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = CheckDistinct("g", []Card{1, 2}, []Card{3}) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
