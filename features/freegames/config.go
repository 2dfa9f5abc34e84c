package freegames

import (
	"fmt"
	"sync"

	"egm/reels"
)

// DefaultMaxGames caps the free games of one round when Config.MaxGames is 0.
const DefaultMaxGames = 250

// Weighted is one candidate expanding symbol and its weight in the draw.
type Weighted struct {
	Symbol string `json:"symbol"`
	Weight uint64 `json:"weight"`
}

// Config is a title's free-games settings in plain terms.
type Config struct {
	// Awards maps a base-game scatter count to the free games it awards.
	Awards map[int]int `json:"awards"`
	// Retriggers maps a free-game scatter count to further free games (nil: none).
	Retriggers map[int]int `json:"retriggers,omitempty"`
	// Multiplier multiplies every free-game win (≥ 1).
	Multiplier int64 `json:"multiplier"`
	// MaxGames caps the games of one round (0: DefaultMaxGames).
	MaxGames int `json:"max_games,omitempty"`
	// Expanding lists the Special Expanding Symbol's candidates and weights; empty
	// means the title has no expanding symbol.
	Expanding []Weighted `json:"expanding,omitempty"`
}

// Feature is a validated free-games round of one title.
type Feature struct {
	Game       *reels.Game
	Set        *reels.ReelSet // the free-game strips
	Multiplier int64
	MaxGames   int
	awards     [reels.MaxCells + 1]int
	retrig     [reels.MaxCells + 1]int
	exp        []reels.SymbolID
	expW       []uint64
	expTotal   uint64
	cfg        Config
	zeroOnce   sync.Once
	zero       []float64 // P(a game and its descendants pay nothing), per candidate
	zeroW      []float64 // the candidates' shares of the draw
}

// Config returns a copy of the settings the feature was built from (for PAR sheets
// and help screens).
func (f *Feature) Config() Config {
	c := f.cfg
	c.Awards = cloneMap(c.Awards)
	c.Retriggers = cloneMap(c.Retriggers)
	c.Expanding = append([]Weighted(nil), c.Expanding...)
	return c
}

func cloneMap(m map[int]int) map[int]int {
	if m == nil {
		return nil
	}
	o := make(map[int]int, len(m))
	for k, v := range m {
		o[k] = v
	}
	return o
}

// New validates cfg against the title's reels and builds the feature.
func New(g *reels.Game, cfg Config) (*Feature, error) {
	if g == nil {
		return nil, fmt.Errorf("freegames: no game")
	}
	fail := func(field, format string, a ...any) error {
		return fmt.Errorf("freegames: title %q: %s: %s", g.Title, field, fmt.Sprintf(format, a...))
	}
	if g.Scatter == reels.NoSymbol {
		return nil, fail("scatter", "the game has no scatter symbol to trigger free games")
	}
	f := &Feature{Game: g, Set: g.Free, Multiplier: cfg.Multiplier, MaxGames: cfg.MaxGames}
	f.cfg = cfg
	f.cfg = f.Config() // a private copy
	if f.Set == nil {
		f.Set = g.Base
	}
	if f.MaxGames == 0 {
		f.MaxGames = DefaultMaxGames
	}
	if cfg.Multiplier < 1 {
		return nil, fail("multiplier", "%d, must be at least 1", cfg.Multiplier)
	}
	cells := g.Cells()
	table := func(field string, m map[int]int, dst *[reels.MaxCells + 1]int) error {
		for n, games := range m {
			if n < 1 || n > cells {
				return fail(fmt.Sprintf("%s[%d]", field, n), "trigger count outside the window's 1..%d cells", cells)
			}
			if games < 1 {
				return fail(fmt.Sprintf("%s[%d]", field, n), "%d games, must be at least 1", games)
			}
		}
		last := 0
		for n := 1; n <= cells; n++ {
			if v, ok := m[n]; ok {
				last = v
			}
			dst[n] = last
		}
		return nil
	}
	if len(cfg.Awards) == 0 {
		return nil, fail("awards", "none: nothing triggers the free games")
	}
	if err := table("awards", cfg.Awards, &f.awards); err != nil {
		return nil, err
	}
	if err := table("retriggers", cfg.Retriggers, &f.retrig); err != nil {
		return nil, err
	}
	for n := 1; n <= cells; n++ {
		if f.awards[n] > f.MaxGames {
			return nil, fail("max_games", "%d is below the award of %d games", f.MaxGames, f.awards[n])
		}
	}
	if f.MaxGames < 0 {
		return nil, fail("max_games", "%d is negative", f.MaxGames)
	}
	seen := map[reels.SymbolID]bool{}
	for i, c := range cfg.Expanding {
		field := fmt.Sprintf("expanding[%d]", i)
		id, ok := g.Symbol(c.Symbol)
		if !ok {
			return nil, fail(field, "unknown symbol %q", c.Symbol)
		}
		if k := g.Symbols[id].Kind; k != reels.Regular {
			return nil, fail(field, "%q is a %s symbol; only regular symbols can expand", c.Symbol, k)
		}
		if seen[id] {
			return nil, fail(field, "%q listed twice", c.Symbol)
		}
		seen[id] = true
		if c.Weight == 0 {
			return nil, fail(field, "%q has weight 0", c.Symbol)
		}
		pays := false
		for n := 1; n <= g.Reels; n++ {
			pays = pays || g.LinePay(id, n) > 0
		}
		if !pays {
			return nil, fail(field, "%q never pays on a line, so it could never expand", c.Symbol)
		}
		f.exp = append(f.exp, id)
		f.expW = append(f.expW, c.Weight)
		f.expTotal += c.Weight
		if f.expTotal < c.Weight {
			return nil, fail("expanding", "weights overflow")
		}
	}
	// q < 1: the expected games awarded per free game (the scatter distribution
	// of the free set, exact).
	if q := f.retriggerMean(); q.Cmp(ratOne) >= 0 {
		return nil, fail("retriggers", "each free game awards %s more games on average (q ≥ 1): the round would never end", q.FloatString(4))
	}
	return f, nil
}

// Award is the number of free games a base spin with n scatters awards (0: none).
func (f *Feature) Award(n int) int {
	if n < 0 || n > reels.MaxCells {
		return 0
	}
	return f.awards[n]
}

// Retrigger is the number of further games a free game with n scatters awards.
func (f *Feature) Retrigger(n int) int {
	if n < 0 || n > reels.MaxCells {
		return 0
	}
	return f.retrig[n]
}

// Expanding reports the candidate expanding symbols and their weights (nil when
// the title has none).
func (f *Feature) Expanding() ([]reels.SymbolID, []uint64) { return f.exp, f.expW }
