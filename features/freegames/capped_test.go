package freegames

import (
	"math"
	"testing"

	"egm/reels"
)

// exactRound is the brute-force reference: one free game's (X, K) from every stop
// combination through evaluate, then the round played as Play plays it (pending
// games, at most MaxGames) over every outcome, cut at capLB: E[min(F, cap)] and
// P(F ≥ cap).
func exactRound(t *testing.T, f *Feature, l int, capLB int64) (emin, ptop float64) {
	g := f.Game
	buf := make([]reels.LineWin, g.NumLines())
	cands, weights := f.exp, f.expW
	if len(cands) == 0 {
		cands, weights = []reels.SymbolID{reels.NoSymbol}, []uint64{1}
	}
	var wt uint64
	for _, w := range weights {
		wt += w
	}
	type xk struct {
		x int64
		k int
	}
	for i, s := range cands {
		dist := map[xk]float64{}
		stops := make([]int, g.Reels)
		var w reels.Window
		for {
			reels.SetStops(f.Set, stops, &w)
			gm := f.evaluate(&w, s, buf)
			dist[xk{gm.Win, gm.Retrigger}] += 1 / float64(f.Set.Cycle())
			r := g.Reels - 1
			for ; r >= 0; r-- {
				if stops[r]++; stops[r] < f.Set.Len(r) {
					break
				}
				stops[r] = 0
			}
			if r < 0 {
				break
			}
		}
		type st struct {
			pending, played int
			v               int64
		}
		cur := map[st]float64{{l, 0, 0}: 1}
		for len(cur) > 0 {
			next := map[st]float64{}
			for s0, p := range cur {
				if s0.pending == 0 || s0.played == f.MaxGames || s0.v >= capLB {
					v := min(s0.v, capLB)
					emin += float64(weights[i]) / float64(wt) * p * float64(v)
					if s0.v >= capLB {
						ptop += float64(weights[i]) / float64(wt) * p
					}
					continue
				}
				for o, q := range dist {
					next[st{s0.pending - 1 + o.k, s0.played + 1, s0.v + o.x}] += p * q
				}
			}
			cur = next
		}
	}
	return emin, ptop
}

func boundsOf(b *Truncated, y int64) (emin, ptop float64) {
	T := len(b.P) - 1
	for i, p := range b.P {
		v := min(int64(i)*b.Unit+y, b.Cap)
		if i == T {
			v = b.Cap
		}
		emin += p * float64(v)
		if v >= b.Cap {
			ptop += p
		}
	}
	return emin, ptop
}

// TestRoundBoundsBracketBruteForce: on the tiny free set, with retriggers and a
// games limit that binds, the bounds bracket E[min(F, cap)] and P(F ≥ cap) of the
// round played as Play plays it; without retriggers and with a unit grid they are
// the exact figures.
func TestRoundBoundsBracketBruteForce(t *testing.T) {
	g := mustGame(t, tinyExpand())
	for _, tc := range []struct {
		name  string
		retr  map[int]int
		max   int
		l     int
		cap   int64
		mult  int64
		exact bool
	}{
		{"no retriggers, unit grid", nil, 250, 1, 1000, 3, true},
		{"retriggers, limit binds", map[int]int{3: 1, 4: 2}, 4, 2, 1000, 3, false},
		{"retriggers, coarse grid", map[int]int{3: 1, 4: 2}, 12, 2, 3000, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := expandFeatureConfig()
			c.Retriggers, c.MaxGames, c.Multiplier = tc.retr, tc.max, tc.mult
			c.Awards = map[int]int{3: tc.l}
			f := mustFeature(t, g, c)
			b, err := f.RoundBounds(tc.l, tc.cap)
			if err != nil {
				t.Fatal(err)
			}
			for i := range b.Low.P {
				if b.Low.P[i] > b.LowUp.P[i] || b.LowUp.P[i]-b.Low.P[i] > 1e-9*b.LowUp.P[i]+1e-300 {
					t.Fatalf("P[%d]: %g rounded down, %g rounded up", i, b.Low.P[i], b.LowUp.P[i])
				}
			}
			if b.MeanLow <= 0 || b.MeanLow > b.MeanHigh {
				t.Fatalf("means %g, %g", b.MeanLow, b.MeanHigh)
			}
			em, pt := exactRound(t, f, tc.l, tc.cap)
			lm, lp := boundsOf(b.Low, 0)
			hm, hp := boundsOf(b.High, 0)
			t.Logf("E[min(F,cap)]: %.9f ≤ %.9f ≤ %.9f; P(F ≥ cap): %.3g ≤ %.3g ≤ %.3g", lm, em, hm, lp, pt, hp)
			if pt <= 0 || pt > 0.9 {
				t.Fatalf("degenerate fixture: P(F ≥ cap) = %g", pt)
			}
			tol := 1e-9
			if lm > em+tol || em > hm+tol || lp > pt+tol || pt > hp+tol {
				t.Fatalf("bounds do not bracket the brute force")
			}
			if tc.exact && (math.Abs(lm-em) > tol || math.Abs(hm-em) > tol || math.Abs(lp-pt) > tol || math.Abs(hp-pt) > tol) {
				t.Fatalf("without retriggers on a unit grid the bounds should be exact")
			}
		})
	}
}
