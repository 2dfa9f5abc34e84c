package floor

import "errors"

// DatabaseError is a failure of the floor's own databases (its store, or the linked
// jackpot controller's), as opposed to a machine's link failing: the floor's loop
// stops on one (Loop.Run) and goes on after any other.
type DatabaseError struct{ Err error }

func (e *DatabaseError) Error() string { return e.Err.Error() }
func (e *DatabaseError) Unwrap() error { return e.Err }

// DatabaseErr marks err (nil stays nil) as the floor's own database failing: the
// subpackages' (floor/jackpots, floor/desk) failures of the store and the
// controller.
func DatabaseErr(err error) error { return dbErr(err) }

// dbErr marks err (nil stays nil) as the floor's own database failing.
func dbErr(err error) error {
	if err == nil {
		return nil
	}
	var d *DatabaseError
	if errors.As(err, &d) {
		return err
	}
	return &DatabaseError{Err: err}
}

// IsDatabase tells the floor's own failures (a *DatabaseError anywhere in err's
// chain) from a machine's link failing.
func IsDatabase(err error) bool {
	var d *DatabaseError
	return errors.As(err, &d)
}
