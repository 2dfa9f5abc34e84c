package lockspin

import (
	"fmt"

	"egm/internal/dround"
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
// The computation is in float64 on non-negative terms only, every operation
// rounded in d's direction (internal/dround): each probability is a lower (Down)
// or upper (Up) bound of the exact one.
func (g *Game) TotalDist(n0 int, capX int64, fallback bool, d dround.Dir) ([]float64, error) {
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
	vw := map[int64]uint64{}
	fw := map[int64]uint64{}
	var wv, wf uint64
	for _, w := range c.Symbols {
		if w.Symbol.Kind == ScaleUp {
			fw[w.Symbol.Factor] += w.Weight
			wf += w.Weight
		} else {
			vw[min(value(w.Symbol), top)] += w.Weight
			wv += w.Weight
		}
	}
	vals := make([]float64, T+1)
	for v, w := range vw {
		vals[v] = d.Div(float64(w), float64(wv))
	}
	factors := map[int64]float64{}
	for f, w := range fw {
		factors[f] = d.Div(float64(w), float64(wf))
	}
	pf := d.Div(float64(wf), float64(wv+wf)) // a lander is a Scale Up
	pv := d.Div(float64(wv), float64(wv+wf)) // it is not
	tw := map[int64]uint64{}
	var wt uint64
	for _, w := range c.TriggerSymbols {
		tw[min(value(w.Symbol), top)] += w.Weight
		wt += w.Weight
	}
	trig := make([]float64, T+1)
	for v, w := range tw {
		trig[v] = d.Div(float64(w), float64(wt))
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
				j := min(i+x.v, T)
				out[j] = d.Add(out[j], d.Mul(ai, x.p))
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
				j := min(int64(v)*f, top)
				out[j] = d.Add(out[j], d.Mul(x, p))
			}
		}
		return out
	}
	lt := float64(c.Land[0].Bonus + c.Land[0].Blank)
	p, q := d.Div(float64(c.Land[0].Bonus), lt), d.Div(float64(c.Land[0].Blank), lt) // a cell lands, or not
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
			addTo(d, final, v, 1)
			continue
		}
		p0 := d.Pow(q, e)
		addTo(d, final, v, d.Pow(p0, 3))
		visits := d.Add(1, d.Add(p0, d.Mul(p0, p0)))
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
				w := d.Mul(d.Mul(d.Mul(d.Binom(e, m), d.Pow(p, m)), d.Mul(d.Pow(q, e-m), visits)),
					d.Mul(d.Binom(m, s), d.Mul(d.Pow(pf, s), d.Pow(pv, a))))
				if states[n+m] == nil {
					states[n+m] = make([]float64, T+1)
				}
				addTo(d, states[n+m], y, w)
			}
		}
	}
	return final, nil
}

func addTo(d dround.Dir, dst, src []float64, w float64) {
	if w == 0 {
		return
	}
	for i, x := range src {
		dst[i] = d.Add(dst[i], d.Mul(x, w))
	}
}
