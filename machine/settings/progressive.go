package settings

import (
	"egm/money"
	"egm/tables/play"
	"egm/tables/threecard"
)

// ProgressiveConfig is three card poker's progressive side bet (the house rules'
// "Progressiivsed Jackpoti lisapanused"): on or off, its fixed stake, the pool's
// seed and the share of each stake that grows the pool, in the profile's minor
// units (DefaultConfigFor scales threecard.DefaultPool to the currency). The pay
// table is threecard.MotorCity.
type ProgressiveConfig struct {
	Enabled    bool  `json:"enabled"`
	StakeCents int64 `json:"stake_cents"`
	SeedCents  int64 `json:"seed_cents"`
	GrowthBP   int64 `json:"growth_bp"`
}

// DefaultProgressive is threecard.DefaultPool times scale (1 for euros, 500 for
// tenge), on.
func DefaultProgressive(scale int64) ProgressiveConfig {
	p := threecard.DefaultPool
	return ProgressiveConfig{Enabled: true, StakeCents: p.Stake * scale, SeedCents: p.Seed * scale, GrowthBP: p.GrowthBP}
}

// Side is the side bet as threecard's math takes it, in currency cur.
func (p ProgressiveConfig) Side(cur money.Currency) threecard.Progressive {
	return threecard.Progressive{Table: threecard.MotorCity, Pool: threecard.Pool{
		Currency: cur, Stake: p.StakeCents, Seed: p.SeedCents, GrowthBP: p.GrowthBP}}
}

// validate checks the pool's rules in the machine's currency cur (threecard.Progressive.Validate) and that the
// stake is a whole number of chips within the side bets' limit.
func (p ProgressiveConfig) validate(side int64, cur money.Currency) error {
	const key = "tables.three_card_progressive"
	if err := p.Side(cur).Validate(); err != nil {
		return &ConfigError{Key: key, Reason: err.Error()}
	}
	if p.StakeCents%play.Chip != 0 || p.StakeCents > side {
		return &ConfigError{Key: key, Reason: "stake_cents: a whole number of chips, at most three card poker's max_side_bet_cents"}
	}
	return nil
}
