package uth

import (
	"math/big"

	"egm/tables"
)

// SevenCardCounts counts the best hand of every one of the C(52,7) = 133,784,560
// seven-card sets by category (each set once, the sets split by their lowest card
// and enumerated on every core).
func SevenCardCounts() [NumCategories]int64 {
	var per [52][NumCategories]int64
	tables.Parallel(46, func(a int) {
		c := &per[a]
		ma := bit(Card(a))
		for b := a + 1; b < 52; b++ {
			mb := ma | bit(Card(b))
			for d := b + 1; d < 52; d++ {
				md := mb | bit(Card(d))
				for e := d + 1; e < 52; e++ {
					me := md | bit(Card(e))
					for f := e + 1; f < 52; f++ {
						mf := me | bit(Card(f))
						for g := f + 1; g < 52; g++ {
							mg := mf | bit(Card(g))
							for h := g + 1; h < 52; h++ {
								c[Eval(mg|bit(Card(h))).Category()]++
							}
						}
					}
				}
			}
		}
	})
	var out [NumCategories]int64
	for _, c := range per {
		for k, n := range c {
			out[k] += n
		}
	}
	return out
}

// BetFigures are one bet's exact figures per unit staked.
type BetFigures struct {
	Edge     *big.Rat // house edge
	HitFreq  *big.Rat // probability of winning more than the stake
	Variance *big.Rat // of the net result
}

// TripsFigures is the Trips bet's exact figures from the seven-card counts: it pays
// on the player's best five of seven whatever the dealer holds, so its result is a
// function of the player's seven cards alone, each set equally likely.
func TripsFigures(pt PayTable, counts [NumCategories]int64) BetFigures {
	var total, hits int64
	sum, sum2 := new(big.Rat), new(big.Rat)
	for c, n := range counts {
		total += n
		net := big.NewRat(-1, 1)
		if p := pt.Trips[c]; p.Num > 0 {
			net = big.NewRat(p.Num, p.Den)
			hits += n
		}
		w := new(big.Rat).SetInt64(n)
		sum.Add(sum, new(big.Rat).Mul(w, net))
		sum2.Add(sum2, new(big.Rat).Mul(w, new(big.Rat).Mul(net, net)))
	}
	n := new(big.Rat).SetInt64(total)
	mean := new(big.Rat).Quo(sum, n)
	v := new(big.Rat).Sub(new(big.Rat).Quo(sum2, n), new(big.Rat).Mul(mean, mean))
	return BetFigures{Edge: mean.Neg(mean), HitFreq: big.NewRat(hits, total), Variance: v}
}

// KnownSevenCardCounts are the published counts of the best hand of seven cards
// (the royal flushes, 4,324, are among the 41,584 straight flushes usually quoted).
var KnownSevenCardCounts = [NumCategories]int64{
	HighCard: 23294460, Pair: 58627800, TwoPair: 31433400, Trips: 6461620, Straight: 6180020,
	Flush: 4047644, FullHouse: 3473184, Quads: 224848, StraightFlush: 37260, RoyalFlush: 4324,
}
