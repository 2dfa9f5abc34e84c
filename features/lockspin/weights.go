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
// transitions into it. With y_c standing for "a reel that ends with c locked", a
// reel with s locked contributes P_s(y) = Σ_j w1[s][j]·y_(s+j), and histogram h
// moves as the product Π_s P_s(y)^h[s]: each monomial is a target histogram (its
// code, since codes add like histograms) and its coefficient the transition
// weight, multinomial multiplicities included. Powers are cached and products
// shared between histograms with the same leading counts.
func (c *chain) classEdges(cl *class, w1 [][][]*big.Int, H int) ([][]*big.Int, [][]edge) {
	type poly map[int][]*big.Int // monomial code → weight vector
	mul := func(a, b poly) poly {
		out := poly{}
		for ca, wa := range a {
			for cb, wb := range b {
				w := c.wmul(wa, wb)
				if prev, ok := out[ca+cb]; ok {
					c.wadd(prev, w)
				} else {
					out[ca+cb] = w
				}
			}
		}
		return out
	}
	unit := func(cnt int) int { // code of one reel with cnt locked
		h := make([]int, H+1)
		h[cnt] = 1
		return cl.code(h)
	}
	// pow[s][m] = P_s^m
	pow := make([][]poly, H+1)
	for s := 0; s <= H; s++ {
		ps := poly{}
		for j, w := range w1[s] {
			ps[unit(s+j)] = w
		}
		pow[s] = []poly{{0: c.unit()}}
		for m := 1; m <= cl.reels; m++ {
			pow[s] = append(pow[s], mul(pow[s][m-1], ps))
		}
	}
	self := make([][]*big.Int, len(cl.hists))
	pred := make([][]edge, len(cl.hists))
	h := make([]int, H+1)
	var rec func(s, left int, partial poly)
	rec = func(s, left int, partial poly) {
		if s == H {
			h[H] = left
			src := cl.index[cl.code(h)]
			for code, w := range mul(partial, pow[H][left]) {
				t := cl.index[code]
				if t == src {
					self[src] = w
				} else {
					pred[t] = append(pred[t], edge{src, w})
				}
			}
			return
		}
		for m := 0; m <= left; m++ {
			h[s] = m
			rec(s+1, left-m, mul(partial, pow[s][m]))
		}
	}
	rec(0, cl.reels, poly{0: c.unit()})
	for t := range pred {
		slices.SortFunc(pred[t], func(a, b edge) int { return a.src - b.src })
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
