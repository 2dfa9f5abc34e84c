package kit

import (
	"egm/features/gamble"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
)

// Platform is the machine as the screen reaches it: *machine.Machine in the same
// process (tests, screenshots), or the platform's client over its socket
// (screen.Client, the cabinet's screen process). The screen reads critical
// memory only through View, and changes the machine only through Handle, which
// may refuse. It asks for no bet range and no denominations: the machine works
// out every selection from the player's buttons (machine.InBetDown,
// machine.InNextDenom), so the frame loop never waits on the socket for one.
type Platform interface {
	Status() machine.Status
	Handle(machine.Input) error
	// Subscribe adds a receiver of the machine's outputs; it must not call the
	// Platform back and wait (over the socket that would wait on itself).
	Subscribe(func(machine.Output))
	GambleHistory() (gamble.Round, gamble.History, error)
	Config() settings.Config
	View(fn func(*meters.Snapshot)) error
	Seq() uint64
}

// PINStore is the operator menu's PIN (*operator.PINStore on the platform).
type PINStore interface {
	IsSet() (bool, error)
	Verify(pin string) error
	Set(pin string) error
	Change(current, next string) error
}
