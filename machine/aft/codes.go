package aft

import (
	"fmt"
	"time"

	"egm/wallet"
)

// CodeKind says what a one-time code is for.
type CodeKind int

// Code kinds.
const (
	CodeCashIn  CodeKind = iota + 1 // a wallet deposit (AFT type 00, host to machine)
	CodeCashOut                     // the balance to the wallet (AFT type 80, machine to host)
)

func (k CodeKind) String() string {
	switch k {
	case CodeCashIn:
		return "cash_in"
	case CodeCashOut:
		return "cash_out"
	}
	return fmt.Sprintf("CodeKind(%d)", int(k))
}

// MarshalText writes the kind's name.
func (k CodeKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *CodeKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "cash_in":
		*k = CodeCashIn
	case "cash_out":
		*k = CodeCashOut
	default:
		return fmt.Errorf("machine: unknown code kind %q", b)
	}
	return nil
}

// Code is a one-time code: the binding between the machine's QR code and one AFT
// transfer. ID is the AFT transaction id the host must use; the machine accepts
// a transfer of Kind only with a live, unexpired code and consumes it in the
// transfer's commit.
type Code struct {
	ID     string    `json:"id"` // 20 characters from crypto/rand (100 bits), the AFT transaction id
	Kind   CodeKind  `json:"kind"`
	Asset  uint32    `json:"asset"`           // this machine's asset number
	Expiry time.Time `json:"expiry"`          // after this the code is refused
	Cents  int64     `json:"cents,omitempty"` // cash-out: the balance to transfer
	// Idle marks a cash-out code the machine raised itself after its idle time
	// (R-CASH-6): the host may take that balance with a transaction id of its own
	// (see HostIdleCashout).
	Idle bool `json:"idle,omitempty"`
}

// CodeLen is the length of a code's ID.
const CodeLen = wallet.CodeLen

// PruneCodes leaves at most keep codes: expired ones go first, then the oldest
// cash-in codes. A live cash-out code is never dropped.
func PruneCodes(codes []Code, now time.Time, keep int) []Code {
	var out []Code
	for _, c := range codes {
		if now.Before(c.Expiry) {
			out = append(out, c)
		}
	}
	for len(out) > keep {
		i := 0
		for i < len(out) && out[i].Kind != CodeCashIn {
			i++
		}
		if i == len(out) {
			break
		}
		out = append(out[:i], out[i+1:]...)
	}
	return out
}

// Live returns the codes that are live at now, oldest first.
func (s *State) Live(now time.Time) []Code {
	var out []Code
	for _, c := range s.Codes {
		if now.Before(c.Expiry) {
			out = append(out, c)
		}
	}
	return out
}

// LiveCode is the newest code of kind live at now (nil if none).
func (s *State) LiveCode(kind CodeKind, now time.Time) *Code {
	for i := len(s.Codes) - 1; i >= 0; i-- {
		if c := &s.Codes[i]; c.Kind == kind && now.Before(c.Expiry) {
			return c
		}
	}
	return nil
}

// Fault is why TakeCode refused a transaction id.
type Fault int

// Faults of TakeCode.
const (
	FaultNone      Fault = iota // the live code was taken
	FaultWrongKind              // a live code of the other kind
	FaultForeign                // a live code for another asset number
	FaultExpired                // the code's expiry has passed
	FaultReplayed               // an earlier transfer used the id
	FaultUnknown                // neither a live code nor in the history
)

// TakeCode removes the live code with id; otherwise it returns the fault and a
// message naming it ("unknown", "expired", "replayed", "wrong kind", "foreign").
// used tells whether an earlier transfer in the history has the id.
func (s *State) TakeCode(id string, kind CodeKind, asset uint32, now time.Time, used bool) (Fault, string) {
	for i, c := range s.Codes {
		if c.ID != id {
			continue
		}
		switch {
		case c.Kind != kind:
			return FaultWrongKind, fmt.Sprintf("wrong kind: code %s is for %s", id, c.Kind)
		case c.Asset != asset:
			return FaultForeign, fmt.Sprintf("foreign: code %s is for asset %d", id, c.Asset)
		case !now.Before(c.Expiry):
			return FaultExpired, fmt.Sprintf("expired: code %s expired at %s", id, c.Expiry.Format(time.RFC3339))
		}
		s.Codes = append(s.Codes[:i:i], s.Codes[i+1:]...)
		return FaultNone, ""
	}
	if used {
		return FaultReplayed, fmt.Sprintf("replayed: code %s was used by an earlier transfer", id)
	}
	return FaultUnknown, fmt.Sprintf("unknown: no live %s code %s", kind, id)
}

// HostIdleCashout lets the host take the balance of an idle cash-out (R-CASH-6)
// with a transaction id of its own: exception 6A does not carry the machine's
// code, and no player is at the machine to scan it. It applies only when the live
// cash-out code is one the machine raised itself for idleness and the id is new
// to the machine (neither a live code nor in the history: TakeCode's fault is
// FaultUnknown); the idle code is consumed in its place. A player's CASH OUT still
// needs its scanned code. The caller has checked the amount is the whole balance.
func (s *State) HostIdleCashout(fault Fault, now time.Time) bool {
	if fault != FaultUnknown {
		return false
	}
	for i, c := range s.Codes {
		if c.Kind == CodeCashOut && c.Idle && now.Before(c.Expiry) {
			s.Codes = append(s.Codes[:i:i], s.Codes[i+1:]...)
			return true
		}
	}
	return false
}
