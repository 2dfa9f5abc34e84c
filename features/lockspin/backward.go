package lockspin

import (
	"fmt"
	"math/big"
)

// StartReport is the exact analysis conditional on one start: the feature's
// figures given the number of triggering symbols on each reel (their values still
// random, from TriggerSymbols). A title needs these for the covariance between the
// base-game win on the triggering spin and the feature, which the exact variance
// of the whole game contains.
type StartReport struct {
	Locked []int    `json:"locked"` // the start
	Mean   *big.Rat `json:"mean"`   // E[coin total], × total bet
	Final  *big.Rat `json:"final"`  // E[locked symbols at the end]
	PFull  *big.Rat `json:"p_full"`
	// Hits is the expected qualified hits per jackpot level, in Config order.
	Hits []*big.Rat `json:"hits"`
}

// Backward-pass channels, per state (the future from the state with the counter
// at 3 maps the coin total V to A·V + B):
//
//	bA   E[A]                      (F1 weights, t⁰)
//	bB1  E[B] from this respin     (F1 weights, t¹, from E[A])
//	bB2  E[B] from later respins   (L^j·P weights, from E[B])
//	bO   1, the probability of some future
//	bU   E[symbols still to land]  ((1+t)^j weights on (1, u))
//	bF   P(full)
//
// E[B] of a state is bB1 + bB2; the two stay apart in the partial sums over
// classes, where bB1 must be carried with the later classes' μ^j and bB2 with L^j
// (they differ under Scale Up). A finished state keeps all of E[B] in bB2.
const (
	bA = iota
	bB1
	bB2
	bO
	bU
	bF
	bChannels
)

// AnalyseStarts computes a StartReport for every start (weights are ignored), by
// one backward pass over the states.
func (g *Game) AnalyseStarts(starts []Start, q Qualify) ([]StartReport, error) {
	probs, err := g.probs(q)
	if err != nil {
		return nil, err
	}
	c := &g.cfg
	for i, s := range starts {
		if len(s.Locked) != c.Reels {
			return nil, fmt.Errorf("lockspin: start %d has %d reel counts, want %d", i+1, len(s.Locked), c.Reels)
		}
		n := 0
		for r, k := range s.Locked {
			if k < 0 || k > c.Rows {
				return nil, fmt.Errorf("lockspin: start %d locks %d symbols on reel %d of %d rows", i+1, k, r+1, c.Rows)
			}
			n += k
		}
		if n < c.Trigger {
			return nil, fmt.Errorf("lockspin: start %d has %d symbols, below the trigger %d", i+1, n, c.Trigger)
		}
	}
	resp := g.lander(c.Symbols, probs)
	trig := g.lander(c.TriggerSymbols, probs)
	L := big.NewInt(1)
	for _, r := range []*big.Rat{resp.mu, resp.e, trig.e} {
		L = lcm(L, r.Denom())
	}
	scale := func(r *big.Rat) *big.Int {
		v := new(big.Int).Mul(r.Num(), L)
		return v.Quo(v, r.Denom())
	}
	one := big.NewInt(1)
	// Weight slots reused: ch1 = F1, ch2 = (1+t)^j, jackpot slot 0 = L^j, slot 1 = 1.
	f := scaled{mu: scale(resp.mu), e: scale(resp.e), nu: one, e2t: one, h: big.NewInt(0), x: []*big.Int{L, one}}
	sp := newSpace(g)
	ch := newChain(g, sp, f, 2, false)
	ch.L = L
	T := int64(Respins * (g.cells - c.Trigger))
	ch.G = new(big.Int).Exp(ch.D, big.NewInt(T), nil)
	Q, err := ch.runBack(c.Trigger)
	if err != nil {
		return nil, err
	}
	// Each figure is formed as one integer fraction, so that every start costs one
	// normalisation per figure.
	e0n, e0d := trig.e.Num(), trig.e.Denom()
	G := ch.G
	out := make([]StartReport, len(starts))
	for i, s := range starts {
		idx := sp.index(s.Locked)
		n0 := sp.count(idx)
		n0b := big.NewInt(int64(n0))
		v := Q[idx]
		// mean = (a·n0·e0 + b)/(G·L^(cells−n0)), e0 = e0n/e0d
		den := new(big.Int).Mul(G, new(big.Int).Exp(L, big.NewInt(int64(g.cells-n0)), nil))
		num := new(big.Int).Mul(&v[bA], n0b)
		num.Mul(num, e0n)
		num.Add(num, new(big.Int).Mul(&v[bB2], e0d))
		r := StartReport{
			Locked: append([]int(nil), s.Locked...),
			Mean:   new(big.Rat).SetFrac(num, den.Mul(den, e0d)),
			Final:  new(big.Rat).SetFrac(new(big.Int).Add(&v[bU], new(big.Int).Mul(n0b, G)), G),
			PFull:  new(big.Rat).SetFrac(&v[bF], G),
		}
		for l, lv := range c.Jackpots {
			// hits = q·(n0·p0 + u·p + [full-grid level]·P(full)), with p0 = trig.sym,
			// p = resp.sym, u = bU/G, P(full) = bF/G
			p0, p, qr := trig.sym[l], resp.sym[l], probs[l]
			h := new(big.Int).Mul(n0b, p0.Num())
			h.Mul(h, p.Denom())
			h.Mul(h, G)
			h.Add(h, new(big.Int).Mul(new(big.Int).Mul(&v[bU], p.Num()), p0.Denom()))
			if c.FullGrid == lv.Name {
				h.Add(h, new(big.Int).Mul(new(big.Int).Mul(&v[bF], p.Denom()), p0.Denom()))
			}
			h.Mul(h, new(big.Int).SetUint64(qr.Num))
			d := new(big.Int).Mul(p0.Denom(), p.Denom())
			d.Mul(d, G)
			d.Mul(d, new(big.Int).SetUint64(qr.Den))
			r.Hits = append(r.Hits, new(big.Rat).SetFrac(h, d))
		}
		out[i] = r
	}
	return out, nil
}

