package freegames

import (
	"math"
	"math/big"

	"egm/reels"
)

var ratOne = big.NewRat(1, 1)

// SymbolMath is the exact per-game math for one choice of the expanding symbol
// (ID = reels.NoSymbol when the title has none). Wins are in line bets.
type SymbolMath struct {
	Symbol string         `json:"symbol,omitempty"`
	ID     reels.SymbolID `json:"id"`
	Weight uint64         `json:"weight"`
	// Reveal[r] is P(the symbol shows in reel r's window) on the free strips, and
	// Reels[n] = P(it shows on exactly n reels): the product of those Bernoullis.
	Reveal []*big.Rat `json:"reveal,omitempty"`
	Reels  []*big.Rat `json:"reels,omitempty"`
	// Expansion is E[expansion pay] per free game, before the multiplier.
	Expansion *big.Rat `json:"expansion"`
	GameMean  *big.Rat `json:"game_mean"`   // E[X], X = free game win × multiplier
	GameSq    *big.Rat `json:"game_sq"`     // E[X²]
	GameK     *big.Rat `json:"game_k"`      // E[X·K]
	TreeMean  *big.Rat `json:"tree_mean"`   // E[V]: a game and all its retriggers
	TreeSq    *big.Rat `json:"tree_second"` // E[V²]
}

// Analysis is the exact math of the round.
type Analysis struct {
	Title string `json:"title"`
	Cycle uint64 `json:"cycle"` // stop combinations of the free set
	// Q = E[K] and KSq = E[K²]: games awarded by retrigger per free game.
	Q   *big.Rat `json:"q"`
	KSq *big.Rat `json:"k_sq"`
	// LineMean is E[line + scatter win] per free game, before the multiplier.
	LineMean *big.Rat     `json:"line_mean"`
	Symbols  []SymbolMath `json:"symbols"`
	// CapLostGames bounds E[(N − MaxGames)⁺], the games forfeited by the cap per
	// round of the largest award; CapLostWin bounds the win they would have paid
	// (line bets). Log10 forms survive underflow.
	CapLostGames      float64 `json:"cap_lost_games"`
	CapLostGamesLog10 float64 `json:"cap_lost_games_log10"`
	CapLostWin        float64 `json:"cap_lost_win"`
	weightTotal       uint64
}

// Analyze computes the round's exact math.
func (f *Feature) Analyze() *Analysis {
	g, set := f.Game, f.Set
	nl := int64(g.NumLines())
	e := g.Enumerate(set, nil)
	cyc := new(big.Int).SetUint64(e.Cycle)
	a := &Analysis{Title: g.Title, Cycle: e.Cycle}
	per := func(x *big.Int) *big.Rat { return new(big.Rat).SetFrac(x, cyc) }
	bi := func(x int64) *big.Int { return big.NewInt(x) }
	bu := func(x uint64) *big.Int { return new(big.Int).SetUint64(x) }

	// Line + scatter part: W and K by scatter class.
	sumW, sumW2, sumWK, sumK, sumK2 := new(big.Int), new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for _, c := range e.Classes {
		k := bi(int64(f.Retrigger(c.Scatters)))
		sumW.Add(sumW, c.Sum.Big())
		sumW2.Add(sumW2, c.SumSq.Big())
		sumWK.Add(sumWK, new(big.Int).Mul(c.Sum.Big(), k))
		wk := new(big.Int).Mul(bu(c.Weight), k)
		sumK.Add(sumK, wk)
		sumK2.Add(sumK2, wk.Mul(wk, k))
	}
	a.Q, a.KSq, a.LineMean = per(sumK), per(sumK2), per(sumW)
	oneMinusQ := new(big.Rat).Sub(ratOne, a.Q)
	m := big.NewRat(f.Multiplier, 1)

	cands, weights := f.exp, f.expW
	if len(cands) == 0 {
		cands, weights = []reels.SymbolID{reels.NoSymbol}, []uint64{1}
	}
	for i, s := range cands {
		sm := SymbolMath{ID: s, Weight: weights[i]}
		a.weightTotal += weights[i]
		sumE, sumE2, sumWE, sumEK := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
		if s != reels.NoSymbol {
			sm.Symbol = g.Symbols[s].Name
			sm.Reveal, sm.Reels = f.bernoulli(s)
			tj := g.TagJoint(set, reels.SymbolPresent(s))
			for t := range tj.Weight {
				pay := bi(g.LinePay(s, t) * nl)
				if pay.Sign() == 0 {
					continue
				}
				wt := new(big.Int)
				withScat := tj.LineSum[t].Big()
				for k, w := range tj.Weight[t] {
					wt.Add(wt, bu(w))
					withScat.Add(withScat, new(big.Int).Mul(bu(w), bi(g.ScatterPay(k)*nl)))
					sumEK.Add(sumEK, new(big.Int).Mul(new(big.Int).Mul(bu(w), pay), bi(int64(f.Retrigger(k)))))
				}
				sumE.Add(sumE, new(big.Int).Mul(wt, pay))
				sumE2.Add(sumE2, new(big.Int).Mul(wt, new(big.Int).Mul(pay, pay)))
				sumWE.Add(sumWE, new(big.Int).Mul(withScat, pay))
			}
		}
		sm.Expansion = per(sumE)
		// X = m(W + E)
		sm.GameMean = new(big.Rat).Mul(m, per(new(big.Int).Add(sumW, sumE)))
		x2 := new(big.Int).Add(sumW2, sumE2)
		x2.Add(x2, new(big.Int).Lsh(sumWE, 1))
		sm.GameSq = new(big.Rat).Mul(new(big.Rat).Mul(m, m), per(x2))
		sm.GameK = new(big.Rat).Mul(m, per(new(big.Int).Add(sumWK, sumEK)))
		sm.TreeMean, sm.TreeSq = tree(sm.GameMean, sm.GameSq, sm.GameK, a.Q, a.KSq, oneMinusQ)
		a.Symbols = append(a.Symbols, sm)
	}
	f.capBound(a, e)
	return a
}

