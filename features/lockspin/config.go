package lockspin

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"egm/rng"
)

// Respins is the respin counter's start and reset value (R-GAME-5).
const Respins = 3

// Grid limits: the analysis state space, (Rows+1)^Reels, and the rows of a reel.
const (
	MaxStates = 1 << 16
	MaxRows   = 8
)

// Config is a title's Lock & Spin, all of it data.
type Config struct {
	Reels int `json:"reels"`
	Rows  int `json:"rows"`
	// Trigger is the least number of bonus symbols in the base-game window that
	// starts the feature.
	Trigger int `json:"trigger"`
	// Land is the per-reel landing table used on every empty cell in every respin.
	Land []Land `json:"land"`
	// Symbols is what a landing bonus symbol is during respins: coins, jackpot
	// symbols and (for Scale Up titles) Scale Up symbols, by integer weight.
	Symbols []Weighted `json:"symbols"`
	// TriggerSymbols is what a bonus symbol in the base-game window is: coins and
	// jackpot symbols only. The base game must draw them with DrawTriggerSymbol for
	// the analysis to describe the game.
	TriggerSymbols []Weighted `json:"trigger_symbols"`
	// Jackpots are the levels the symbols may name, e.g. grand and major.
	Jackpots []Level `json:"jackpots"`
	// FullGrid, if not empty, names the level awarded (subject to qualification,
	// without fallback) when the grid fills.
	FullGrid string `json:"full_grid,omitempty"`
}

// Game is a validated Config, ready to play and analyse. It is immutable and safe
// for concurrent use.
type Game struct {
	cfg       Config
	cells     int
	landTotal []uint64
	symTotal  uint64
	trigTotal uint64
	// ungrouped makes the analysis treat equal reels separately (tests compare the
	// two state spaces).
	ungrouped bool
}

