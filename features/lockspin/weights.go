package lockspin

import (
	"math/big"
	"slices"
)

// Transition weights: per reel, then per class of equal reels.

// reelWeights returns w[s][j], the weight vector of j landers on one reel with s
// locked: base = C(n,j)·a^(n−j)·b^j·W^s (the probability over W^Rows, n = Rows−s
// empty cells, the locked ones padded with W) times the landers' series.
func (c *chain) reelWeights(land Land, H int, f scaled) [][][]*big.Int {
	a := new(big.Int).SetUint64(land.Blank)
	b := new(big.Int).SetUint64(land.Bonus)
	W := new(big.Int).Add(a, b)
	w := make([][][]*big.Int, H+1)
	for s := 0; s <= H; s++ {
		n := H - s
		w[s] = make([][]*big.Int, n+1)
		p1 := []*big.Int{big.NewInt(1), big.NewInt(0)}
		p2 := []*big.Int{big.NewInt(1), big.NewInt(0), big.NewInt(0)}
		xs := make([]*big.Int, c.nj)
		for l := range xs {
			xs[l] = big.NewInt(1)
		}
		for j := 0; j <= n; j++ {
			if j > 0 {
				p1 = polyMul(p1, []*big.Int{f.mu, f.e})
				p2 = polyMul(p2, []*big.Int{f.nu, f.e2t, f.h})
				for l := range xs {
					xs[l] = new(big.Int).Mul(xs[l], f.x[l])
				}
			}
			base := new(big.Int).Binomial(int64(n), int64(j))
			base.Mul(base, new(big.Int).Exp(a, big.NewInt(int64(n-j)), nil))
			base.Mul(base, new(big.Int).Exp(b, big.NewInt(int64(j)), nil))
			base.Mul(base, new(big.Int).Exp(W, big.NewInt(int64(s)), nil))
			v := make([]*big.Int, c.nc)
			for l := range c.nj {
				v[c.jOff+l] = new(big.Int).Mul(base, xs[l])
			}
			v[chP] = base
			if c.plain {
				v[chN] = base
			} else {
				v[ch1a] = new(big.Int).Mul(base, p1[0])
				v[ch1b] = new(big.Int).Mul(base, p1[1])
				v[ch2a] = new(big.Int).Mul(base, p2[0])
				v[ch2b] = new(big.Int).Mul(base, p2[1])
				v[ch2c] = new(big.Int).Mul(base, p2[2])
			}
			w[s][j] = v
		}
	}
	return w
}

// wmul multiplies two weight vectors: scalars channel by channel, the two
// polynomial channels as truncated polynomials.
func (c *chain) wmul(a, b []*big.Int) []*big.Int {
	out := make([]*big.Int, c.nc)
	for i := range out {
		out[i] = new(big.Int)
	}
	mul := func(i, j, k int) {
		out[i].Add(out[i], new(big.Int).Mul(a[j], b[k]))
	}
	mul(chP, chP, chP)
	if c.plain {
		mul(chN, chN, chN)
	} else {
		mul(ch1a, ch1a, ch1a)
		mul(ch1b, ch1a, ch1b)
		mul(ch1b, ch1b, ch1a)
		mul(ch2a, ch2a, ch2a)
		mul(ch2b, ch2a, ch2b)
		mul(ch2b, ch2b, ch2a)
		mul(ch2c, ch2a, ch2c)
		mul(ch2c, ch2b, ch2b)
		mul(ch2c, ch2c, ch2a)
	}
	for l := range c.nj {
		mul(c.jOff+l, c.jOff+l, c.jOff+l)
	}
	return out
}

func (c *chain) wadd(a, b []*big.Int) {
	for i := range a {
		a[i].Add(a[i], b[i])
	}
}

