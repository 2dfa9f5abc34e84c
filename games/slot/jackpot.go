package slot

import "math/big"

// Linked jackpot levels shared by every title (R-JP-1, R-JP-2). The amounts are
// the floor jackpot system's; the math needs their reset values and rates.
const (
	// MinBetCents and MaxBetCents bound the total bet per game (R-GAME-11).
	MinBetCents = 50
	MaxBetCents = 4000

	// Level names as the Lock & Spin symbols carry them.
	Grand = "grand"
	Major = "major"

	// GrandResetCents and MajorResetCents are the levels' reset values. Each is an
	// integer multiple of MaxBetCents so a qualified hit at the maximum bet is a
	// whole number of bets.
	GrandResetCents = 500_000 // 5,000.00 EUR = 125 × max bet
	MajorResetCents = 40_000  // 400.00 EUR = 10 × max bet
)

// Contribution rates of every bet, in basis points (1/10,000).
const (
	GrandRateBP   = 50  // 0.50% to the Grand level's growth
	MajorRateBP   = 50  // 0.50% to the Major level's growth
	MysteryRateBP = 200 // 2% to the mystery must-hit-by fund (R-JP-2)
	// MysteryReserveBP is the hidden part of the mystery's 2% that repays its
	// resets (jackpot/); the rest shows as the level's growth.
	MysteryReserveBP = 160
)

// ResetX returns a level's reset value in multiples of the maximum bet.
func ResetX(level string) int64 {
	switch level {
	case Grand:
		return GrandResetCents / MaxBetCents
	case Major:
		return MajorResetCents / MaxBetCents
	}
	return 0
}

func bp(n int64) *big.Rat { return big.NewRat(n, 10_000) }
