package slot

import (
	"egm/features/lockspin"
	"egm/reels"
)

// Grid is the window: reels × rows.
type Grid struct {
	Reels int `json:"reels"`
	Rows  int `json:"rows"`
}

// Rules are the evaluation and feature rules that read the title's tables (the
// PAR's "definition"), stated as data so a lab can recompute every figure from the
// PAR alone. Each field is a fact of the code (reels.Evaluate, Title.Play,
// lockspin.Play, freegames.Play); reference/par_check.py recomputes every
// figure of the PAR from them and the definition alone.
type Rules struct {
	// Stops: every reel stops on each position of its strip with equal
	// probability, independently of the other reels ("uniform_independent").
	Stops string `json:"stops"`
	// Window: reel r at stop k shows strip[(k+row) mod len] in row row (0 = top).
	Window string `json:"window"`
	// Lines pay left to right from the leftmost reel, on consecutive reels.
	LineDirection string `json:"line_direction"`
	// Wild is the wild symbol; it substitutes for WildSubstitutesFor (the regular
	// symbols: not scatter, not bonus symbols) and pays its own run (WildPaysOwn).
	Wild               string   `json:"wild"`
	WildSubstitutesFor []string `json:"wild_substitutes_for"`
	WildPaysOwn        bool     `json:"wild_pays_own"`
	// LineWin: only the highest win per line is paid ("highest_per_line"): a line
	// whose first cell is a wild pays the better of the wild's own leading run and
	// the run of the first other symbol with the wilds substituting; ties go to the
	// wild. A line of wilds only pays the better of the wild's full-line pay and the
	// best regular symbol's full-line pay. A line starting with another symbol pays
	// that symbol's run (wilds substituting). A run is paid only at a listed count.
	LineWin   string `json:"line_win"`
	TiesTo    string `json:"ties_to"`
	LineUnit  string `json:"line_pay_unit"` // "line_bet"
	Scatter   string `json:"scatter,omitempty"`
	ScatUnit  string `json:"scatter_pay_unit,omitempty"` // "total_bet": n anywhere in the window
	ScatAbove string `json:"scatter_count_above_table,omitempty"`
	// Coin: each cell showing the coin symbol is a bonus symbol whose value is
	// drawn from lock_spin.trigger_symbols (coins and jackpot symbols; all count
	// towards the trigger).
	Coin string `json:"coin"`
	// CloverScope: what the Magic Clover factor multiplies.
	CloverScope string `json:"clover_scope,omitempty"`
	// ColorsRule: when Super Colors turns and what it pays.
	ColorsRule string `json:"super_colors_rule,omitempty"`
	// LockSpin rules.
	LSTrigger      string `json:"lock_spin_trigger"`
	LSRespins      int    `json:"lock_spin_respins"`
	LSLanding      string `json:"lock_spin_landing"`
	LSEnd          string `json:"lock_spin_end"`
	ScaleUpScope   string `json:"scale_up_scope,omitempty"`
	JackpotSymbol  string `json:"jackpot_symbol"`
	Qualification  string `json:"jackpot_qualification"`
	FreeGamesRules string `json:"free_games_rule,omitempty"`
	ExpandingRule  string `json:"expanding_symbol_rule,omitempty"`
	// FreeMaxGames is the most games a free-games round plays (0: no free games).
	FreeMaxGames int `json:"free_games_max_games,omitempty"`
	// Cap: one game's total award (base, Super Colors, Free Games, Lock & Spin)
	// is paid up to cap × total bet; linked levels are paid on top.
	Cap string `json:"cap"`
	// Units: all pays are whole multiples of the line bet (line pays, free games)
	// or the total bet (scatters, coins, Super Colors); total bet = lines × line bet.
	Units string `json:"units"`
}

// LinkedTerms are the linked levels' reset values and contribution rates.
type LinkedTerms struct {
	MinBetCents int64            `json:"min_bet_cents"`
	MaxBetCents int64            `json:"max_bet_cents"`
	ResetXMax   map[string]int64 `json:"reset_x_max_bet"`
	// RatesBP are the contribution rates of every bet in basis points.
	RatesBP map[string]int64 `json:"contribution_rates_bp"`
	Rule    string           `json:"rule"`
}

