package wire

import (
	"errors"
	"fmt"

	"egm/machine"
	"egm/machine/refusal"
	"egm/operator"
)

// Errors of the platform's side.
var (
	// ErrVersion: the screen and the platform speak different protocol versions.
	ErrVersion = errors.New("platform: protocol version mismatch")
	// ErrUnavailable: the platform has no such part (no wallet presenter, no PIN).
	ErrUnavailable = errors.New("platform: not available on this platform")
)

// sentinels are the errors a caller decides on with errors.Is, by the name they
// cross the socket under.
var sentinels = map[string]error{
	"refused":     machine.ErrRefused,
	"no_store":    machine.ErrNoStore,
	"no_pin":      operator.ErrNoPIN,
	"wrong_pin":   operator.ErrWrongPIN,
	"locked_out":  operator.ErrLockedOut,
	"bad_pin":     operator.ErrBadPIN,
	"pin_set":     operator.ErrPINSet,
	"version":     ErrVersion,
	"unavailable": ErrUnavailable,
}

// Error is an error on the socket: the Message, the name of the sentinel it
// wraps (if any) and a refusal.Refusal whole.
type Error struct {
	Msg      string           `json:"msg"`
	Is       string           `json:"is,omitempty"`
	Refusal  *refusal.Refusal `json:"refusal,omitempty"`
	LockedMS int64            `json:"locked_ms,omitempty"`
}

func EncodeError(err error) *Error {
	if err == nil {
		return nil
	}
	w := &Error{Msg: err.Error()}
	var r *refusal.Refusal
	if errors.As(err, &r) {
		w.Refusal = r
	}
	for name, s := range sentinels {
		if errors.Is(err, s) {
			w.Is = name
			break
		}
	}
	return w
}

// RemoteError is an error the platform answered: Error is the platform's text,
// and errors.Is finds the sentinel it wrapped there.
type RemoteError struct {
	Msg string
	is  error
}

func (e *RemoteError) Error() string { return e.Msg }

// Unwrap is the sentinel the platform's error wrapped (nil: none known).
func (e *RemoteError) Unwrap() error { return e.is }

func (w *Error) Decode() error {
	if w == nil {
		return nil
	}
	if w.Refusal != nil {
		return w.Refusal // errors.Is(err, machine.ErrRefused) holds for it
	}
	if w.Msg == "" {
		return fmt.Errorf("platform: an error without a Message")
	}
	return &RemoteError{Msg: w.Msg, is: sentinels[w.Is]}
}
