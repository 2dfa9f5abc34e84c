package lockspin

import (
	"fmt"
	"math/big"
)

// The exact analysis is a forward pass over the states k = (locked count per
// reel), in an order where every state comes after all states it can be reached
// from. The respin counter needs no states of its own: a state entered with the
// counter at 3 plays one respin, a second with probability P0 (nothing landed)
// and a third with probability P0²; it ends there with probability P0³ (or at
// once when full). Every quantity is carried as an exact integer over a known
// denominator:
//
//   - probabilities over G = S·D^T, where S is the sum of the integer start
//     weights, D = Π_r W_r^Rows (each respin's probabilities are over D when
//     every cell, locked or not, is given its reel's total weight W_r) and
//     T = 3·(empty cells at the emptiest start) bounds the number of respins;
//   - expectations over symbol values over G·L^n at a state with n locked
//     symbols, L being a common denominator of the per-symbol figures.
//
// Division by D is then always exact (divisor checks it), and no GCD is ever
// taken in the pass. The final figures are normalised once, in report.
//
// Channels per state (all E[· ; in the state]):
//
//	0      probability
//	1, 2   polynomial p + t·E[V]             (V = coin total on the grid)
//	3,4,5  polynomial 2p + 2E[V]·t + E[V²]·t²
//	6+l    E[Π over locked symbols of (1 − P(qualified level-l jackpot))]
//
// A respin with n landers maps V to (V + C)·M (C = landed coin values, M = product
// of landed Scale Up factors). Per lander, E[m·e^{tc}] = μ + e·t + … and
// E[m²·e^{tc}] = ν + e·t + e₂/2·t² + …, since a lander is either a coin (m = 1)
// or a Scale Up (c = 0). The products of these series over the landers, times the
// polynomials above, give exactly E[V'] and E[V'²] in the t¹ and t² coefficients,
// and they factor reel by reel, so the sum over all landing patterns is done one
// reel at a time (Σ_r (k_r+1) terms per state instead of Π_r (k_r+1)).
//
// Without Scale Up (every m = 1) the titles' common case runs a lighter pass:
// the coin total is a compound sum over independent values, so E[V] and E[V²]
// follow from the joint moments of the triggering count N0 and the final count,
// and the channels are
//
//	0      probability
//	1      E[N0 ; in the state]
//	2+l    as 6+l above
const (
	chP = iota
	ch1a
	ch1b
	ch2a
	ch2b
	ch2c
	chJ
)

// chN is the plain layout's E[N0] channel; plainJ its first jackpot channel.
const (
	chN    = 1
	plainJ = 2
)

type chain struct {
	cells int
	nj    int // jackpot levels
	nc    int // channels
	plain bool
	jOff  int // first jackpot channel
	sp    *space
	D, L  *big.Int
	// Per class and class state: self[i][s] is the weight of no landing on the
	// class, pred[i][t] the landings that lead into class state t.
	self [][][]*big.Int
	pred [][][]edge
	// per-start inputs
	init  map[int][]*big.Int
	G     *big.Int
	tmp   big.Int
	dv    *divisor // D
	spare [][]big.Int
}

// edge is a landing transition of one class from class state src, with its weight
// vector (probability over the class's share of D, times the landers' series).
type edge struct {
	src int
	w   []*big.Int
}

// chainOut is what the pass accumulates, per final number of locked symbols n.
type chainOut struct {
	// dist over G; ev, ev2 over G·L^n (plain layout: ev is E[N0 ; final n] over G)
	dist, ev, ev2 []*big.Int
	none          [][]*big.Int // [level][n], over G·L^n
	respins       *big.Int     // over G
}

// scaled holds the per-lander series coefficients, times L: F1 = μ + e·t,
// F2 = ν + e2t·t + h·t² (e2t = e in the forward pass), and the scalar x per
// jackpot channel.
type scaled struct {
	mu, e, nu, e2t, h *big.Int
	x                 []*big.Int
}

