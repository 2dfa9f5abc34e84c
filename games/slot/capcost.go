package slot

import (
	"fmt"
	"math"

	"egm/features/freegames"
	"egm/internal/dround"
	"egm/reels"
)

// CapFigures is what the cap on one game's award costs and how often it is
// reached. W is one game's award before the cap (base game, Super Colors, Free
// Games, Lock & Spin; the linked levels are paid on top), c the cap, both × total
// bet. The cost in the RTP is E[W] − E[min(W, c)] = E[(W − c)⁺]; RTPLow..RTPHigh
// is the title's total RTP with the cap counted (the PAR's RTP less the cost),
// PCapLow..PCapHigh is P(W ≥ c) per game: the odds of the top award.
type CapFigures struct {
	CapX int64 `json:"cap_x_bet"`
	// Binds: the award before the cap can exceed the cap. When it cannot, the
	// cost is exactly 0 and P(W ≥ c) is 0.
	Binds     bool    `json:"binds"`
	CostLow   float64 `json:"cost_low"`
	CostHigh  float64 `json:"cost_high"`
	RTPLow    float64 `json:"rtp_capped_low"`
	RTPHigh   float64 `json:"rtp_capped_high"`
	PCapLow   float64 `json:"p_cap_low"`
	PCapHigh  float64 `json:"p_cap_high"`
	OneInLow  float64 `json:"cap_one_in_low"`  // 1 / PCapHigh (the likelier end; 0: never)
	OneInHigh float64 `json:"cap_one_in_high"` // 1 / PCapLow (0: PCapLow is 0)
	Classes   int     `json:"classes"`         // outcome classes that can reach the cap
	// TrueMax, when the cap never binds, is the largest award one game can pay
	// (× total bet; jackpots aside) and PTrueMax its probability per game (from
	// exact counts, in float64); TrueMaxOneIn = 1/PTrueMax.
	TrueMax      float64 `json:"true_max_x_bet,omitempty"`
	PTrueMax     float64 `json:"p_true_max,omitempty"`
	TrueMaxOneIn float64 `json:"true_max_one_in,omitempty"`
	Method       string  `json:"method"`
}

// CapMethod states how CapFigures are computed (on the PAR).
const CapMethod = "per base-game outcome class (coins in view, reels showing the clover, scatters): " +
	"the base pay B exactly (the line-pay distribution of the class by reels.PayDist, plus the scatter pay, times each Magic Clover factor), " +
	"plus Super Colors exactly (n coins' values from the base-game coin table times the colour's factor), " +
	"R = Free Games + Lock & Spin, independent of B and C and of each other given the class: " +
	"Lock & Spin's coin total exactly from the (locked cells, total) chain cut at c " +
	"(jackpot symbols at 0 for the lower and at their fallback for the upper bound: every bet lies between); " +
	"the free-game round from the free set's exact line-pay distribution per scatter count and expanding-symbol reels, " +
	"on a grid of c·lines/1024 line bets, rounded down with retriggers to the depth that fits the games limit (lower) " +
	"and rounded up with every retrigger played (upper); cost = E[(W−c)⁺] of each bounding variable (their exact means less E[min(·,c)]); " +
	"P(W ≥ c) from the same bounding variables; float64 on non-negative terms with every operation rounded in the direction of the bound it feeds (internal/dround), so the bounds are rigorous"

// capTag tags a base column with its coins (bits 0–4) and whether the clover
// shows (32): the tag total is the coins in view plus 32 × the reels showing
// the clover.
func (t *Title) capTag(_ int, col []reels.SymbolID) uint8 {
	var n uint8
	for _, s := range col {
		switch s {
		case t.coin:
			n++
		case t.clover:
			n |= 32
		}
	}
	return n
}

// bpay is one base (and Super Colors) pay of a class, in line bets (exact), with
// its probability in the class rounded down and up.
type bpay struct {
	bl     int64
	pd, pu float64
}

