package reels

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// LineWin is one paying line.
type LineWin struct {
	Line   uint8    `json:"line"`   // index into Game.Lines
	Symbol SymbolID `json:"symbol"` // the paying symbol (the wild for a wild's own pay)
	Count  uint8    `json:"count"`  // how many of a kind from the leftmost reel
	Pay    int64    `json:"pay"`    // × line bet
}

// Eval is the evaluation of one window.
type Eval struct {
	LineWins   int   `json:"line_wins"`   // paying lines (the first len(buffer) are recorded)
	LinePay    int64 `json:"line_pay"`    // sum of line pays, × line bet
	Scatters   int   `json:"scatters"`    // scatter symbols anywhere in the window
	ScatterPay int64 `json:"scatter_pay"` // × total bet
	Total      int64 `json:"total"`       // LinePay + ScatterPay × NumLines: × line bet
}

// Evaluate pays the window: every line left to right from the leftmost reel, the
// highest win per line (n of a symbol with wilds substituting, or the wild's own pay
// for its leading run, whichever is higher; ties go to the wild), and the scatter by
// count anywhere. Winning lines are written to wins in line order (up to len(wins);
// nil records none). It never allocates.
func (g *Game) Evaluate(w *Window, wins []LineWin) Eval {
	var ev Eval
	if rs := w.set; rs != nil && rs.game == g {
		// Only the lines still running after reels 0 and 1 (pairs), or that can
		// pay after reel 2 (triples), can pay.
		var m uint64
		if rs.triples != nil {
			m = rs.triples[(int(w.Stops[0])*int(rs.lens[1])+int(w.Stops[1]))*int(rs.lens[2])+int(w.Stops[2])]
		} else {
			m = rs.pairs[int(w.Stops[0])*int(rs.lens[1])+int(w.Stops[1])]
		}
		if m&pairsSlow == 0 {
			for m != 0 {
				li := bits.TrailingZeros64(m)
				m &= m - 1
				g.addLine(&ev, w, li, wins)
			}
			g.addScatter(&ev, w)
			return ev
		}
	}
	for li := range g.Lines {
		g.addLine(&ev, w, li, wins)
	}
	g.addScatter(&ev, w)
	return ev
}

// addLine pays line li of the window into ev.
func (g *Game) addLine(ev *Eval, w *Window, li int, wins []LineWin) {
	nr, wild := g.Reels, g.Wild
	ln := &g.Lines[li]
	c := w.Cells[0][ln[0]&(MaxRows-1)]
	var cb combo
	if c != wild {
		// Scatter and bonus symbols have an all-zero row of line pays, so no
		// kind test is needed here.
		n := 1
		for n < nr {
			x := w.Cells[n][ln[n]&(MaxRows-1)]
			if x != c && x != wild {
				break
			}
			n++
		}
		p := g.pay[c&(MaxSymbols-1)][n&7]
		if p == 0 {
			return
		}
		cb = combo{c, uint8(n), p}
	} else if cb = g.wildLine(w, ln); cb.pay == 0 {
		return
	}
	if ev.LineWins < len(wins) {
		wins[ev.LineWins] = LineWin{Line: uint8(li), Symbol: cb.sym, Count: cb.count, Pay: cb.pay}
	}
	ev.LineWins++
	ev.LinePay += cb.pay
}

// addScatter counts the scatters and settles the total.
func (g *Game) addScatter(ev *Eval, w *Window) {
	if sc := g.Scatter; sc != NoSymbol {
		n := g.countCells(w, sc)
		ev.Scatters = n
		ev.ScatterPay = g.scatPay[n]
	}
	ev.Total = ev.LinePay + ev.ScatterPay*int64(len(g.Lines))
}

// countCells counts the window's cells showing s, eight cells at a time: the
// window's 20 bytes are read as words, bytes equal to s become zero, cells outside
// the window are forced non-zero, and the zero bytes are counted exactly.
func (g *Game) countCells(w *Window, s SymbolID) int {
	b := (*[MaxCells]byte)(unsafe.Pointer(&w.Cells))
	pat := uint64(s) * 0x0101010101010101
	t0 := binary.LittleEndian.Uint64(b[0:8]) ^ pat | g.outside[0]
	t1 := binary.LittleEndian.Uint64(b[8:16]) ^ pat | g.outside[1]
	t2 := uint64(binary.LittleEndian.Uint32(b[16:20])) ^ pat | g.outside[2]
	return zeroBytes(t0) + zeroBytes(t1) + zeroBytes(t2)
}

// zeroBytes counts the zero bytes of x exactly (no borrow between bytes).
func zeroBytes(x uint64) int {
	const lo7 = 0x7F7F7F7F7F7F7F7F
	y := (x & lo7) + lo7
	y = ^(y | x | lo7)
	return bits.OnesCount64(y)
}

// wildLine pays a line that starts with a wild: the better of the wild's own run
// and the run of the first other symbol it substitutes for.
func (g *Game) wildLine(w *Window, ln *Line) combo {
	nr, wild := g.Reels, g.Wild
	i := 1
	for i < nr && w.Cells[i][ln[i]&(MaxRows-1)] == wild {
		i++
	}
	if i == nr {
		return g.allWild
	}
	s := w.Cells[i][ln[i]&(MaxRows-1)]
	if !g.lineable[s&(MaxSymbols-1)] {
		if p := g.pay[wild&(MaxSymbols-1)][i]; p > 0 {
			return combo{wild, uint8(i), p}
		}
		return combo{}
	}
	n := i + 1
	for n < nr {
		x := w.Cells[n][ln[n]&(MaxRows-1)]
		if x != s && x != wild {
			break
		}
		n++
	}
	return g.best(s, n, i)
}
