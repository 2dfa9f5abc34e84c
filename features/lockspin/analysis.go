package lockspin

import (
	"fmt"
	"math/big"
)

// Report is the exact analysis of the feature, per feature played, for a start
// distribution and qualification probabilities. Win figures are in multiples of
// the total bet and cover the coin total (Scale Up and jackpot fallbacks
// included); jackpots are counted, not valued, since their amounts are money
// from the linked jackpot system.
type Report struct {
	Mean         *big.Rat        `json:"mean"`          // E[coin total]
	SecondMoment *big.Rat        `json:"second_moment"` // E[coin total²]
	Variance     *big.Rat        `json:"variance"`
	PFull        *big.Rat        `json:"p_full"`
	Respins      *big.Rat        `json:"respins"`   // expected respins played
	Initial      *big.Rat        `json:"initial"`   // expected triggering symbols
	Locked       *big.Rat        `json:"locked"`    // expected locked symbols at the end
	Final        []*big.Rat      `json:"final"`     // P(n symbols locked at the end), n = 0..cells
	ScaleUps     *big.Rat        `json:"scale_ups"` // expected Scale Up symbols landed
	Jackpots     []JackpotReport `json:"jackpots"`
	States       int             `json:"states"`
}

// JackpotReport is one level's figures per feature.
type JackpotReport struct {
	Level string `json:"level"`
	// Symbols is the expected number of this level's symbols landed (qualified or
	// not, triggering ones included).
	Symbols *big.Rat `json:"symbols"`
	// Hits is the expected number of qualified hits, the full-grid award included.
	Hits *big.Rat `json:"hits"`
	// AtLeastOne is P(at least one qualified hit).
	AtLeastOne *big.Rat `json:"at_least_one"`
	// FullGrid is P(the full-grid award is won), zero when it is not this level.
	FullGrid *big.Rat `json:"full_grid"`
}

