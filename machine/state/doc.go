// Package state names the machine's states (State: Idle, GameInProgress,
// GambleOffered, HandpayLockup, CashoutPending, DoorOpen, Disabled, Tilt,
// RAMError, JackpotPending, Reserved) and their text, so that the machine's refusals
// (machine/refusal) can name the state that refused an input. Package machine
// re-exports them (machine.State, machine.Idle, …) and decides which state holds.
//
// It must not touch: the machine (machine imports it, never the reverse), its
// transitions or critical memory: it is names only.
//
// # Files
//
//   - state.go: State, the states, String, MarshalText and UnmarshalText.
package state