func (t *Title) rules() Rules {
	g := t.Game
	r := Rules{
		Stops:         "uniform_independent",
		Window:        "strip[(stop+row) mod len], row 0 at the top",
		LineDirection: "left_to_right_consecutive",
		WildPaysOwn:   true,
		LineWin:       "highest_per_line",
		TiesTo:        "wild",
		LineUnit:      "line_bet",
		Coin:          t.Spec.Coin,
		LSTrigger:     "at least lock_spin.trigger cells showing the coin symbol (coins or jackpot symbols) start Lock & Spin with those cells locked",
		LSRespins:     3,
		LSLanding:     "each respin, every empty cell of reel r independently lands a bonus symbol with probability land[r].bonus/(land[r].bonus+land[r].blank); a landed symbol is drawn from lock_spin.symbols by weight",
		LSEnd:         "the counter resets to 3 when any symbol lands, else drops by 1; the feature ends at 0 or when the grid is full; it pays the sum of the locked values × total bet",
		JackpotSymbol: "a jackpot symbol counts as locked, is worth its level's fallback (0) in the coin total, and wins its level if qualified",
		Qualification: "a jackpot symbol wins its level with probability total bet / max bet (1 at the maximum bet); the level is paid at its amount on top of the game's award",
		Cap:           "the game's award (base game incl. Magic Clover, Super Colors, Free Games, Lock & Spin) is paid up to max_win_x_bet × total bet; linked levels are paid on top",
		Units:         "line pays and free-game wins × line bet; scatter pays, coin values and Super Colors × total bet; total bet = lines × line bet",
	}
	if g.Wild != reels.NoSymbol {
		r.Wild = g.Symbols[g.Wild].Name
		for _, s := range g.Symbols {
			if s.Kind == reels.Regular {
				r.WildSubstitutesFor = append(r.WildSubstitutesFor, s.Name)
			}
		}
	}
	if g.Scatter != reels.NoSymbol {
		r.Scatter = g.Symbols[g.Scatter].Name
		r.ScatUnit = "total_bet"
		r.ScatAbove = "a count above the highest listed pays as the highest listed"
	}
	if t.Spec.Clover != nil {
		r.CloverScope = "when the clover symbol shows anywhere in the base window, the base game's line and scatter pays are multiplied by a factor drawn from magic_clover.factors; Super Colors, Free Games and Lock & Spin are not"
	}
	if t.Spec.Colors != nil {
		r.ColorsRule = "with at least super_colors.min_coins and fewer than lock_spin.trigger coin-symbol cells, the wheel pays the sum of their values × the factor drawn from super_colors.wheel, × total bet"
	}
	for _, w := range t.LockSpin.Config().Symbols {
		if w.Symbol.Kind == lockspin.ScaleUp {
			r.ScaleUpScope = "at the end of the respin it lands in, every value on the grid, including the coins landed in the same respin, is multiplied by the factor; several Scale Ups in one respin multiply together"
			break
		}
	}
	if t.Free != nil {
		r.FreeGamesRules = "n scatters in the base window award free_games.awards[n] games (a count above the highest listed awards as the highest listed); a free game with n scatters awards free_games.retriggers[n] more; free games spin the free strips, pay lines and scatters like the base game, × free_games.multiplier; a round plays at most max_games games"
		r.FreeMaxGames = t.Free.MaxGames
		if syms, _ := t.Free.Expanding(); len(syms) > 0 {
			r.ExpandingRule = "one symbol is drawn by weight from free_games.expanding at the start of the round; in each free game, after the normal pays, if it shows on n reels and n of it pays on a line, it pays line pay(n) × the number of lines (× line bet), in addition"
		}
	}
	return r
}

func linkedTerms() LinkedTerms {
	return LinkedTerms{MinBetCents: MinBetCents, MaxBetCents: MaxBetCents,
		ResetXMax: map[string]int64{Grand: ResetX(Grand), Major: ResetX(Major)},
		RatesBP: map[string]int64{"grand": GrandRateBP, "major": MajorRateBP,
			"mystery_shown": MysteryRateBP - MysteryReserveBP, "mystery_reserve": MysteryReserveBP},
		Rule: "a qualified level pays reset_x_max_bet × max bet; per game its RTP is (hits per game at the max bet) × reset_x_max_bet at every bet, since the qualification probability and the pay in bets scale inversely; contribution rates are RTP returned to players through the levels"}
}
