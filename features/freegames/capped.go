package freegames

import (
	"fmt"

	"egm/internal/dround"
	"egm/reels"
)

// Truncated is a distribution of a non-negative win cut at a cap, on a grid:
// P[i] (i < len(P)−1) is the probability of a win of exactly i·Unit, and the
// last entry P[T] the probability of a win of at least the cap (T = len(P)−1,
// T·Unit ≥ cap > (T−1)·Unit). Unit and the cap are in line bets.
type Truncated struct {
	Unit int64     `json:"unit"`
	Cap  int64     `json:"cap"`
	P    []float64 `json:"p"`
}

// Bounds bracket the distribution of a round's win. Two variables bound the
// round's win W: the Low variable (each game's win rounded down to the grid,
// retriggers to the depth whose games fit the games limit) is at most W, and the
// rounded-up variable (each game's win rounded up, every retrigger played) at
// least W. Each distribution is given entry by entry as a lower (Down) or upper
// (Up) bound of the exact probabilities (internal/dround), so that for every
// non-decreasing φ ≥ 0 (such as min(W + y, cap), or 1{W + y ≥ cap}):
//
//	Σ φ·Low ≤ E[φ(W)] ≤ Σ φ·High     (tails: Low ≤ W ≤ rounded-up variable)
//	E[φ(Low variable)] ∈ [Σ φ·Low, Σ φ·LowUp]
//	E[φ(rounded-up variable)] ≥ Σ φ·Rounded
type Bounds struct {
	// Low: the Low variable, probabilities rounded down; LowUp: rounded up.
	Low, LowUp *Truncated
	// High: the rounded-up variable as the limit from above (V ← X + Σ V_j
	// iterated from "V ≥ cap"), probabilities rounded up: tails above the round's.
	High *Truncated
	// Rounded: the rounded-up variable as the limit from below (trees cut at a
	// depth), probabilities rounded down: Σ φ·Rounded ≤ E[φ(rounded-up variable)].
	Rounded *Truncated
	// MeanLow is a lower bound of E[Low variable] and MeanHigh an upper bound of
	// E[rounded-up variable] (line bets, uncut): with E[(V − y)⁺] = E[V] −
	// E[min(V, y)], they bracket E[(W − y)⁺].
	MeanLow, MeanHigh float64
}

// CapBins is the grid's size below the cap for RoundBounds: the cap is split into
// about this many bins of whole line bets.
const CapBins = 1024

// RoundBounds brackets the distribution of a round's total win (line bets, the
// multiplier applied) for a round of l awarded games, cut at capLB line bets.
//
// One free game's win X and retrigger K come exactly from the free set's line-pay
// distribution per scatter count and reels showing the expanding symbol
// (reels.PayDist), for each candidate symbol. Then, on a grid of Unit line bets:
//
//   - the rounded-up variable: X rounded up to the grid, every retrigger played
//     (no limit on the games); the distribution of a game with all its
//     descendants V from V ← X + Σ_{j≤K} V_j iterated from "V ≥ cap" (every
//     iterate lies above V: High) and from "V = 0" (every iterate, the trees cut
//     at a depth, lies below: Rounded), until the iterates stop moving (less than
//     10^−12 of the mass at the cap, or 120 steps);
//   - the Low variable: X rounded down, the tree of retriggers cut at the depth d
//     whose games (l·(1 + r + … + r^{d−1}), r the largest retrigger) fit in
//     MaxGames, so that the round (which plays its games breadth first up to
//     MaxGames) plays all of them.
//
// Every operation is on non-negative numbers and rounded in the bound's direction
// (internal/dround; the convolutions sum to nearest and then widen by the bound
// on such sums, see conv), so the figures are bounds of the exact ones, not
// estimates.
func (f *Feature) RoundBounds(l int, capLB int64) (*Bounds, error) {
	m, err := f.RoundsBounds([]int{l}, capLB)
	if err != nil {
		return nil, err
	}
	return m[l], nil
}