// macBack adds the contribution of a successor state's vector src, through weight
// vector w, to acc (backward channels; see the constants above).
func (c *chain) macBack(acc []big.Int, w []*big.Int, src []big.Int) {
	t := &c.tmp
	madd := func(i int, wi *big.Int, si int) {
		if wi.Sign() != 0 && src[si].Sign() != 0 {
			acc[i].Add(&acc[i], t.Mul(wi, &src[si]))
		}
	}
	madd(bA, w[ch1a], bA)
	madd(bB1, w[ch1a], bB1)
	madd(bB1, w[ch1b], bA)
	madd(bB2, w[c.jOff], bB2)
	madd(bO, w[ch2a], bO)
	madd(bU, w[ch2a], bU)
	madd(bU, w[ch2b], bO)
	madd(bF, w[c.jOff+1], bF)
}

// runBack is the backward pass over the states with at least minN locked, from
// the full grid down. It returns each state's vector: bA and bB over G·L^(cells−n),
// the others over G; E[B] is in bB2.
func (c *chain) runBack(minN int) ([][]big.Int, error) {
	sp := c.sp
	R := len(sp.classes)
	N := sp.states()
	// succ[r][s]: landing transitions out of class state s.
	succ := make([][][]edge, R)
	for r, cl := range sp.classes {
		succ[r] = make([][]edge, len(cl.hists))
		for t, es := range c.pred[r] {
			for _, e := range es {
				succ[r][e.src] = append(succ[r][e.src], edge{t, e.w})
			}
		}
	}
	vec := func() []big.Int { return make([]big.Int, bChannels) }
	// full[r][idx] is Z_r of state idx (r = 1..R−1); Q[idx] is Z_R.
	full := make([][][]big.Int, R+1)
	for r := 1; r <= R; r++ {
		full[r] = make([][]big.Int, N)
	}
	zp := make([][]big.Int, R+1)
	for r := range zp {
		zp[r] = vec()
	}
	k := make([]int, R)
	pi := make([]*big.Int, R+1)
	for r := range pi {
		pi[r] = new(big.Int)
	}
	Lpow := make([]*big.Int, c.cells+1)
	Lpow[0] = big.NewInt(1)
	for n := 1; n <= c.cells; n++ {
		Lpow[n] = new(big.Int).Mul(Lpow[n-1], c.L)
	}
	X, term := vec(), vec()
	var b1, f big.Int
	for idx := N - 1; idx >= 0; idx-- {
		n := sp.count(idx)
		if n < minN {
			continue
		}
		sp.decode(idx, k)
		pi[R].SetInt64(1)
		for r := R - 1; r >= 0; r-- {
			pi[r].Mul(pi[r+1], c.self[r][k[r]][chP])
		}
		for i := range zp[R] {
			zp[R][i].SetInt64(0)
		}
		for r := R - 1; r >= 0; r-- {
			acc := zp[r]
			for i := range acc {
				acc[i].SetInt64(0)
			}
			c.macBack(acc, c.self[r][k[r]], zp[r+1])
			for _, e := range succ[r][k[r]] {
				if src := full[r+1][idx+(e.src-k[r])*sp.stride[r]]; src != nil {
					c.macBack(acc, e.w, src)
				}
			}
		}
		// Terminal value: A = 1, B = 0, no more symbols, full or not.
		for i := range term {
			term[i].SetInt64(0)
		}
		term[bA].Mul(c.G, Lpow[c.cells-n])
		term[bO].Set(c.G)
		if n == c.cells {
			term[bF].Set(c.G)
			for i := range X {
				X[i].Set(&term[i])
			}
		} else {
			// Q = landing·(1 + P0 + P0²) + P0³·terminal, landing = zp/D.
			z := pi[0]
			f.Mul(z, c.D)
			f.Add(&f, new(big.Int).Mul(c.D, c.D))
			f.Add(&f, new(big.Int).Mul(z, z))
			z3 := new(big.Int).Exp(z, big.NewInt(3), nil)
			for i := range X {
				X[i].Mul(&zp[0][i], &f)
				b1.Mul(&term[i], z3)
				X[i].Add(&X[i], &b1)
				for range 3 {
					if !c.dv.div(&X[i]) {
						return nil, fmt.Errorf("lockspin: internal: inexact division at state %v", k)
					}
				}
			}
		}
		X[bB2].Add(&X[bB2], &X[bB1])
		X[bB1].SetInt64(0)
		for r := 1; r < R; r++ {
			v := vec()
			for i := range v {
				v[i].Mul(pi[r], &X[i])
				v[i].Add(&v[i], &zp[r][i])
			}
			full[r][idx] = v
		}
		v := vec()
		for i := range v {
			v[i].Set(&X[i])
		}
		full[R][idx] = v
	}
	return full[R], nil
}
