package reels

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"egm/rng"
)

// typicalConfig builds a title-sized game: reels × rows, n lines, strips of length
// stops drawn from a fixed seed with a realistic symbol mix (a wild, a scatter, a
// coin, eight regular symbols).
func typicalConfig(reels, rows, lines, stops int, seed uint64) Config {
	cfg := Config{
		Title: fmt.Sprintf("typical %d×%d %d lines", reels, rows, lines),
		Reels: reels, Rows: rows,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild, Pays: map[int]int64{2: 10, 3: 100, 4: 1000, 5: 5000}},
			{Name: "H1", Kind: Regular, Pays: map[int]int64{2: 5, 3: 40, 4: 400, 5: 2000}},
			{Name: "H2", Kind: Regular, Pays: map[int]int64{2: 5, 3: 30, 4: 100, 5: 750}},
			{Name: "H3", Kind: Regular, Pays: map[int]int64{3: 20, 4: 60, 5: 300}},
			{Name: "H4", Kind: Regular, Pays: map[int]int64{3: 20, 4: 60, 5: 300}},
			{Name: "A", Kind: Regular, Pays: map[int]int64{3: 10, 4: 25, 5: 100}},
			{Name: "K", Kind: Regular, Pays: map[int]int64{3: 10, 4: 25, 5: 100}},
			{Name: "Q", Kind: Regular, Pays: map[int]int64{3: 5, 4: 20, 5: 75}},
			{Name: "J", Kind: Regular, Pays: map[int]int64{3: 5, 4: 20, 5: 75}},
			{Name: "S", Kind: Scatter, Pays: map[int]int64{3: 2, 4: 20, 5: 200}},
			{Name: "C", Kind: Bonus},
		},
		Lines: MustStandardLines(reels, rows, lines),
	}
	if reels == 3 {
		for i := range cfg.Symbols {
			p := map[int]int64{}
			for n, v := range cfg.Symbols[i].Pays {
				if n <= 3 {
					p[n] = v
				}
			}
			if len(p) > 0 || cfg.Symbols[i].Kind != Regular {
				cfg.Symbols[i].Pays = p
			} else {
				cfg.Symbols[i].Pays = map[int]int64{3: 1}
			}
		}
	}
	weights := []int{2, 2, 3, 4, 4, 6, 6, 7, 7, 2, 3}
	total := 0
	for _, w := range weights {
		total += w
	}
	src := rng.NewSeeded(seed)
	for range reels {
		var s []string
		for range stops {
			x := rng.Intn(src, total)
			for i, w := range weights {
				if x < w {
					s = append(s, cfg.Symbols[i].Name)
					break
				}
				x -= w
			}
		}
		cfg.Base = append(cfg.Base, s)
	}
	return cfg
}

func BenchmarkSpinEvaluate(b *testing.B) {
	for _, sh := range []struct{ reels, rows, lines int }{{5, 3, 10}, {5, 3, 40}, {5, 4, 40}, {3, 3, 5}} {
		g := mustGame(b, typicalConfig(sh.reels, sh.rows, sh.lines, 40, 1))
		b.Run(fmt.Sprintf("%dx%d/%d", sh.reels, sh.rows, sh.lines), func(b *testing.B) {
			src := rng.NewSeeded(7)
			var w Window
			buf := make([]LineWin, len(g.Lines))
			var total int64
			c0 := cpuTime()
			for b.Loop() {
				Spin(src, g.Base, &w)
				total += g.Evaluate(&w, buf).Total
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "spins/s")
			b.ReportMetric(float64(b.N)/(cpuTime()-c0).Seconds(), "spins/cpu-s")
			_ = total
		})
	}
}

func BenchmarkEnumerate(b *testing.B) {
	for _, sh := range []struct{ reels, rows, lines, stops int }{
		{5, 3, 10, 40}, {5, 3, 10, 60}, {5, 3, 40, 50}, {5, 4, 40, 50}, {3, 3, 5, 40},
	} {
		g := mustGame(b, typicalConfig(sh.reels, sh.rows, sh.lines, sh.stops, 2))
		for _, tg := range []struct {
			name string
			tag  Tagger
		}{{"plain", nil}, {"bonusmask", BonusMask(g)}, {"bonuscount", BonusCount(g)}} {
			b.Run(fmt.Sprintf("%dx%d/%dlines/%dstops/%s", sh.reels, sh.rows, sh.lines, sh.stops, tg.name), func(b *testing.B) {
				c0 := cpuTime()
				for b.Loop() {
					g.Enumerate(g.Base, tg.tag)
				}
				b.ReportMetric((cpuTime()-c0).Seconds()*1e3/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

func BenchmarkSpin(b *testing.B) {
	g := mustGame(b, typicalConfig(5, 3, 10, 40, 1))
	src := rng.NewSeeded(7)
	var w Window
	for b.Loop() {
		Spin(src, g.Base, &w)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	g := mustGame(b, typicalConfig(5, 3, 10, 40, 1))
	src := rng.NewSeeded(7)
	ws := make([]Window, 1024) // spun windows, so Evaluate takes the pair path
	for i := range ws {
		Spin(src, g.Base, &ws[i])
	}
	buf := make([]LineWin, len(g.Lines))
	i := 0
	c0 := cpuTime()
	for b.Loop() {
		g.Evaluate(&ws[i&1023], buf)
		i++
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

func BenchmarkUint64n(b *testing.B) {
	src := rng.NewSeeded(7)
	var s rng.Source = src
	for b.Loop() {
		rng.Uint64n(s, 40)
	}
}

// cpuTime is the process's user + system CPU time: benchmarks report it besides
// wall time because the build machine is shared.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkQuickRTP(b *testing.B) {
	g := mustGame(b, typicalConfig(5, 3, 10, 60, 2))
	for b.Loop() {
		g.QuickRTP(g.Base)
	}
}

// BenchmarkNew is loading a 40-line title with 60-stop strips (pair and triple
// tables included).
func BenchmarkNew(b *testing.B) {
	cfg := typicalConfig(5, 4, 40, 60, 1)
	for b.Loop() {
		if _, err := New(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
