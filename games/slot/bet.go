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

// qualification is a jackpot symbol's chance of winning its level at this bet.
func (b Bet) qualification() lockspin.Prob {
	return lockspin.Prob{Num: uint64(b.TotalCents()), Den: MaxBetCents}
}
