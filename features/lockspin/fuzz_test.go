package lockspin

import (
	"encoding/json"
	"testing"

	"egm/rng"
)

// FuzzConfig feeds arbitrary JSON as a title's Lock & Spin configuration: New
// must refuse it with an error or accept it, never panic, and an accepted game
// must play from any legal start with a consistent record.
func FuzzConfig(f *testing.F) {
	for _, c := range []Config{validConfig(), bruteConfigs()[0].cfg} {
		b, _ := json.Marshal(c)
		f.Add(b, uint64(1))
	}
	f.Add([]byte(`{"reels":1,"rows":8,"trigger":1}`), uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var c Config
		if json.Unmarshal(data, &c) != nil {
			return
		}
		g, err := New(c)
		if err != nil {
			return
		}
		src := rng.NewSeeded(seed)
		var locks []Lock
		for i := 0; i < g.cfg.Trigger; i++ {
			locks = append(locks, Lock{Reel: i / g.cfg.Rows, Row: i % g.cfg.Rows, Symbol: g.DrawTriggerSymbol(src)})
		}
		out, err := g.Play(src, locks, g.All(Prob{1, 2}))
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		for _, cell := range out.Grid {
			sum += cell.Value
		}
		if sum != out.Total || out.Total < 0 || out.Total > g.MaxTotal() {
			t.Fatalf("total %d, grid sum %d, max %d", out.Total, sum, g.MaxTotal())
		}
		if out.Full != (len(out.Grid) == g.cells) {
			t.Fatal("full flag disagrees with the grid")
		}
		for i, r := range out.Respins {
			// only the last respin may end the counter, and it must unless the
			// grid filled; a landing resets it to 3
			last := i == len(out.Respins)-1
			if (!last && r.CounterAfter == 0) || (last && !out.Full && r.CounterAfter != 0) ||
				(len(r.Landed) > 0) != (r.CounterAfter == Respins) {
				t.Fatalf("respin %d: counter %d→%d with %d landed", r.N, r.CounterBefore, r.CounterAfter, len(r.Landed))
			}
		}
	})
}
