package reels

import (
	"testing"

	"egm/rng"
)

// evaluateDirect is the reference evaluator: the rules read cell by cell, with no
// tables. Evaluate must agree with it on every window.
func evaluateDirect(g *Game, w *Window) (total int64, wins []LineWin) {
	nr := g.Reels
	wild := g.Wild
	for li, ln := range g.Lines {
		cell := func(r int) SymbolID { return w.Cells[r][ln[r]] }
		var cb combo
		c := cell(0)
		switch {
		case c == wild:
			i := 1
			for i < nr && cell(i) == wild {
				i++
			}
			if i == nr {
				cb = g.allWild
				break
			}
			s := cell(i)
			if g.Symbols[s].Kind != Regular {
				if p := g.pay[wild][i]; p > 0 {
					cb = combo{wild, uint8(i), p}
				}
				break
			}
			n := i + 1
			for n < nr && (cell(n) == s || cell(n) == wild) {
				n++
			}
			sp, wp := g.pay[s][n], g.pay[wild][i]
			switch {
			case wp > 0 && wp >= sp:
				cb = combo{wild, uint8(i), wp}
			case sp > 0:
				cb = combo{s, uint8(n), sp}
			}
		case g.Symbols[c].Kind == Regular:
			n := 1
			for n < nr && (cell(n) == c || cell(n) == wild) {
				n++
			}
			if p := g.pay[c][n]; p > 0 {
				cb = combo{c, uint8(n), p}
			}
		}
		if cb.pay > 0 {
			wins = append(wins, LineWin{Line: uint8(li), Symbol: cb.sym, Count: cb.count, Pay: cb.pay})
			total += cb.pay
		}
	}
	if g.Scatter != NoSymbol {
		total += g.scatPay[w.Count(g.Scatter)] * int64(len(g.Lines))
	}
	return total, wins
}

// TestEvaluateMatchesReference compares Evaluate with the reference on random
// windows (every symbol anywhere, not only what the strips allow) of every fixture.
func TestEvaluateMatchesReference(t *testing.T) {
	cfgs := append(tinyConfigs(), testConfig(), typicalConfig(5, 4, 40, 30, 1), typicalConfig(3, 3, 5, 30, 1))
	src := rng.NewSeeded(9)
	buf := make([]LineWin, MaxLines)
	for _, cfg := range cfgs {
		g := mustGame(t, cfg)
		paid := 0
		for range 20000 {
			w := Window{Reels: int8(g.Reels), Rows: int8(g.Rows)}
			for r := range g.Reels {
				for row := range g.Rows {
					// Bias towards wilds so that wild runs are common.
					if rng.Intn(src, 4) == 0 && g.Wild != NoSymbol {
						w.Cells[r][row] = g.Wild
					} else {
						w.Cells[r][row] = SymbolID(rng.Intn(src, len(g.Symbols)))
					}
				}
			}
			ev := g.Evaluate(&w, buf)
			total, wins := evaluateDirect(g, &w)
			if ev.Total != total || ev.LineWins != len(wins) {
				t.Fatalf("%s: %+v: Evaluate total %d (%d wins), reference %d (%d wins)", cfg.Title, w.Cells, ev.Total, ev.LineWins, total, len(wins))
			}
			for i := range wins {
				if buf[i] != wins[i] {
					t.Fatalf("%s: win %d = %+v, reference %+v", cfg.Title, i, buf[i], wins[i])
				}
			}
			if total > 0 {
				paid++
			}
		}
		if paid < 1000 {
			t.Errorf("%s: only %d paying windows: the comparison is weak", cfg.Title, paid)
		}
	}
}

// TestEvaluateSpunWindowsMatchReference covers the pair-table path: windows filled
// by Spin (and the same cells without the set, which take the full path) must pay
// exactly what the reference pays.
func TestEvaluateSpunWindowsMatchReference(t *testing.T) {
	cfgs := append(tinyConfigs(), testConfig(), typicalConfig(5, 4, 40, 30, 1), typicalConfig(5, 3, 10, 30, 2))
	src := rng.NewSeeded(10)
	buf := make([]LineWin, MaxLines)
	triples := 0
	for _, cfg := range cfgs {
		g := mustGame(t, cfg)
		if g.Base.triples != nil {
			triples++
		}
		fast := 0
		for range 20000 {
			var w Window
			Spin(src, g.Base, &w)
			ev := g.Evaluate(&w, buf)
			total, wins := evaluateDirect(g, &w)
			if ev.Total != total || ev.LineWins != len(wins) {
				t.Fatalf("%s: stops %v: Evaluate %d (%d wins), reference %d (%d wins)", cfg.Title, w.Stops, ev.Total, ev.LineWins, total, len(wins))
			}
			for i := range wins {
				if buf[i] != wins[i] {
					t.Fatalf("%s: win %d = %+v, reference %+v", cfg.Title, i, buf[i], wins[i])
				}
			}
			hand := w
			hand.set = nil
			if ev2 := g.Evaluate(&hand, nil); ev2 != ev {
				t.Fatalf("%s: full path %+v, pair path %+v", cfg.Title, ev2, ev)
			}
			if g.Base.pairs != nil && g.Base.pairs[int(w.Stops[0])*g.Base.Len(1)+int(w.Stops[1])]&pairsSlow == 0 {
				fast++
			}
		}
		if g.Reels >= 3 && fast == 0 {
			t.Errorf("%s: the pair path was never taken", cfg.Title)
		}
	}
	if triples == 0 {
		t.Error("no fixture has a triple table: that path is untested")
	}
	// A window evaluated by another game takes the full path.
	a, b := mustGame(t, testConfig()), mustGame(t, testConfig())
	var w Window
	Spin(src, a.Base, &w)
	if b.Evaluate(&w, nil) != a.Evaluate(&w, nil) {
		t.Error("the same rules gave different pays")
	}
}