// capFigures computes CapFigures. binds: the largest award before the cap
// reaches it; lsMean: E[Lock & Spin coin total] per number of starting symbols
// (max bet); rtp: the PAR's RTP. Every operation is rounded in the direction
// of the bound it feeds (internal/dround).
func (t *Title) capFigures(binds bool, lsMean map[int]float64, rtp float64) (*CapFigures, error) {
	cf := &CapFigures{CapX: t.Spec.MaxWinX, Binds: binds, Method: CapMethod, RTPLow: rtp, RTPHigh: rtp}
	dn, up := dround.Down, dround.Up
	g := t.Game
	c := float64(t.Spec.MaxWinX)
	nl := int64(t.Lines())
	lines := float64(nl)
	trigger := t.LockSpin.Config().Trigger
	maxLS := float64(t.LockSpin.MaxTotal())
	maxFree := t.maxFreeRound()
	var maxV int64
	for _, w := range t.LockSpin.Config().TriggerSymbols {
		maxV = max(maxV, w.Symbol.Value)
	}
	// Super Colors: the pay of n coins (× total bet, exact) and its probability
	type cpay struct {
		v      int64
		pd, pu float64
	}
	var maxC int64
	colorsDist := func(int) []cpay { return nil }
	if t.Spec.Colors != nil {
		maxC = maxFactor(t.colors)
		cache := map[int][]cpay{}
		colorsDist = func(n int) []cpay {
			if d, ok := cache[n]; ok {
				return d
			}
			var tot uint64
			for _, w := range t.LockSpin.Config().TriggerSymbols {
				tot += w.Weight
			}
			type pp struct{ d, u float64 }
			sum := map[int64]pp{0: {1, 1}}
			for range n {
				next := map[int64]pp{}
				for v, p := range sum {
					for _, w := range t.LockSpin.Config().TriggerSymbols {
						q := next[v+w.Symbol.Value]
						q.d = dn.Add(q.d, dn.Mul(p.d, dn.Div(float64(w.Weight), float64(tot))))
						q.u = up.Add(q.u, up.Mul(p.u, up.Div(float64(w.Weight), float64(tot))))
						next[v+w.Symbol.Value] = q
					}
				}
				sum = next
			}
			out := map[int64]pp{}
			for v, p := range sum {
				for i, f := range t.colors.factor {
					q := out[v*f]
					fw, ft := float64(t.colors.weight[i]), float64(t.colors.total)
					q.d = dn.Add(q.d, dn.Mul(p.d, dn.Div(fw, ft)))
					q.u = up.Add(q.u, up.Mul(p.u, up.Div(fw, ft)))
					out[v*f] = q
				}
			}
			var d []cpay
			for v, p := range out {
				d = append(d, cpay{v, p.d, p.u})
			}
			cache[n] = d
			return d
		}
	}
	type clf struct {
		f      int64
		pd, pu float64
	}
	clover := []clf{{1, 1, 1}}
	if t.Spec.Clover != nil {
		clover = nil
		for i, f := range t.clovers.factor {
			w, tot := float64(t.clovers.weight[i]), float64(t.clovers.total)
			clover = append(clover, clf{f, dn.Div(w, tot), up.Div(w, tot)})
		}
	}

	type cls struct {
		pd, pu float64 // probability of the class, rounded down and up
		b      []bpay  // base + Super Colors pay and its probability in the class
		award  int
		n0     int
	}
	var classes []cls
	cycle := float64(g.Base.Cycle())
	for _, pc := range g.PayDist(g.Base, t.capTag) {
		n, cl := pc.Tag&31, pc.Tag >= 32
		k := cls{pd: dn.Div(float64(pc.Weight), cycle), pu: up.Div(float64(pc.Weight), cycle)}
		sp := g.ScatterPay(pc.Scatters) * nl // line bets
		fs := []clf{{1, 1, 1}}
		if cl {
			fs = clover
		}
		var bmax int64
		wt := float64(pc.Weight)
		for _, pv := range pc.Pays {
			for _, f := range fs {
				bl := (pv.Pay + sp) * f.f
				k.b = append(k.b, bpay{bl, dn.Mul(dn.Div(float64(pv.Count), wt), f.pd), up.Mul(up.Div(float64(pv.Count), wt), f.pu)})
				bmax = max(bmax, bl)
			}
		}
		top := float64(bmax) / lines
		if t.Spec.Colors != nil && n >= t.Spec.Colors.MinCoins && n < trigger {
			// B + C: Super Colors pays n coins' values times the colour's factor
			sum := map[int64]bpay{}
			for _, bp := range k.b {
				for _, cp := range colorsDist(n) {
					key := bp.bl + cp.v*nl
					q := sum[key]
					q.bl = key
					q.pd = dn.Add(q.pd, dn.Mul(bp.pd, cp.pd))
					q.pu = up.Add(q.pu, up.Mul(bp.pu, cp.pu))
					sum[key] = q
				}
			}
			k.b = k.b[:0]
			for _, q := range sum {
				k.b = append(k.b, q)
			}
			top += float64(int64(n) * maxV * maxC)
		}
		if t.Free != nil {
			if a := t.Free.Award(pc.Scatters); a > 0 {
				k.award = a
				top += maxFree
			}
		}
		if n >= trigger {
			k.n0 = n
			top += maxLS
		}
		if top >= c || !binds {
			classes = append(classes, k)
		}
	}
	if !binds {
		mc := make([]maxClass, len(classes))
		for i, k := range classes {
			mc[i] = maxClass{p: k.pd, n0: k.n0}
			for _, b := range k.b {
				mc[i].b = append(mc[i].b, factor{float64(b.bl) / lines, b.pd})
			}
		}
		return cf, t.trueMax(cf, mc)
	}
	cf.Classes = len(classes)
	if len(classes) == 0 {
		return cf, nil
	}
	// Free-game rounds per award, Lock & Spin totals per start.
	var fb map[int]*freegames.Bounds
	if t.Free != nil {
		var awards []int
		seen := map[int]bool{}
		for _, k := range classes {
			if k.award > 0 && !seen[k.award] {
				seen[k.award] = true
				awards = append(awards, k.award)
			}
		}
		if len(awards) > 0 {
			var err error
			fb, err = t.Free.RoundsBounds(awards, t.Spec.MaxWinX*nl)
			if err != nil {
				return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
			}
		}
	}
	hasFallback := false
	for _, j := range t.LockSpin.Config().Jackpots {
		hasFallback = hasFallback || j.Fallback > 0
	}
	// Lock & Spin per start: the low variable (jackpots 0) and the high one
	// (jackpots at their fallback), each with its probabilities rounded down and up
	type lsd struct {
		lowD, lowU, highD, highU *tail
		meanLow, meanHigh        float64 // rounded down, up
	}
	ls := map[int]*lsd{}
	for _, k := range classes {
		if k.n0 == 0 || ls[k.n0] != nil {
			continue
		}
		m, ok := lsMean[k.n0]
		if !ok {
			return nil, fmt.Errorf("slot: title %q: no Lock & Spin mean for %d symbols", t.Spec.ID, k.n0)
		}
		x := &lsd{meanLow: dn.Of(m), meanHigh: up.Of(m)}
		for _, d := range []dround.Dir{dn, up} {
			lo, err := t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, false, d)
			if err != nil {
				return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
			}
			hi := lo
			if hasFallback {
				if hi, err = t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, true, d); err != nil {
					return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
				}
				if int64(len(hi)-1) >= t.Spec.MaxWinX {
					return nil, fmt.Errorf("slot: title %q: the cap's cost with jackpot fallbacks and a coin total that reaches the cap is not computed", t.Spec.ID)
				}
				if d == up { // the high variable's mean, from its uncut distribution
					x.meanHigh = 0
					for v, p := range hi {
						x.meanHigh = up.Add(x.meanHigh, up.Mul(float64(v), p))
					}
				}
			}
			if d == dn {
				x.lowD, x.highD = newTail(d, lo), newTail(d, hi)
			} else {
				x.lowU, x.highU = newTail(d, lo), newTail(d, hi)
			}
		}
		ls[k.n0] = x
	}
	zero := newTail(dn, []float64{1})
	var lost float64 // games forfeited at the games limit, per round (× total bet)
	if t.Free != nil {
		lost = up.Div(up.Of(t.Free.Analyze().CapLostWin), lines)
	}
	var costLo, costHi, pLo, pHi float64
	for _, k := range classes {
		lowD, lowU, highD, highU := zero, zero, zero, zero
		var mLo, mHi float64 // E[R] of the two bounding variables, down and up
		if k.n0 > 0 {
			x := ls[k.n0]
			lowD, lowU, highD, highU, mLo, mHi = x.lowD, x.lowU, x.highD, x.highU, x.meanLow, x.meanHigh
		}
		var fLo, fLoUp, fRounded, fHi *freegames.Truncated
		if k.award > 0 {
			b := fb[k.award]
			fLo, fLoUp, fRounded, fHi = b.Low, b.LowUp, b.Rounded, b.High
			mLo = dn.Add(mLo, dn.Div(b.MeanLow, lines))
			mHi = up.Add(mHi, up.Add(up.Div(b.MeanHigh, lines), lost))
		}
		var cLo, cHi, qLo, qHi float64
		for _, bp := range k.b {
			bd, bu := dn.Div(float64(bp.bl), lines), up.Div(float64(bp.bl), lines)
			// from below: E[(b + R_low − c)⁺] = b + E[R_low] − E[min(b + R_low, c)], R_low ≤ R
			eu := eMin(up, bu, fLoUp, lowU, lines, c)
			cLo = dn.Add(cLo, dn.Mul(bp.pd, dn.Sub(dn.Add(bd, mLo), eu)))
			// from above: the same for R_high ≥ R, E[min] from below
			ed := eMin(dn, bd, fRounded, highD, lines, c)
			cHi = up.Add(cHi, up.Mul(bp.pu, up.Sub(up.Add(bu, mHi), ed)))
			qLo = dn.Add(qLo, dn.Mul(bp.pd, pAtCap(dn, bd, fLo, lowD, lines, c)))
			qHi = up.Add(qHi, up.Mul(bp.pu, pAtCap(up, bu, fHi, highU, lines, c)))
		}
		costLo = dn.Add(costLo, dn.Mul(k.pd, cLo))
		costHi = up.Add(costHi, up.Mul(k.pu, cHi))
		pLo = dn.Add(pLo, dn.Mul(k.pd, qLo))
		pHi = up.Add(pHi, up.Mul(k.pu, min(1, qHi)))
	}
	cf.CostLow, cf.CostHigh = costLo, costHi
	cf.RTPLow, cf.RTPHigh = dn.Sub(dn.Of(rtp), costHi), up.Sub(up.Of(rtp), costLo)
	cf.PCapLow, cf.PCapHigh = pLo, min(1, pHi)
	if pHi > 0 {
		cf.OneInLow = 1 / cf.PCapHigh
	}
	if pLo > 0 {
		cf.OneInHigh = 1 / pLo
	}
	return cf, nil
}

