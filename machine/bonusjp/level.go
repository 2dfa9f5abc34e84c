package bonusjp

import (
	"errors"
	"fmt"
	"math"

	"egm/rng"
)

// ErrBroken is wrapped by Check for a level whose accounting or window does not
// hold (a program error, or a stored record that cannot be trusted).
var ErrBroken = errors.New("bonusjp: level does not reconcile")

// Level is the bonus jackpot's state, as critical memory holds it. Money is in
// Units (1/10,000 cent) except the trigger and the window, in whole cents.
type Level struct {
	ResetCents   int64 `json:"reset_cents"`   // the window, fixed when the level starts (Start)
	CeilingCents int64 `json:"ceiling_cents"` // the "must hit by" amount
	Trigger      int64 `json:"trigger"`       // cents, in (reset, ceiling]: hidden, drawn at the (re)start
	Amount       int64 `json:"amount"`        // Units: the level's amount, at least the reset value
	Funded       int64 `json:"funded"`        // Units: every contribution of coin-in
	Paid         int64 `json:"paid"`          // Units: the awards
	ResetsFunded int64 `json:"resets_funded"` // Units: the reset values put in after hits
	Hits         int64 `json:"hits"`          // awards made
	CoinIn       int64 `json:"coin_in"`       // cents: the funding games' bets
	Games        int64 `json:"games"`         // funding games
}

// Start is a new level at c's reset value with its first trigger drawn from src.
func Start(c Config, src rng.Source) Level {
	l := Level{ResetCents: c.ResetCents, CeilingCents: c.CeilingCents, Amount: c.ResetCents * UnitsPerCent}
	l.Trigger = draw(l.ResetCents, l.CeilingCents, src)
	return l
}

// draw is a trigger uniform in (reset, ceiling] cents.
func draw(reset, ceiling int64, src rng.Source) int64 {
	return reset + 1 + int64(rng.Uint64n(src, uint64(ceiling-reset)))
}

// Cents is the level's amount in whole cents (rounded down): what is shown.
func (l Level) Cents() int64 { return l.Amount / UnitsPerCent }

// Contribute counts a funding game's bet of betCents at c's rate. When the level
// reaches its trigger the award is the trigger (in cents), the level resets to
// its reset value with the Units above the trigger carried, and the next trigger
// is drawn from src in its window (the level's window is fixed for its life:
// Matches). It returns the new level and the award (0: no
// hit). l is not changed.
func (l Level) Contribute(c Config, betCents int64, src rng.Source) (Level, int64, error) {
	if betCents <= 0 {
		return l, 0, fmt.Errorf("bonusjp: contribution of a %d-cent bet", betCents)
	}
	if betCents > math.MaxInt64/MaxRateBP || l.Funded > math.MaxInt64-betCents*c.RateBP {
		return l, 0, fmt.Errorf("bonusjp: contribution of a %d-cent bet overflows the level's totals", betCents)
	}
	u := betCents * c.RateBP
	l.Amount += u
	l.Funded += u
	l.CoinIn += betCents
	l.Games++
	if l.Amount < l.Trigger*UnitsPerCent {
		return l, 0, nil
	}
	award := l.Trigger
	carry := l.Amount - award*UnitsPerCent
	l.Paid += award * UnitsPerCent
	l.Hits++
	l.ResetsFunded += l.ResetCents * UnitsPerCent
	l.Amount = l.ResetCents*UnitsPerCent + carry
	l.Trigger = draw(l.ResetCents, l.CeilingCents, src)
	return l, award, nil
}

// View is what may be shown of the level: never its trigger.
type View struct {
	Cents        int64 // the amount in whole cents
	ResetCents   int64
	CeilingCents int64 // "must be won by"
}

// View returns what may be shown of the level.
func (l Level) View() View {
	return View{Cents: l.Cents(), ResetCents: l.ResetCents, CeilingCents: l.CeilingCents}
}

// Identity returns the two sides of the accounting identity, in Units:
// Funded, and Paid + (Amount − Reset) − ResetsFunded.
func (l Level) Identity() (funded, accounted int64) {
	return l.Funded, l.Paid + (l.Amount - l.ResetCents*UnitsPerCent) - l.ResetsFunded
}

// Check holds the level's accounting identity and its window (see the package
// doc). The error wraps ErrBroken.
func (l Level) Check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBroken, fmt.Sprintf(format, a...))
	}
	f, a := l.Identity()
	switch {
	case l.ResetCents < 1 || l.CeilingCents <= l.ResetCents:
		return bad("window (%d, %d] cents", l.ResetCents, l.CeilingCents)
	case l.Trigger <= l.ResetCents || l.Trigger > l.CeilingCents:
		return bad("trigger outside its window (%d, %d] cents", l.ResetCents, l.CeilingCents)
	case l.Amount < l.ResetCents*UnitsPerCent:
		return bad("amount %d Units below the reset value %d cents", l.Amount, l.ResetCents)
	case l.Funded < 0 || l.Paid < 0 || l.ResetsFunded < 0 || l.Hits < 0 || l.CoinIn < 0 || l.Games < 0:
		return bad("a negative total")
	case f != a:
		return bad("funded %d Units ≠ paid %d + (amount %d − reset %d) − resets funded %d = %d Units",
			l.Funded, l.Paid, l.Amount, l.ResetCents*UnitsPerCent, l.ResetsFunded, a)
	case l.Hits == 0 && (l.Paid != 0 || l.ResetsFunded != 0):
		return bad("awards paid without a hit")
	case l.Paid%UnitsPerCent != 0:
		return bad("awards of %d Units are not whole cents", l.Paid)
	}
	return nil
}

// Matches reports whether a stored level runs c's window: the reset value and
// the ceiling of a running level cannot change (the machine refuses a
// configuration that changes them; the rate and the titles may change).
func (l Level) Matches(c Config) error {
	if l.ResetCents != c.ResetCents || l.CeilingCents != c.CeilingCents {
		return fmt.Errorf("bonusjp: reset_cents %d and ceiling_cents %d: the level in critical memory runs (%d, %d]: a running level's window cannot change",
			c.ResetCents, c.CeilingCents, l.ResetCents, l.CeilingCents)
	}
	return nil
}
