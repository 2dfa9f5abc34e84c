package play

// Decision is one decision of the player.
type Decision string

// The decisions, by game: blackjack (Hit … NoInsurance), three card poker (Play,
// Fold), Ultimate Texas Hold'em (Check, Bet4x … Bet1x, Fold).
const (
	Hit         Decision = "hit"
	Stand       Decision = "stand"
	Double      Decision = "double"
	Split       Decision = "split"
	Insure      Decision = "insure"
	NoInsurance Decision = "no-insurance"
	PlayHand    Decision = "play"
	Fold        Decision = "fold"
	Check       Decision = "check"
	Bet4x       Decision = "bet-4x"
	Bet3x       Decision = "bet-3x"
	Bet2x       Decision = "bet-2x"
	Bet1x       Decision = "bet-1x"
)

// Spot names of the card games' bets.
const (
	SpotAnte     = "ante"      // three card poker, Ultimate Texas Hold'em (the Blind equals it)
	SpotPairPlus = "pair-plus" // three card poker
	SpotPrime    = "prime"     // three card poker
	// SpotProgressive is three card poker's progressive side bet: a fixed stake
	// on the player's three cards for the pool the round carries (Round.Pool).
	SpotProgressive = "progressive"
	SpotTrips       = "trips" // Ultimate Texas Hold'em
	SpotMain        = "main"  // blackjack
	Spot21Plus3     = "21+3"  // blackjack
	SpotTop3        = "top-3" // blackjack
	SpotPairs       = "perfect-pairs"
)
