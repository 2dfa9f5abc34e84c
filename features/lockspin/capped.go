package lockspin

import (
	"fmt"
	"math"
)

// TotalDist is the distribution of the feature's coin total (× total bet) for a
// round started with n0 triggering symbols, cut at capX: P[v] for v < len−1 is
// P(total = v), the last entry P(total ≥ capX) (or, when the feature cannot reach
// capX, the array ends at MaxTotal and the last entry is P(total = MaxTotal)).
// Jackpot symbols count as their level's fallback value when fallback is set (an
// unqualified symbol, the largest total) and as 0 otherwise (qualified, paid by the
// linked levels, the smallest total); the two bracket every bet.
//
// The respin chain runs on (locked cells, coin total): with every reel's landing
// table the same, each empty cell lands with the same probability p and the next
// state depends only on how many land. A state entered with the counter at 3
// moves to n + m (m ≥ 1 landed) with probability C(e,m)p^m(1−p)^(e−m)·(1 + P0 + P0²)
// (P0 = (1−p)^e: nothing lands on a respin, e empty cells) and ends with P0³; the
// m landers are a coins-or-jackpots and s = m − a Scale Ups (binomially), and the
// total becomes (V + C_a)·F_s, C_a the sum of a values, F_s the product of s
// factors. Totals at or above the cap are one state, since the total never falls.
// The computation is in float64 on non-negative terms only.
func (g *Game) TotalDist(n0 int, capX int64, fallback bool) ([]float64, error) {
	c := &g.cfg
	for _, l := range c.Land[1:] {
		if l != c.Land[0] {
			return nil, fmt.Errorf("lockspin: the coin total's distribution needs the same landing table on every reel")
		}
	}
	if n0 < c.Trigger || n0 > g.cells {
		return nil, fmt.Errorf("lockspin: %d triggering symbols on %d cells, trigger %d", n0, g.cells, c.Trigger)
	}
	top := min(capX, g.MaxTotal())
	T := int(top)
	value := func(s Symbol) int64 {
		switch s.Kind {
		case Coin:
			return s.Value
		case Jackpot:
			if fallback {
				return c.Jackpots[g.level(s.Level)].Fallback
			}
		}
		return 0
	}
	// landers: values (coins, jackpots) and factors (Scale Up), conditional
	vals := make([]float64, T+1)
	factors := map[int64]float64{}
	var wv, wf float64
	for _, w := range c.Symbols {
		if w.Symbol.Kind == ScaleUp {
			factors[w.Symbol.Factor] += float64(w.Weight)
			wf += float64(w.Weight)
		} else {
			vals[min(value(w.Symbol), top)] += float64(w.Weight)
			wv += float64(w.Weight)
		}
	}
	for i := range vals {
		vals[i] /= wv
	}
	for f := range factors {
		factors[f] /= wf
	}
	pf := wf / (wv + wf)
	trig := make([]float64, T+1)
	var wt float64
	for _, w := range c.TriggerSymbols {
		wt += float64(w.Weight)
	}
	for _, w := range c.TriggerSymbols {
		trig[min(value(w.Symbol), top)] += float64(w.Weight) / wt
	}
	// conv adds one lander drawn from the sparse table b to a.
	type entry struct {
		v int
		p float64
	}
	sparse := func(b []float64) []entry {
		var out []entry
		for v, p := range b {
			if p != 0 {
				out = append(out, entry{v, p})
			}
		}
		return out
	}
	conv := func(a []float64, b []entry) []float64 {
		out := make([]float64, T+1)
		for i, ai := range a {
			if ai == 0 {
				continue
			}
			for _, x := range b {
				out[min(i+x.v, T)] += ai * x.p
			}
		}
		return out
	}
	scale := func(a []float64) []float64 { // × one Scale Up factor
		out := make([]float64, T+1)
		for v, x := range a {
			if x == 0 {
				continue
			}
			for f, p := range factors {
				out[min(int64(v)*f, top)] += x * p
			}
		}
		return out
	}
	p := float64(c.Land[0].Bonus) / float64(c.Land[0].Bonus+c.Land[0].Blank)
	states := make([][]float64, g.cells+1)
	v0 := make([]float64, T+1)
	v0[0] = 1
	for range n0 {
		v0 = conv(v0, sparse(trig))
	}
	states[n0] = v0
	final := make([]float64, T+1)
	for n := n0; n <= g.cells; n++ {
		v := states[n]
		if v == nil {
			continue
		}
		states[n] = nil
		e := g.cells - n
		if e == 0 {
			addTo(final, v, 1)
			continue
		}
		p0 := math.Pow(1-p, float64(e))
		addTo(final, v, p0*p0*p0)
		visits := 1 + p0 + p0*p0
		sv := sparse(vals)
		// u[a] = V ⊗ (a values); y = u[a] × s factors, for a + s ≤ e
		u := v
		for a := 0; a <= e; a++ {
			if a > 0 {
				u = conv(u, sv)
			}
			y := u
			for s := 0; a+s <= e; s++ {
				if s > 0 && pf == 0 {
					break
				}
				if s > 0 {
					y = scale(y)
				}
				m := a + s
				if m == 0 {
					continue
				}
				w := binom(e, m) * math.Pow(p, float64(m)) * math.Pow(1-p, float64(e-m)) * visits *
					binom(m, s) * math.Pow(pf, float64(s)) * math.Pow(1-pf, float64(a))
				if states[n+m] == nil {
					states[n+m] = make([]float64, T+1)
				}
				addTo(states[n+m], y, w)
			}
		}
	}
	return final, nil
}

func addTo(dst, src []float64, w float64) {
	if w == 0 {
		return
	}
	for i, x := range src {
		dst[i] += x * w
	}
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
