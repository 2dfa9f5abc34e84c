package cabinet

import "egm/machine"

// ButtonLit says whether a button's lamp is lit: only while the button can act
// in the machine's status st (a lamp that is lit invites a press that works);
// maxBetCents is the largest bet of the selection (0: unknown).
func ButtonLit(name string, st machine.Status, service bool, maxBetCents int64) bool {
	idle := st.State == machine.Idle
	switch name {
	case "spin":
		return idle && st.BetCents > 0 && st.CreditsCents >= st.BetCents
	case "max_bet":
		return idle && st.CreditsCents > 0 && st.CreditsCents >= maxBetCents
	case "bet_up", "bet_down":
		return idle
	case "cash_out":
		return st.CreditsCents > 0 && (idle || st.State == machine.GambleOffered) && st.Cashout == nil
	case "take_win", "gamble_red", "gamble_black", "collect":
		return st.State == machine.GambleOffered
	case "help":
		return idle || st.State == machine.GambleOffered
	case "service":
		return service // lit while the attendant is called
	}
	return false
}

// Tower is what the tower light says.
type Tower int

// The tower light's states, most serious last (TowerFor picks the most serious
// that holds).
const (
	TowerIdle    Tower = iota // both tiers dark
	TowerService              // the player called the attendant: top steady
	TowerHandpay              // handpay or jackpot lockup: top steady, bottom flashing
	TowerDoor                 // a door is open: top flashing
	TowerTilt                 // tilt or RAM error: the tiers flash in turn
)

// The tower light's two tiers (lamp names): the top is the candle's colour,
// the bottom white.
const (
	TowerTop    = "tower_top"
	TowerBottom = "tower_bottom"
)

var towerNames = [...]string{"idle", "service", "handpay", "door_open", "tilt"}

func (t Tower) String() string {
	if t < 0 || int(t) >= len(towerNames) {
		return "tower?"
	}
	return towerNames[t]
}

// TowerFor is the tower light for a status and the attendant call.
func TowerFor(st machine.Status, service bool) Tower {
	switch {
	case st.State == machine.Tilt || st.State == machine.RAMError:
		return TowerTilt
	case st.DoorOpen || st.State == machine.DoorOpen:
		return TowerDoor
	case st.State == machine.HandpayLockup || st.State == machine.JackpotPending:
		return TowerHandpay
	case service:
		return TowerService
	}
	return TowerIdle
}

// Lamps are the tiers lit in the flashing phase (phase alternates twice a
// second).
func (t Tower) Lamps(phase bool) (top, bottom bool) {
	switch t {
	case TowerService:
		return true, false
	case TowerHandpay:
		return true, phase
	case TowerDoor:
		return phase, false
	case TowerTilt:
		return phase, !phase
	}
	return false, false
}
