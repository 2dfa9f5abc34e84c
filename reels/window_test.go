package reels

import (
	"testing"

	"egm/rng"
)

func TestSpinShowsConsecutiveStops(t *testing.T) {
	g := mustGame(t, testConfig())
	src := rng.NewSeeded(1)
	var w Window
	for range 1000 {
		Spin(src, g.Base, &w)
		for r := range g.Reels {
			strip := g.Base.Strips[r]
			k := int(w.Stops[r])
			if k < 0 || k >= len(strip) {
				t.Fatalf("reel %d stop %d outside the strip", r, k)
			}
			for row := range g.Rows {
				if want := strip[(k+row)%len(strip)]; w.Cells[r][row] != want {
					t.Fatalf("reel %d stop %d row %d: %d, want %d", r, k, row, w.Cells[r][row], want)
				}
			}
		}
	}
}

// TestSpinUniform checks each reel's stop counts with a chi-square bound far in the
// tail (p ≈ 1e-6 for the degrees of freedom used): a biased mapping fails it.
func TestSpinUniform(t *testing.T) {
	g := mustGame(t, testConfig())
	src := rng.NewSeeded(2)
	const n = 200000
	var counts [MaxReels][]int
	for r := range g.Reels {
		counts[r] = make([]int, g.Base.Len(r))
	}
	var w Window
	for range n {
		Spin(src, g.Base, &w)
		for r := range g.Reels {
			counts[r][w.Stops[r]]++
		}
	}
	for r := range g.Reels {
		k := len(counts[r])
		exp := float64(n) / float64(k)
		chi := 0.0
		for _, c := range counts[r] {
			d := float64(c) - exp
			chi += d * d / exp
		}
		if chi > 50 { // df ≤ 13: P(χ² > 50) < 1e-5
			t.Errorf("reel %d: χ² = %.1f over %d stops", r, chi, k)
		}
	}
}

func TestSetStopsWraps(t *testing.T) {
	g := mustGame(t, testConfig())
	var a, b Window
	SetStops(g.Base, []int{0, 1, 2, 3, 4}, &a)
	SetStops(g.Base, []int{g.Base.Len(0), 1 + g.Base.Len(1), 2 - g.Base.Len(2), 3, 4}, &b)
	if a != b {
		t.Errorf("wrapped stops give %+v, want %+v", b, a)
	}
}

func TestSpinAndEvaluateDoNotAllocate(t *testing.T) {
	g := mustGame(t, testConfig())
	src := rng.NewSeeded(3)
	var w Window
	buf := make([]LineWin, len(g.Lines))
	allocs := testing.AllocsPerRun(1000, func() {
		Spin(src, g.Base, &w)
		g.Evaluate(&w, buf)
	})
	if allocs != 0 {
		t.Errorf("Spin + Evaluate allocate %.1f times per spin", allocs)
	}
}

func TestWindowCountAndReelsWith(t *testing.T) {
	g := mustGame(t, testConfig())
	w := window(t, g, "S A K A Q", "K S J A Q", "J Q S K S")
	s, _ := g.Symbol("S")
	a, _ := g.Symbol("A")
	if n := w.Count(s); n != 4 {
		t.Errorf("Count(S) = %d, want 4", n)
	}
	if m := w.ReelsWith(a); m != 0b01010 {
		t.Errorf("ReelsWith(A) = %05b, want 01010", m)
	}
}

func TestWindowString(t *testing.T) {
	g := mustGame(t, testConfig())
	w := window(t, g, "S A K A Q", "K S J A Q", "J Q S K S")
	if got, want := g.WindowString(w), "S A K A Q\nK S J A Q\nJ Q S K S"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
