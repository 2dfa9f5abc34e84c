package freegames

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"egm/reels"
	"egm/rng"
)

// window builds a window from rows of symbol names, top row first.
func window(t *testing.T, g *reels.Game, rows ...string) *reels.Window {
	t.Helper()
	w := &reels.Window{Reels: int8(g.Reels), Rows: int8(g.Rows)}
	for row, line := range rows {
		for r, name := range strings.Fields(line) {
			id, ok := g.Symbol(name)
			if !ok {
				t.Fatalf("unknown symbol %q", name)
			}
			w.Cells[r][row] = id
		}
	}
	return w
}

func TestExpansion(t *testing.T) {
	g := mustGame(t, expandConfig())
	tests := []struct {
		name      string
		sym       string
		mult      int64
		rows      [3]string
		reels     uint8
		count     int
		expandPay int64
		win       int64 // -1: (the base evaluation + the expansion) × multiplier
	}{
		{"three non-adjacent reels", "M", 1,
			[3]string{"M Q A Q K", "K A Q K M", "Q K M A Q"}, 0b10101, 3, 50 * 10, 500},
		{"one reel showing the symbol twice", "M", 1,
			[3]string{"A Q K Q K", "K A Q M Q", "Q K A M A"}, 0, 0, 0, -1},
		{"two adjacent reels when the symbol pays two", "M", 1,
			[3]string{"M M A Q K", "K A Q K A", "Q K K A Q"}, 0b00011, 2, 5 * 10, -1},
		{"one reel pays nothing", "M", 1,
			[3]string{"M Q A Q K", "K A Q K A", "Q K K A Q"}, 0, 0, 0, -1},
		{"two reels of a symbol paying from three", "A", 1,
			[3]string{"K Q A Q K", "K K Q A Q", "Q K K K Q"}, 0, 0, 0, -1},
		{"wild does not count as the symbol", "A", 1,
			[3]string{"A Q W Q A", "K K Q W Q", "Q K K K Q"}, 0, 0, 0, -1},
		{"expansion with the multiplier", "A", 2,
			[3]string{"A Q W Q A", "K K A W Q", "Q K K K Q"}, 0b10101, 3, 100, -1},
		{"in addition to the line win, with the multiplier", "K", 3,
			// middle line K K K Q A pays K×3 = 5; K on reels 0,1,2,4 expands: K×4 = 20 × 10 lines.
			[3]string{"A Q A Q K", "K K K Q A", "Q A Q A Q"}, 0b10111, 4, 200, 3 * (5 + 200)},
		{"full screen", "Q", 1,
			// Q on every reel: Q×5 = 75 × 10; the lines pay Q×5 on the bottom line too.
			[3]string{"A K A K A", "K A K A K", "Q Q Q Q Q"}, 0b11111, 5, 750, 75 + 750},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := expandFeatureConfig()
			c.Multiplier = tc.mult
			f := mustFeature(t, g, c)
			s, _ := g.Symbol(tc.sym)
			w := window(t, g, tc.rows[:]...)
			gm := f.evaluate(w, s, make([]reels.LineWin, g.NumLines()))
			if tc.win < 0 {
				tc.win = (g.Evaluate(w, nil).Total + tc.expandPay) * tc.mult
			}
			if gm.ExpandReels != tc.reels || gm.ExpandCount != tc.count || gm.ExpandPay != tc.expandPay {
				t.Errorf("expansion reels %05b count %d pay %d, want %05b %d %d", gm.ExpandReels, gm.ExpandCount, gm.ExpandPay, tc.reels, tc.count, tc.expandPay)
			}
			if gm.Win != tc.win {
				t.Errorf("win %d, want %d (lines %+v)", gm.Win, tc.win, gm.Lines)
			}
		})
	}
}