// factor is a value (× total bet, or a multiplier) with its probability.
type factor struct{ f, p float64 }

// maxClass is what trueMax needs of a class: its probability, its base (and
// Super Colors) pay distribution and Lock & Spin's starting symbols (0: none).
type maxClass struct {
	p  float64
	b  []factor
	n0 int
}

// trueMax sets the largest award one game can pay and its probability, for a
// title whose award never reaches the cap, without Free Games (with them it is
// left unset, and the PAR's bound stands; no such title is in the catalogue): per class the largest base (and Super Colors) pay with its probability
// and the largest Lock & Spin total from the class's start with its probability
// (the chain's distribution is then uncut: its largest value is below the cap).
func (t *Title) trueMax(cf *CapFigures, classes []maxClass) error {
	if t.Free != nil {
		return nil // not computed: the bound MaxWinUncapped stands
	}
	type top struct{ v, p float64 }
	lsTop := map[int]top{}
	best := top{v: -1}
	for _, k := range classes {
		var b top
		for _, x := range k.b {
			if x.p == 0 {
				continue
			}
			switch {
			case x.f > b.v+1e-9:
				b = top{x.f, x.p}
			case x.f > b.v-1e-9:
				b.p += x.p
			}
		}
		w := top{b.v, k.p * b.p}
		if k.n0 > 0 {
			l, ok := lsTop[k.n0]
			if !ok {
				d, err := t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, false, dround.Down)
				if err != nil {
					return fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
				}
				for v := len(d) - 1; v >= 0; v-- {
					if d[v] > 0 {
						l = top{float64(v), d[v]}
						break
					}
				}
				lsTop[k.n0] = l
			}
			w = top{w.v + l.v, w.p * l.p}
		}
		switch {
		case w.v > best.v+1e-9:
			best = w
		case w.v > best.v-1e-9:
			best.p += w.p
		}
	}
	cf.TrueMax, cf.PTrueMax = best.v, best.p
	if best.p > 0 {
		cf.TrueMaxOneIn = 1 / best.p
	}
	return nil
}