// unit is the weight vector of certainty.
func (c *chain) unit() []*big.Int {
	v := make([]*big.Int, c.nc)
	for i := range v {
		v[i] = big.NewInt(0)
	}
	v[chP].SetInt64(1)
	if c.plain {
		v[chN].SetInt64(1)
	} else {
		v[ch1a].SetInt64(1)
		v[ch2a].SetInt64(1)
	}
	for l := range c.nj {
		v[c.jOff+l].SetInt64(1)
	}
	return v
}

// classEdges returns, for every class state, the no-landing weight and the landing
// transitions into it. From histogram h, the h[s] reels with s locked split among
// the outcomes j = 0..Rows−s landers each, multinomially.
func (c *chain) classEdges(cl *class, w1 [][][]*big.Int, H int) ([][]*big.Int, [][]edge) {
	self := make([][]*big.Int, len(cl.hists))
	into := make([]map[int][]*big.Int, len(cl.hists))
	for i := range into {
		into[i] = map[int][]*big.Int{}
	}
	type part struct {
		tgt []int
		w   []*big.Int
	}
	// split[s][code of m]: the weight of the reels with s locked splitting as m
	// (m[j] of them landing j), multinomial coefficient included.
	split := make([]map[int][]*big.Int, H+1)
	for s := range split {
		split[s] = map[int][]*big.Int{}
	}
	splitWeight := func(s int, m []int) []*big.Int {
		key := 0
		for _, mj := range m {
			key = key*(cl.reels+1) + mj
		}
		if w, ok := split[s][key]; ok {
			return w
		}
		w := c.unit()
		coef := big.NewInt(1) // multinomial (Σm)! / Π m_j!
		left := 0
		for _, mj := range m {
			left += mj
		}
		for j, mj := range m {
			coef.Mul(coef, new(big.Int).Binomial(int64(left), int64(mj)))
			left -= mj
			for range mj {
				w = c.wmul(w, w1[s][j])
			}
		}
		for i := range w {
			w[i].Mul(w[i], coef)
		}
		split[s][key] = w
		return w
	}
	for si, h := range cl.hists {
		parts := []part{{make([]int, H+1), c.unit()}}
		for s := 0; s <= H; s++ {
			if h[s] == 0 {
				continue
			}
			merged := map[int]int{}
			var next []part
			compositions(h[s], H-s+1, func(m []int) {
				wc := splitWeight(s, m)
				for _, p := range parts {
					tgt := slices.Clone(p.tgt)
					for j, mj := range m {
						tgt[s+j] += mj
					}
					w := c.wmul(p.w, wc)
					k := cl.code(tgt)
					if i, ok := merged[k]; ok {
						c.wadd(next[i].w, w)
						continue
					}
					merged[k] = len(next)
					next = append(next, part{tgt, w})
				}
			})
			parts = next
		}
		for _, p := range parts {
			ti := cl.index[cl.code(p.tgt)]
			if ti == si {
				self[si] = p.w
				continue
			}
			if into[ti][si] == nil {
				into[ti][si] = p.w
			} else {
				c.wadd(into[ti][si], p.w)
			}
		}
	}
	pred := make([][]edge, len(cl.hists))
	for ti, m := range into {
		for si, w := range m {
			pred[ti] = append(pred[ti], edge{si, w})
		}
		slices.SortFunc(pred[ti], func(a, b edge) int { return a.src - b.src })
	}
	return self, pred
}

// compositions calls f with every way to write n as an ordered sum of k parts ≥ 0.
func compositions(n, k int, f func(m []int)) {
	m := make([]int, k)
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == k-1 {
			m[i] = left
			f(m)
			return
		}
		for x := 0; x <= left; x++ {
			m[i] = x
			rec(i+1, left-x)
		}
	}
	rec(0, n)
}

// polyMul multiplies two polynomials in t, truncated to the length of p.
func polyMul(p, q []*big.Int) []*big.Int {
	out := make([]*big.Int, len(p))
	for i := range out {
		out[i] = new(big.Int)
		for a := 0; a <= i && a < len(q); a++ {
			out[i].Add(out[i], new(big.Int).Mul(q[a], p[i-a]))
		}
	}
	return out
}
