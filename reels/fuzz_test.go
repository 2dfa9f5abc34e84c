package reels

import (
	"encoding/json"
	"testing"

	"egm/rng"
)

// FuzzNew feeds arbitrary title data (JSON) to New: it must either reject it with
// an error or build a game whose spins evaluate like the reference evaluator and
// whose enumeration covers the whole cycle, never panic.
func FuzzNew(f *testing.F) {
	for _, cfg := range append(tinyConfigs(), testConfig()) {
		b, err := json.Marshal(cfg)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var cfg Config
		if json.Unmarshal(data, &cfg) != nil {
			return
		}
		g, err := New(cfg)
		if err != nil {
			return
		}
		src := rng.NewSeeded(1)
		var w Window
		for range 50 {
			Spin(src, g.Base, &w)
			total, _ := evaluateDirect(g, &w)
			if ev := g.Evaluate(&w, nil); ev.Total != total {
				t.Fatalf("Evaluate %d, reference %d", ev.Total, total)
			}
		}
		if g.Base.Cycle() <= 20000 {
			if e := g.Enumerate(g.Base, nil); e.Total.Weight != e.Cycle {
				t.Fatalf("enumeration weight %d, cycle %d", e.Total.Weight, e.Cycle)
			}
		}
	})
}
