package games

import (
	"flag"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"egm/games/slot"
	"egm/rng"
)

// maxWinGames is the seeded sample per title of TestMaxWinHolds: 10^7 in CI, 10^8
// by hand (docs/math.md): go test ./games -run TestMaxWinHolds -maxwin-games 100000000 -v
var maxWinGames = flag.Int("maxwin-games", 10_000_000, "games per title of TestMaxWinHolds")

// TestMaxWinHolds plays the two titles whose PAR understated the max win before
// the cap (free-game rounds left out) and finds no award above the PAR's max win,
// which is the cap: Play cuts at it and says so.
func TestMaxWinHolds(t *testing.T) {
	n := *maxWinGames
	if testing.Short() {
		n /= 100
	}
	for _, id := range []string{"gems-secrets", "golden-lord-of-the-ocean"} {
		ti, err := ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ti.PAR()
		if err != nil {
			t.Fatal(err)
		}
		if p.MaxWin != float64(ti.Spec.MaxWinX) || p.MaxWinUncapped <= p.MaxWin {
			t.Fatalf("%s: max win %v, cap %d, before the cap %v", id, p.MaxWin, ti.Spec.MaxWinX, p.MaxWinUncapped)
		}
		bet := slot.Bet{LineCents: slot.MaxTotalCents(ti.Lines()) / int64(ti.Lines()), Lines: ti.Lines()}
		limit := int64(p.MaxWin) * bet.TotalCents()
		workers := runtime.GOMAXPROCS(0)
		var mu sync.Mutex
		var top, capped int64
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				src := rng.NewSeeded(uint64(1_000 + w))
				var o slot.Outcome
				var wt, wc int64
				for range n / workers {
					if err := ti.Play(src, bet, &o); err != nil {
						panic(err)
					}
					wt = max(wt, o.Win)
					if o.Capped {
						wc++
					}
				}
				mu.Lock()
				top, capped = max(top, wt), capped+wc
				mu.Unlock()
			}()
		}
		wg.Wait()
		msg := fmt.Sprintf("%s: %d games, largest award %.1f× bet, %d capped, stated max %v× bet", id, n/workers*workers, float64(top)/float64(bet.TotalCents()), capped, p.MaxWin)
		t.Log(msg)
		if top > limit {
			t.Errorf("%s", msg)
		}
	}
}