// RoundsBounds is RoundBounds for several awards at once (the per-game
// distributions and the trees are shared).
func (f *Feature) RoundsBounds(awards []int, capLB int64) (map[int]*Bounds, error) {
	if capLB <= 0 {
		return nil, fmt.Errorf("freegames: a round cut at %d", capLB)
	}
	unit := max(int64(1), (capLB+CapBins-1)/CapBins)
	T := int((capLB + unit - 1) / unit)
	rmax := 0
	for _, r := range f.retrig {
		rmax = max(rmax, r)
	}
	// depth of the Low variable's tree per award: the largest d with
	// l·(1 + r + … + r^{d−1}) ≤ MaxGames
	depth := map[int]int{}
	maxDepth := 0
	for _, l := range awards {
		if l <= 0 || l > f.MaxGames {
			return nil, fmt.Errorf("freegames: an award of %d games, a round plays at most %d", l, f.MaxGames)
		}
		d, games, level := 0, 0, l
		for games+level <= f.MaxGames {
			games += level
			d++
			if rmax == 0 {
				break
			}
			level *= rmax
		}
		depth[l] = d
		maxDepth = max(maxDepth, d)
	}
	out := map[int]*Bounds{}
	tr := func() *Truncated { return &Truncated{Unit: unit, Cap: capLB, P: make([]float64, T+1)} }
	for _, l := range awards {
		out[l] = &Bounds{Low: tr(), LowUp: tr(), High: tr(), Rounded: tr()}
	}
	games, err := f.gameDists(unit, T)
	if err != nil {
		return nil, err
	}
	for _, d := range []dround.Dir{dround.Down, dround.Up} {
		for _, gd := range games {
			w := d.Div(float64(gd.weight), float64(gd.total))
			xl, xh := gd.dist(d, false), gd.dist(d, true)
			exl, exh, q := gd.moments(d)
			if d == dround.Up && q >= 1 {
				return nil, fmt.Errorf("freegames: %g retriggered games per game on average: the rounds do not end", q)
			}
			for _, l := range awards {
				if d == dround.Down {
					geo := 0.0 // 1 + q + … + q^{depth−1}
					for range depth[l] {
						geo = d.Add(d.Mul(geo, q), 1)
					}
					out[l].MeanLow = d.Add(out[l].MeanLow, d.Mul(w, d.Mul(float64(l), d.Mul(exl, geo))))
				} else {
					out[l].MeanHigh = d.Add(out[l].MeanHigh, d.Mul(w, d.Div(d.Mul(float64(l), exh), dround.Down.Sub(1, q))))
				}
			}
			// the Low variable: depth-limited trees, from "no descendants"
			v := point(T, 0)
			for dep := 1; dep <= maxDepth; dep++ {
				v = step(d, xl, v, T)
				for _, l := range awards {
					if depth[l] == dep {
						dst := out[l].Low
						if d == dround.Up {
							dst = out[l].LowUp
						}
						addScaled(d, dst.P, power(d, v, l, T), w)
					}
				}
			}
			// the rounded-up variable: from above (Up) or from below (Down)
			from := 0
			if d == dround.Up {
				from = T
			}
			v = point(T, from)
			for it := 0; it < 120; it++ {
				nv := step(d, xh, v, T)
				diff := 0.0
				for j := range nv {
					diff += abs(nv[j] - v[j])
				}
				v = nv
				if diff <= 1e-12*v[T] {
					break
				}
			}
			for _, l := range awards {
				dst := out[l].Rounded
				if d == dround.Up {
					dst = out[l].High
				}
				addScaled(d, dst.P, power(d, v, l, T), w)
			}
		}
	}
	return out, nil
}

// gameDist is one free game's win and retrigger count for one expanding-symbol
// candidate, exactly: counts of stop combinations per (win in line bets, K).
type gameDist struct {
	weight, total uint64 // the candidate's weight in the draw, of total
	cycle         uint64
	counts        map[[2]int64]uint64 // (win × line bet, K) → stop combinations
	unit          int64
	T             int
}

func (f *Feature) gameDists(unit int64, T int) ([]gameDist, error) {
	g := f.Game
	nl := int64(g.NumLines())
	cands, weights := f.exp, f.expW
	if len(cands) == 0 {
		cands, weights = []reels.SymbolID{reels.NoSymbol}, []uint64{1}
	}
	var wt uint64
	for _, w := range weights {
		wt += w
	}
	var out []gameDist
	for i, s := range cands {
		var tag reels.Tagger
		if s != reels.NoSymbol {
			tag = reels.SymbolPresent(s)
		}
		gd := gameDist{weight: weights[i], total: wt, cycle: f.Set.Cycle(), counts: map[[2]int64]uint64{}, unit: unit, T: T}
		for _, pc := range g.PayDist(f.Set, tag) {
			k := int64(f.Retrigger(pc.Scatters))
			extra := g.ScatterPay(pc.Scatters) * nl
			if s != reels.NoSymbol {
				extra += g.LinePay(s, pc.Tag) * nl
			}
			for _, pv := range pc.Pays {
				gd.counts[[2]int64{(pv.Pay + extra) * f.Multiplier, k}] += pv.Count
			}
		}
		out = append(out, gd)
	}
	return out, nil
}

