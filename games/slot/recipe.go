package slot

import (
	"fmt"

	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/reels"
)

// Recipe is a title in the few lines a game designer writes: its names, grid,
// features and a math profile. Build turns it into the full Spec (strips, paytable,
// feature tables), the data the PAR sheet prints. Titles may also write a Spec by
// hand; the recipe is a shared way of getting every title's data right.
type Recipe struct {
	ID, Name, Family string
	Profile          Profile
	Theme            Theme
	Reels, Rows      int
	Lines            int
	// Symbol names: the wild, the scatter ("" for none), four high and up to five
	// low symbols (best first), and the coin.
	Wild, Scatter string
	High, Low     []string
	Coin          string
	// Features.
	FreeGames *FreeRecipe
	ScaleUp   bool
	Clover    string // the clover symbol's name ("" for no Magic Clover)
	Colors    bool   // Super Colors
	Gamble    bool
	// Shift varies the strips' layout between titles of one profile.
	Shift int
	// Filler adds stops to every low symbol on every strip (negative: removes them,
	// keeping at least one): the tuner's coarse knob on the whole game's hit rate.
	Filler int
	// Tune is the weight of the 1× coin in both coin tables: the tuner's fine knob.
	// Filler and Tune together bring the total RTP to 94.00%.
	Tune uint64
}

// FreeRecipe is a title's free games.
type FreeRecipe struct {
	Games      int   // awarded by 3 scatters (4 and 5 award the same)
	Multiplier int64 // free-game multiplier
	Expanding  bool  // Special Expanding Symbol
}

// Build makes the Spec.
func (r Recipe) Build() (Spec, error) {
	p := r.Profile
	if len(r.High) != 4 || len(r.Low) < 3 || len(r.Low) > 5 {
		return Spec{}, fmt.Errorf("slot: recipe %q: want 4 high and 3–5 low symbols", r.ID)
	}
	if r.Coin == "" {
		r.Coin = "COIN"
	}
	lines, err := recipeLines(r.Reels, r.Rows, r.Lines)
	if err != nil {
		return Spec{}, fmt.Errorf("slot: recipe %q: %w", r.ID, err)
	}
	pays := p.Pays5
	if r.Reels == 3 {
		pays = p.Pays3
	}
	cfg := reels.Config{Title: r.Name, Reels: r.Reels, Rows: r.Rows, Lines: lines}
	sym := func(name string, kind reels.Kind, pays map[int]int64) {
		cfg.Symbols = append(cfg.Symbols, reels.SymbolDef{Name: name, Kind: kind, Pays: pays})
	}
	sym(r.Wild, reels.Wild, pays.Wild)
	if r.Scatter != "" {
		sym(r.Scatter, reels.Scatter, p.ScatterPays)
	}
	for i, h := range r.High {
		sym(h, reels.Regular, pays.High[i])
	}
	for i, l := range r.Low {
		sym(l, reels.Regular, pays.Low[i])
	}
	sym(r.Coin, reels.Bonus, nil)
	if r.Clover != "" {
		sym(r.Clover, reels.Bonus, nil)
	}
	counts := func(free bool) [][]string {
		var strips [][]string
		for reel := 0; reel < r.Reels; reel++ {
			c := p.Counts
			var sc []SymbolCount
			add := func(s string, n int) { sc = append(sc, SymbolCount{Symbol: s, Count: n}) }
			add(r.Wild, c.Wild[reel%len(c.Wild)])
			if r.Scatter != "" {
				add(r.Scatter, c.Scatter)
			}
			for i, h := range r.High {
				add(h, c.High[i])
			}
			for i, l := range r.Low {
				add(l, max(1, c.Low[i]+r.Filler))
			}
			if !free {
				sc = append(sc, SymbolCount{Symbol: r.Coin, Count: c.Coin, Stack: c.CoinStack})
				if r.Clover != "" && reel >= 1 && reel <= 3 {
					add(r.Clover, c.Clover)
				}
			}
			s, err := BuildStrip(sc, r.Shift+reel)
			if err != nil {
				panic(err) // counts are constants of the profile
			}
			strips = append(strips, s)
		}
		return strips
	}
	cfg.Base = counts(false)
	spec := Spec{ID: r.ID, Name: r.Name, Family: r.Family, Theme: r.Theme,
		Coin: r.Coin, Gamble: r.Gamble, MaxWinX: p.MaxWinX}
	if r.FreeGames != nil {
		cfg.Free = counts(true)
		fg := &freegames.Config{Awards: map[int]int{3: r.FreeGames.Games}, Retriggers: map[int]int{3: r.FreeGames.Games},
			Multiplier: max(1, r.FreeGames.Multiplier)}
		if r.FreeGames.Expanding {
			for i, h := range r.High {
				fg.Expanding = append(fg.Expanding, freegames.Weighted{Symbol: h, Weight: uint64(1 + i)})
			}
			for _, l := range r.Low {
				fg.Expanding = append(fg.Expanding, freegames.Weighted{Symbol: l, Weight: 6})
			}
		}
		spec.FreeGames = fg
	}
	spec.Reels = cfg

	// Lock & Spin.
	tune := r.Tune
	if tune == 0 {
		tune = p.CoinWeights[0]
	}
	coins := func() []lockspin.Weighted {
		var out []lockspin.Weighted
		for i, v := range p.CoinValues {
			w := p.CoinWeights[i]
			if i == 0 {
				w = tune
			}
			out = append(out, lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.Coin, Value: v}, Weight: w})
		}
		return out
	}
	// Coins and jackpot symbols: the base game's bonus symbol is either, and both
	// count towards the trigger (the house rules: "mündid/jackpot").
	jackpots := func(t []lockspin.Weighted) []lockspin.Weighted {
		return append(t,
			lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.Jackpot, Level: Grand}, Weight: p.GrandWeight},
			lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.Jackpot, Level: Major}, Weight: p.MajorWeight})
	}
	respin := jackpots(coins())
	if r.ScaleUp {
		respin = append(respin,
			lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.ScaleUp, Factor: 2}, Weight: p.ScaleUpWeight},
			lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.ScaleUp, Factor: 3}, Weight: max(1, p.ScaleUpWeight/4)})
	}
	land := make([]lockspin.Land, r.Reels)
	for i := range land {
		land[i] = p.Land
	}
	trigger := p.Trigger
	if r.Rows == 4 {
		trigger = p.Trigger + 2
	}
	if r.Reels == 3 {
		trigger = p.Trigger3
	}
	spec.LockSpin = lockspin.Config{Reels: r.Reels, Rows: r.Rows, Trigger: trigger, Land: land,
		Symbols: respin, TriggerSymbols: jackpots(coins()),
		Jackpots: []lockspin.Level{{Name: Grand}, {Name: Major}}}
	if r.Clover != "" {
		spec.Clover = &Clover{Symbol: r.Clover, Factors: []Factor{{2, 60}, {3, 30}, {5, 10}}}
	}
	if r.Colors {
		spec.Colors = &Colors{MinCoins: 4, Wheel: []Colour{{"green", 1, 80}, {"red", 2, 15}, {"gold", 3, 5}}}
	}
	return spec, nil
}

// recipeLines is the standard line set, plus 5 lines on 5×3: the first five of the
// 10-line set (the three rows and the two diagonals' V shapes).
func recipeLines(reelsN, rows, n int) ([][]int, error) {
	if reelsN == 5 && rows == 3 && n == 5 {
		l, err := reels.StandardLines(5, 3, 10)
		if err != nil {
			return nil, err
		}
		return l[:5], nil
	}
	return reels.StandardLines(reelsN, rows, n)
}
