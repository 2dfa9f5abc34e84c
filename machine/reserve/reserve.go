package reserve

import (
	"errors"
	"fmt"
	"time"

	"egm/meters"
)

// Event kinds of the event log.
const (
	EvReserve    meters.EventKind = "reserve"     // the staff reserved the machine for its player
	EvReserveEnd meters.EventKind = "reserve_end" // the reservation ended (by time, the player or the staff)
)

// ErrLength is wrapped by Check's refusals of a reservation's length.
var ErrLength = errors.New("reserve: length out of range")

// Reservation is a machine kept for the player whose balance is on it. Until is
// wall-clock time: after a power cut the time left counts from it.
type Reservation struct {
	Wallet string    `json:"wallet"` // the wallet the balance belongs to (R-CASH-3)
	By     string    `json:"by"`     // the staff member who reserved it
	From   time.Time `json:"from"`
	Until  time.Time `json:"until"`
	Cents  int64     `json:"cents"` // the balance kept when it was reserved
}

// Check refuses a length of minutes outside 1..most (the configured maximum,
// settings.Config.ReserveMaxMinutes).
func Check(minutes, most int) error {
	if minutes < 1 || minutes > most {
		return fmt.Errorf("%w: %d minutes, want 1..%d", ErrLength, minutes, most)
	}
	return nil
}

// New is the reservation of minutes from now (Check it first), to the second.
func New(wallet, by string, now time.Time, minutes int, cents int64) Reservation {
	from := now.UTC().Truncate(time.Second)
	return Reservation{Wallet: wallet, By: by, From: from, Until: from.Add(time.Duration(minutes) * time.Minute), Cents: cents}
}

// Length is the time granted.
func (r Reservation) Length() time.Duration { return r.Until.Sub(r.From) }

// Left is the time left at now: 0 once over, and never more than the length
// granted (a clock set backwards does not lengthen it).
func (r Reservation) Left(now time.Time) time.Duration {
	left := r.Until.Sub(now)
	switch {
	case left <= 0:
		return 0
	case left > r.Length():
		return r.Length()
	}
	return left
}

// Over tells whether the reservation has run out at now. A clock set backwards
// before From does not end it: Left caps it instead.
func (r Reservation) Over(now time.Time) bool { return !now.Before(r.Until) }

// End is how a reservation ended.
type End string

// The ways a reservation ends.
const (
	EndTime   End = "time"   // its time ran out: the idle cash-out follows
	EndPlayer End = "player" // the player came back: the wallet's scan of the machine's code
	EndStaff  End = "staff"  // the attendant key or the operator menu
)

// StartDetail is the reserve event's text.
func (r Reservation) StartDetail() string {
	return fmt.Sprintf("reserved by %s for wallet %s: %d cents kept for %d min, until %s",
		r.By, r.Wallet, r.Cents, int(r.Length()/time.Minute), r.Until.Format(time.RFC3339))
}

// EndDetail is the reserve_end event's text: how it ended, by whom, and the time
// that was left.
func (r Reservation) EndDetail(how End, who string, now time.Time) string {
	d := fmt.Sprintf("reservation until %s ended by %s", r.Until.Format(time.RFC3339), how)
	if who != "" {
		d += " (" + who + ")"
	}
	return d + fmt.Sprintf(", %s left", r.Left(now).Round(time.Second))
}
