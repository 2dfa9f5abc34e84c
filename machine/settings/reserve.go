package settings

import "fmt"

// MaxReserveMinutes is the house rules' cap on a reservation of the machine for
// its player ("Väljamaksmise kord" point 5, R-CASH-6: up to one hour), and the
// default of reserve_max_minutes.
const MaxReserveMinutes = 60

// validateReserve checks reserve_max_minutes: 1..MaxReserveMinutes.
func validateReserve(most int) error {
	if most < 1 || most > MaxReserveMinutes {
		return &ConfigError{Key: "reserve_max_minutes", Reason: fmt.Sprintf("%d, want 1..%d (the house rules allow a reservation of up to one hour)", most, MaxReserveMinutes)}
	}
	return nil
}