// Float returns r as a float64 for printing.
func Float(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// Analyse computes the Report exactly. starts is the start distribution (weights
// need not sum to 1; they are normalised); the triggering symbols' values are
// taken as independent draws from TriggerSymbols.
func (g *Game) Analyse(starts []Start, q Qualify) (*Report, error) {
	probs, err := g.probs(q)
	if err != nil {
		return nil, err
	}
	c := &g.cfg
	sd, err := g.startProbs(starts)
	if err != nil {
		return nil, err
	}
	resp := g.lander(c.Symbols, probs)
	trig := g.lander(c.TriggerSymbols, probs)
	nj := len(c.Jackpots)

	// L: a common denominator of every per-symbol figure the pass multiplies by.
	half := new(big.Rat).Quo(resp.e2, rat(2))
	L := big.NewInt(1)
	for _, r := range append([]*big.Rat{resp.mu, resp.nu, resp.e, half, trig.e, trig.e2}, append(resp.none, trig.none...)...) {
		L = lcm(L, r.Denom())
	}
	scale := func(r *big.Rat) *big.Int {
		v := new(big.Int).Mul(r.Num(), L)
		return v.Quo(v, r.Denom())
	}
	f := scaled{mu: scale(resp.mu), e: scale(resp.e), nu: scale(resp.nu), h: scale(half)}
	f.e2t = f.e
	for _, x := range resp.none {
		f.x = append(f.x, scale(x))
	}
	plain := resp.scale.Sign() == 0
	sp := newSpace(g)
	ch := newChain(g, sp, f, nj, plain)
	ch.L = L

	// G = total·D^T: start probabilities are weights over total.
	T := int64(Respins * (g.cells - sd.minN))
	ch.G = new(big.Int).Mul(sd.total, new(big.Int).Exp(ch.D, big.NewInt(T), nil))
	DT := new(big.Int).Quo(ch.G, sd.total)
	e0, e02 := scale(trig.e), scale(trig.e2)
	x0 := make([]*big.Int, nj)
	for l := range x0 {
		x0[l] = scale(trig.none[l])
	}
	// Starts that differ only by a permutation of equal reels share a state; the
	// start vector is linear in the weight, so weights are summed first.
	byState := map[int]*big.Int{}
	for key, w := range sd.w {
		idx := sp.index(g.countsAt(key))
		if byState[idx] == nil {
			byState[idx] = new(big.Int)
		}
		byState[idx].Add(byState[idx], w)
	}
	// A start's vector is M (its probability over G) times a vector that depends
	// only on its number of triggering symbols.
	coefs := map[int][]*big.Int{}
	coef := func(n0 int) []*big.Int {
		if v, ok := coefs[n0]; ok {
			return v
		}
		one := big.NewInt(1)
		var v []*big.Int
		if plain {
			v = make([]*big.Int, ch.nc)
			v[chP] = one
			v[chN] = big.NewInt(int64(n0))
			for l, x := range x0 {
				v[plainJ+l] = new(big.Int).Exp(x, big.NewInt(int64(n0)), nil)
			}
		} else {
			v = startVector(ch.nc, one, n0, L, e0, e02, x0)
		}
		coefs[n0] = v
		return v
	}
	ch.init = map[int][]*big.Int{}
	for idx, w := range byState {
		M := new(big.Int).Mul(w, DT)
		v := make([]*big.Int, ch.nc)
		for i, c := range coef(sp.count(idx)) {
			v[i] = new(big.Int).Mul(M, c)
		}
		ch.init[idx] = v
	}
	out, err := ch.run()
	if err != nil {
		return nil, err
	}
	return g.report(ch, out, sd, resp, trig, probs)
}

// startVector is the channel vector of a start with probability M (over G) and n0
// triggering symbols of independent values (per-symbol E[c]·L = e0, E[c²]·L = e02).
func startVector(nc int, M *big.Int, n0 int, L, e0, e02 *big.Int, x0 []*big.Int) []*big.Int {
	pow := func(x *big.Int, n int) *big.Int {
		if n < 0 {
			return big.NewInt(0)
		}
		return new(big.Int).Exp(x, big.NewInt(int64(n)), nil)
	}
	n := big.NewInt(int64(n0))
	v := make([]*big.Int, nc)
	v[chP] = new(big.Int).Set(M)
	v[ch1a] = new(big.Int).Mul(M, pow(L, n0))
	ev := new(big.Int).Mul(n, e0) // E[V0]·L^n0 / (M·L^(n0−1))
	v[ch1b] = new(big.Int).Mul(M, ev.Mul(ev, pow(L, n0-1)))
	v[ch2a] = new(big.Int).Lsh(v[ch1a], 1)
	v[ch2b] = new(big.Int).Lsh(v[ch1b], 1)
	// E[V0²] = n0·E[c²] + n0(n0−1)·E[c]²
	a := new(big.Int).Mul(n, e02)
	a.Mul(a, pow(L, n0-1))
	b := new(big.Int).Mul(n, big.NewInt(int64(n0-1)))
	b.Mul(b, new(big.Int).Mul(e0, e0))
	b.Mul(b, pow(L, n0-2))
	v[ch2c] = a.Add(a, b).Mul(a, M)
	for l, x := range x0 {
		v[chJ+l] = new(big.Int).Mul(M, pow(x, n0))
	}
	return v
}

func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	return new(big.Int).Mul(a, new(big.Int).Quo(b, g))
}

// countsAt returns the per-reel counts of a start key (reel 0 least significant).
func (g *Game) countsAt(key int) []int {
	k := make([]int, g.cfg.Reels)
	for r := range k {
		k[r] = key % (g.cfg.Rows + 1)
		key /= g.cfg.Rows + 1
	}
	return k
}

// countAt returns the number of locked symbols of start key idx.
func (g *Game) countAt(idx int) int {
	n := 0
	for range g.cfg.Reels {
		n += idx % (g.cfg.Rows + 1)
		idx /= g.cfg.Rows + 1
	}
	return n
}

// starts holds the checked start distribution as integer weights over a common
// total: P(state idx) = w[idx]/total. Integers keep the analysis free of GCDs.
type startDist struct {
	w     map[int]*big.Int // by start key: per-reel counts in radix Rows+1, reel 0 least significant
	total *big.Int
	minN  int // fewest triggering symbols of any start
}

