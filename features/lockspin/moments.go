package lockspin

import "math/big"

// lander holds the exact per-symbol figures of one symbol table under given
// qualification probabilities: for the symbol drawn when a cell lands,
//
//	mu = E[m], nu = E[m²]   (m = Scale Up factor, 1 for other symbols)
//	e  = E[c], e2 = E[c²]   (c = coin value: coin, unqualified jackpot fallback, else 0)
//	none[l] = 1 − P(qualified level-l jackpot)
//	sym[l] = P(level-l jackpot symbol), scale = P(Scale Up symbol)
type lander struct {
	mu, nu, e, e2 *big.Rat
	none, sym     []*big.Rat
	scale         *big.Rat
}

func rat(n int64) *big.Rat { return new(big.Rat).SetInt64(n) }

// sq returns n² exactly (n² may not fit an int64).
func sq(n int64) *big.Rat {
	r := rat(n)
	return r.Mul(r, r)
}

func (g *Game) lander(t []Weighted, probs []Prob) lander {
	L := len(g.cfg.Jackpots)
	f := lander{mu: rat(0), nu: rat(0), e: rat(0), e2: rat(0), scale: rat(0)}
	f.none, f.sym = make([]*big.Rat, L), make([]*big.Rat, L)
	for l := range L {
		f.none[l], f.sym[l] = rat(1), rat(0)
	}
	var total uint64
	for _, w := range t {
		total += w.Weight
	}
	tot := new(big.Rat).SetUint64(total)
	add := func(acc *big.Rat, weight uint64, x *big.Rat) {
		p := new(big.Rat).Quo(new(big.Rat).SetUint64(weight), tot)
		acc.Add(acc, p.Mul(p, x))
	}
	for _, w := range t {
		s := w.Symbol
		switch s.Kind {
		case Coin:
			add(f.mu, w.Weight, rat(1))
			add(f.nu, w.Weight, rat(1))
			add(f.e, w.Weight, rat(s.Value))
			add(f.e2, w.Weight, sq(s.Value))
		case Jackpot:
			l := g.level(s.Level)
			q := probs[l].Rat()
			notQ := new(big.Rat).Sub(rat(1), q)
			fb := g.cfg.Jackpots[l].Fallback
			add(f.mu, w.Weight, rat(1))
			add(f.nu, w.Weight, rat(1))
			add(f.e, w.Weight, new(big.Rat).Mul(notQ, rat(fb)))
			add(f.e2, w.Weight, new(big.Rat).Mul(notQ, sq(fb)))
			add(f.sym[l], w.Weight, rat(1))
			add(f.none[l], w.Weight, new(big.Rat).Neg(q))
		case ScaleUp:
			add(f.mu, w.Weight, rat(s.Factor))
			add(f.nu, w.Weight, sq(s.Factor))
			add(f.scale, w.Weight, rat(1))
		}
	}
	return f
}
