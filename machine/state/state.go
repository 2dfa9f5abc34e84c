package state

import "fmt"

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
	JackpotPending              // JACKPOT — waiting for the controller: a linked level hit waits for its amount (machine/jackpot.go)
	Reserved                    // held by the staff for its player (machine/reserve): no play, no cash-in, the idle cash-out waits
)

var stateNames = [...]string{"idle", "game_in_progress", "gamble_offered", "handpay_lockup",
	"cashout_pending", "door_open", "disabled", "tilt", "ram_error", "jackpot_pending", "reserved"}

func (s State) String() string {
	if s < 0 || int(s) >= len(stateNames) {
		return fmt.Sprintf("State(%d)", int(s))
	}
	return stateNames[s]
}

// MarshalText writes the state's name.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a state's name (the screen reads the machine's status as
// JSON).
func (s *State) UnmarshalText(b []byte) error {
	for i, name := range stateNames {
		if name == string(b) {
			*s = State(i)
			return nil
		}
	}
	return fmt.Errorf("machine: unknown state %q", b)
}