// moment returns Σ P(start)·n0^k as a big.Rat.
func (g *Game) moment(sd startDist, k int) *big.Rat {
	s := new(big.Int)
	for idx, w := range sd.w {
		n := new(big.Int).Exp(big.NewInt(int64(g.countAt(idx))), big.NewInt(int64(k)), nil)
		s.Add(s, n.Mul(n, w))
	}
	return new(big.Rat).SetFrac(s, sd.total)
}

// startProbs checks the starts and brings their weights to integers.
func (g *Game) startProbs(starts []Start) (startDist, error) {
	c := &g.cfg
	sd := startDist{w: map[int]*big.Int{}, total: new(big.Int), minN: g.cells}
	if len(starts) == 0 {
		return sd, fmt.Errorf("lockspin: no start states")
	}
	den := big.NewInt(1)
	idxs := make([]int, len(starts))
	for i, s := range starts {
		if len(s.Locked) != c.Reels {
			return sd, fmt.Errorf("lockspin: start %d has %d reel counts, want %d", i+1, len(s.Locked), c.Reels)
		}
		if s.Weight == nil || s.Weight.Sign() < 0 {
			return sd, fmt.Errorf("lockspin: start %d has a missing or negative weight", i+1)
		}
		idx, n := 0, 0
		for r := c.Reels - 1; r >= 0; r-- {
			k := s.Locked[r]
			if k < 0 || k > c.Rows {
				return sd, fmt.Errorf("lockspin: start %d locks %d symbols on reel %d of %d rows", i+1, k, r+1, c.Rows)
			}
			idx = idx*(c.Rows+1) + k
			n += k
		}
		if n < c.Trigger {
			return sd, fmt.Errorf("lockspin: start %d has %d symbols, below the trigger %d", i+1, n, c.Trigger)
		}
		idxs[i] = idx
		if !s.Weight.IsInt() {
			den = lcm(den, s.Weight.Denom())
		}
	}
	for i, s := range starts {
		if s.Weight.Sign() == 0 {
			continue
		}
		w := new(big.Int).Mul(s.Weight.Num(), new(big.Int).Quo(den, s.Weight.Denom()))
		if sd.w[idxs[i]] == nil {
			sd.w[idxs[i]] = new(big.Int)
		}
		sd.w[idxs[i]].Add(sd.w[idxs[i]], w)
		sd.total.Add(sd.total, w)
		sd.minN = min(sd.minN, g.countAt(idxs[i]))
	}
	if sd.total.Sign() == 0 {
		return sd, fmt.Errorf("lockspin: start weights sum to zero")
	}
	return sd, nil
}

