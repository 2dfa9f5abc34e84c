package lockspin

import (
	"math/big"
	"testing"
)

// example returns a title-like configuration on a reels×rows grid: trigger 6,
// coins 1..50 × bet, Grand and Major symbols, optional Scale Up, Grand on a full
// grid, and base-game start counts as a title would compute them from its strips.
func example(tb testing.TB, reels, rows int, scaleUp bool) (*Game, []Start) {
	tb.Helper()
	land := make([]Land, reels)
	for r := range land {
		land[r] = Land{Bonus: 1, Blank: uint64(9 + 2*r)}
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

func benchAnalyse(b *testing.B, reels, rows int, scaleUp bool) {
	g, starts := example(b, reels, rows, scaleUp)
	q := g.All(Prob{1, 4})
	b.ResetTimer()
	for b.Loop() {
		if _, err := g.Analyse(starts, q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnalyse3x3(b *testing.B)        { benchAnalyse(b, 3, 3, false) }
func BenchmarkAnalyse5x3(b *testing.B)        { benchAnalyse(b, 5, 3, false) }
func BenchmarkAnalyse5x3ScaleUp(b *testing.B) { benchAnalyse(b, 5, 3, true) }
func BenchmarkAnalyse5x4(b *testing.B)        { benchAnalyse(b, 5, 4, false) }
func BenchmarkAnalyse5x4ScaleUp(b *testing.B) { benchAnalyse(b, 5, 4, true) }

var _ = big.NewInt
