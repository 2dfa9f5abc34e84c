package lockspin

import (
	"math/big"
	"testing"

	"egm/internal/dround"
)

// TestTotalDistMatchesBruteForce: the coin total's distribution cut at a cap, from
// the (locked cells, total) chain, equals the brute-force enumeration of every
// outcome, at the two qualification extremes (all qualified: jackpots worth 0;
// none: their fallback), with the cap binding and not.
func TestTotalDistMatchesBruteForce(t *testing.T) {
	grand := []Level{{Name: "grand", Fallback: 3}}
	cfgs := []struct {
		name string
		cfg  Config
	}{
		{"2x2 scale up, fallback", Config{
			Reels: 2, Rows: 2, Trigger: 1,
			Land: []Land{{Bonus: 1, Blank: 2}, {Bonus: 1, Blank: 2}},
			Symbols: []Weighted{
				{Symbol{Kind: Coin, Value: 1}, 3}, {Symbol{Kind: Coin, Value: 2}, 1},
				{Symbol{Kind: ScaleUp, Factor: 2}, 1}, {Symbol{Kind: ScaleUp, Factor: 3}, 1}, {Symbol{Kind: Jackpot, Level: "grand"}, 1},
			},
			TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 1}, 2}, {Symbol{Kind: Coin, Value: 5}, 1}, {Symbol{Kind: Jackpot, Level: "grand"}, 1}},
			Jackpots:       grand,
		}},
		{"1x3 coins and one scale up", Config{
			Reels: 1, Rows: 3, Trigger: 1,
			Land:           []Land{{Bonus: 2, Blank: 3}},
			Symbols:        []Weighted{{Symbol{Kind: Coin, Value: 4}, 2}, {Symbol{Kind: ScaleUp, Factor: 3}, 1}},
			TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 1}, 1}, {Symbol{Kind: Coin, Value: 2}, 1}},
		}},
	}
	for _, tc := range cfgs {
		g, err := New(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		for n0 := tc.cfg.Trigger; n0 <= g.cells; n0++ {
			for _, fallback := range []bool{false, true} {
				q := g.All(Always)
				if fallback {
					q = g.All(Prob{0, 1})
				}
				b := newBrute(g, q)
				b.dist = map[int64]*big.Rat{}
				locked := make([]int, tc.cfg.Reels)
				for i := range n0 {
					locked[i/tc.cfg.Rows]++
				}
				b.start(locked, rat(1))
				var maxV int64
				for v := range b.dist {
					maxV = max(maxV, v)
				}
				for _, capX := range []int64{maxV + 5, maxV / 2, 7} {
					lo, err := g.TotalDist(n0, capX, fallback, dround.Down)
					if err != nil {
						t.Fatal(err)
					}
					hi, err := g.TotalDist(n0, capX, fallback, dround.Up)
					if err != nil {
						t.Fatal(err)
					}
					got := lo
					T := int64(len(got) - 1)
					want := make([]*big.Rat, T+1)
					for v := range want {
						want[v] = new(big.Rat)
					}
					for v, p := range b.dist {
						want[min(v, T)].Add(want[min(v, T)], p)
					}
					for v := range want {
						// rigorous: Down ≤ exact ≤ Up, and close
						if new(big.Rat).SetFloat64(lo[v]).Cmp(want[v]) > 0 || new(big.Rat).SetFloat64(hi[v]).Cmp(want[v]) < 0 {
							t.Fatalf("%s, n0 %d, fallback %v, cap %d: P[%d] in %.17g..%.17g, brute force %s", tc.name, n0, fallback, capX, v, lo[v], hi[v], want[v].FloatString(20))
						}
						if hi[v]-lo[v] > 1e-12 {
							t.Fatalf("%s: P[%d] bounds %.17g..%.17g too far apart", tc.name, v, lo[v], hi[v])
						}
					}
					if capX < maxV && got[T] == 0 {
						t.Fatalf("%s: degenerate: the cap %d never reached", tc.name, capX)
					}
				}
			}
		}
	}
}
