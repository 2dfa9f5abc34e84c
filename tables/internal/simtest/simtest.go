// Package simtest holds the checks the table games' tests share: a seeded
// simulation's measured figure against the exact one, and a deal's shoe and the
// uniformity of its cards.
package simtest

import (
	"math"
	"testing"

	"egm/rng"
)

// Z99 is the two-sided 99% point of the normal distribution.
const Z99 = 2.576

// Within99 checks a measured mean of n independent rounds against its exact value
// at the 99% level, |measured − exact| ≤ 2.576·σ/√n, σ being the exact standard
// deviation of one round; it fails t (naming what) when the measured mean lies
// outside, and returns the interval's half width.
func Within99(t testing.TB, what string, measured, exact, sigma, n float64) (half float64) {
	t.Helper()
	half = Z99 * sigma / math.Sqrt(n)
	if math.Abs(measured-exact) > half {
		t.Errorf("%s: measured %.5f, exact %.5f ± %.5f (99%%)", what, measured, exact, half)
	}
	return half
}

// Deals checks a game's deal: rounds deals from one seeded source, each by deal,
// which checks its round and returns the card to count (any game's card type);
// each must take draws draws of the source, and the counted card must be uniform
// (Uniform52, naming it what).
func Deals[C ~uint8](t testing.TB, seed uint64, rounds, draws int, what string, deal func(src rng.Source) C) {
	t.Helper()
	src := &rng.Counter{Src: rng.NewSeeded(seed)}
	var counts [52]int
	for i := 0; i < rounds; i++ {
		counts[deal(src)]++
	}
	if src.N != draws*rounds {
		t.Errorf("%d shuffles took %d draws, want %d each", rounds, src.N, draws)
	}
	Uniform52(t, what, counts, rounds)
}

// Shoe fails t at once unless shoe holds every card 0–51 decks times (one deck: a
// permutation of it). C is a game's card type: cards.Card, or punto banco's own.
func Shoe[C ~uint8](t testing.TB, shoe []C, decks int) {
	t.Helper()
	var n [52]int
	for _, c := range shoe {
		if c > 51 {
			t.Fatalf("shoe holds no card %d", int(c))
		}
		n[c]++
	}
	for c, k := range n {
		if k != decks {
			t.Fatalf("shoe holds %v %d times, want %d", C(c), k, decks)
		}
	}
}

// Uniform52 checks that counts, how often each of the 52 cards came up in n
// draws, are uniform: χ² with 51 degrees of freedom against its 99.9% point
// 87.97. It fails t (naming what card was counted) when they are not.
func Uniform52(t testing.TB, what string, counts [52]int, n int) {
	t.Helper()
	want := float64(n) / 52
	chi := 0.0
	for _, k := range counts {
		d := float64(k) - want
		chi += d * d / want
	}
	if chi > 87.97 {
		t.Errorf("%s χ² = %.1f", what, chi)
	}
}
