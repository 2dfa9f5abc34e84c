package slot

import (
	"fmt"
	"sync"

	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/reels"
)

// Title is a compiled, validated Spec. It is immutable and safe for concurrent use.
type Title struct {
	Spec     Spec
	Game     *reels.Game
	LockSpin *lockspin.Game
	Free     *freegames.Feature // nil without free games
	coin     reels.SymbolID
	clover   reels.SymbolID // reels.NoSymbol without Magic Clover
	clovers  weights        // Magic Clover factors
	colors   weights        // Super Colors factors
	trigger  int            // coins that start Lock & Spin
	noCap    bool           // PAR leaves out the cap's figures (the tuner's inner loop)
	// the cap's figures, computed once per title (they depend on nothing else)
	capOnce sync.Once
	capFig  *CapFigures
	capErr  error
	// the PAR sheet, computed once per title (PAR)
	parOnce sync.Once
	par     *PAR
	parErr  error
}

// weights is a validated weighted table of factors.
type weights struct {
	factor []int64
	weight []uint64
	total  uint64
}

func newWeights(fs []Factor) (weights, error) {
	var w weights
	if len(fs) == 0 {
		return w, fmt.Errorf("no entries")
	}
	for i, f := range fs {
		if f.Factor < 1 || f.Weight == 0 {
			return w, fmt.Errorf("entry %d: factor %d weight %d, want both at least 1", i+1, f.Factor, f.Weight)
		}
		w.factor = append(w.factor, f.Factor)
		w.weight = append(w.weight, f.Weight)
		w.total += f.Weight
	}
	return w, nil
}

// New validates a Spec and compiles it. Every error names the title and the field.
func New(s Spec) (*Title, error) {
	fail := func(field string, err error) error {
		return fmt.Errorf("slot: title %q: %s: %w", s.ID, field, err)
	}
	if s.ID == "" || s.Name == "" {
		return nil, fmt.Errorf("slot: a title needs an id and a name (got %q, %q)", s.ID, s.Name)
	}
	if s.Family != GoldenLink && s.Family != CashConnection {
		return nil, fail("family", fmt.Errorf("%q is neither %q nor %q", s.Family, GoldenLink, CashConnection))
	}
	g, err := reels.New(s.Reels)
	if err != nil {
		return nil, fail("reels", err)
	}
	t := &Title{Spec: s, Game: g, clover: reels.NoSymbol}
	var ok bool
	if t.coin, ok = g.Symbol(s.Coin); !ok || g.Symbols[t.coin].Kind != reels.Bonus {
		return nil, fail("coin", fmt.Errorf("%q is not a bonus symbol of the reels", s.Coin))
	}
	if s.LockSpin.Reels != g.Reels || s.LockSpin.Rows != g.Rows {
		return nil, fail("lock_spin", fmt.Errorf("grid %d×%d, the reels are %d×%d", s.LockSpin.Reels, s.LockSpin.Rows, g.Reels, g.Rows))
	}
	if t.LockSpin, err = lockspin.New(s.LockSpin); err != nil {
		return nil, fail("lock_spin", err)
	}
	t.trigger = s.LockSpin.Trigger
	for _, ws := range t.LockSpin.Config().TriggerSymbols {
		// the house rules: coins or jackpot symbols start Lock & Spin
		if ws.Symbol.Kind != lockspin.Coin && ws.Symbol.Kind != lockspin.Jackpot {
			return nil, fail("lock_spin.trigger_symbols", fmt.Errorf("base-game bonus symbols must be coins or jackpot symbols, not %v", ws.Symbol))
		}
	}
	for _, l := range t.LockSpin.Config().Jackpots {
		if ResetX(l.Name) == 0 {
			return nil, fail("lock_spin.jackpots", fmt.Errorf("level %q is not a linked level (%q, %q)", l.Name, Grand, Major))
		}
		if l.Fallback != 0 {
			return nil, fail("lock_spin.jackpots", fmt.Errorf("level %q: an unqualified jackpot symbol must be worth 0, or the RTP would depend on the bet", l.Name))
		}
	}
	if s.FreeGames != nil {
		if t.Free, err = freegames.New(g, *s.FreeGames); err != nil {
			return nil, fail("free_games", err)
		}
	}
	if s.Clover != nil {
		if t.clover, ok = g.Symbol(s.Clover.Symbol); !ok || g.Symbols[t.clover].Kind != reels.Bonus || t.clover == t.coin {
			return nil, fail("magic_clover.symbol", fmt.Errorf("%q is not a bonus symbol of the reels other than the coin", s.Clover.Symbol))
		}
		if t.clovers, err = newWeights(s.Clover.Factors); err != nil {
			return nil, fail("magic_clover.factors", err)
		}
	}
	if s.Colors != nil {
		fs := make([]Factor, len(s.Colors.Wheel))
		for i, c := range s.Colors.Wheel {
			fs[i] = Factor{c.Factor, c.Weight}
		}
		if t.colors, err = newWeights(fs); err != nil {
			return nil, fail("super_colors.wheel", err)
		}
		if s.Colors.MinCoins < 1 || s.Colors.MinCoins >= s.LockSpin.Trigger {
			return nil, fail("super_colors.min_coins", fmt.Errorf("%d, want 1..%d (below the Lock & Spin trigger)", s.Colors.MinCoins, s.LockSpin.Trigger-1))
		}
	}
	for i, sym := range g.Symbols {
		if sym.Kind == reels.Bonus && reels.SymbolID(i) != t.coin && reels.SymbolID(i) != t.clover {
			return nil, fail("reels.symbols", fmt.Errorf("bonus symbol %q has no feature", sym.Name))
		}
	}
	return t, nil
}

// MustNew is New for title tables that tests prove valid.
func MustNew(s Spec) *Title {
	t, err := New(s)
	if err != nil {
		panic(err)
	}
	return t
}

// Lines is the number of fixed pay lines.
func (t *Title) Lines() int { return t.Game.NumLines() }

// Features lists the title's features by name, for catalogues and help.
func (t *Title) Features() []string {
	f := []string{"Lock & Spin"}
	for _, ws := range t.LockSpin.Config().Symbols {
		if ws.Symbol.Kind == lockspin.ScaleUp {
			f = append(f, "Scale Up")
			break
		}
	}
	if t.Free != nil {
		f = append(f, "Free Games")
		if syms, _ := t.Free.Expanding(); len(syms) > 0 {
			f = append(f, "Special Expanding Symbol")
		}
	}
	if t.Spec.Clover != nil {
		f = append(f, "Magic Clover")
	}
	if t.Spec.Colors != nil {
		f = append(f, "Super Colors")
	}
	if t.Spec.Gamble {
		f = append(f, "Gamble")
	}
	return append(f, "Grand/Major")
}
