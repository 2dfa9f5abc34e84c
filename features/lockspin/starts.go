package lockspin

import (
	"fmt"
	"math/big"
)

// Start is one starting state of the feature for the analysis: the number of
// locked symbols on each reel and its weight. Because every empty cell of a reel
// lands with the same probability and values do not depend on position, these
// counts are all the analysis needs to know about the triggering window.
type Start struct {
	Locked []int    `json:"locked"`
	Weight *big.Rat `json:"weight"`
}

// TriggerStarts builds the start distribution from exact base-game counts.
// counts[r][k] is the number of base-game outcomes (e.g. stops of reel r, or any
// integer weight) in which reel r shows k bonus symbols in its window, k = 0..Rows
// (a shorter list means zero for the missing counts, as reels.TagCounts gives it);
// reels are independent. It returns every combination with at least Trigger
// bonus symbols, weighted by its count product, and the exact trigger
// probability per base game.
func (g *Game) TriggerStarts(counts [][]uint64) ([]Start, *big.Rat, error) {
	c := &g.cfg
	if len(counts) != c.Reels {
		return nil, nil, fmt.Errorf("lockspin: trigger counts for %d reels, the grid has %d", len(counts), c.Reels)
	}
	total := big.NewInt(1)
	for r, cs := range counts {
		if len(cs) > c.Rows+1 {
			return nil, nil, fmt.Errorf("lockspin: reel %d trigger counts have %d entries, want at most %d (0..%d symbols)", r+1, len(cs), c.Rows+1, c.Rows)
		}
		t := new(big.Int)
		for _, n := range cs {
			t.Add(t, new(big.Int).SetUint64(n))
		}
		if t.Sign() == 0 {
			return nil, nil, fmt.Errorf("lockspin: reel %d trigger counts are all zero", r+1)
		}
		total.Mul(total, t)
	}
	var starts []Start
	hit := new(big.Int)
	forEachState(c.Reels, c.Rows, func(k []int) {
		n, w := 0, big.NewInt(1)
		for r, kr := range k {
			n += kr
			if kr >= len(counts[r]) {
				w.SetInt64(0)
				break
			}
			w.Mul(w, new(big.Int).SetUint64(counts[r][kr]))
		}
		if n < c.Trigger || w.Sign() == 0 {
			return
		}
		hit.Add(hit, w)
		starts = append(starts, Start{Locked: append([]int(nil), k...), Weight: new(big.Rat).SetInt(w)})
	})
	if len(starts) == 0 {
		return nil, nil, fmt.Errorf("lockspin: the base-game counts never trigger (trigger %d)", c.Trigger)
	}
	return starts, new(big.Rat).SetFrac(hit, total), nil
}

// forEachState calls f with every per-reel count vector, reel 0 fastest.
func forEachState(reels, rows int, f func(k []int)) {
	k := make([]int, reels)
	for {
		f(k)
		r := 0
		for r < reels && k[r] == rows {
			k[r] = 0
			r++
		}
		if r == reels {
			return
		}
		k[r]++
	}
}
