package freegames

import (
	"fmt"

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

// Bounds are two distributions that bracket the true one in the usual stochastic
// order: Low ≤ the round's win ≤ High, each on its own probability space, so that
// E[φ(Low)] ≤ E[φ(win)] ≤ E[φ(High)] for every non-decreasing φ (such as
// min(win + y, cap), or 1[win + y ≥ cap]).
type Bounds struct {
	Low, High *Truncated
	// Rounded is the rounded-up round with every retrigger played, as the limit
	// from below (trees cut at a depth, a variable below that round): with
	// MeanHigh, E[(win − y)⁺] ≤ MeanHigh − E[min(Rounded, y)] bounds from above.
	Rounded *Truncated
	// MeanLow and MeanHigh are the exact means of the two bounding variables
	// (line bets), uncut: E[(win − y)⁺] = mean − E[min(win, y)] for each.
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
//   - High: X rounded up to the grid, every retrigger played (no limit on the
//     games), and the distribution of a game with all its descendants V taken as
//     the limit from above of V ← X + Σ_{j≤K} V_j started at "V ≥ cap": every
//     iterate lies above the true one, so stopping anywhere is an upper bound
//     (it stops when an iterate moves less than 10^−12 of its mass at the cap,
//     or after 120); Rounded is the same round as the limit from below (trees
//     cut at a depth), for E[min(win, y)] from below;
//   - Low: X rounded down, the tree of retriggers cut at the depth d whose games
//     (l·(1 + r + … + r^{d−1}), r the largest retrigger) fit in MaxGames, so that
//     the round (which plays its games breadth first up to MaxGames) plays all of
//     them: a lower bound.
//
// The computation is in float64 on non-negative terms only (sums and products),
// so each figure carries a relative rounding error of at most n·2^−53 for n
// operations in its longest chain; callers widen the bounds accordingly.
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
	rmax := 0
	for _, r := range f.retrig {
		rmax = max(rmax, r)
	}
	// depth of the lower bound's tree per award: the largest d with
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
	for _, l := range awards {
		out[l] = &Bounds{Low: &Truncated{Unit: unit, Cap: capLB, P: make([]float64, T+1)},
			High:    &Truncated{Unit: unit, Cap: capLB, P: make([]float64, T+1)},
			Rounded: &Truncated{Unit: unit, Cap: capLB, P: make([]float64, T+1)}}
	}
	cycle := float64(f.Set.Cycle())
	for i, s := range cands {
		var tag reels.Tagger
		if s != reels.NoSymbol {
			tag = reels.SymbolPresent(s)
		}
		// per retrigger count: X on the grid, rounded down and up
		xl, xh := map[int][]float64{}, map[int][]float64{}
		var exl, exh, q float64 // E[X] rounded down and up, E[K]
		for _, pc := range g.PayDist(f.Set, tag) {
			k := f.Retrigger(pc.Scatters)
			if xl[k] == nil {
				xl[k], xh[k] = make([]float64, T+1), make([]float64, T+1)
			}
			extra := g.ScatterPay(pc.Scatters) * nl
			if s != reels.NoSymbol {
				extra += g.LinePay(s, pc.Tag) * nl
			}
			for _, pv := range pc.Pays {
				x := (pv.Pay + extra) * f.Multiplier
				p := float64(pv.Count) / cycle
				xl[k][min(int(x/unit), T)] += p
				xh[k][min(int((x+unit-1)/unit), T)] += p
				exl += p * float64(x/unit*unit)
				exh += p * float64((x+unit-1)/unit*unit)
				q += p * float64(k)
			}
		}
		if q >= 1 {
			return nil, fmt.Errorf("freegames: %d retriggered games per game on average: the rounds do not end", int(q))
		}
		w := float64(weights[i]) / float64(wt)
		for _, l := range awards {
			geo := 0.0 // 1 + q + … + q^{d−1}
			for j := 0; j < depth[l]; j++ {
				geo = geo*q + 1
			}
			out[l].MeanLow += w * float64(l) * exl * geo
			out[l].MeanHigh += w * float64(l) * exh / (1 - q)
		}
		// Low: depth-limited trees, from "no descendants".
		v := point(T, 0)
		for d := 1; d <= maxDepth; d++ {
			v = step(xl, v, T)
			for _, l := range awards {
				if depth[l] == d {
					addScaled(out[l].Low.P, power(v, l, T), w)
				}
			}
		}
		// High: from above; Rounded: from below; until the iterates stop moving.
		for _, from := range []int{T, 0} {
			v = point(T, from)
			for it := 0; it < 120; it++ {
				nv := step(xh, v, T)
				d := 0.0
				for j := range nv {
					d += abs(nv[j] - v[j])
				}
				v = nv
				if d <= 1e-12*v[T] {
					break
				}
			}
			for _, l := range awards {
				if from == T {
					addScaled(out[l].High.P, power(v, l, T), w)
				} else {
					addScaled(out[l].Rounded.P, power(v, l, T), w)
				}
			}
		}
	}
	return out, nil
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

func addScaled(dst, src []float64, w float64) {
	for i, x := range src {
		dst[i] += x * w
	}
}

// step is one application of V ← X + Σ_{j≤K} V_j on the grid.
func step(x map[int][]float64, v []float64, T int) []float64 {
	out := make([]float64, T+1)
	for k, xk := range x {
		if k == 0 {
			addScaled(out, xk, 1)
			continue
		}
		addScaled(out, Conv(xk, power(v, k, T), T), 1)
	}
	return out
}

// power is the n-fold convolution of v with itself, cut at T.
func power(v []float64, n, T int) []float64 {
	out := point(T, 0)
	b := v
	for n > 0 {
		if n&1 == 1 {
			out = Conv(out, b, T)
		}
		n >>= 1
		if n > 0 {
			b = Conv(b, b, T)
		}
	}
	return out
}

// Conv is the distribution of the sum of two independent grid variables cut at
// T: entries below T exactly, entry T the mass at or above it — all sums of
// non-negative products, no differences.
func Conv(a, b []float64, T int) []float64 {
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
		for j := 0; j < lim; j++ {
			out[i+j] += ai * b[j]
		}
		out[T] += ai * suf[max(lim, 0)]
	}
	return out
}
