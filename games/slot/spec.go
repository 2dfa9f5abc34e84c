package slot

import (
	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/reels"
)

// Families of R-GAME-2 and R-GAME-3.
const (
	GoldenLink     = "Golden Link"
	CashConnection = "Cash Connection"
)

// Spec is a title, all of it data: what a title file declares and what the PAR
// sheet and the help screen print.
type Spec struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Family string `json:"family"`
	// Volatility is VolatilityOf(σ) of the title's PAR sheet (low, medium, high,
	// very high): the catalogue sets it (games/volatility.json); Build leaves it
	// empty, a profile's name is not the title's volatility.
	Volatility string `json:"volatility"`
	Theme      Theme  `json:"theme"`

	Reels reels.Config `json:"reels"`
	// Coin names the reels' Bonus symbol that is a Lock & Spin coin. Its value is
	// drawn from LockSpin.TriggerSymbols whenever it shows.
	Coin      string            `json:"coin"`
	LockSpin  lockspin.Config   `json:"lock_spin"`
	FreeGames *freegames.Config `json:"free_games,omitempty"`
	Clover    *Clover           `json:"magic_clover,omitempty"`
	Colors    *Colors           `json:"super_colors,omitempty"`
	Gamble    bool              `json:"gamble"`
	// MaxWinX caps one game's total award (base game, Super Colors, Free Games
	// and Lock & Spin together), × total bet: Play cuts the award at the cap and
	// records it. Linked jackpot levels are paid in addition (R-JP-1). 0: no cap.
	MaxWinX int64 `json:"max_win_x_bet"`
}

// Theme is how a title looks: colours (#rrggbb) and a motif the screen draws.
type Theme struct {
	Background string `json:"background"`
	Accent     string `json:"accent"`
	Motif      string `json:"motif"`
}

// Factor is one weighted multiplier.
type Factor struct {
	Factor int64  `json:"factor"`
	Weight uint64 `json:"weight"`
}

// Clover is Magic Clover: when Symbol shows, the base win is multiplied by a factor
// drawn from Factors.
type Clover struct {
	Symbol  string   `json:"symbol"`
	Factors []Factor `json:"factors"`
}

// Colour is one field of the Super Colors wheel.
type Colour struct {
	Name   string `json:"name"`
	Factor int64  `json:"factor"`
	Weight uint64 `json:"weight"`
}

// Colors is Super Colors: MinCoins or more coins, but fewer than the Lock & Spin
// trigger, spin the wheel; its colour pays every coin's value × its factor.
type Colors struct {
	MinCoins int      `json:"min_coins"`
	Wheel    []Colour `json:"wheel"`
}
