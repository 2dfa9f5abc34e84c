package machine

import (
	"encoding/json"
	"fmt"
)

// State is what the machine is doing, as the screen and the floor link see it. When
// several conditions hold, the most serious one is the state (RAM error, then tilt,
// door open, disabled, then the game's own phase).
type State int

// States.
const (
	Idle           State = iota // ready for a deposit, a selection or SPIN
	GameInProgress              // outcome decided and committed, being presented
	GambleOffered               // a win may be gambled or taken
	HandpayLockup               // CALL ATTENDANT: a win over the handpay limit (R-WIN-2)
	CashoutPending              // a cash-out request waits for the wallet's confirmation
	DoorOpen                    // a door is open: play is blocked
	Disabled                    // disabled by the floor host or the operator
	Tilt                        // a fault with a reason (RNG failure, critical memory error, program error)
	RAMError                    // critical memory cannot be trusted: only an operator's RAM clear ends it
	JackpotPending              // JACKPOT — waiting for the controller: a linked level hit waits for its amount (jackpot.go)
)

var stateNames = [...]string{"idle", "game_in_progress", "gamble_offered", "handpay_lockup",
	"cashout_pending", "door_open", "disabled", "tilt", "ram_error", "jackpot_pending"}

func (s State) String() string {
	if s < 0 || int(s) >= len(stateNames) {
		return fmt.Sprintf("State(%d)", int(s))
	}
	return stateNames[s]
}

// MarshalText writes the state's name.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

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
