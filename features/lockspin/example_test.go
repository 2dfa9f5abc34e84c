package lockspin

import (
	"bytes"
	"encoding/json"
	"testing"
)

// example returns a title-like configuration on a reels×rows grid: trigger 6,
// coins 1..50 × bet, Grand and Major symbols, optional Scale Up, Grand on a full
// grid, and base-game start counts as a title would compute them from its strips.
func example(tb testing.TB, reels, rows int, scaleUp bool) (*Game, []Start) {
	return exampleLand(tb, reels, rows, scaleUp, false)
}

// exampleLand is example with, if equal, the same landing table on every reel.
func exampleLand(tb testing.TB, reels, rows int, scaleUp, equal bool) (*Game, []Start) {
	tb.Helper()
	land := make([]Land, reels)
	for r := range land {
		land[r] = Land{Bonus: 1, Blank: uint64(9 + 2*r)}
		if equal {
			land[r] = Land{Bonus: 1, Blank: 13}
		}
	}
	syms := []Weighted{
		{Symbol{Kind: Coin, Value: 1}, 400}, {Symbol{Kind: Coin, Value: 2}, 250},
		{Symbol{Kind: Coin, Value: 3}, 150}, {Symbol{Kind: Coin, Value: 5}, 100},
		{Symbol{Kind: Coin, Value: 10}, 50}, {Symbol{Kind: Coin, Value: 25}, 15},
		{Symbol{Kind: Coin, Value: 50}, 5},
		{Symbol{Kind: Jackpot, Level: "major"}, 8}, {Symbol{Kind: Jackpot, Level: "grand"}, 2},
	}
	if scaleUp {
		syms = append(syms, Weighted{Symbol{Kind: ScaleUp, Factor: 2}, 20}, Weighted{Symbol{Kind: ScaleUp, Factor: 3}, 5})
	}
	g, err := New(Config{
		Reels: reels, Rows: rows, Trigger: 6, Land: land,
		Symbols: syms,
		TriggerSymbols: []Weighted{
			{Symbol{Kind: Coin, Value: 1}, 500}, {Symbol{Kind: Coin, Value: 2}, 250},
			{Symbol{Kind: Coin, Value: 5}, 100}, {Symbol{Kind: Coin, Value: 10}, 40},
			{Symbol{Kind: Jackpot, Level: "major"}, 5}, {Symbol{Kind: Jackpot, Level: "grand"}, 1},
		},
		Jackpots: []Level{{Name: "grand", Fallback: 20}, {Name: "major", Fallback: 10}},
		FullGrid: "grand",
	})
	if err != nil {
		tb.Fatal(err)
	}
	counts := make([][]uint64, reels)
	for r := range counts {
		counts[r] = make([]uint64, rows+1)
		w := uint64(60)
		for k := range counts[r] {
			counts[r][k] = w
			w = w/3 + 1
		}
	}
	starts, _, err := g.TriggerStarts(counts)
	if err != nil {
		tb.Fatal(err)
	}
	return g, starts
}

func benchAnalyse(b *testing.B, reels, rows int, scaleUp, equal bool) {
	g, starts := exampleLand(b, reels, rows, scaleUp, equal)
	q := g.All(Prob{1, 4})
	b.ResetTimer()
	for b.Loop() {
		if _, err := g.Analyse(starts, q); err != nil {
			b.Fatal(err)
		}
	}
}

// Reels with different landing tables: (Rows+1)^Reels states.
func BenchmarkAnalyse3x3(b *testing.B)        { benchAnalyse(b, 3, 3, false, false) }
func BenchmarkAnalyse5x3(b *testing.B)        { benchAnalyse(b, 5, 3, false, false) }
func BenchmarkAnalyse5x3ScaleUp(b *testing.B) { benchAnalyse(b, 5, 3, true, false) }
func BenchmarkAnalyse5x4(b *testing.B)        { benchAnalyse(b, 5, 4, false, false) }
func BenchmarkAnalyse5x4ScaleUp(b *testing.B) { benchAnalyse(b, 5, 4, true, false) }

// The same landing table on every reel: histogram states.
func BenchmarkAnalyse5x3Equal(b *testing.B)        { benchAnalyse(b, 5, 3, false, true) }
func BenchmarkAnalyse5x3EqualScaleUp(b *testing.B) { benchAnalyse(b, 5, 3, true, true) }
func BenchmarkAnalyse5x4Equal(b *testing.B)        { benchAnalyse(b, 5, 4, false, true) }
func BenchmarkAnalyse5x4EqualScaleUp(b *testing.B) { benchAnalyse(b, 5, 4, true, true) }

// TestEqualReelsGrouped checks that grouping equal reels into histogram states
// gives exactly the report of the per-reel state space.
func TestEqualReelsGrouped(t *testing.T) {
	for _, tc := range []struct {
		reels, rows int
		scaleUp     bool
	}{{5, 3, true}, {5, 3, false}, {3, 3, true}} {
		g, starts := exampleLand(t, tc.reels, tc.rows, tc.scaleUp, true)
		q := g.All(Prob{1, 3})
		grouped, err := g.Analyse(starts, q)
		if err != nil {
			t.Fatal(err)
		}
		g.ungrouped = true
		single, err := g.Analyse(starts, q)
		if err != nil {
			t.Fatal(err)
		}
		if grouped.States >= single.States {
			t.Errorf("%+v: %d grouped states, %d per reel", tc, grouped.States, single.States)
		}
		grouped.States = single.States
		a, _ := json.Marshal(grouped)
		b, _ := json.Marshal(single)
		if !bytes.Equal(a, b) {
			t.Errorf("%+v: grouped report differs:\n%s\n%s", tc, a, b)
		}
	}
}