// tree solves the branching recursion V = X + Σ_{j≤K} V_j for E[V] and E[V²].
func tree(ex, ex2, exk, q, k2, oneMinusQ *big.Rat) (*big.Rat, *big.Rat) {
	mu := new(big.Rat).Quo(ex, oneMinusQ)
	v2 := new(big.Rat).Set(ex2)
	v2.Add(v2, new(big.Rat).Mul(big.NewRat(2, 1), new(big.Rat).Mul(exk, mu)))
	v2.Add(v2, new(big.Rat).Mul(new(big.Rat).Sub(k2, q), new(big.Rat).Mul(mu, mu)))
	return mu, v2.Quo(v2, oneMinusQ)
}

// bernoulli returns P(s shows on reel r) per reel and the distribution of the
// number of reels showing s (independent reels: a product of Bernoullis).
func (f *Feature) bernoulli(s reels.SymbolID) (reveal, count []*big.Rat) {
	g, set := f.Game, f.Set
	count = []*big.Rat{big.NewRat(1, 1)}
	for r := range g.Reels {
		hits := 0
		for k := range set.Len(r) {
			col := set.Column(r, k)
			for row := range g.Rows {
				if col[row] == s {
					hits++
					break
				}
			}
		}
		p := big.NewRat(int64(hits), int64(set.Len(r)))
		np := new(big.Rat).Sub(ratOne, p)
		reveal = append(reveal, p)
		next := make([]*big.Rat, len(count)+1)
		for n := range next {
			next[n] = new(big.Rat)
			if n < len(count) {
				next[n].Add(next[n], new(big.Rat).Mul(count[n], np))
			}
			if n > 0 {
				next[n].Add(next[n], new(big.Rat).Mul(count[n-1], p))
			}
		}
		count = next
	}
	return reveal, count
}

// Games returns E[N] and E[N²] for the number of free games of a round of L
// awarded games (uncapped).
func (a *Analysis) Games(l int) (mean, second *big.Rat) {
	om := new(big.Rat).Sub(ratOne, a.Q)
	mu, v2 := tree(ratOne, ratOne, a.Q, a.Q, a.KSq, om)
	return roundMoments(l, mu, v2)
}

