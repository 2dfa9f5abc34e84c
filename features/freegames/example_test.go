package freegames_test

import (
	"fmt"
	"math/big"

	"egm/features/freegames"
	"egm/reels"
)

// Example shows how a title combines its base game's exact enumeration with the
// free-games round: the round's exact moments given the award are attached to the
// base classes by their scatter count.
func Example() {
	g, err := reels.New(reels.Config{
		Title: "example", Reels: 5, Rows: 3,
		Symbols: []reels.SymbolDef{
			{Name: "W", Kind: reels.Wild, Pays: map[int]int64{3: 5, 4: 25, 5: 100}},
			{Name: "A", Kind: reels.Regular, Pays: map[int]int64{3: 4, 4: 10, 5: 40}},
			{Name: "K", Kind: reels.Regular, Pays: map[int]int64{3: 3, 4: 8, 5: 30}},
			{Name: "Q", Kind: reels.Regular, Pays: map[int]int64{3: 2, 4: 6, 5: 25}},
			{Name: "J", Kind: reels.Regular, Pays: map[int]int64{3: 1, 4: 5, 5: 20}},
			{Name: "S", Kind: reels.Scatter, Pays: map[int]int64{3: 2}},
		},
		Lines: reels.MustStandardLines(5, 3, 10),
		Base: [][]string{
			reels.Strip("W A K Q J S Q K J A Q K J Q A K J Q K J A Q J K Q J K A J Q"),
			reels.Strip("A K Q J W S K Q J A Q K J Q A K J Q J K A Q J K Q J A K J Q"),
			reels.Strip("K Q J A W S Q K J A Q K J Q A K J Q K J A Q J K Q J K A Q J"),
			reels.Strip("Q J A K W S Q K J A Q K J Q A K J Q K J A Q J K Q J A K Q J"),
			reels.Strip("J A Q K W S K Q J A Q K J Q A K J Q K J A Q J K Q J K A J Q"),
		},
	})
	if err != nil {
		panic(err)
	}
	f, err := freegames.New(g, freegames.Config{
		Awards:     map[int]int{3: 5},
		Retriggers: map[int]int{3: 5},
		Multiplier: 1,
		Expanding:  []freegames.Weighted{{Symbol: "A", Weight: 1}, {Symbol: "K", Weight: 1}, {Symbol: "Q", Weight: 2}},
	})
	if err != nil {
		panic(err)
	}
	fa := f.Analyze()
	e := g.Enumerate(g.Base, nil) // classes by scatter count

	// E[W + F] and E[(W + F)²] over the cycle, in line bets.
	sum, sq := new(big.Rat), new(big.Rat)
	for _, c := range e.Classes {
		w := new(big.Rat).SetInt(new(big.Int).SetUint64(c.Weight))
		s1 := new(big.Rat).SetInt(c.Sum.Big())
		s2 := new(big.Rat).SetInt(c.SumSq.Big())
		sum.Add(sum, s1)
		sq.Add(sq, s2)
		if l := f.Award(c.Scatters); l > 0 {
			m1, m2 := fa.Round(l)
			sum.Add(sum, new(big.Rat).Mul(w, m1))
			sq.Add(sq, new(big.Rat).Add(new(big.Rat).Mul(big.NewRat(2, 1), new(big.Rat).Mul(s1, m1)), new(big.Rat).Mul(w, m2)))
		}
	}
	den := new(big.Rat).SetInt64(int64(e.Cycle) * int64(g.NumLines()))
	rtp := new(big.Rat).Quo(sum, den)
	base := e.RTP()
	games, _ := fa.Games(5)
	fmt.Println("base RTP", base.FloatString(6))
	fmt.Println("total RTP", rtp.FloatString(6))
	fmt.Println("free games per award", games.FloatString(4))
	// Output:
	// base RTP 0.408283
	// total RTP 0.810873
	// free games per award 5.2236
}
