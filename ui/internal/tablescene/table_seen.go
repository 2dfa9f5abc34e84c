package tablescene

import (
	"egm/machine"
	"egm/tables/play"
	"egm/ui/internal/kit"
)

// TableSeen is what the session keeps of the table round the machine deals: the
// last round it emitted (OutTable, or the game in progress a new subscriber is
// given), a number that changes with each, and the last refusal of a table input
// (worded for the player when it is drawn: the player's language may change).
type TableSeen struct {
	R        *play.Round
	Ver      int
	Refusals int
	Refused  error
}

// refusedText is the last refusal's words for the player ("" none).
func (t TableSeen) refusedText() string {
	if t.Refused == nil {
		return ""
	}
	return kit.RefusalText(t.Refused)
}

// tableSession is the cabinet's session as a machine dealer reaches it
// (*MachineSession).
type tableSession interface {
	Machine() kit.Platform
	Status() machine.Status
	Busy() bool
	Input(machine.Input) error
	Snapshot() kit.Snapshot
	TableState() TableSeen
	// Flush waits until the machine has handled the inputs sent before it.
	Flush()
}
