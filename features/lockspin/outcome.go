package lockspin

// Outcome is the complete record of one Lock & Spin feature: the start, every
// respin with what landed, every Scale Up, every jackpot symbol with its
// qualification draw, and the coin total paid. It serialises to JSON and back.
type Outcome struct {
	Reels   int      `json:"reels"`
	Rows    int      `json:"rows"`
	Initial []Cell   `json:"initial"`
	Respins []Respin `json:"respins"`
	// Grid is every locked cell at the end, reel by reel, top row first, with its
	// final value.
	Grid []Cell `json:"grid"`
	Full bool   `json:"full"`
	// FullGrid is the full-grid award's qualification, when the grid filled and the
	// title has one.
	FullGrid *Draw `json:"full_grid,omitempty"`
	// Jackpots lists the qualified jackpot hits, in the order they happened.
	Jackpots []Hit `json:"jackpots,omitempty"`
	// Total is the coin win in multiples of the total bet (after Scale Up).
	Total int64 `json:"total"`
}

// Cell is a locked symbol.
type Cell struct {
	Reel   int    `json:"reel"` // from 0
	Row    int    `json:"row"`  // from 0, top
	Symbol Symbol `json:"symbol"`
	// Respin is the respin it landed on; 0 for the triggering symbols.
	Respin int `json:"respin"`
	// Value is the cell's coin value × total bet: at landing in Initial and
	// Respins[].Landed, at the end in Grid. A qualified jackpot and a Scale Up
	// symbol are worth 0; an unqualified jackpot counts as its fallback coin.
	Value int64 `json:"value"`
	// Qualify is a jackpot symbol's qualification draw.
	Qualify *Draw `json:"qualify,omitempty"`
}

// Draw records a qualification: Value was drawn uniformly from [0, Den) and
// qualifies when below Num.
type Draw struct {
	Value     uint64 `json:"value"`
	Num       uint64 `json:"num"`
	Den       uint64 `json:"den"`
	Qualified bool   `json:"qualified"`
}

// Respin is one respin.
type Respin struct {
	N             int    `json:"n"` // from 1
	CounterBefore int    `json:"counter_before"`
	CounterAfter  int    `json:"counter_after"`
	Landed        []Cell `json:"landed,omitempty"`
	// ScaleUp is the product of the Scale Up factors that landed (1 if none): every
	// coin value on the grid, including this respin's, was multiplied by it.
	ScaleUp int64 `json:"scale_up"`
	// Total is the coin total on the grid after the respin.
	Total int64 `json:"total"`
}

// Hit is a qualified jackpot: the level, where and when.
type Hit struct {
	Level    string `json:"level"`
	Reel     int    `json:"reel"`
	Row      int    `json:"row"`
	Respin   int    `json:"respin"`
	FullGrid bool   `json:"full_grid,omitempty"`
	// Qualify is the draw that qualified the hit.
	Qualify Draw `json:"qualify"`
}
