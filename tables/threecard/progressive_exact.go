package threecard

import "math/big"

// ProgressiveFigures are the side bet's exact figures per stake, from the 22,100
// player hands. The return per stake with the pool at J cents is the straight line
// Fixed + Slope·J: the fixed pays do not depend on the pool, and the pool hands pay
// J each.
type ProgressiveFigures struct {
	Hands  int64                      // 22,100
	Counts [NumProgressiveHands]int64 // hands of each class
	Fixed  *big.Rat                   // the intercept: the fixed pays' return per stake
	Slope  *big.Rat                   // return per stake per cent of pool: pool hands / (22,100 · stake)
	Hit    *big.Rat                   // P(the bet pays)
	AtSeed *big.Rat                   // return per stake with the pool at its seed
	VarAt  *big.Rat                   // variance of the net result per stake at the seed
	// BreakEven is the pool in cents at which the return is 1: (1 − Fixed)/Slope.
	BreakEven *big.Rat
	// SeedCost is the seed's share of each stake, Slope · Seed (inside AtSeed):
	// what the house, or the reserve, puts into the pool per stake on average.
	SeedCost *big.Rat
	// LongRun is AtSeed plus the growth share: every cent of growth is paid to a
	// later winner of the pool, so over the pool's cycles the bet returns the pays
	// at the seed plus what it adds to the pool. The reserve is not added: it repays
	// the seed, which AtSeed counts.
	LongRun *big.Rat
}

// ReturnAt is the return per stake with the pool at pool cents, Fixed + Slope·pool.
func (f ProgressiveFigures) ReturnAt(pool int64) *big.Rat {
	r := new(big.Rat).Mul(f.Slope, new(big.Rat).SetInt64(pool))
	return r.Add(r, f.Fixed)
}

// ProgressiveExact computes the figures of p by enumerating the 22,100 hands.
func ProgressiveExact(p Progressive) ProgressiveFigures {
	f := ProgressiveFigures{Hands: numHands}
	for _, h := range allHands {
		f.Counts[ProgressiveHandOf(h.cards)]++
	}
	q := p.Pool
	var fixed, pool, hits int64 // fixed stakes paid back; pool hands; paying hands
	for c, n := range f.Counts {
		x := p.Table.Pays[c]
		switch {
		case x.Pool:
			pool += n
		default:
			fixed += n * x.For
		}
		if x.Pool || x.For > 0 {
			hits += n
		}
	}
	f.Fixed = big.NewRat(fixed, numHands)
	f.Slope = big.NewRat(pool, numHands*q.Stake)
	f.Hit = big.NewRat(hits, numHands)
	f.AtSeed = f.ReturnAt(q.Seed)
	f.SeedCost = new(big.Rat).Mul(f.Slope, new(big.Rat).SetInt64(q.Seed))
	f.LongRun = new(big.Rat).Add(f.AtSeed, big.NewRat(q.GrowthBP, 10000))
	if f.Slope.Sign() > 0 {
		f.BreakEven = new(big.Rat).Quo(new(big.Rat).Sub(big.NewRat(1, 1), f.Fixed), f.Slope)
	}
	// E[(paid/stake)²] at the seed, less the return squared.
	m2 := new(big.Rat)
	seed := big.NewRat(q.Seed, q.Stake)
	for c, n := range f.Counts {
		x := p.Table.Pays[c]
		y := new(big.Rat).SetInt64(x.For)
		if x.Pool {
			y.Set(seed)
		}
		y.Mul(y, y)
		m2.Add(m2, y.Mul(y, big.NewRat(n, numHands)))
	}
	f.VarAt = m2.Sub(m2, new(big.Rat).Mul(f.AtSeed, f.AtSeed))
	return f
}
