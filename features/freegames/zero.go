package freegames

import (
	"math"
	"math/big"

	"egm/reels"
)

// ZeroRound is P(a round of L awarded games wins nothing), for hit frequencies:
// the base game's non-winning classes that award L games still count as a hit
// unless the round pays nothing.
//
// Per expanding symbol s, let a_k = P(the free game pays nothing and awards k more
// games) — exact, from reels.ZeroLines on the free set with the symbol's reels as
// tags (a game pays nothing when no line pays, its scatters pay nothing and the
// symbol shows on too few reels to pay). A game and its descendants pay nothing
// with the smallest root z of z = Σ_k a_k·z^k in [0, 1] (found by the monotone
// iteration from 0; it is irrational in general, hence float64), and a round of L
// games with z^L, averaged over the symbol's draw.
func (f *Feature) ZeroRound(l int) float64 {
	f.zeroOnce.Do(f.computeZero)
	p := 0.0
	for i, z := range f.zero {
		p += f.zeroW[i] * math.Pow(z, float64(l))
	}
	return p
}

func (f *Feature) computeZero() {
	g := f.Game
	cands, weights := f.exp, f.expW
	if len(cands) == 0 {
		cands, weights = []reels.SymbolID{reels.NoSymbol}, []uint64{1}
	}
	total := uint64(0)
	for _, w := range weights {
		total += w
	}
	cyc := new(big.Int).SetUint64(f.Set.Cycle())
	for i, s := range cands {
		var tag reels.Tagger
		if s != reels.NoSymbol {
			tag = reels.SymbolPresent(s)
		}
		a := map[int]*big.Int{} // games awarded → stop combinations paying nothing
		for _, c := range g.ZeroLines(f.Set, tag) {
			if g.ScatterPay(c.Scatters) != 0 {
				continue
			}
			if s != reels.NoSymbol && g.LinePay(s, c.TagSum()) != 0 {
				continue
			}
			k := f.Retrigger(c.Scatters)
			if a[k] == nil {
				a[k] = new(big.Int)
			}
			a[k].Add(a[k], new(big.Int).SetUint64(c.Weight))
		}
		af := map[int]float64{}
		for k, n := range a {
			af[k], _ = new(big.Rat).SetFrac(n, cyc).Float64()
		}
		z := 0.0
		for range 100000 {
			nz := 0.0
			for k, p := range af {
				nz += p * math.Pow(z, float64(k))
			}
			if nz-z < 1e-17 {
				z = nz
				break
			}
			z = nz
		}
		f.zero = append(f.zero, z)
		f.zeroW = append(f.zeroW, float64(weights[i])/float64(total))
	}
}
