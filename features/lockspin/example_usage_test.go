package lockspin_test

import (
	"fmt"
	"math"

	"egm/features/lockspin"
	"egm/rng"
)

// Example shows a title's use: configure, analyse exactly from base-game counts,
// and play one feature.
func Example() {
	g, err := lockspin.New(lockspin.Config{
		Reels: 3, Rows: 3, Trigger: 3,
		Land: []lockspin.Land{{Bonus: 1, Blank: 11}, {Bonus: 1, Blank: 11}, {Bonus: 1, Blank: 11}},
		Symbols: []lockspin.Weighted{
			{Symbol: lockspin.Symbol{Kind: lockspin.Coin, Value: 1}, Weight: 60},
			{Symbol: lockspin.Symbol{Kind: lockspin.Coin, Value: 5}, Weight: 30},
			{Symbol: lockspin.Symbol{Kind: lockspin.ScaleUp, Factor: 2}, Weight: 8},
			{Symbol: lockspin.Symbol{Kind: lockspin.Jackpot, Level: "major"}, Weight: 2},
		},
		TriggerSymbols: []lockspin.Weighted{{Symbol: lockspin.Symbol{Kind: lockspin.Coin, Value: 2}, Weight: 1}},
		Jackpots:       []lockspin.Level{{Name: "grand"}, {Name: "major"}},
		FullGrid:       "grand",
	})
	if err != nil {
		panic(err)
	}
	// Each reel's base-game stops by bonus symbols shown: 0, 1, 2, 3.
	counts := [][]uint64{{70, 20, 8, 2}, {70, 20, 8, 2}, {70, 20, 8, 2}}
	starts, pTrigger, err := g.TriggerStarts(counts)
	if err != nil {
		panic(err)
	}
	q := g.All(lockspin.Prob{Num: 4000, Den: 4000}) // at the maximum bet
	rep, err := g.Analyse(starts, q)
	if err != nil {
		panic(err)
	}
	fmt.Printf("P(trigger) %s\n", pTrigger.RatString())
	fmt.Printf("feature mean %.4f × bet, sd %.4f, P(full) %.3g\n",
		lockspin.Float(rep.Mean), math.Sqrt(lockspin.Float(rep.Variance)), lockspin.Float(rep.PFull))
	fmt.Printf("grand hits per feature %.3g, major %.3g\n",
		lockspin.Float(rep.Jackpots[0].Hits), lockspin.Float(rep.Jackpots[1].Hits))

	src := rng.NewSeeded(1)
	locks := []lockspin.Lock{
		{Reel: 0, Row: 1, Symbol: g.DrawTriggerSymbol(src)},
		{Reel: 1, Row: 0, Symbol: g.DrawTriggerSymbol(src)},
		{Reel: 2, Row: 2, Symbol: g.DrawTriggerSymbol(src)},
	}
	out, err := g.Play(src, locks, q)
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Total >= 6, len(out.Respins) >= 3)
	// Output:
	// P(trigger) 807/5000
	// feature mean 12.8489 × bet, sd 6.9138, P(full) 0.0346
	// grand hits per feature 0.0346, major 0.0402
	// true true
}
