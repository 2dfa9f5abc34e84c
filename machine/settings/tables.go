package settings

import (
	"egm/money"
	"egm/tables/play"
)

// TablesConfig is the table games' configuration: each game on or off and its
// bet limits (play.Limits: min_bet_cents, max_bet_cents, max_side_bet_cents). The
// keys are the games' ids. The operator menu changes it (settings.OperatorSettings).
type TablesConfig struct {
	Roulette   TableConfig `json:"roulette"`
	ThreeCard  TableConfig `json:"three-card-poker"`
	PuntoBanco TableConfig `json:"punto-banco"`
	Blackjack  TableConfig `json:"blackjack"`
	Holdem     TableConfig `json:"ultimate-texas-holdem"`
	// Progressive is three card poker's progressive side bet (progressive.go).
	Progressive ProgressiveConfig `json:"three_card_progressive"`
}

// TableConfig is one table game's settings.
type TableConfig struct {
	Enabled bool `json:"enabled"`
	play.Limits
}

// DefaultTables: every game on, 1 to 100 euros a bet, side bets to 25 euros
// (the Estonian profile's; DefaultConfigFor scales them to a profile's currency).
func DefaultTables() TablesConfig {
	on := TableConfig{Enabled: true, Limits: play.DefaultLimits}
	return TablesConfig{on, on, on, on, on, DefaultProgressive(1)}
}

// Of returns the settings of a game (nil for an id that is not a table game).
func (t *TablesConfig) Of(game string) *TableConfig {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return &t.Roulette
	case play.KindThreeCard:
		return &t.ThreeCard
	case play.KindPuntoBanco:
		return &t.PuntoBanco
	case play.KindBlackjack:
		return &t.Blackjack
	case play.KindHoldem:
		return &t.Holdem
	}
	return nil
}

func (t TablesConfig) validate(cur money.Currency) error {
	for _, g := range play.IDs() {
		if err := t.Of(g).Limits.Validate(); err != nil {
			return &ConfigError{Key: "tables." + g, Reason: err.Error()}
		}
	}
	return t.Progressive.validate(t.ThreeCard.SideMax, cur)
}
