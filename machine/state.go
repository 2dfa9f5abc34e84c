package machine

import (
	"encoding/json"

	"egm/machine/reserve"
	"egm/machine/state"
)

// State is what the machine is doing, as the screen and the floor link see it
// (machine/state names the states, so that machine/refusal can name the one
// that refused an input).
type State = state.State

// States (machine/state).
const (
	Idle           = state.Idle
	GameInProgress = state.GameInProgress
	GambleOffered  = state.GambleOffered
	HandpayLockup  = state.HandpayLockup
	CashoutPending = state.CashoutPending
	DoorOpen       = state.DoorOpen
	Disabled       = state.Disabled
	Tilt           = state.Tilt
	RAMError       = state.RAMError
	JackpotPending = state.JackpotPending
	Reserved       = state.Reserved
)

// Tilt reasons.
const (
	TiltRNG           = "RNG failure"
	TiltMemory        = "critical memory error"
	TiltProgram       = "program error"
	TiltClockBackward = "clock set backwards"
)

// durable is the machine's own state kept in critical memory (value "machine"),
// written in the same commit as the change that sets it.
type durable struct {
	DoorOpen bool `json:"door_open,omitempty"` // the main door (doors.go)
	// The logic and belly doors. Their openings are the counters
	// logic_door_opens and belly_door_opens (doors.go); a state written
	// before kept them here, and the power-up moves them there.
	LogicDoorOpen  bool     `json:"logic_door_open,omitempty"`
	BellyDoorOpen  bool     `json:"belly_door_open,omitempty"`
	LogicDoorOpens int64    `json:"logic_door_opens,omitempty"`
	BellyDoorOpens int64    `json:"belly_door_opens,omitempty"`
	Disabled       string   `json:"disabled,omitempty"` // who disabled it (host/operator)
	Tilt           string   `json:"tilt,omitempty"`
	Wallet         string   `json:"wallet,omitempty"`  // the wallet whose money the balance is (R-CASH-3)
	Cashout        *Cashout `json:"cashout,omitempty"` // a request waiting for the wallet
	NextCashID     uint64   `json:"next_cashout_id,omitempty"`
	Bonus          *Bonus   `json:"bonus,omitempty"` // a bonus over the handpay limit waiting for the attendant (bonus.go)
	// Reserve is the reservation of the machine for its player (reserve.go).
	Reserve *reserve.Reservation `json:"reserve,omitempty"`
}

const durableKey = "machine"

func (d durable) marshal() json.RawMessage {
	b, _ := json.Marshal(d) // plain fields: cannot fail
	return b
}

// Cashout is a request to return the balance to the wallet that put it in. The
// balance stays on the machine until the wallet confirms the transfer.
type Cashout struct {
	ID     uint64 `json:"id"`
	Wallet string `json:"wallet"`
	Cents  int64  `json:"cents"`
	Reason string `json:"reason"` // "player" or "idle"
}
