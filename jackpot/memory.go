package jackpot

import (
	"fmt"

	"egm/rng"
)

// Memory is the controller's money rules — the same contribution, hit and award
// code — without the database and without idempotency: for simulations of linked
// play over millions of games (egm-lab jackpot-rtp). The floor uses Controller.
type Memory struct {
	s   *state
	src rng.Source
}

// NewMemory starts the levels (nil = DefaultLevels) at their reset values; src
// draws the mystery triggers.
func NewMemory(levels []LevelConfig, src rng.Source) (*Memory, error) {
	if levels == nil {
		levels = DefaultLevels()
	}
	if err := validateLevels(levels); err != nil {
		return nil, err
	}
	return &Memory{s: newState(levels, src), src: src}, nil
}

// Contribute counts one bet and returns the mystery awards it triggered.
func (m *Memory) Contribute(betCents int64) []Award {
	var out []Award
	for _, a := range m.s.contribute(betCents, m.src) {
		out = append(out, Award{Seq: m.s.AwardSeq, Level: a.Level, Cents: a.Cents})
	}
	return out
}

// Hit awards a progressive level's amount now and resets it.
func (m *Memory) Hit(level string) (int64, error) {
	i, ok := m.s.level(level)
	if !ok || m.s.Levels[i].Kind != Progressive {
		return 0, fmt.Errorf("%w %q (or not progressive)", ErrUnknownLevel, level)
	}
	return m.s.hit(i, m.src).Cents, nil
}

// Accounts are the levels' accounts (Machines is empty) and Check their identity.
func (m *Memory) Accounts() Accounts {
	a := Accounts{CoinInCents: m.s.CoinIn, Contributions: m.s.Contributions, Awards: m.s.AwardSeq}
	for _, l := range m.s.Levels {
		a.Levels = append(a.Levels, LevelAccount{Name: l.Name, Kind: l.Kind, ResetCents: l.ResetCents, RateBP: l.RateBP,
			AmountUnits: l.Value, ReserveUnits: l.Reserve, ContributedUnits: l.Contrib, AwardedUnits: l.Awarded,
			FundedUnits: l.Funded, Awards: l.Awards})
	}
	return a
}

// Check verifies the accounting identity and bounds of every level.
func (m *Memory) Check() error { return m.s.check() }
