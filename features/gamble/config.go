package gamble

import "fmt"

// Config is the operator's Gamble setting, read from the machine's configuration.
type Config struct {
	// Enabled switches Gamble on; the casino can turn it off at any time.
	Enabled bool `json:"enabled"`
	// MaxAttempts is the number of steps allowed on one win (e.g. 5).
	MaxAttempts int `json:"max_attempts"`
	// MaxWin is the cap in cents on the amount a step may produce: a step whose win
	// would exceed it is not offered.
	MaxWin int64 `json:"max_win"`
	// Suits also offers the ×4 bet on a suit beside the ×2 bet on a colour.
	Suits bool `json:"suits"`
}

// DefaultConfig is the shipped setting: on, 5 attempts, a cap of 2,000 euros (in
// cents; a profile in another currency scales it), colour only.
var DefaultConfig = Config{Enabled: true, MaxAttempts: 5, MaxWin: 200_000}

// Validate reports a setting the machine must not run with.
func (c Config) Validate() error {
	if !c.Enabled {
		return nil
	}
	if c.MaxAttempts < 1 {
		return fmt.Errorf("gamble: max attempts %d, want at least 1", c.MaxAttempts)
	}
	if c.MaxWin <= 0 {
		return fmt.Errorf("gamble: max gamble win %d cents, want more than 0", c.MaxWin)
	}
	return nil
}
