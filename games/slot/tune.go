package slot

import (
	"fmt"
	"math"
	"math/big"
)

// TargetRTP is every title's theoretical RTP (R-RTP-1) and Tolerance the band the
// tests hold it to; the tuner aims at a tenth of the band.
var (
	TargetRTP = big.NewRat(94, 100)
	Tolerance = big.NewRat(2, 10_000) // ±0.02 percentage points
	tuneAim   = big.NewRat(2, 100_000)
)

// RTPOf builds and analyses a recipe.
func RTPOf(r Recipe) (*PAR, error) { return rtpOf(r, true) }

// rtpOf is RTPOf; without withCap the PAR leaves out the cap's figures (the
// tuner's search runs on the RTP before the cap, aiming at 94% plus the cap's cost).
func rtpOf(r Recipe, withCap bool) (*PAR, error) {
	s, err := r.Build()
	if err != nil {
		return nil, err
	}
	t, err := New(s)
	if err != nil {
		return nil, err
	}
	t.noCap = !withCap
	return t.PAR()
}

// Tuning is what the tuner sets in a recipe.
type Tuning struct {
	Filler int    `json:"filler"`
	Weight uint64 `json:"weight"`
}

// Tune finds the Filler and the 1× coin weight that bring the recipe's total RTP to
// 94.00% (aiming within ±0.002 pp): first the filler nearest 0 whose range of
// weights brackets 94%, then the weight by bisection. The RTP tuned is the one
// with the cap counted: the search runs on the RTP before the cap aiming at 94%
// plus the cap's cost (the middle of its bounds, computed at the first result and
// again at the second), and the result is checked with the cap's bounds.
func Tune(r Recipe) (Tuning, *PAR, error) {
	var lastErr error
	for _, f := range []int{0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -5, 8, 10, 12, 15, 18, 22, 26, 30, 35, 40} {
		r.Filler = f
		target := TargetRTP
		var w uint64
		var p *PAR
		var err error
		for range 3 {
			if w, _, err = tuneWeight(r, target); err != nil {
				break
			}
			r.Tune = w
			if p, err = RTPOf(r); err != nil {
				return Tuning{}, nil, err
			}
			if InTolerance(p) && (p.Cap == nil || math.Abs((p.Cap.RTPLow+p.Cap.RTPHigh)/2-0.94) <= 2e-5) {
				break
			}
			cost := 0.0
			if p.Cap != nil {
				cost = (p.Cap.CostLow + p.Cap.CostHigh) / 2
			}
			next := new(big.Rat).Add(TargetRTP, new(big.Rat).SetFloat64(cost))
			if d := f64(new(big.Rat).Sub(next, target)); math.Abs(d) < 1e-7 {
				break // aiming again would find the same weight
			}
			target = next
		}
		if err == nil && InTolerance(p) {
			return Tuning{Filler: f, Weight: w}, p, nil
		}
		if err == nil {
			err = fmt.Errorf("slot: recipe %q: the RTP with the cap %.5f..%.5f, outside 94.00%% ± 0.02 pp", r.ID, p.Cap.RTPLow, p.Cap.RTPHigh)
		}
		lastErr = err
	}
	return Tuning{}, nil, lastErr
}

// tuneWeight bisects the 1× coin weight: the RTP falls as the weight rises. It
// fails with the reachable range when the recipe cannot get to 94%.
func tuneWeight(r Recipe, target *big.Rat) (uint64, *PAR, error) {
	off := func(p *PAR) *big.Rat {
		d := new(big.Rat).Sub(p.RTPExact, target)
		return d.Abs(d)
	}
	at := func(w uint64) (*PAR, int, error) {
		r.Tune = w
		p, err := rtpOf(r, false)
		if err != nil {
			return nil, 0, err
		}
		return p, p.RTPExact.Cmp(target), nil
	}
	lo, hi := uint64(1), uint64(1)<<24
	pl, cl, err := at(lo)
	if err != nil {
		return 0, nil, err
	}
	ph, ch, err := at(hi)
	if err != nil {
		return 0, nil, err
	}
	if cl < 0 || ch > 0 {
		return 0, nil, fmt.Errorf("slot: recipe %q cannot reach 94%%: RTP runs from %.4f to %.4f over the tuning range", r.ID, pl.RTP, ph.RTP)
	}
	// Regula falsi with the Illinois step on the RTP's offset from 94%, falling
	// back to bisection when the interpolation stalls: a handful of analyses
	// instead of the two dozen of plain bisection.
	best, bestP := lo, pl
	fl, fh := f64(new(big.Rat).Sub(pl.RTPExact, target)), f64(new(big.Rat).Sub(ph.RTPExact, target))
	side := 0
	for i := 0; hi-lo > 1 && i < 60; i++ {
		mid := lo + uint64(float64(hi-lo)*fl/(fl-fh))
		if mid <= lo || mid >= hi || i%6 == 5 {
			mid = lo + (hi-lo)/2
		}
		p, c, err := at(mid)
		if err != nil {
			return 0, nil, err
		}
		if off(p).Cmp(off(bestP)) < 0 {
			best, bestP = mid, p
		}
		if off(p).Cmp(tuneAim) <= 0 {
			return mid, p, nil
		}
		fm := f64(new(big.Rat).Sub(p.RTPExact, target))
		if c > 0 {
			lo, fl = mid, fm
			if side == 1 {
				fh /= 2
			}
			side = 1
		} else {
			hi, fh = mid, fm
			if side == -1 {
				fl /= 2
			}
			side = -1
		}
	}
	if off(ph).Cmp(off(bestP)) < 0 {
		best, bestP = hi, ph
	}
	if off(bestP).Cmp(Tolerance) > 0 {
		return 0, nil, fmt.Errorf("slot: recipe %q: the closest RTP is %.5f (weight %d), outside 94.00%% ± 0.02 pp", r.ID, bestP.RTP, best)
	}
	return best, bestP, nil
}

// InTolerance reports whether a PAR's RTP is within 94.00% ± 0.02 pp: with the
// cap's figures, the whole interval of the RTP with the cap counted; without
// them (a PAR that left them out), the RTP before the cap.
func InTolerance(p *PAR) bool {
	if p.Cap != nil {
		lo, hi := f64(new(big.Rat).Sub(TargetRTP, Tolerance)), f64(new(big.Rat).Add(TargetRTP, Tolerance))
		return p.Cap.RTPLow >= lo && p.Cap.RTPHigh <= hi
	}
	d := new(big.Rat).Sub(p.RTPExact, TargetRTP)
	return d.Abs(d).Cmp(Tolerance) <= 0
}
