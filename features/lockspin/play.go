package lockspin

import (
	"fmt"
	"slices"

	"egm/rng"
)

// Lock is a triggering symbol the base game hands to Play.
type Lock struct {
	Reel   int    `json:"reel"`
	Row    int    `json:"row"`
	Symbol Symbol `json:"symbol"`
}

// Play runs the feature from the triggering symbols, drawing only from src, and
// returns its record. q gives each jackpot level's qualification probability.
//
// Draw order (fixed, so that a seed reproduces an outcome): the qualification of
// each triggering jackpot symbol, reel by reel and top to bottom; then per respin,
// for each empty cell reel by reel and top to bottom, the landing draw on the
// reel's Land weights, and if it lands the symbol draw on Symbols and, for a
// jackpot symbol, its qualification draw; at the end, the full-grid award's
// qualification if the grid is full and the title has one.
func (g *Game) Play(src rng.Source, initial []Lock, q Qualify) (*Outcome, error) {
	probs, err := g.probs(q)
	if err != nil {
		return nil, err
	}
	c := &g.cfg
	if len(initial) < c.Trigger {
		return nil, fmt.Errorf("lockspin: %d triggering symbols, the trigger is %d", len(initial), c.Trigger)
	}
	init := slices.Clone(initial)
	slices.SortFunc(init, func(a, b Lock) int { return (a.Reel*c.Rows + a.Row) - (b.Reel*c.Rows + b.Row) })
	grid := make([]Cell, g.cells)
	used := make([]bool, g.cells)
	out := &Outcome{Reels: c.Reels, Rows: c.Rows, Initial: make([]Cell, 0, len(init)), Respins: make([]Respin, 0, 8)}
	for _, l := range init { // all checks before the first draw
		if l.Reel < 0 || l.Reel >= c.Reels || l.Row < 0 || l.Row >= c.Rows {
			return nil, fmt.Errorf("lockspin: triggering symbol at reel %d row %d outside the %d×%d grid", l.Reel, l.Row, c.Reels, c.Rows)
		}
		i := l.Reel*c.Rows + l.Row
		if used[i] {
			return nil, fmt.Errorf("lockspin: two triggering symbols at reel %d row %d", l.Reel, l.Row)
		}
		if err := g.checkSymbol(l.Symbol, false); err != nil {
			return nil, fmt.Errorf("lockspin: triggering symbol at reel %d row %d: %w", l.Reel, l.Row, err)
		}
		used[i] = true
	}
	for _, l := range init {
		i := l.Reel*c.Rows + l.Row
		grid[i] = g.settle(src, l.Reel, l.Row, 0, l.Symbol, probs, out)
		out.Initial = append(out.Initial, grid[i])
	}
	locked := len(init)
	counter := Respins
	for counter > 0 && locked < g.cells {
		rs := Respin{N: len(out.Respins) + 1, CounterBefore: counter, ScaleUp: 1}
		for r := 0; r < c.Reels; r++ {
			land := c.Land[r]
			for row := 0; row < c.Rows; row++ {
				i := r*c.Rows + row
				if used[i] || rng.Uint64n(src, g.landTotal[r]) >= land.Bonus {
					continue
				}
				s := pick(src, c.Symbols, g.symTotal)
				used[i] = true
				grid[i] = g.settle(src, r, row, rs.N, s, probs, out)
				rs.Landed = append(rs.Landed, grid[i])
				if s.Kind == ScaleUp {
					rs.ScaleUp *= s.Factor
				}
			}
		}
		locked += len(rs.Landed)
		if len(rs.Landed) > 0 {
			counter = Respins
		} else {
			counter--
		}
		rs.CounterAfter = counter
		for i := range grid {
			grid[i].Value *= rs.ScaleUp // empty cells hold 0
			rs.Total += grid[i].Value
		}
		out.Respins = append(out.Respins, rs)
	}
	out.Full = locked == g.cells
	if out.Full && c.FullGrid != "" {
		d := drawQualify(src, probs[g.level(c.FullGrid)])
		out.FullGrid = &d
		if d.Qualified {
			out.Jackpots = append(out.Jackpots, Hit{Level: c.FullGrid, Reel: -1, Row: -1, Respin: len(out.Respins), FullGrid: true, Qualify: d})
		}
	}
	out.Grid = make([]Cell, 0, locked)
	for i, cell := range grid {
		if used[i] {
			out.Grid = append(out.Grid, cell)
			out.Total += cell.Value
		}
	}
	return out, nil
}

// settle makes the locked cell for symbol s landing at (reel, row) on respin n:
// its value, and for a jackpot symbol its qualification draw and hit.
func (g *Game) settle(src rng.Source, reel, row, n int, s Symbol, probs []Prob, out *Outcome) Cell {
	cell := Cell{Reel: reel, Row: row, Symbol: s, Respin: n}
	switch s.Kind {
	case Coin:
		cell.Value = s.Value
	case Jackpot:
		l := g.level(s.Level)
		d := drawQualify(src, probs[l])
		cell.Qualify = &d
		if d.Qualified {
			out.Jackpots = append(out.Jackpots, Hit{Level: s.Level, Reel: reel, Row: row, Respin: n, Qualify: d})
		} else {
			cell.Value = g.cfg.Jackpots[l].Fallback
		}
	}
	return cell
}

func drawQualify(src rng.Source, p Prob) Draw {
	v, ok := p.draw(src)
	return Draw{Value: v, Num: p.Num, Den: p.Den, Qualified: ok}
}
