package reels_test

import (
	"context"
	"fmt"
	"math/big"

	"egm/reels"
	"egm/reels/sim"
	"egm/rng"
)

func exampleGame() *reels.Game {
	g, err := reels.New(reels.Config{
		Title: "example", Reels: 5, Rows: 3,
		Symbols: []reels.SymbolDef{
			{Name: "W", Kind: reels.Wild, Pays: map[int]int64{3: 5, 4: 25, 5: 100}},
			{Name: "A", Kind: reels.Regular, Pays: map[int]int64{3: 4, 4: 10, 5: 40}},
			{Name: "K", Kind: reels.Regular, Pays: map[int]int64{3: 3, 4: 8, 5: 30}},
			{Name: "Q", Kind: reels.Regular, Pays: map[int]int64{3: 2, 4: 6, 5: 25}},
			{Name: "J", Kind: reels.Regular, Pays: map[int]int64{3: 1, 4: 5, 5: 20}},
			{Name: "S", Kind: reels.Scatter, Pays: map[int]int64{3: 2, 4: 10, 5: 50}},
			{Name: "C", Kind: reels.Bonus},
		},
		Lines: reels.MustStandardLines(5, 3, 10),
		Base: [][]string{
			reels.Strip("W A K Q J S Q K J C Q K J Q A K J Q K J A Q J K Q J K A J Q"),
			reels.Strip("A K Q J W S K Q J A Q K J C A K J Q J K A Q J K Q J A K J Q"),
			reels.Strip("K Q J A W S Q K J A Q K C Q A K J Q K J A Q J K Q J K A Q J"),
			reels.Strip("Q J A K W S Q K J A Q K J Q A C J Q K J A Q J K Q J A K Q J"),
			reels.Strip("J A Q K W S K Q J A Q K J Q A K J C K J A Q J K Q J K A J Q"),
		},
	})
	if err != nil {
		panic(err)
	}
	return g
}

// ExampleGame_Analyze prints the exact PAR figures of a base game.
func ExampleGame_Analyze() {
	g := exampleGame()
	a := g.Analyze(g.Base)
	fmt.Println("cycle", a.Cycle)
	fmt.Println("RTP", a.RTP.FloatString(6), "=", a.LineRTP.FloatString(6), "lines +", a.ScatterRTP.FloatString(6), "scatters")
	fmt.Println("hit frequency", a.HitFrequency.FloatString(6))
	fmt.Printf("sigma %.4f\n", a.Sigma())
	// Output:
	// cycle 24300000
	// RTP 0.367024 = 0.345824 lines + 0.021200 scatters
	// hit frequency 0.559420
	// sigma 0.7319
}

// ExampleGame_Enumerate shows a feature keyed on bonus symbols: classes carry the
// per-reel bonus counts, so a title can attach the feature's exact value to each
// class and get P(trigger) and the joint moments with the base win.
func ExampleGame_Enumerate() {
	g := exampleGame()
	e := g.Enumerate(g.Base, reels.BonusCount(g))
	trig, winWhenTrig := uint64(0), new(big.Int)
	for _, c := range e.Classes {
		if c.TagSum() >= 3 { // e.g. a feature that needs 3 coins
			trig += c.Weight
			winWhenTrig.Add(winWhenTrig, c.Sum.Big())
		}
	}
	fmt.Println("P(3+ coins)", new(big.Rat).SetFrac64(int64(trig), int64(e.Cycle)).FloatString(8))
	fmt.Println("E[base win | 3+ coins] in line bets", new(big.Rat).SetFrac(winWhenTrig, big.NewInt(int64(trig))).FloatString(4))
	// Output:
	// P(3+ coins) 0.00856000
	// E[base win | 3+ coins] in line bets 1.2156
}

// Example_simulate runs the base game through Spin and Evaluate on every core and
// checks the exact RTP against the 99% interval.
func Example_simulate() {
	g := exampleGame()
	a := g.Analyze(g.Base)
	exact, _ := a.RTP.Float64()
	res, err := sim.Run(context.Background(), sim.Options{Games: 1_000_000, Seed: 1, Bet: int64(g.NumLines())},
		func() sim.PlayFunc {
			var w reels.Window
			return func(src rng.Source) int64 {
				reels.Spin(src, g.Base, &w)
				return g.Evaluate(&w, nil).Total
			}
		})
	if err != nil {
		panic(err)
	}
	fmt.Println("inside the 99% interval:", res.Within99(exact, a.Sigma()))
	// Output:
	// inside the 99% interval: true
}