func newChain(g *Game, sp *space, f scaled, nj int, plain bool) *chain {
	c := &chain{cells: g.cells, nj: nj, plain: plain, jOff: chJ, sp: sp}
	if plain {
		c.jOff = plainJ
	}
	c.nc = c.jOff + nj
	H := sp.rows
	c.D = big.NewInt(1)
	c.dv = newDivisor(g.landTotal, H)
	for _, t := range g.landTotal {
		c.D.Mul(c.D, new(big.Int).Exp(new(big.Int).SetUint64(t), big.NewInt(int64(H)), nil))
	}
	for _, cl := range sp.classes {
		w1 := c.reelWeights(cl.land, H, f)
		self, pred := c.classEdges(cl, w1, H)
		c.self = append(c.self, self)
		c.pred = append(c.pred, pred)
	}
	return c
}

func (c *chain) vec() []big.Int { return make([]big.Int, c.nc) }

// mac adds w ⊗ src to acc: scalars multiply, the polynomial channels convolve.
func (c *chain) mac(acc []big.Int, w []*big.Int, src []big.Int) {
	t := &c.tmp
	madd := func(i int, wi *big.Int, si int) {
		if wi.Sign() != 0 && src[si].Sign() != 0 {
			acc[i].Add(&acc[i], t.Mul(wi, &src[si]))
		}
	}
	if c.plain {
		for i := range acc {
			madd(i, w[i], i)
		}
		return
	}
	madd(chP, w[chP], chP)
	madd(ch1a, w[ch1a], ch1a)
	madd(ch1b, w[ch1a], ch1b)
	madd(ch1b, w[ch1b], ch1a)
	madd(ch2a, w[ch2a], ch2a)
	madd(ch2b, w[ch2a], ch2b)
	madd(ch2b, w[ch2b], ch2a)
	madd(ch2c, w[ch2a], ch2c)
	madd(ch2c, w[ch2b], ch2b)
	madd(ch2c, w[ch2c], ch2a)
	for l := range c.nj {
		madd(c.jOff+l, w[c.jOff+l], c.jOff+l)
	}
}