// TestPlayRecord plays many seeded rounds and checks that each record is complete
// and consistent: the stops reproduce every game, the wins add up, the games
// played are the awards, and the same seed gives the same record.
func TestPlayRecord(t *testing.T) {
	g := mustGame(t, expandConfig())
	f := mustFeature(t, g, expandFeatureConfig())
	src := rng.NewSeeded(11)
	var r Round
	retriggered, expanded := 0, 0
	for range 2000 {
		f.Play(src, 10, &r)
		var sum int64
		games := 10
		for i, gm := range r.Games {
			var w reels.Window
			stops := make([]int, g.Reels)
			for k := range stops {
				stops[k] = int(gm.Stops[k])
			}
			reels.SetStops(f.Set, stops, &w)
			again := f.evaluate(&w, r.Expanding, make([]reels.LineWin, g.NumLines()))
			if !reflect.DeepEqual(again, gm) {
				t.Fatalf("game %d: record %+v, replay from its stops %+v", i, gm, again)
			}
			var lines int64
			for _, lw := range gm.Lines {
				lines += lw.Pay
			}
			if want := (lines + gm.ScatterPay*int64(g.NumLines()) + gm.ExpandPay) * r.Multiplier; gm.Win != want {
				t.Fatalf("game %d: win %d, parts add to %d", i, gm.Win, want)
			}
			sum += gm.Win
			games += gm.Retrigger
			if gm.Retrigger > 0 {
				retriggered++
			}
			if gm.ExpandPay > 0 {
				expanded++
			}
		}
		if sum != r.Win {
			t.Fatalf("round win %d, games add to %d", r.Win, sum)
		}
		if len(r.Games)+r.Forfeited != games || r.Forfeited != 0 {
			t.Fatalf("played %d + forfeited %d, awarded %d", len(r.Games), r.Forfeited, games)
		}
		if r.Expanding == reels.NoSymbol || r.Name != g.Symbols[r.Expanding].Name {
			t.Fatalf("expanding symbol %d %q", r.Expanding, r.Name)
		}
	}
	if retriggered == 0 || expanded == 0 {
		t.Errorf("fixture too weak: %d retriggers, %d expansions", retriggered, expanded)
	}

	// Same seed, same record; the JSON round-trips.
	var a, b Round
	f.Play(rng.NewSeeded(5), 10, &a)
	f.Play(rng.NewSeeded(5), 10, &b)
	ja, _ := json.Marshal(&a)
	jb, _ := json.Marshal(&b)
	if !bytes.Equal(ja, jb) {
		t.Fatal("the same seed gave different rounds")
	}
	var c Round
	if err := json.Unmarshal(ja, &c); err != nil {
		t.Fatal(err)
	}
	if jc, _ := json.Marshal(&c); !bytes.Equal(ja, jc) {
		t.Errorf("JSON round trip changed the record:\n%s\n%s", ja, jc)
	}
}

func TestPlayExpandingDrawFollowsWeights(t *testing.T) {
	g := mustGame(t, expandConfig())
	f := mustFeature(t, g, expandFeatureConfig()) // weights M 1, A 2, K 3, Q 3
	src := rng.NewSeeded(3)
	count := map[string]int{}
	var r Round
	const n = 9000
	for range n {
		f.Play(src, 1, &r)
		count[r.Name]++
	}
	for name, w := range map[string]float64{"M": 1, "A": 2, "K": 3, "Q": 3} {
		exp := n * w / 9
		if d := float64(count[name]) - exp; d*d > 16*exp { // 4σ
			t.Errorf("%s drawn %d times, expected %.0f", name, count[name], exp)
		}
	}
}

func TestPlayCap(t *testing.T) {
	g := mustGame(t, expandConfig())
	c := expandFeatureConfig()
	c.MaxGames = 12
	f := mustFeature(t, g, c)
	src := rng.NewSeeded(4)
	var r Round
	capped := 0
	for range 3000 {
		f.Play(src, 10, &r)
		awarded := 10
		for _, gm := range r.Games {
			awarded += gm.Retrigger
		}
		if len(r.Games) > 12 {
			t.Fatalf("%d games played, cap 12", len(r.Games))
		}
		if len(r.Games)+r.Forfeited != awarded {
			t.Fatalf("played %d + forfeited %d ≠ awarded %d", len(r.Games), r.Forfeited, awarded)
		}
		if r.Forfeited > 0 {
			capped++
			if len(r.Games) != 12 {
				t.Fatalf("forfeited games with only %d played", len(r.Games))
			}
		}
	}
	if capped == 0 {
		t.Error("no round reached the cap: the test is weak")
	}
}

func TestPlayWithoutExpanding(t *testing.T) {
	g := mustGame(t, expandConfig())
	c := expandFeatureConfig()
	c.Expanding = nil
	c.Multiplier = 2
	f := mustFeature(t, g, c)
	var r Round
	f.Play(rng.NewSeeded(1), 10, &r)
	if r.Expanding != reels.NoSymbol || r.Name != "" {
		t.Errorf("expanding symbol %d %q without candidates", r.Expanding, r.Name)
	}
	for _, gm := range r.Games {
		if gm.ExpandPay != 0 || gm.Win%2 != 0 {
			t.Errorf("game %+v", gm)
		}
	}
}

func TestPlayDoesNotAllocateOnceWarm(t *testing.T) {
	g := mustGame(t, expandConfig())
	f := mustFeature(t, g, expandFeatureConfig())
	src := rng.NewSeeded(8)
	var r Round
	f.Play(src, 10, &r)
	r.Games = make([]Spin, 0, f.MaxGames)
	allocs := testing.AllocsPerRun(200, func() { f.Play(src, 10, &r) })
	if allocs != 0 {
		t.Errorf("Play allocates %.1f times per round", allocs)
	}
}