// tail is an integer-valued distribution (× total bet) with the sums E[min(L, z)]
// and P(L ≥ z) need, rounded in d's direction: gt[v] = P(L > v),
// g[k] = Σ_{v<k} P(L > v) = E[min(L, k)].
type tail struct {
	d  dround.Dir
	gt []float64
	g  []float64
}

func newTail(d dround.Dir, p []float64) *tail {
	T := len(p) - 1
	t := &tail{d: d, gt: make([]float64, T+1), g: make([]float64, T+2)}
	s := 0.0
	for v := T; v >= 0; v-- {
		t.gt[v] = s // Σ_{u > v} p[u]
		s = d.Add(s, p[v])
	}
	for k := 1; k <= T+1; k++ {
		t.g[k] = d.Add(t.g[k-1], t.gt[k-1])
	}
	return t
}

// eMinL is E[min(L, z)] for real z ≥ 0: exact by linear interpolation, L being
// integer-valued (rounded in the tail's direction).
func (t *tail) eMinL(z float64) float64 {
	if z <= 0 {
		return 0
	}
	T := len(t.gt) - 1
	k := int(z)
	if k >= T {
		return t.g[T]
	}
	return t.d.Add(t.g[k], t.d.Mul(t.d.Sub(z, float64(k)), t.gt[k]))
}

