package slot

import (
	"fmt"
	"math"

	"egm/features/freegames"
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
	"P(W ≥ c) from the same bounding variables; float64 on non-negative terms, bounds widened by 10^-12 of the RTP"

// capMargin widens the bounds for float64 rounding (terms are non-negative and
// at most c·lines in size, each with a relative error far below 10^-12).
const capMargin = 1e-12

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

// capFigures computes CapFigures. binds: the largest award before the cap
// reaches it; lsMean: E[Lock & Spin coin total] per number of starting symbols
// (max bet); rtp: the PAR's RTP.
func (t *Title) capFigures(binds bool, lsMean map[int]float64, rtp float64) (*CapFigures, error) {
	cf := &CapFigures{CapX: t.Spec.MaxWinX, Binds: binds, Method: CapMethod, RTPLow: rtp, RTPHigh: rtp}
	g := t.Game
	c := float64(t.Spec.MaxWinX)
	lines := float64(t.Lines())
	trigger := t.LockSpin.Config().Trigger
	maxLS := float64(t.LockSpin.MaxTotal())
	maxFree := t.maxFreeRound()
	// coin values in the base game, Super Colors factors
	var maxV float64
	for _, w := range t.LockSpin.Config().TriggerSymbols {
		maxV = max(maxV, float64(w.Symbol.Value))
	}
	var maxC float64
	colorsDist := func(n int) []factor { return nil }
	if t.Spec.Colors != nil {
		maxC = float64(maxFactor(t.colors))
		cache := map[int][]factor{}
		colorsDist = func(n int) []factor {
			if d, ok := cache[n]; ok {
				return d
			}
			var tot float64
			for _, w := range t.LockSpin.Config().TriggerSymbols {
				tot += float64(w.Weight)
			}
			sum := map[int64]float64{0: 1}
			for range n {
				next := map[int64]float64{}
				for v, p := range sum {
					for _, w := range t.LockSpin.Config().TriggerSymbols {
						next[v+w.Symbol.Value] += p * float64(w.Weight) / tot
					}
				}
				sum = next
			}
			out := map[float64]float64{}
			for v, p := range sum {
				for i, f := range t.colors.factor {
					out[float64(v*f)] += p * float64(t.colors.weight[i]) / float64(t.colors.total)
				}
			}
			var d []factor
			for v, p := range out {
				d = append(d, factor{v, p})
			}
			cache[n] = d
			return d
		}
	}
	clover := []factor{{1, 1}}
	if t.Spec.Clover != nil {
		clover = nil
		for i, f := range t.clovers.factor {
			clover = append(clover, factor{float64(f), float64(t.clovers.weight[i]) / float64(t.clovers.total)})
		}
	}

	type cls struct {
		p      float64  // probability of the class
		b      []factor // base + Super Colors pay (× total bet), its probability in the class
		award  int
		n0     int
		maxTop float64
	}
	var classes []cls
	cycle := float64(g.Base.Cycle())
	for _, pc := range g.PayDist(g.Base, t.capTag) {
		n, cl := pc.Tag&31, pc.Tag >= 32
		k := cls{p: float64(pc.Weight) / cycle}
		sp := float64(g.ScatterPay(pc.Scatters))
		fs := []factor{{1, 1}}
		if cl {
			fs = clover
		}
		var bmax float64
		for _, pv := range pc.Pays {
			for _, f := range fs {
				b := (float64(pv.Pay)/lines + sp) * f.f
				k.b = append(k.b, factor{b, float64(pv.Count) / float64(pc.Weight) * f.p})
				bmax = max(bmax, b)
			}
		}
		top := bmax
		if t.Spec.Colors != nil && n >= t.Spec.Colors.MinCoins && n < trigger {
			// B + C: Super Colors pays n coins' values times the colour's factor
			cd := colorsDist(n)
			sum := map[float64]float64{}
			for _, bp := range k.b {
				for _, cp := range cd {
					sum[bp.f+cp.f] += bp.p * cp.p
				}
			}
			k.b = k.b[:0]
			for v, p := range sum {
				k.b = append(k.b, factor{v, p})
			}
			top += float64(n) * maxV * maxC
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
			k.maxTop = top
			classes = append(classes, k)
		}
	}
	if !binds {
		mc := make([]maxClass, len(classes))
		for i, k := range classes {
			mc[i] = maxClass{p: k.p, b: k.b, n0: k.n0}
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
			fb, err = t.Free.RoundsBounds(awards, t.Spec.MaxWinX*int64(t.Lines()))
			if err != nil {
				return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
			}
		}
	}
	hasFallback := false
	for _, j := range t.LockSpin.Config().Jackpots {
		hasFallback = hasFallback || j.Fallback > 0
	}
	type lpair struct {
		low, high         *tail
		meanLow, meanHigh float64
	}
	ls := map[int]lpair{}
	for _, k := range classes {
		if k.n0 == 0 {
			continue
		}
		if _, ok := ls[k.n0]; ok {
			continue
		}
		lo, err := t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, false)
		if err != nil {
			return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
		}
		m, ok := lsMean[k.n0]
		if !ok {
			return nil, fmt.Errorf("slot: title %q: no Lock & Spin mean for %d symbols", t.Spec.ID, k.n0)
		}
		lp := lpair{low: newTail(lo), meanLow: m}
		lp.high, lp.meanHigh = lp.low, lp.meanLow
		if hasFallback {
			hi, err := t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, true)
			if err != nil {
				return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
			}
			if int64(len(hi)-1) >= t.Spec.MaxWinX {
				return nil, fmt.Errorf("slot: title %q: the cap's cost with jackpot fallbacks and a coin total that reaches the cap is not computed", t.Spec.ID)
			}
			lp.high, lp.meanHigh = newTail(hi), 0
			for v, p := range hi {
				lp.meanHigh += float64(v) * p
			}
		}
		ls[k.n0] = lp
	}
	zero := newTail([]float64{1})
	var lost float64 // games forfeited at the games limit, per round (× total bet)
	if t.Free != nil {
		lost = t.Free.Analyze().CapLostWin / lines
	}
	var costLo, costHi, pLo, pHi float64
	for _, k := range classes {
		lLo, lHi := zero, zero
		var mLo, mHi float64 // E[R] of the two bounding variables
		if k.n0 > 0 {
			lp := ls[k.n0]
			lLo, lHi, mLo, mHi = lp.low, lp.high, lp.meanLow, lp.meanHigh
		}
		var fLo, fRounded, fHi *freegames.Truncated
		if k.award > 0 {
			b := fb[k.award]
			fLo, fRounded, fHi = b.Low, b.Rounded, b.High
			mLo += b.MeanLow / lines
			mHi += b.MeanHigh/lines + lost
		}
		var cLo, cHi, qLo, qHi float64
		for _, bp := range k.b {
			b := bp.f
			// from below: (b + R_low − c)⁺, R_low ≤ R; from above: R_high ≥ R
			e, p0 := eMin(b, fLo, lLo, lines, c)
			e0, _ := eMin(b, fRounded, lHi, lines, c)
			_, p1 := eMin(b, fHi, lHi, lines, c)
			cLo += bp.p * max(0, b+mLo-e)
			cHi += bp.p * max(0, b+mHi-e0)
			qLo += bp.p * p0
			qHi += bp.p * p1
		}
		costLo += k.p * cLo
		costHi += k.p * cHi
		pLo += k.p * qLo
		pHi += k.p * min(1, qHi)
	}
	cf.CostLow, cf.CostHigh = max(0, costLo-capMargin), costHi+capMargin
	cf.RTPLow, cf.RTPHigh = rtp-cf.CostHigh, rtp-cf.CostLow
	cf.PCapLow, cf.PCapHigh = pLo, pHi
	if pHi > 0 {
		cf.OneInLow = 1 / pHi
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
				d, err := t.LockSpin.TotalDist(k.n0, t.Spec.MaxWinX, false)
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
// and P(L ≥ z) need: gt[v] = P(L > v), g[k] = Σ_{v<k} P(L > v) = E[min(L, k)].
type tail struct {
	gt []float64
	g  []float64
}

func newTail(p []float64) *tail {
	T := len(p) - 1
	t := &tail{gt: make([]float64, T+1), g: make([]float64, T+2)}
	s := 0.0
	for v := T; v >= 0; v-- {
		t.gt[v] = s // Σ_{u > v} p[u]
		s += p[v]
	}
	for k := 1; k <= T+1; k++ {
		t.g[k] = t.g[k-1] + t.gt[k-1]
	}
	return t
}

// eMinL is E[min(L, z)] for real z ≥ 0: exact by linear interpolation, L being
// integer-valued.
func (t *tail) eMinL(z float64) float64 {
	if z <= 0 {
		return 0
	}
	T := len(t.gt) - 1
	k := int(z)
	if k >= T {
		return t.g[T]
	}
	return t.g[k] + (z-float64(k))*t.gt[k]
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

// eMin returns E[min(y + F + L, c)] and P(y + F + L ≥ c) for F on its grid (line
// bets, nil: 0) and L, all × total bet but F.
func eMin(y float64, f *freegames.Truncated, l *tail, lines, c float64) (float64, float64) {
	one := func(a float64) (float64, float64) {
		if a >= c {
			return c, 1
		}
		return a + l.eMinL(c-a), l.pGE(c - a)
	}
	if f == nil {
		return one(y)
	}
	T := len(f.P) - 1
	var e, p float64
	for i, pi := range f.P {
		if pi == 0 {
			continue
		}
		if i == T {
			e += pi * c
			p += pi
			continue
		}
		a, b := one(y + float64(int64(i)*f.Unit)/lines)
		e += pi * a
		p += pi * b
	}
	return e, p
}