// New validates cfg and returns the Game. The Game keeps its own copy.
func New(cfg Config) (*Game, error) {
	g := &Game{cfg: cfg.clone()}
	if err := g.validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// Config returns a copy of the game's configuration.
func (g *Game) Config() Config { return g.cfg.clone() }

func (c Config) clone() Config {
	c.Land = slices.Clone(c.Land)
	c.Symbols = slices.Clone(c.Symbols)
	c.TriggerSymbols = slices.Clone(c.TriggerSymbols)
	c.Jackpots = slices.Clone(c.Jackpots)
	return c
}

// Cells returns Reels × Rows.
func (g *Game) Cells() int { return g.cells }

func (g *Game) validate() error {
	c := &g.cfg
	if c.Reels < 1 || c.Rows < 1 || c.Rows > MaxRows {
		return fmt.Errorf("lockspin: grid %d×%d, want at least 1×1 and at most %d rows", c.Reels, c.Rows, MaxRows)
	}
	states := 1
	for range c.Reels {
		states *= c.Rows + 1
		if states > MaxStates {
			return fmt.Errorf("lockspin: grid %d×%d too large for the exact analysis", c.Reels, c.Rows)
		}
	}
	g.cells = c.Reels * c.Rows
	if c.Trigger < 1 || c.Trigger > g.cells {
		return fmt.Errorf("lockspin: trigger %d outside 1..%d (the %d×%d grid)", c.Trigger, g.cells, c.Reels, c.Rows)
	}
	if len(c.Land) != c.Reels {
		return fmt.Errorf("lockspin: %d landing tables for %d reels", len(c.Land), c.Reels)
	}
	g.landTotal = make([]uint64, c.Reels)
	for r, l := range c.Land {
		if l.Bonus == 0 || l.Blank == 0 {
			return fmt.Errorf("lockspin: reel %d landing weights bonus %d blank %d, want both above 0", r+1, l.Bonus, l.Blank)
		}
		if l.Bonus > math.MaxUint64-l.Blank {
			return fmt.Errorf("lockspin: reel %d landing weights overflow", r+1)
		}
		g.landTotal[r] = l.Bonus + l.Blank
	}
	names := map[string]bool{}
	for i, l := range c.Jackpots {
		if l.Name == "" || names[l.Name] {
			return fmt.Errorf("lockspin: jackpot level %d: empty or repeated name %q", i+1, l.Name)
		}
		if l.Fallback < 0 {
			return fmt.Errorf("lockspin: jackpot level %q: negative fallback %d", l.Name, l.Fallback)
		}
		names[l.Name] = true
	}
	if c.FullGrid != "" && !names[c.FullGrid] {
		return fmt.Errorf("lockspin: full-grid award names unknown level %q", c.FullGrid)
	}
	var err error
	if g.symTotal, err = g.checkTable("symbols", c.Symbols, true); err != nil {
		return err
	}
	if g.trigTotal, err = g.checkTable("trigger symbols", c.TriggerSymbols, false); err != nil {
		return err
	}
	return g.checkRange()
}

func (g *Game) checkTable(name string, t []Weighted, scaleUp bool) (uint64, error) {
	if len(t) == 0 {
		return 0, fmt.Errorf("lockspin: %s table is empty", name)
	}
	var total uint64
	for i, w := range t {
		if w.Weight == 0 {
			return 0, fmt.Errorf("lockspin: %s entry %d (%v) has weight 0", name, i+1, w.Symbol)
		}
		if w.Weight > math.MaxUint64-total {
			return 0, fmt.Errorf("lockspin: %s weights overflow", name)
		}
		total += w.Weight
		if err := g.checkSymbol(w.Symbol, scaleUp); err != nil {
			return 0, fmt.Errorf("lockspin: %s entry %d: %w", name, i+1, err)
		}
	}
	return total, nil
}

func (g *Game) checkSymbol(s Symbol, scaleUp bool) error {
	switch s.Kind {
	case Coin:
		if s.Value < 1 {
			return fmt.Errorf("coin value %d, want at least 1", s.Value)
		}
	case Jackpot:
		if g.level(s.Level) < 0 {
			return fmt.Errorf("jackpot symbol names unknown level %q", s.Level)
		}
	case ScaleUp:
		if !scaleUp {
			return fmt.Errorf("scale up symbol not allowed here")
		}
		if s.Factor < 2 {
			return fmt.Errorf("scale up factor %d, want at least 2", s.Factor)
		}
	default:
		return fmt.Errorf("unknown symbol kind %d", s.Kind)
	}
	return nil
}

// checkRange makes sure no outcome can overflow int64: every cell holding the
// largest coin, multiplied by the largest factor once per cell.
func (g *Game) checkRange() error {
	maxV, maxF := int64(0), int64(1)
	for _, t := range [][]Weighted{g.cfg.Symbols, g.cfg.TriggerSymbols} {
		for _, w := range t {
			maxV = max(maxV, w.Symbol.Value)
			maxF = max(maxF, w.Symbol.Factor)
		}
	}
	for _, l := range g.cfg.Jackpots {
		maxV = max(maxV, l.Fallback)
	}
	b := big.NewInt(maxV)
	b.Mul(b, big.NewInt(int64(g.cells)))
	b.Mul(b, new(big.Int).Exp(big.NewInt(maxF), big.NewInt(int64(g.cells)), nil))
	if !b.IsInt64() {
		return fmt.Errorf("lockspin: largest possible total (coin %d × %d cells × factor %d per cell) overflows", maxV, g.cells, maxF)
	}
	return nil
}

// level returns the index of the named jackpot level, or -1.
func (g *Game) level(name string) int {
	for i, l := range g.cfg.Jackpots {
		if l.Name == name {
			return i
		}
	}
	return -1
}

// pick draws one entry of table t (total weight total).
func pick(src rng.Source, t []Weighted, total uint64) Symbol {
	d := rng.Uint64n(src, total)
	for _, w := range t {
		if d < w.Weight {
			return w.Symbol
		}
		d -= w.Weight
	}
	panic("lockspin: weighted draw past the table") // unreachable: d < total
}

// DrawTriggerSymbol draws the symbol a base-game bonus position shows. The base game
// calls it once per bonus position in the window, so that the feature starts with
// the value distribution the analysis assumes.
func (g *Game) DrawTriggerSymbol(src rng.Source) Symbol {
	return pick(src, g.cfg.TriggerSymbols, g.trigTotal)
}
