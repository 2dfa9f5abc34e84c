package slot

import (
	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/reels"
)

// Outcome is the complete record of one paid game, decided once after the wager:
// the base spin, the coins' values, every feature step, every win and the jackpot
// levels hit. It serialises to JSON and back (recall replays it step by step).
type Outcome struct {
	Title string `json:"title"`
	Bet   Bet    `json:"bet"`
	// Window holds the base spin's stops and the symbols shown.
	Window reels.Window `json:"window"`
	// Lines are the paying lines; LinePay their sum × line bet.
	Lines   []reels.LineWin `json:"lines,omitempty"`
	LinePay int64           `json:"line_pay"`
	// Scatters shown, and their pay × total bet.
	Scatters   int   `json:"scatters"`
	ScatterPay int64 `json:"scatter_pay"`
	// Coins are the coins in the base window with their drawn values.
	Coins []lockspin.Lock `json:"coins,omitempty"`
	// Clover is the Magic Clover factor applied to the base win (0: no clover).
	Clover int64 `json:"clover,omitempty"`
	// Colors is the Super Colors wheel's result, when it turned.
	Colors *ColorsResult `json:"super_colors,omitempty"`
	// FreeGames is the free-games round, when scatters awarded one.
	FreeGames *freegames.Round `json:"free_games,omitempty"`
	// LockSpin is the Lock & Spin feature, when enough coins showed.
	LockSpin *lockspin.Outcome `json:"lock_spin,omitempty"`
	// Jackpots are the linked levels won (paid by the machine at their amounts).
	Jackpots []string `json:"jackpots,omitempty"`
	// Parts of the win in cents; Win is their sum (jackpots excluded), cut at the
	// title's cap (Spec.MaxWinX × total bet). Capped says the cap cut it, and
	// UncappedWin is then the sum of the parts, which is not paid.
	BaseWin      int64 `json:"base_win_cents"`
	ColorsWin    int64 `json:"colors_win_cents,omitempty"`
	FreeGamesWin int64 `json:"free_games_win_cents,omitempty"`
	LockSpinWin  int64 `json:"lock_spin_win_cents,omitempty"`
	Win          int64 `json:"win_cents"`
	Capped       bool  `json:"capped,omitempty"`
	UncappedWin  int64 `json:"uncapped_win_cents,omitempty"`

	lineBuf [reels.MaxLines]reels.LineWin
	round   freegames.Round
}

// ColorsResult is one turn of the Super Colors wheel.
type ColorsResult struct {
	Colour string `json:"colour"`
	Factor int64  `json:"factor"`
	Coins  int64  `json:"coins"` // Σ coin values in view, × total bet
	Pay    int64  `json:"pay"`   // Coins × Factor, × total bet
}

// reset makes out a fresh record for a new game, keeping its buffers. (Assigning a
// whole new Outcome would copy the buffers through write barriers on every game.)
func (o *Outcome) reset(title string, bet Bet) {
	o.Title, o.Bet = title, bet
	o.Window = reels.Window{}
	o.Lines, o.Coins, o.Jackpots = o.Lines[:0], o.Coins[:0], o.Jackpots[:0]
	o.LinePay, o.Scatters, o.ScatterPay, o.Clover = 0, 0, 0, 0
	o.Colors, o.FreeGames, o.LockSpin = nil, nil, nil
	o.BaseWin, o.ColorsWin, o.FreeGamesWin, o.LockSpinWin, o.Win = 0, 0, 0, 0, 0
	o.Capped, o.UncappedWin = false, 0
}