// Round returns E[T] and E[T²] of the total win T (line bets, multiplier applied)
// of a round of L awarded games, averaged over the expanding symbol's draw.
func (a *Analysis) Round(l int) (mean, second *big.Rat) {
	mean, second = new(big.Rat), new(big.Rat)
	for _, s := range a.Symbols {
		w := big.NewRat(int64(s.Weight), int64(a.weightTotal))
		m1, m2 := roundMoments(l, s.TreeMean, s.TreeSq)
		mean.Add(mean, m1.Mul(m1, w))
		second.Add(second, m2.Mul(m2, w))
	}
	return mean, second
}

// GameMean is E[X] per free game averaged over the expanding symbol's draw (the
// "mean win per free game × multiplier" of the RTP formula).
func (a *Analysis) GameMean() *big.Rat {
	out := new(big.Rat)
	for _, s := range a.Symbols {
		out.Add(out, new(big.Rat).Mul(s.GameMean, big.NewRat(int64(s.Weight), int64(a.weightTotal))))
	}
	return out
}

// roundMoments: T = Σ of L independent trees.
func roundMoments(l int, mu, v2 *big.Rat) (*big.Rat, *big.Rat) {
	L := big.NewRat(int64(l), 1)
	mean := new(big.Rat).Mul(L, mu)
	second := new(big.Rat).Mul(L, v2)
	second.Add(second, new(big.Rat).Mul(big.NewRat(int64(l)*int64(l-1), 1), new(big.Rat).Mul(mu, mu)))
	return mean, second
}

// retriggerMean is q = E[K] from the free set's scatter-count distribution.
func (f *Feature) retriggerMean() *big.Rat {
	g, set := f.Game, f.Set
	dist := []uint64{1}
	for r := range g.Reels {
		next := make([]uint64, len(dist)+g.Rows)
		for k := range set.Len(r) {
			col := set.Column(r, k)
			n := 0
			for row := range g.Rows {
				if col[row] == g.Scatter {
					n++
				}
			}
			for c, w := range dist {
				next[c+n] += w
			}
		}
		dist = next
	}
	num := new(big.Int)
	for k, w := range dist {
		num.Add(num, new(big.Int).Mul(new(big.Int).SetUint64(w), big.NewInt(int64(f.Retrigger(k)))))
	}
	return new(big.Rat).SetFrac(num, new(big.Int).SetUint64(set.Cycle()))
}

// capBound bounds E[(N − cap)⁺] for the largest award with a Chernoff bound on the
// retrigger walk: N > n needs L + S_n − n > 0 (S_n = the first n retriggers), so
// P(N > n) ≤ e^{−θ(n−L+1)}·M(θ)^n for every θ > 0, M the generating function of K,
// and Σ_{n≥cap} P(N > n) ≤ e^{θ(L−1)}·r^cap/(1 − r) with r = M(θ)e^{−θ} < 1.
func (f *Feature) capBound(a *Analysis, e *reels.Enumeration) {
	L := 0
	for _, v := range f.awards {
		L = max(L, v)
	}
	// P(K = k) in float (the bound needs no exactness; the figures it bounds do).
	probs := map[int]float64{}
	for _, c := range e.Classes {
		probs[f.Retrigger(c.Scatters)] += float64(c.Weight) / float64(e.Cycle)
	}
	if len(probs) == 1 && probs[0] > 0 {
		a.CapLostGames, a.CapLostGamesLog10 = 0, math.Inf(-1) // no retriggers: N = L ≤ cap
		return
	}
	best := math.Inf(1)
	for i := 1; i <= 4000; i++ {
		th := float64(i) * 0.005
		m := 0.0
		for k, p := range probs {
			m += p * math.Exp(th*float64(k))
		}
		r := m * math.Exp(-th)
		if r >= 1 {
			continue
		}
		lb := th*float64(L-1) + float64(f.MaxGames)*math.Log(r) - math.Log1p(-r)
		best = min(best, lb)
	}
	a.CapLostGamesLog10 = best / math.Ln10
	a.CapLostGames = math.Exp(best)
	maxMean := 0.0
	for _, s := range a.Symbols {
		v, _ := s.GameMean.Float64()
		maxMean = max(maxMean, v)
	}
	a.CapLostWin = a.CapLostGames * maxMean
}