// run does the forward pass.
func (c *chain) run() (*chainOut, error) {
	sp := c.sp
	R := len(sp.classes)
	N := sp.states()
	// ring[r] (r = 1..R) keeps the full partial sums Z_r of the states still within
	// reach: level r−1 looks back at most (states of class r−1 − 1)·stride[r−1]
	// states. ring[R] is Out.
	ring := make([][][]big.Int, R+1)
	size := make([]int, R+1)
	for r := 1; r <= R; r++ {
		size[r] = (len(sp.classes[r-1].hists)-1)*sp.stride[r-1] + 1
		ring[r] = make([][]big.Int, size[r])
	}
	zp := make([][]big.Int, R+1)
	for r := range zp {
		zp[r] = c.vec()
	}
	out := &chainOut{respins: new(big.Int)}
	newRow := func() []*big.Int {
		v := make([]*big.Int, c.cells+1)
		for i := range v {
			v[i] = new(big.Int)
		}
		return v
	}
	out.dist, out.ev, out.ev2 = newRow(), newRow(), newRow()
	out.none = make([][]*big.Int, c.nj)
	for l := range out.none {
		out.none[l] = newRow()
	}
	Lpow := make([]*big.Int, c.cells+1)
	Lpow[0] = big.NewInt(1)
	for n := 1; n <= c.cells; n++ {
		Lpow[n] = new(big.Int).Mul(Lpow[n-1], c.L)
	}
	k := make([]int, R)
	pi := make([]*big.Int, R+1)
	for r := range pi {
		pi[r] = new(big.Int)
	}
	X, O, term := c.vec(), c.vec(), c.vec()
	var b1 big.Int
	for idx := 0; idx < N; idx++ {
		sp.decode(idx, k)
		n := sp.count(idx)
		pi[R].SetInt64(1)
		for r := R - 1; r >= 0; r-- {
			pi[r].Mul(pi[r+1], c.self[r][k[r]][chP])
		}
		// Landing contributions from the states below, class by class.
		for i := range zp[R] {
			zp[R][i].SetInt64(0)
		}
		for r := R - 1; r >= 0; r-- {
			acc := zp[r]
			for i := range acc {
				acc[i].SetInt64(0)
			}
			c.mac(acc, c.self[r][k[r]], zp[r+1])
			for _, e := range c.pred[r][k[r]] {
				src := ring[r+1][(idx-(k[r]-e.src)*sp.stride[r])%size[r+1]]
				if src != nil {
					c.mac(acc, e.w, src)
				}
			}
		}
		for i := range X {
			if err := c.divD(&X[i], &zp[0][i]); err != nil {
				return nil, fmt.Errorf("%w in channel %d at state %v", err, i, k)
			}
			if in := c.init[idx]; in != nil {
				X[i].Add(&X[i], in[i])
			}
		}
		if !c.plain {
			X[ch1a].Mul(&X[chP], Lpow[n])
			X[ch2a].Lsh(&X[ch1a], 1)
			X[ch2b].Lsh(&X[ch1b], 1)
		}
		full := n == c.cells
		if full {
			for i := range X {
				term[i].Set(&X[i])
			}
			for i := range O {
				O[i].SetInt64(0)
			}
		} else {
			// One, two, three blank respins in a row: X·P0, X·P0², X·P0³.
			for i := range X {
				O[i].Set(&X[i])
				b1.Mul(&X[i], pi[0])
				if err := c.divD(&b1, &b1); err != nil {
					return nil, err
				}
				O[i].Add(&O[i], &b1)
				b1.Mul(&b1, pi[0])
				if err := c.divD(&b1, &b1); err != nil {
					return nil, err
				}
				O[i].Add(&O[i], &b1)
				if !c.plain && (i == ch1a || i == ch2a || i == ch2b) {
					continue // not read from term
				}
				term[i].Mul(&b1, pi[0])
				if err := c.divD(&term[i], &term[i]); err != nil {
					return nil, err
				}
			}
		}
		if X[chP].Sign() != 0 || anyNonZero(zp[1:R]) {
			for r := 1; r < R; r++ {
				v := c.slot(ring[r], idx%size[r])
				for i := range v {
					v[i].Mul(pi[r], &O[i])
					v[i].Add(&v[i], &zp[r][i])
				}
			}
			v := c.slot(ring[R], idx%size[R])
			for i := range v {
				v[i].Set(&O[i])
			}
		} else {
			for r := 1; r <= R; r++ {
				if v := ring[r][idx%size[r]]; v != nil {
					c.spare = append(c.spare, v)
				}
				ring[r][idx%size[r]] = nil
			}
		}
		out.dist[n].Add(out.dist[n], &term[chP])
		if c.plain {
			out.ev[n].Add(out.ev[n], &term[chN])
		} else {
			out.ev[n].Add(out.ev[n], &term[ch1b])
			out.ev2[n].Add(out.ev2[n], &term[ch2c])
		}
		for l := range c.nj {
			out.none[l][n].Add(out.none[l][n], &term[c.jOff+l])
		}
		out.respins.Add(out.respins, &O[chP])
	}
	return out, nil
}

// slot returns the vector in ring slot i, reusing the storage of the state it
// held before (which is out of reach by now).
func (c *chain) slot(ring [][]big.Int, i int) []big.Int {
	if ring[i] == nil {
		if n := len(c.spare); n > 0 {
			ring[i], c.spare = c.spare[n-1], c.spare[:n-1]
		} else {
			ring[i] = c.vec()
		}
	}
	return ring[i]
}

// divD sets dst = x/D, checking that the division is exact.
func (c *chain) divD(dst, x *big.Int) error {
	if dst != x {
		dst.Set(x)
	}
	if !c.dv.div(dst) {
		return fmt.Errorf("lockspin: internal: inexact division")
	}
	return nil
}

func anyNonZero(vs [][]big.Int) bool {
	for _, v := range vs {
		for i := range v {
			if v[i].Sign() != 0 {
				return true
			}
		}
	}
	return false
}
