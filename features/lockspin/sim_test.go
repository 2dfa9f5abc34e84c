package lockspin

import (
	"math"
	"testing"

	"egm/rng"
)

// trigger draws a triggering window for example(): per-reel counts by the same
// integer weights TriggerStarts was given, redrawn until the trigger is met (which
// gives exactly the conditional start distribution), the symbols locked on the top
// rows (position within a reel does not matter) with values from DrawTriggerSymbol.
func trigger(g *Game, src rng.Source) []Lock {
	c := g.Config()
	ws := make([]uint64, c.Rows+1)
	var tot uint64
	for k, w := 0, uint64(60); k <= c.Rows; k++ {
		ws[k] = w
		tot += w
		w = w/3 + 1
	}
	counts := make([]int, c.Reels)
	for {
		n := 0
		for r := range counts {
			d := rng.Uint64n(src, tot)
			k := 0
			for d >= ws[k] {
				d -= ws[k]
				k++
			}
			counts[r] = k
			n += k
		}
		if n < c.Trigger {
			continue
		}
		locks := make([]Lock, 0, n)
		for r, k := range counts {
			for row := 0; row < k; row++ {
				locks = append(locks, Lock{Reel: r, Row: row, Symbol: g.DrawTriggerSymbol(src)})
			}
		}
		return locks
	}
}

// TestSimulationAgreesWithExact plays the feature through Play and checks that the
// measured figures lie in their 99% intervals around the exact ones.
func TestSimulationAgreesWithExact(t *testing.T) {
	for _, tc := range []struct {
		name        string
		reels, rows int
		scaleUp     bool
		n           int
	}{
		{"5x3 scale up", 5, 3, true, 60_000},
		{"5x4", 5, 4, false, 30_000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() {
				t.Skip("simulation")
			}
			t.Parallel()
			g, starts := example(t, tc.reels, tc.rows, tc.scaleUp)
			q := g.All(Prob{2, 5})
			rep, err := g.Analyse(starts, q)
			if err != nil {
				t.Fatal(err)
			}
			src := rng.NewSeeded(2026)
			type stat struct{ s, s2 float64 }
			var win, full, respins, locked, grand stat
			add := func(st *stat, x float64) { st.s += x; st.s2 += x * x }
			for range tc.n {
				out, err := g.Play(src, trigger(g, src), q)
				if err != nil {
					t.Fatal(err)
				}
				add(&win, float64(out.Total))
				add(&respins, float64(len(out.Respins)))
				add(&locked, float64(len(out.Grid)))
				f := 0.0
				if out.Full {
					f = 1
				}
				add(&full, f)
				gh := 0.0
				for _, h := range out.Jackpots {
					if h.Level == "grand" {
						gh++
					}
				}
				add(&grand, gh)
			}
			n := float64(tc.n)
			check := func(name string, st stat, exact, sigma float64) {
				t.Helper()
				mean := st.s / n
				if sigma < 0 {
					sigma = math.Sqrt(st.s2/n - mean*mean)
				}
				band := 2.576 * sigma / math.Sqrt(n)
				t.Logf("%-8s exact %.6f measured %.6f ±%.6f", name, exact, mean, band)
				if math.Abs(mean-exact) > band {
					t.Errorf("%s: measured %.6f outside %.6f ± %.6f", name, mean, exact, band)
				}
			}
			check("win", win, Float(rep.Mean), math.Sqrt(Float(rep.Variance)))
			p := Float(rep.PFull)
			check("P(full)", full, p, math.Sqrt(p*(1-p)))
			check("respins", respins, Float(rep.Respins), -1)
			check("locked", locked, Float(rep.Locked), -1)
			check("grand", grand, Float(rep.Jackpots[0].Hits), -1)
		})
	}
}

func BenchmarkPlay5x3(b *testing.B) {
	g, _ := example(b, 5, 3, true)
	src := rng.NewSeeded(1)
	q := g.All(Prob{1, 2})
	init := trigger(g, src)
	for b.Loop() {
		if _, err := g.Play(src, init, q); err != nil {
			b.Fatal(err)
		}
	}
}
