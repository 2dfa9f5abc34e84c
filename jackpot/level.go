package jackpot

import (
	"fmt"

	"egm/games/slot"
	"egm/jurisdiction"
)

// Kind says how a level is won.
type Kind uint8

const (
	// Progressive levels are won by a machine's hit (Grand and Major symbols in Lock
	// & Spin): the machine reports the hit and gets the level's amount at that moment.
	Progressive Kind = 1
	// Mystery levels are won by the contribution that makes the level reach its
	// hidden trigger amount (the must-hit-by jackpot, R-JP-3).
	Mystery Kind = 2
)

func (k Kind) String() string {
	switch k {
	case Progressive:
		return "progressive"
	case Mystery:
		return "mystery"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Unit is the controller's unit of money: one ten-thousandth of a cent. A bet of b
// cents at a rate of r basis points contributes exactly b·r units, so no fraction
// of a cent is ever rounded away.
const Unit = 10_000

// Level names of the shipped configuration.
const (
	Grand       = slot.Grand
	Major       = slot.Major
	MysteryName = "mystery"
)

// The mystery level's window (R-JP-3): it is always awarded at an amount between
// 8,000.00 and 12,000.00 EUR.
const (
	MysteryMinCents   = 800_000
	MysteryMaxCents   = 1_200_000
	MysteryResetCents = MysteryMinCents
)

// MysteryReserveBP is the hidden part of the mystery's 2% that repays its reset
// value. The titles' PAR counts the mystery fund as 2% of coin-in and nothing
// more, so the fund must pay its own 8,000.00 EUR resets: a cycle grows the shown
// amount from the reset to a trigger uniform in the window, 2,000.00 EUR on
// average, at the visible rate 0.40%; in the same coin-in the reserve collects
// 1.60%, 8,000.00 EUR on average, the reset. Without it the house would fund 8,000
// of every 10,000 EUR award and the mystery would return 10% of coin-in, not 2%.
const MysteryReserveBP = slot.MysteryReserveBP

// MaxBetCents bounds a contribution's bet so that every sum stays far inside
// int64 (1,000,000.00 EUR; the titles' maximum is 40.00 EUR).
const MaxBetCents = 100_000_000

// LevelConfig describes one linked level.
type LevelConfig struct {
	Name string
	Kind Kind
	// ResetCents is the amount the level starts at and returns to after an award.
	ResetCents int64
	// RateBP is the part of every bet, in basis points, that goes to this level:
	// its visible growth plus its reserve.
	RateBP int64
	// ReserveBP (≤ RateBP) is the hidden part of RateBP set aside for the next
	// reset. By default, at an award the reserve is added on top of the reset value
	// (the next jackpot starts higher).
	ReserveBP int64
	// ReserveFundsReset makes the reserve pay the reset value itself at an award
	// (the house's reset funding covers only a shortfall; a surplus stays in the
	// reserve), so that the level returns its whole rate of coin-in in the long
	// run. The shipped mystery level works so.
	ReserveFundsReset bool
	// CeilingCents, if not zero, caps the level's amount; growth above it goes to
	// the reserve. Progressive levels only.
	CeilingCents int64
	// TriggerMinCents and TriggerMaxCents bound the hidden trigger amount, drawn
	// uniformly in [min, max] at every reset. Mystery levels only.
	TriggerMinCents int64
	TriggerMaxCents int64
}

// DefaultLevels is the shipped configuration: Grand and Major with the titles'
// reset values and rates (games/slot), and the mystery level fed by 2% of every
// bet (R-JP-2), 1.60% of it a reserve that repays its resets (MysteryReserveBP),
// and awarded between 8,000.00 and 12,000.00 EUR (R-JP-3).
func DefaultLevels() []LevelConfig { return LevelsFor(jurisdiction.EE.Limits) }

// LevelsFor is the shipped configuration in a jurisdiction's currency: its
// profile's Grand and Major resets and mystery window (KZ: the euro amounts ×
// 500, in tiyn), the same rates.
func LevelsFor(l jurisdiction.Limits) []LevelConfig {
	return []LevelConfig{
		{Name: Grand, Kind: Progressive, ResetCents: l.GrandReset, RateBP: slot.GrandRateBP},
		{Name: Major, Kind: Progressive, ResetCents: l.MajorReset, RateBP: slot.MajorRateBP},
		{Name: MysteryName, Kind: Mystery, ResetCents: l.MysteryMin, RateBP: slot.MysteryRateBP,
			ReserveBP: MysteryReserveBP, ReserveFundsReset: true,
			TriggerMinCents: l.MysteryMin, TriggerMaxCents: l.MysteryMax},
	}
}

// maxAmountCents bounds every configured amount (10^11 cents = 10^9 EUR).
const maxAmountCents = 100_000_000_000

// validateLevels checks a configuration.
func validateLevels(levels []LevelConfig) error {
	if len(levels) == 0 {
		return fmt.Errorf("jackpot: no levels configured")
	}
	if len(levels) > 16 {
		return fmt.Errorf("jackpot: %d levels configured, at most 16", len(levels))
	}
	seen := map[string]bool{}
	var total int64
	for _, l := range levels {
		if l.Name == "" || len(l.Name) > 32 {
			return fmt.Errorf("jackpot: level name %q must be 1 to 32 bytes", l.Name)
		}
		if seen[l.Name] {
			return fmt.Errorf("jackpot: level %q configured twice", l.Name)
		}
		seen[l.Name] = true
		if l.ResetCents < 0 || l.ResetCents > maxAmountCents {
			return fmt.Errorf("jackpot: level %q: reset %d cents out of range", l.Name, l.ResetCents)
		}
		if l.RateBP <= 0 || l.RateBP > 10_000 {
			return fmt.Errorf("jackpot: level %q: rate %d bp out of (0, 10000]", l.Name, l.RateBP)
		}
		total += l.RateBP
		if l.Kind != Progressive && l.Kind != Mystery {
			return fmt.Errorf("jackpot: level %q: unknown kind %d", l.Name, l.Kind)
		}
		if l.ReserveBP < 0 || l.ReserveBP >= l.RateBP {
			return fmt.Errorf("jackpot: level %q: reserve %d bp not in [0, rate %d)", l.Name, l.ReserveBP, l.RateBP)
		}
		switch l.Kind {
		case Progressive:
			if l.CeilingCents != 0 && (l.CeilingCents < l.ResetCents || l.CeilingCents > maxAmountCents) {
				return fmt.Errorf("jackpot: level %q: ceiling %d cents below reset %d or too large", l.Name, l.CeilingCents, l.ResetCents)
			}
			if l.TriggerMinCents != 0 || l.TriggerMaxCents != 0 {
				return fmt.Errorf("jackpot: level %q: a progressive level has no trigger", l.Name)
			}
		case Mystery:
			if l.CeilingCents != 0 {
				return fmt.Errorf("jackpot: level %q: a mystery level has no ceiling (its trigger is its ceiling)", l.Name)
			}
			if l.ReserveBP != 0 && !l.ReserveFundsReset {
				return fmt.Errorf("jackpot: level %q: a mystery level's reserve may only fund its reset (a start above the reset could pass the trigger)", l.Name)
			}
			if l.TriggerMinCents < l.ResetCents || l.TriggerMaxCents < l.TriggerMinCents || l.TriggerMaxCents > maxAmountCents {
				return fmt.Errorf("jackpot: level %q: trigger window [%d, %d] cents must lie above reset %d", l.Name, l.TriggerMinCents, l.TriggerMaxCents, l.ResetCents)
			}
		}
	}
	if total > 10_000 {
		return fmt.Errorf("jackpot: the levels' rates add up to %d bp, above 100%%", total)
	}
	return nil
}