// dist is X on the grid per retrigger count, rounded down (up: up), with
// probabilities rounded in d's direction.
func (gd *gameDist) dist(d dround.Dir, up bool) map[int][]float64 {
	out := map[int][]float64{}
	for xk, n := range gd.counts {
		x, k := xk[0], int(xk[1])
		if out[k] == nil {
			out[k] = make([]float64, gd.T+1)
		}
		i := x / gd.unit
		if up {
			i = (x + gd.unit - 1) / gd.unit
		}
		j := min(int(i), gd.T)
		out[k][j] = d.Add(out[k][j], d.Div(float64(n), float64(gd.cycle)))
	}
	return out
}

// moments: E[X rounded down], E[X rounded up] (line bets) and q = E[K], each
// rounded in d's direction.
func (gd *gameDist) moments(d dround.Dir) (exl, exh, q float64) {
	for xk, n := range gd.counts {
		x, k := xk[0], xk[1]
		p := d.Div(float64(n), float64(gd.cycle))
		exl = d.Add(exl, d.Mul(p, float64(x/gd.unit*gd.unit)))
		exh = d.Add(exh, d.Mul(p, float64((x+gd.unit-1)/gd.unit*gd.unit)))
		q = d.Add(q, d.Mul(p, float64(k)))
	}
	return exl, exh, q
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func point(T, i int) []float64 {
	p := make([]float64, T+1)
	p[i] = 1
	return p
}

func addScaled(d dround.Dir, dst, src []float64, w float64) {
	for i, x := range src {
		dst[i] = d.Add(dst[i], d.Mul(x, w))
	}
}

// step is one application of V ← X + Σ_{j≤K} V_j on the grid.
func step(d dround.Dir, x map[int][]float64, v []float64, T int) []float64 {
	out := make([]float64, T+1)
	for k, xk := range x {
		if k == 0 {
			addScaled(d, out, xk, 1)
			continue
		}
		addScaled(d, out, conv(d, xk, power(d, v, k, T), T), 1)
	}
	return out
}

// power is the n-fold convolution of v with itself, cut at T.
func power(d dround.Dir, v []float64, n, T int) []float64 {
	out := point(T, 0)
	b := v
	for n > 0 {
		if n&1 == 1 {
			out = conv(d, out, b, T)
		}
		n >>= 1
		if n > 0 {
			b = conv(d, b, b, T)
		}
	}
	return out
}

// conv is the distribution of the sum of two independent grid variables cut at
// T: entries below T exactly, entry T the mass at or above it — all sums of
// non-negative products, no differences. It sums in plain float64 (rounding to
// nearest) and then widens every entry in d's direction by the classic bound on
// such sums: a sum of n products computed in any order is within a factor
// (1 ± γ_n), γ_n = n·u/(1 − n·u), u = 2^−53, of the exact one, plus n·2^−1075
// for underflow (covered by the least normal number) — here n ≤ 2(T+2), each
// entry being a sum of at most T+1 products of an entry of a with a partial sum
// of b of at most T+1 terms.
func conv(d dround.Dir, a, b []float64, T int) []float64 {
	out := make([]float64, T+1)
	suf := make([]float64, T+2) // suf[j] = Σ_{j' ≥ j} b[j']
	for j := T; j >= 0; j-- {
		suf[j] = suf[j+1] + b[j]
	}
	for i, ai := range a {
		if ai == 0 {
			continue
		}
		lim := T - i // b[j] with i+j < T
		o := out[i : i+max(lim, 0)]
		for j, bj := range b[:len(o)] {
			o[j] += ai * bj
		}
		out[T] += ai * suf[max(lim, 0)]
	}
	g := gamma(2 * (T + 2))
	if d == dround.Down {
		f := dround.Down.Sub(1, g)
		for k, x := range out {
			if x <= minNormal {
				out[k] = 0
				continue
			}
			out[k] = dround.Down.Sub(dround.Down.Mul(x, f), minNormal)
		}
		return out
	}
	f := dround.Up.Add(1, dround.Up.Mul(2, g)) // 1/(1 − γ) ≤ 1 + 2γ
	for k, x := range out {
		out[k] = dround.Up.Add(dround.Up.Mul(x, f), minNormal)
	}
	return out
}

// minNormal is the least positive normal float64.
const minNormal = 0x1p-1022

// gamma is γ_n = n·u/(1 − n·u), u = 2^−53, rounded up.
func gamma(n int) float64 {
	nu := dround.Up.Mul(float64(n), 0x1p-53)
	return dround.Up.Div(nu, dround.Down.Sub(1, nu))
}
