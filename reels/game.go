package reels

// Game is a title's compiled reel math: symbols, lines, paytable, reel sets. It is
// immutable after New and safe for concurrent use; a spin's state lives in a Window.
type Game struct {
	Title   string
	Reels   int
	Rows    int
	Symbols []Symbol
	Lines   []Line
	Base    *ReelSet
	Free    *ReelSet // nil when the title has no free-game strips

	Wild    SymbolID // NoSymbol if none
	Scatter SymbolID // NoSymbol if none

	pay      [MaxSymbols][8]int64 // line pays by symbol and count (8 ≥ MaxReels+1: masked index)
	lineable [MaxSymbols]bool     // Regular (substitutable) symbols
	scatPay  [MaxCells + 1]int64  // scatter pay by count, × total bet
	allWild  combo                // what a line of wilds only pays as
	tab      *stepTables          // the line state machine of Enumerate
	outside  [3]uint64            // window bytes outside reels × rows, all ones (countCells)
	cfg      Config               // the data it was built from (a private deep copy)
}

// Config returns a deep copy of the plain data the game was built from (strips as
// symbol names, lines as rows, pays by count): what a PAR sheet prints so that an
// independent tool can recompute the game.
func (g *Game) Config() Config { return cloneConfig(g.cfg) }

func cloneConfig(c Config) Config {
	out := c
	out.Symbols = make([]SymbolDef, len(c.Symbols))
	for i, s := range c.Symbols {
		out.Symbols[i] = s
		if s.Pays != nil {
			out.Symbols[i].Pays = make(map[int]int64, len(s.Pays))
			for n, p := range s.Pays {
				out.Symbols[i].Pays[n] = p
			}
		}
	}
	clone2 := func(x [][]int) [][]int {
		if x == nil {
			return nil
		}
		o := make([][]int, len(x))
		for i := range x {
			o[i] = append([]int(nil), x[i]...)
		}
		return o
	}
	cloneS := func(x [][]string) [][]string {
		if x == nil {
			return nil
		}
		o := make([][]string, len(x))
		for i := range x {
			o[i] = append([]string(nil), x[i]...)
		}
		return o
	}
	out.Lines = clone2(c.Lines)
	out.Base = cloneS(c.Base)
	out.Free = cloneS(c.Free)
	return out
}

// combo is a paying line combination: n of symbol s paying pay.
type combo struct {
	sym   SymbolID
	count uint8
	pay   int64
}

// Symbol returns the id of the named symbol.
func (g *Game) Symbol(name string) (SymbolID, bool) {
	for i, s := range g.Symbols {
		if s.Name == name {
			return SymbolID(i), true
		}
	}
	return NoSymbol, false
}

// LinePay is the pay of n of symbol s on a line, × line bet.
func (g *Game) LinePay(s SymbolID, n int) int64 {
	if int(s) >= len(g.Symbols) || n < 0 || n > g.Reels {
		return 0
	}
	return g.pay[s][n]
}

// ScatterPay is the pay for n scatters anywhere, × total bet.
func (g *Game) ScatterPay(n int) int64 {
	if n < 0 || n > MaxCells {
		return 0
	}
	return g.scatPay[n]
}

// NumLines is the number of (always active) lines: total bet = NumLines × line bet.
func (g *Game) NumLines() int { return len(g.Lines) }

// Cells is the number of cells in the window.
func (g *Game) Cells() int { return g.Reels * g.Rows }

// best is the pay of a line that ended after n matching cells whose first non-wild
// symbol is s, with i leading wilds: the better of s × n and the wild's own i. Ties
// go to the wild's own combination.
func (g *Game) best(s SymbolID, n, i int) combo {
	wp := g.pay[g.wildIdx()][i]
	sp := g.pay[s][n]
	if wp > 0 && wp >= sp {
		return combo{g.Wild, uint8(i), wp}
	}
	if sp > 0 {
		return combo{s, uint8(n), sp}
	}
	return combo{}
}

// wildIdx is the wild's id, or an all-zero pay row when the game has none.
func (g *Game) wildIdx() SymbolID {
	if g.Wild == NoSymbol {
		return MaxSymbols - 1 // never a wild; its row of pay is only read at i = 0
	}
	return g.Wild
}
