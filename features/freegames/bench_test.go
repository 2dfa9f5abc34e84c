package freegames

import (
	"syscall"
	"testing"
	"time"

	"egm/reels"
	"egm/rng"
)

// typicalExpand is title-sized: 5×3, 10 lines, 40-stop base and free strips drawn
// from a fixed seed, eight candidate expanding symbols.
func typicalExpand(tb testing.TB) (*reels.Game, Config) {
	names := []string{"W", "H1", "H2", "H3", "H4", "A", "K", "Q", "J", "S"}
	weights := []int{2, 2, 3, 4, 4, 6, 6, 7, 7, 2}
	cfg := reels.Config{
		Title: "typical expand", Reels: 5, Rows: 3,
		Symbols: []reels.SymbolDef{
			{Name: "W", Kind: reels.Wild, Pays: map[int]int64{3: 20, 4: 200, 5: 2000}},
			{Name: "H1", Kind: reels.Regular, Pays: map[int]int64{2: 10, 3: 100, 4: 1000, 5: 5000}},
			{Name: "H2", Kind: reels.Regular, Pays: map[int]int64{2: 5, 3: 40, 4: 400, 5: 2000}},
			{Name: "H3", Kind: reels.Regular, Pays: map[int]int64{2: 5, 3: 30, 4: 100, 5: 750}},
			{Name: "H4", Kind: reels.Regular, Pays: map[int]int64{2: 5, 3: 30, 4: 100, 5: 750}},
			{Name: "A", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 40, 5: 150}},
			{Name: "K", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 40, 5: 150}},
			{Name: "Q", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 25, 5: 100}},
			{Name: "J", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 25, 5: 100}},
			{Name: "S", Kind: reels.Scatter, Pays: map[int]int64{3: 2, 4: 20, 5: 200}},
		},
		Lines: reels.MustStandardLines(5, 3, 10),
	}
	total := 0
	for _, w := range weights {
		total += w
	}
	src := rng.NewSeeded(99)
	strips := func() [][]string {
		var out [][]string
		for range 5 {
			var s []string
			for range 40 {
				x := rng.Intn(src, total)
				for i, w := range weights {
					if x < w {
						s = append(s, names[i])
						break
					}
					x -= w
				}
			}
			out = append(out, s)
		}
		return out
	}
	cfg.Base, cfg.Free = strips(), strips()
	g, err := reels.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	fc := Config{Awards: map[int]int{3: 10}, Retriggers: map[int]int{3: 10}, Multiplier: 1}
	for _, n := range names[1:9] {
		fc.Expanding = append(fc.Expanding, Weighted{n, 1})
	}
	return g, fc
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAnalyze: the exact round math of a title with an expanding symbol (eight expanding
// symbols).
func BenchmarkAnalyze(b *testing.B) {
	g, fc := typicalExpand(b)
	f := mustFeature(b, g, fc)
	c0 := cpuTime()
	for b.Loop() {
		f.Analyze()
	}
	b.ReportMetric((cpuTime()-c0).Seconds()*1e3/float64(b.N), "cpu-ms/op")
}

// BenchmarkPlay: one round of 10 awarded free games.
func BenchmarkPlay(b *testing.B) {
	g, fc := typicalExpand(b)
	f := mustFeature(b, g, fc)
	src := rng.NewSeeded(1)
	var r Round
	games := 0
	for b.Loop() {
		f.Play(src, 10, &r)
		games += len(r.Games)
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "freegames/s")
}

// BenchmarkZeroRound: P(round pays nothing) for eight expanding symbols.
func BenchmarkZeroRound(b *testing.B) {
	g, fc := typicalExpand(b)
	c0 := cpuTime()
	for b.Loop() {
		f := mustFeature(b, g, fc) // a fresh feature: ZeroRound caches its work
		f.ZeroRound(10)
	}
	b.ReportMetric((cpuTime()-c0).Seconds()*1e3/float64(b.N), "cpu-ms/op")
}
