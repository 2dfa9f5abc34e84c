package slot

// Bet is the wager of one game: a line bet in cents on every line.
type Bet struct {
	LineCents int64 `json:"line_cents"`
	Lines     int   `json:"lines"`
}

// TotalCents is the total bet.
func (b Bet) TotalCents() int64 { return b.LineCents * int64(b.Lines) }

// CheckBet refuses a bet the title cannot take: wrong line count, or a total outside
// R-GAME-11's 0.50..40.00 EUR (EURLimits; CheckBetIn for another currency's).
func (t *Title) CheckBet(b Bet) error { return t.CheckBetIn(b, EURLimits) }

// BetRange is EURLimits.BetRange: the credits per line a title of lines lines
// takes at denomination denom (cents) within R-GAME-11's range.
func BetRange(lines int, denom int64) (lo, hi int64, ok bool) {
	return EURLimits.BetRange(lines, denom)
}

// Offered is EURLimits.Offered.
func Offered(lines int, ds []int64) []int64 { return EURLimits.Offered(lines, ds) }

// MinTotalCents and MaxTotalCents are the least and the largest total bet of a
// title of lines lines in euro cents (EURLimits.MinTotal, MaxTotal).
func MinTotalCents(lines int) int64 { return EURLimits.MinTotal(lines) }

// MaxTotalCents: see MinTotalCents.
func MaxTotalCents(lines int) int64 { return EURLimits.MaxTotal(lines) }