// pGE is P(L ≥ z) for real z.
func (t *tail) pGE(z float64) float64 {
	if z <= 0 {
		return 1
	}
	k := int(math.Ceil(z))
	if k > len(t.gt)-1 {
		return 0
	}
	if k == 0 {
		return 1
	}
	return t.gt[k-1]
}

// eMin bounds E[min(y + F + L, c)] in d's direction (y a bound in d's direction,
// F's and L's probabilities rounded in d's direction): F on its grid (line bets,
// nil: 0) and L, all × total bet but F. min(a + L, c) = a + min(L, c − a) grows
// with a, and E[min(L, z)] with z.
func eMin(d dround.Dir, y float64, f *freegames.Truncated, l *tail, lines, c float64) float64 {
	one := func(a float64) float64 {
		if a >= c {
			return c
		}
		return d.Add(a, l.eMinL(d.Sub(c, a)))
	}
	if f == nil {
		return one(y)
	}
	T := len(f.P) - 1
	var e float64
	for i, pi := range f.P {
		if pi == 0 {
			continue
		}
		if i == T {
			e = d.Add(e, d.Mul(pi, c))
			continue
		}
		e = d.Add(e, d.Mul(pi, one(d.Add(y, d.Div(float64(int64(i)*f.Unit), lines)))))
	}
	return e
}

// pAtCap bounds P(y + F + L ≥ c) in d's direction: P(L ≥ c − a) falls as c − a
// grows, so a lower bound takes c − a rounded up.
func pAtCap(d dround.Dir, y float64, f *freegames.Truncated, l *tail, lines, c float64) float64 {
	rev := dround.Dir(-d)
	one := func(a float64) float64 {
		if a >= c {
			return 1
		}
		return l.pGE(rev.Sub(c, a))
	}
	if f == nil {
		return one(y)
	}
	T := len(f.P) - 1
	var p float64
	for i, pi := range f.P {
		if pi == 0 {
			continue
		}
		if i == T {
			p = d.Add(p, pi)
			continue
		}
		p = d.Add(p, d.Mul(pi, one(d.Add(y, d.Div(float64(int64(i)*f.Unit), lines)))))
	}
	return p
}
