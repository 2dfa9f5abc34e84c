package slot

import (
	"fmt"

	"egm/features/lockspin"
)

// Limits is a currency's bet range (R-GAME-11): the least and the largest total
// bet of one game, in the currency's minor units (euro cents, tiyn). The
// jurisdiction profile gives them; the machine and the lab pass them to BetRange,
// CheckBetIn and PlayIn. A jackpot symbol's chance is the total bet ÷ MaxBet, so
// the math is the same in every currency whose range is the euro's scaled (KZ:
// × 500): only amounts change, never a probability or a ratio.
type Limits struct {
	MinBet, MaxBet int64
}

// EURLimits is R-GAME-11's range in euro cents: MinBetCents..MaxBetCents, the
// range of the package-level functions (BetRange, CheckBet, Play).
var EURLimits = Limits{MinBet: MinBetCents, MaxBet: MaxBetCents}

// Validate refuses a range no game can be played in.
func (l Limits) Validate() error {
	if l.MinBet < 1 || l.MaxBet < l.MinBet {
		return fmt.Errorf("slot: bet range %d..%d: want 1 <= min <= max", l.MinBet, l.MaxBet)
	}
	return nil
}

// BetRange is the credits per line a title of lines lines takes at denomination
// denom (minor units): the totals within l. ok is false when none fits, and for
// no lines or no denomination (a table game's status has neither).
func (l Limits) BetRange(lines int, denom int64) (lo, hi int64, ok bool) {
	if lines <= 0 || denom <= 0 {
		return 0, 0, false
	}
	unit := denom * int64(lines)
	lo = (l.MinBet + unit - 1) / unit
	hi = l.MaxBet / unit
	return lo, hi, lo <= hi
}

// Offered returns the denominations of ds at which a title of lines lines can be
// played within l, in their order.
func (l Limits) Offered(lines int, ds []int64) []int64 {
	var out []int64
	for _, d := range ds {
		if _, _, ok := l.BetRange(lines, d); ok {
			out = append(out, d)
		}
	}
	return out
}

// MinTotal is the least total bet of a title of lines lines within l: whole
// minor units on every line.
func (l Limits) MinTotal(lines int) int64 {
	n := int64(lines)
	return (l.MinBet + n - 1) / n * n
}

// MaxTotal is the largest total bet of a title of lines lines within l.
func (l Limits) MaxTotal(lines int) int64 { return l.MaxBet / int64(lines) * int64(lines) }

// CheckBetIn refuses a bet the title cannot take within l: wrong line count, or a
// total outside l.
func (t *Title) CheckBetIn(b Bet, l Limits) error {
	if b.Lines != t.Lines() {
		return fmt.Errorf("slot: %s plays %d lines, not %d", t.Spec.ID, t.Lines(), b.Lines)
	}
	if b.LineCents < 1 || b.TotalCents() < l.MinBet || b.TotalCents() > l.MaxBet {
		return fmt.Errorf("slot: total bet %d minor units outside %d..%d", b.TotalCents(), l.MinBet, l.MaxBet)
	}
	return nil
}

// qualification is a jackpot symbol's chance of winning its level at this bet:
// the total bet ÷ the range's maximum. A range that is the euro's scaled by a
// whole factor s (KZ: 500) draws the chance over the euro's denominator when the
// bet is a whole multiple of s: the same chance and the same draw, so a game in
// tenge is the same game as in euros, its amounts × s.
func (b Bet) qualification(l Limits) lockspin.Prob {
	num, den := b.TotalCents(), l.MaxBet
	if s := l.MaxBet / MaxBetCents; s > 1 && l.MaxBet%MaxBetCents == 0 && num%s == 0 {
		num, den = num/s, den/s
	}
	return lockspin.Prob{Num: uint64(num), Den: uint64(den)}
}
