package reels

import (
	"math/big"
	"testing"
)

type bigInt = big.Int

// TestTagJointMatchesEnumerate checks the cheap joint against the classes of the
// full enumeration with the same tagger.
func TestTagJointMatchesEnumerate(t *testing.T) {
	for _, cfg := range append(tinyConfigs(), testConfig()) {
		g := mustGame(t, cfg)
		for _, s := range []SymbolID{1, 2} {
			tag := SymbolPresent(s)
			tj := g.TagJoint(g.Base, tag)
			e := g.Enumerate(g.Base, tag)
			weight := map[[2]int]uint64{}
			lineSum := map[int]U128{}
			for _, c := range e.Classes {
				ts := c.TagSum()
				weight[[2]int{ts, c.Scatters}] += c.Weight
				sp := uint64(g.ScatterPay(c.Scatters)) * uint64(g.NumLines())
				// Sum includes the scatter pay, TagJoint's LineSum does not.
				ls := c.Sum.Big()
				ls.Sub(ls, Mul64x64(sp, c.Weight).Big())
				x := lineSum[ts].Big()
				x.Add(x, ls)
				lineSum[ts] = U128{Hi: new(bigInt).Rsh(x, 64).Uint64(), Lo: x.Uint64()}
			}
			nonzero := 0
			for ts := range tj.Weight {
				for k, w := range tj.Weight[ts] {
					if weight[[2]int{ts, k}] != w {
						t.Errorf("%s sym %d: weight[%d][%d] = %d, want %d", cfg.Title, s, ts, k, w, weight[[2]int{ts, k}])
					}
					delete(weight, [2]int{ts, k})
				}
				if tj.LineSum[ts] != lineSum[ts] {
					t.Errorf("%s sym %d: line sum[%d] = %v, want %v", cfg.Title, s, ts, tj.LineSum[ts], lineSum[ts])
				}
				if !tj.LineSum[ts].IsZero() {
					nonzero++
				}
			}
			for k, w := range weight {
				if w != 0 {
					t.Errorf("%s sym %d: class %v (weight %d) missing from the joint", cfg.Title, s, k, w)
				}
			}
			if nonzero < 2 {
				t.Errorf("%s sym %d: degenerate fixture", cfg.Title, s)
			}
		}
	}
}

func TestTagCounts(t *testing.T) {
	g := mustGame(t, testConfig())
	counts := g.TagCounts(g.Base, BonusCount(g))
	e := g.Enumerate(g.Base, BonusCount(g))
	// The enumeration's class weights by per-reel tag must factor into the counts.
	for r := range g.Reels {
		byTag := map[uint8]uint64{}
		for _, c := range e.Classes {
			byTag[c.Tags[r]] += c.Weight
		}
		for tg, n := range counts[r] {
			want := byTag[uint8(tg)]
			if n*(e.Cycle/uint64(g.Base.Len(r))) != want {
				t.Errorf("reel %d tag %d: %d stops, enumeration weight %d", r, tg, n, want)
			}
		}
		if len(counts[r]) < 2 {
			t.Errorf("reel %d: no bonus symbol: weak fixture", r)
		}
	}
}
