package bonusjp

import (
	"fmt"
	"slices"
)

// UnitsPerCent is the level's exact unit: 1 Unit = 1/10,000 cent.
const UnitsPerCent = 10_000

// Config is the bonus jackpot's configuration (the machine's configuration key
// "bonus_jackpot"). Money is in the profile's minor units (euro cents, tiyn).
type Config struct {
	// Enabled: the machine runs its bonus jackpot. Off by default: the level
	// adds its return (Return) to the funding titles' own, which the operator
	// decides.
	Enabled bool `json:"enabled"`
	// Titles are the ids of the slot titles whose coin-in funds the level and
	// whose screens show it.
	Titles []string `json:"titles"`
	// RateBP is the share of each funding game's bet that goes to the level, in
	// basis points (1..1000: up to 10%).
	RateBP int64 `json:"rate_bp"`
	// ResetCents is the level's starting amount after each hit.
	ResetCents int64 `json:"reset_cents"`
	// CeilingCents is the "must hit by" amount: the level is always won at or
	// below it.
	CeilingCents int64 `json:"ceiling_cents"`
}

// MaxRateBP is the highest funding rate accepted (10% of coin-in).
const MaxRateBP = 1000

// MaxCents bounds the ceiling (a 5-byte BCD amount on the floor link).
const MaxCents int64 = 9_999_999_999

// Default is the shipped configuration at the Estonian profile's scale (scale 1;
// a profile s times the euro's multiplies the amounts by s): off, 0.30% of
// coin-in, reset 100.00, ceiling 500.00.
func Default(scale int64) Config {
	return Config{RateBP: 30, ResetCents: 10_000 * scale, CeilingCents: 50_000 * scale}
}

// Validate refuses a configuration the level must not run with; the error names
// the key under "bonus_jackpot." and the rule. A configuration that is off is not
// checked further.
func (c Config) Validate() error {
	if !c.Enabled {
		return nil
	}
	switch {
	case len(c.Titles) == 0:
		return fmt.Errorf("bonusjp: titles: no funding title: name at least one slot title")
	case c.RateBP < 1 || c.RateBP > MaxRateBP:
		return fmt.Errorf("bonusjp: rate_bp: %d, want 1..%d basis points of coin-in", c.RateBP, MaxRateBP)
	case c.ResetCents < 1:
		return fmt.Errorf("bonusjp: reset_cents: %d, want more than 0", c.ResetCents)
	case c.CeilingCents <= c.ResetCents:
		return fmt.Errorf("bonusjp: ceiling_cents: %d, want more than reset_cents %d", c.CeilingCents, c.ResetCents)
	case c.CeilingCents > MaxCents:
		return fmt.Errorf("bonusjp: ceiling_cents: %d, want at most %d", c.CeilingCents, MaxCents)
	}
	for i, t := range c.Titles {
		if t == "" {
			return fmt.Errorf("bonusjp: titles: an empty title id")
		}
		if slices.Contains(c.Titles[:i], t) {
			return fmt.Errorf("bonusjp: titles: %q twice", t)
		}
	}
	return nil
}

// Funds reports whether a game of the title funds the level.
func (c Config) Funds(title string) bool { return c.Enabled && slices.Contains(c.Titles, title) }

// Return is the level's return to the player as a fraction of the funding
// titles' coin-in: rate·mean award/mean growth, the trigger uniform in
// (reset, ceiling] cents (see the package doc). 0 when off.
func (c Config) Return() float64 {
	if !c.Enabled || c.CeilingCents <= c.ResetCents {
		return 0
	}
	growth := float64(c.CeilingCents-c.ResetCents+1) / 2
	return float64(c.RateBP) / 10_000 * (float64(c.ResetCents) + growth) / growth
}
