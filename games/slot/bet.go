package slot

import (
	"fmt"

	"egm/features/lockspin"
)

// Bet is the wager of one game: a line bet in cents on every line.
type Bet struct {
	LineCents int64 `json:"line_cents"`
	Lines     int   `json:"lines"`
}

// TotalCents is the total bet.
func (b Bet) TotalCents() int64 { return b.LineCents * int64(b.Lines) }

// CheckBet refuses a bet the title cannot take: wrong line count, or a total outside
// R-GAME-11's 0.50..40.00 EUR.
func (t *Title) CheckBet(b Bet) error {
	if b.Lines != t.Lines() {
		return fmt.Errorf("slot: %s plays %d lines, not %d", t.Spec.ID, t.Lines(), b.Lines)
	}
	if b.LineCents < 1 || b.TotalCents() < MinBetCents || b.TotalCents() > MaxBetCents {
		return fmt.Errorf("slot: total bet %d cents outside %d..%d", b.TotalCents(), MinBetCents, MaxBetCents)
	}
	return nil
}

// Denominations are R-GAME-11's, in cents: the machine offers a title at each one
// where some whole number of credits per line gives a total bet within
// MinBetCents..MaxBetCents (BetRange).
var Denominations = []int64{1, 2, 5, 10, 20, 50, 100, 200}

// BetRange is the credits per line a title of lines lines takes at denomination
// denom (cents): the totals within R-GAME-11's range. ok is false when none fits,
// and for no lines or no denomination (a table game's status has neither).
func BetRange(lines int, denom int64) (lo, hi int64, ok bool) {
	if lines <= 0 || denom <= 0 {
		return 0, 0, false
	}
	unit := denom * int64(lines)
	lo = (MinBetCents + unit - 1) / unit
	hi = MaxBetCents / unit
	return lo, hi, lo <= hi
}

// Offered returns the denominations of ds at which a title of lines lines can be
// played (BetRange), in their order.
func Offered(lines int, ds []int64) []int64 {
	var out []int64
	for _, d := range ds {
		if _, _, ok := BetRange(lines, d); ok {
			out = append(out, d)
		}
	}
	return out
}

// MinTotalCents and MaxTotalCents are the least and the largest total bet of a
// title of lines lines: whole cents on every line, within R-GAME-11's range.
func MinTotalCents(lines int) int64 {
	l := int64(lines)
	return (MinBetCents + l - 1) / l * l
}

// MaxTotalCents: see MinTotalCents.
func MaxTotalCents(lines int) int64 { return MaxBetCents / int64(lines) * int64(lines) }

// qualification is a jackpot symbol's chance of winning its level at this bet.
func (b Bet) qualification() lockspin.Prob {
	return lockspin.Prob{Num: uint64(b.TotalCents()), Den: MaxBetCents}
}
