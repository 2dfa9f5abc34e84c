package sound

// Tiers of a win, by its size relative to the total bet: the count-up ticks get
// brighter and the closing chord longer from one tier to the next. The boundaries
// match the screen's words: WIN below 15× the bet, BIG WIN from 15×, MEGA WIN from
// 50×.
const (
	TierSmall  = iota // below 5× the bet
	TierMedium        // 5× to below 15×
	TierBig           // 15× to below 50×
	TierMega          // 50× and more
	Tiers
)

// Tier is the tier of a win of win cents on a total bet of bet cents (integer
// arithmetic: money never goes through floating point).
func Tier(win, bet int64) int {
	if bet <= 0 {
		bet = 1
	}
	switch {
	case win >= 50*bet:
		return TierMega
	case win >= 15*bet:
		return TierBig
	case win >= 5*bet:
		return TierMedium
	}
	return TierSmall
}
