package slot

import (
	"fmt"
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
func RTPOf(r Recipe) (*PAR, error) {
	s, err := r.Build()
	if err != nil {
		return nil, err
	}
	t, err := New(s)
	if err != nil {
		return nil, err
	}
	return t.PAR()
}

// Tuning is what the tuner sets in a recipe.
type Tuning struct {
	Filler int    `json:"filler"`
	Weight uint64 `json:"weight"`
}

// Tune finds the Filler and the 1× coin weight that bring the recipe's total RTP to
// 94.00% (aiming within ±0.002 pp): first the filler nearest 0 whose range of
// weights brackets 94%, then the weight by bisection.
func Tune(r Recipe) (Tuning, *PAR, error) {
	var lastErr error
	for _, f := range []int{0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -5, 8, 10, 12, 15, 18, 22, 26, 30, 35, 40} {
		r.Filler = f
		w, p, err := tuneWeight(r)
		if err == nil {
			return Tuning{Filler: f, Weight: w}, p, nil
		}
		lastErr = err
	}
	return Tuning{}, nil, lastErr
}

// tuneWeight bisects the 1× coin weight: the RTP falls as the weight rises. It
// fails with the reachable range when the recipe cannot get to 94%.
func tuneWeight(r Recipe) (uint64, *PAR, error) {
	at := func(w uint64) (*PAR, int, error) {
		r.Tune = w
		p, err := RTPOf(r)
		if err != nil {
			return nil, 0, err
		}
		return p, p.RTPExact.Cmp(TargetRTP), nil
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
	fl, fh := f64(new(big.Rat).Sub(pl.RTPExact, TargetRTP)), f64(new(big.Rat).Sub(ph.RTPExact, TargetRTP))
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
		fm := f64(new(big.Rat).Sub(p.RTPExact, TargetRTP))
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

// off is |RTP − target|.
func off(p *PAR) *big.Rat {
	d := new(big.Rat).Sub(p.RTPExact, TargetRTP)
	return d.Abs(d)
}

// InTolerance reports whether a PAR's RTP is within 94.00% ± 0.02 pp.
func InTolerance(p *PAR) bool { return off(p).Cmp(Tolerance) <= 0 }
