package reels

import (
	"reflect"
	"testing"
)

// TestPayDistMatchesBruteForce: the line-pay distribution per tag total and
// scatter count equals a count over every stop combination.
func TestPayDistMatchesBruteForce(t *testing.T) {
	for _, cfg := range tinyConfigs() {
		g := mustGame(t, cfg)
		for _, tg := range []struct {
			name string
			tag  Tagger
		}{{"none", nil}, {"bonus count", BonusCount(g)}, {"A present", SymbolPresent(1)}} {
			t.Run(cfg.Title+"/"+tg.name, func(t *testing.T) {
				set := g.Base
				type ck struct{ tag, scat int }
				want := map[ck]map[int64]uint64{}
				stops := make([]int, g.Reels)
				var w Window
				for {
					SetStops(set, stops, &w)
					ev := g.Evaluate(&w, nil)
					c := ck{0, ev.Scatters}
					for r := range g.Reels {
						if tg.tag != nil {
							c.tag += int(tg.tag(r, w.Cells[r][:g.Rows]))
						}
					}
					if want[c] == nil {
						want[c] = map[int64]uint64{}
					}
					want[c][ev.LinePay]++
					r := g.Reels - 1
					for r >= 0 {
						stops[r]++
						if stops[r] < set.Len(r) {
							break
						}
						stops[r] = 0
						r--
					}
					if r < 0 {
						break
					}
				}
				got := map[ck]map[int64]uint64{}
				paying := false
				for _, pc := range g.PayDist(set, tg.tag) {
					m := map[int64]uint64{}
					var n uint64
					for _, p := range pc.Pays {
						m[p.Pay] = p.Count
						n += p.Count
						paying = paying || p.Pay > 0
					}
					if n != pc.Weight {
						t.Errorf("class %d/%d: weight %d, counts sum to %d", pc.Tag, pc.Scatters, pc.Weight, n)
					}
					got[ck{pc.Tag, pc.Scatters}] = m
				}
				if !paying {
					t.Fatal("degenerate fixture: nothing pays")
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("distributions differ:\n got %v\nwant %v", got, want)
				}
			})
		}
	}
}