func (g *Game) report(ch *chain, out *chainOut, sd startDist, resp, trig lander, probs []Prob) (*Report, error) {
	G := new(big.Rat).SetInt(ch.G)
	// overAll returns Σ_n x[n]/(G·L^n) with a single normalisation.
	overAll := func(x []*big.Int) *big.Rat {
		s := new(big.Int)
		for n := range x { // Horner: Σ x[n]·L^(N−n)
			s.Mul(s, ch.L)
			s.Add(s, x[n])
		}
		return new(big.Rat).SetFrac(s, new(big.Int).Mul(ch.G, new(big.Int).Exp(ch.L, big.NewInt(int64(len(x)-1)), nil)))
	}
	rep := &Report{Mean: new(big.Rat), SecondMoment: new(big.Rat), Locked: new(big.Rat), Initial: new(big.Rat)}
	rep.States = ch.sp.states()
	total, locked := new(big.Int), new(big.Int)
	for n := 0; n <= g.cells; n++ {
		rep.Final = append(rep.Final, new(big.Rat).SetFrac(out.dist[n], ch.G))
		total.Add(total, out.dist[n])
		locked.Add(locked, new(big.Int).Mul(out.dist[n], big.NewInt(int64(n))))
	}
	if total.Cmp(ch.G) != 0 {
		return nil, fmt.Errorf("lockspin: internal: final distribution does not sum to 1")
	}
	rep.Locked = new(big.Rat).SetFrac(locked, ch.G)
	if !ch.plain {
		rep.Mean = overAll(out.ev)
		rep.SecondMoment = overAll(out.ev2)
	}
	rep.PFull = rep.Final[g.cells]
	rep.Respins = new(big.Rat).Quo(new(big.Rat).SetInt(out.respins), G)
	rep.Initial = g.moment(sd, 1)
	landed := new(big.Rat).Sub(rep.Locked, rep.Initial)
	if ch.plain {
		g.compound(rep, ch, out, sd, resp, trig)
	}
	rep.Variance = new(big.Rat).Sub(rep.SecondMoment, new(big.Rat).Mul(rep.Mean, rep.Mean))
	rep.ScaleUps = new(big.Rat).Mul(landed, resp.scale)
	for l, lv := range g.cfg.Jackpots {
		q := probs[l].Rat()
		jr := JackpotReport{Level: lv.Name, FullGrid: new(big.Rat)}
		jr.Symbols = new(big.Rat).Mul(rep.Initial, trig.sym[l])
		jr.Symbols.Add(jr.Symbols, new(big.Rat).Mul(landed, resp.sym[l]))
		jr.Hits = new(big.Rat).Mul(jr.Symbols, q)
		xs := append([]*big.Int(nil), out.none[l]...)
		if g.cfg.FullGrid == lv.Name {
			// the full grid's award: also no hit when it does not qualify
			p := probs[l]
			x := new(big.Int).Mul(xs[g.cells], new(big.Int).SetUint64(p.Den-p.Num))
			for n := range xs[:g.cells] {
				xs[n] = new(big.Int).Mul(xs[n], new(big.Int).SetUint64(p.Den))
			}
			xs[g.cells] = x
			none := overAll(xs)
			none.Quo(none, new(big.Rat).SetInt(new(big.Int).SetUint64(p.Den)))
			jr.AtLeastOne = new(big.Rat).Sub(rat(1), none)
		} else {
			jr.AtLeastOne = new(big.Rat).Sub(rat(1), overAll(xs))
		}
		if g.cfg.FullGrid == lv.Name {
			jr.FullGrid.Mul(rep.PFull, q)
			jr.Hits.Add(jr.Hits, jr.FullGrid)
		}
		rep.Jackpots = append(rep.Jackpots, jr)
	}
	return rep, nil
}

// compound fills Mean and SecondMoment for the plain layout. With N0 triggering
// values (mean e0, variance v0) and Nn = N − N0 landed values (mean e, variance
// v), all independent of the counts:
//
//	E[V]  = e0·E[N0] + e·E[Nn]
//	E[V²] = v0·E[N0] + v·E[Nn] + e0²·E[N0²] + 2·e0·e·E[N0·Nn] + e²·E[Nn²]
func (g *Game) compound(rep *Report, ch *chain, out *chainOut, sd startDist, resp, trig lander) {
	mul := func(xs ...*big.Rat) *big.Rat {
		r := rat(1)
		for _, x := range xs {
			r.Mul(r, x)
		}
		return r
	}
	sub := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
	n0sq := g.moment(sd, 2)
	nsqI, n0nI := new(big.Int), new(big.Int)
	for n := 0; n <= g.cells; n++ {
		nb := big.NewInt(int64(n))
		nsqI.Add(nsqI, new(big.Int).Mul(out.dist[n], new(big.Int).Mul(nb, nb)))
		n0nI.Add(n0nI, new(big.Int).Mul(out.ev[n], nb))
	}
	nsq, n0n := new(big.Rat).SetFrac(nsqI, ch.G), new(big.Rat).SetFrac(n0nI, ch.G)
	n0 := rep.Initial
	nn := sub(rep.Locked, n0)
	n0nn := sub(n0n, n0sq)                                     // E[N0·Nn]
	nnsq := new(big.Rat).Add(sub(nsq, mul(rat(2), n0n)), n0sq) // E[Nn²]
	v0, v := sub(trig.e2, mul(trig.e, trig.e)), sub(resp.e2, mul(resp.e, resp.e))
	rep.Mean = new(big.Rat).Add(mul(trig.e, n0), mul(resp.e, nn))
	m2 := new(big.Rat).Add(mul(v0, n0), mul(v, nn))
	m2.Add(m2, mul(trig.e, trig.e, n0sq))
	m2.Add(m2, mul(rat(2), trig.e, resp.e, n0nn))
	m2.Add(m2, mul(resp.e, resp.e, nnsq))
	rep.SecondMoment = m2
}
