package sim

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"egm/reels"
	"egm/rng"
)

func testGame(t testing.TB) *reels.Game {
	t.Helper()
	g, err := reels.New(reels.Config{
		Title: "sim test",
		Reels: 5, Rows: 3,
		Symbols: []reels.SymbolDef{
			{Name: "W", Kind: reels.Wild, Pays: map[int]int64{3: 50, 4: 200, 5: 1000}},
			{Name: "A", Kind: reels.Regular, Pays: map[int]int64{2: 2, 3: 20, 4: 80, 5: 400}},
			{Name: "K", Kind: reels.Regular, Pays: map[int]int64{3: 10, 4: 40, 5: 150}},
			{Name: "Q", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 20, 5: 100}},
			{Name: "J", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 15, 5: 75}},
			{Name: "S", Kind: reels.Scatter, Pays: map[int]int64{3: 2, 4: 20, 5: 200}},
		},
		Lines: reels.MustStandardLines(5, 3, 10),
		Base: [][]string{
			reels.Strip("W A K Q J S Q J K A Q J K J Q"),
			reels.Strip("A K Q J W S K Q J A Q J K"),
			reels.Strip("K Q J A S W Q J K A J Q K Q"),
			reels.Strip("J Q K A W S Q K J A Q J"),
			reels.Strip("Q J K A S W J K Q A J K Q"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func basePlayer(g *reels.Game) func() PlayFunc {
	return func() PlayFunc {
		var w reels.Window
		buf := make([]reels.LineWin, g.NumLines())
		return func(src rng.Source) int64 {
			reels.Spin(src, g.Base, &w)
			return g.Evaluate(&w, buf).Total
		}
	}
}

// TestSimulationWithinExactInterval: 2 million base spins land within the 99%
// interval around the exact RTP (computed by full-cycle enumeration).
func TestSimulationWithinExactInterval(t *testing.T) {
	g := testGame(t)
	a := g.Analyze(g.Base)
	exact, _ := a.RTP.Float64()
	hit, _ := a.HitFrequency.Float64()
	res, err := Run(context.Background(), Options{Games: 2_000_000, Seed: 2, Bet: int64(g.NumLines()), Chunk: 1 << 18},
		basePlayer(g))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("exact %.6f measured %.6f ± %.6f, hit %.4f/%.4f, σ %.3f/%.3f, %.1fM spins/s",
		exact, res.RTP(), res.HalfWidth99(a.Sigma()), hit, res.HitFrequency(), a.Sigma(), res.Sigma(), res.Rate()/1e6)
	if !res.Within99(exact, a.Sigma()) {
		t.Errorf("RTP %.6f outside %.6f ± %.6f", res.RTP(), exact, res.HalfWidth99(a.Sigma()))
	}
	// Hit frequency: binomial, 99% interval.
	hw := Z99 * sqrt(hit*(1-hit)/float64(res.Games))
	if d := res.HitFrequency() - hit; d > hw || d < -hw {
		t.Errorf("hit frequency %.5f outside %.5f ± %.5f", res.HitFrequency(), hit, hw)
	}
	if res.Games != 2_000_000 {
		t.Errorf("played %d games", res.Games)
	}
	// The checker itself must reject a wrong figure.
	if res.Within99(exact+0.05, a.Sigma()) {
		t.Error("Within99 accepted an RTP 5 points off")
	}
}

func sqrt(x float64) float64 {
	z := x
	for range 60 {
		if z == 0 {
			return 0
		}
		z = (z + x/z) / 2
	}
	return z
}

// TestRunIsIndependentOfWorkers: the same seed gives the same tally on 1 or 3
// workers, and another seed gives another.
func TestRunIsIndependentOfWorkers(t *testing.T) {
	g := testGame(t)
	run := func(seed uint64, workers int) Result {
		r, err := Run(context.Background(), Options{Games: 100_000, Seed: seed, Bet: 10, Workers: workers, Chunk: 7_000}, basePlayer(g))
		if err != nil {
			t.Fatal(err)
		}
		r.Elapsed = 0
		return r
	}
	a, b, c := run(1, 1), run(1, 3), run(2, 2)
	if a != b {
		t.Errorf("1 worker %+v ≠ 3 workers %+v", a, b)
	}
	if a == c {
		t.Error("seeds 1 and 2 gave the same tally")
	}
}

func TestRunProgressAndCancel(t *testing.T) {
	g := testGame(t)
	var calls, last atomic.Uint64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := Run(ctx, Options{Games: 1 << 30, Seed: 1, Bet: 10, Workers: 2, Chunk: 10_000,
		Progress: func(done, total uint64) {
			calls.Add(1)
			last.Store(done)
			if done >= 50_000 {
				cancel()
			}
		}}, basePlayer(g))
	if err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if calls.Load() < 5 || r.Games != last.Load() || r.Games >= 1<<30 {
		t.Errorf("progress calls %d, last %d, games %d", calls.Load(), last.Load(), r.Games)
	}
}

func TestRunRejectsBadInput(t *testing.T) {
	if _, err := Run(context.Background(), Options{Games: 10}, nil); err == nil {
		t.Error("zero bet accepted")
	}
	_, err := Run(context.Background(), Options{Games: 10, Bet: 1}, func() PlayFunc {
		return func(rng.Source) int64 { return -1 }
	})
	if err == nil {
		t.Error("negative win accepted")
	}
}

// BenchmarkBaseSpins measures base-game spins per second on one core through the
// cabinet's path (Spin + Evaluate) and the runner.
func BenchmarkBaseSpins(b *testing.B) {
	g := testGame(b)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			c0 := cpuTime()
			r, err := Run(context.Background(), Options{Games: uint64(b.N), Seed: 1, Bet: 10, Workers: workers}, basePlayer(g))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(r.Rate(), "spins/s")
			b.ReportMetric(r.Rate()/float64(workers), "spins/s/core")
			b.ReportMetric(float64(r.Games)/(cpuTime()-c0).Seconds(), "spins/cpu-s")
		})
	}
}

// cpuTime is the process's CPU time (the build machine is shared, so wall-clock
// rates understate what a core does).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
