package reels

import (
	"fmt"
	"testing"
)

func TestEvaluate(t *testing.T) {
	g := mustGame(t, testConfig())
	type win struct {
		line  int
		sym   string
		count int
		pay   int64
	}
	tests := []struct {
		name     string
		rows     [3]string
		wins     []win
		scatters int
		total    int64
	}{
		{"nothing",
			[3]string{"K Q J A K", "Q J K A Q", "A K Q J J"}, nil, 0, 0},
		{"three K on the middle line",
			[3]string{"Q J A K Q", "K K K Q J", "J Q J A K"},
			[]win{{0, "K", 3, 10}}, 0, 10},
		{"five A on top line",
			[3]string{"A A A A A", "K Q J Q K", "J K Q K J"},
			[]win{{1, "A", 5, 500}, {7, "A", 2, 2}}, 0, 502},
		{"wild substitutes in the middle",
			[3]string{"Q J A K Q", "K W K K J", "J Q J A K"},
			[]win{{0, "K", 4, 40}}, 0, 40},
		{"leading wild substitutes",
			[3]string{"Q J A K Q", "W K K J J", "J Q J A K"},
			[]win{{0, "K", 3, 10}}, 0, 10},
		{"wild's own pay beats the substituted symbol",
			// W W W J Q: wild ×3 pays 50, J×4 would pay 15.
			[3]string{"Q J A K Q", "W W W J Q", "J Q J A K"},
			[]win{{0, "W", 3, 50}, {9, "Q", 3, 5}}, 0, 55},
		{"substituted symbol beats the wild's own pay",
			// W W A A A: wild ×2 pays 5, A ×5 pays 500.
			[3]string{"Q J K K Q", "W W A A A", "J Q J A K"},
			[]win{{0, "A", 5, 500}}, 0, 500},
		{"wild-only line of five",
			[3]string{"Q J K K Q", "W W W W W", "J Q J A K"},
			[]win{{0, "W", 5, 1000}, {9, "Q", 3, 5}}, 0, 1005},
		{"wild run stopped by a scatter pays the wild's own",
			[3]string{"Q J K K Q", "W W S A A", "J Q J A K"},
			[]win{{0, "W", 2, 5}}, 1, 5},
		{"wild does not substitute for the scatter",
			[3]string{"Q J K K Q", "S W S A S", "J Q J A K"},
			nil, 3, 2 * 10},
		{"wild does not substitute for the bonus",
			[3]string{"Q J K K Q", "B W B B J", "J Q J A K"},
			nil, 0, 0},
		{"bonus breaks a line",
			[3]string{"Q J K A Q", "K K B K K", "J Q J K J"},
			nil, 0, 0},
		{"scatters pay anywhere, not on lines",
			[3]string{"S J K A S", "K Q J S K", "J Q S K J"},
			nil, 4, 20 * 10},
		{"highest win per line on several lines",
			// top A A A A K → A×4; middle A A K → A×2; line 5 (1,0,0,0,1) A×4;
			// line 3 (0,1,2,…) A A J → A×2; line 7 (0,0,1,…) A A K → A×2.
			[3]string{"A A A A K", "A A K Q J", "J Q J K Q"},
			[]win{{0, "A", 2, 2}, {1, "A", 4, 100}, {3, "A", 2, 2}, {5, "A", 4, 100}, {7, "A", 2, 2}},
			0, 206},
		{"A pays from two, K does not",
			[3]string{"K K Q J Q", "A A Q J Q", "J Q K A K"},
			[]win{{0, "A", 2, 2}}, 0, 2},
	}
	buf := make([]LineWin, len(g.Lines))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := window(t, g, tc.rows[:]...)
			ev := g.Evaluate(w, buf)
			var got []string
			for _, lw := range buf[:min(ev.LineWins, len(buf))] {
				got = append(got, fmt.Sprintf("%d:%s×%d=%d", lw.Line, g.Symbols[lw.Symbol].Name, lw.Count, lw.Pay))
			}
			var want []string
			for _, x := range tc.wins {
				want = append(want, fmt.Sprintf("%d:%s×%d=%d", x.line, x.sym, x.count, x.pay))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("wins = %v, want %v", got, want)
			}
			if ev.Scatters != tc.scatters {
				t.Errorf("scatters = %d, want %d", ev.Scatters, tc.scatters)
			}
			if ev.Total != tc.total {
				t.Errorf("total = %d, want %d", ev.Total, tc.total)
			}
		})
	}
}

func TestEvaluateAllWildPaysBestSymbolWhenWildDoesNot(t *testing.T) {
	cfg := testConfig()
	cfg.Symbols[0].Pays = nil // the wild pays nothing on its own
	g := mustGame(t, cfg)
	w := window(t, g, "Q J K K Q", "W W W W W", "J Q J A K")
	buf := make([]LineWin, len(g.Lines))
	ev := g.Evaluate(w, buf)
	// Line 0 pays as A×5 = 500; line 9 (W Q W K W) pays Q×3 = 5.
	if ev.LineWins != 2 || ev.Total != 505 || buf[0].Symbol != 1 || buf[0].Count != 5 || buf[0].Pay != 500 {
		t.Fatalf("got %+v %+v, want A×5 = 500 and Q×3 = 5", ev, buf[0])
	}
	// W W W J Q: the wild has no pay of its own, so J×4 = 15.
	w = window(t, g, "Q J K K Q", "W W W J Q", "J Q J A K")
	if ev = g.Evaluate(w, buf); ev.Total != 15+5 || buf[0].Count != 4 || buf[0].Pay != 15 {
		t.Fatalf("got %+v %+v, want J×4 = 15 and Q×3 = 5", ev, buf[0])
	}
}

func TestEvaluateBufferShorterThanWins(t *testing.T) {
	g := mustGame(t, testConfig())
	w := window(t, g, "A A A A A", "A A A A A", "A A A A A")
	buf := make([]LineWin, 2)
	ev := g.Evaluate(w, buf)
	if ev.LineWins != 10 || ev.Total != 5000 {
		t.Fatalf("got %+v, want 10 wins totalling 5000", ev)
	}
	if ev2 := g.Evaluate(w, nil); ev2 != ev {
		t.Fatalf("nil buffer: %+v, want %+v", ev2, ev)
	}
}
