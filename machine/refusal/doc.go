// Package refusal is a refused input of the machine: why (Reason, with its wire
// names and ParseReason), what the player is told (Msg: an id of the screen's
// "play" catalogue, and Values: amounts in minor units and counts, which the
// screen words and formats in the player's language and currency; StateMsg for
// a refusal by state) and the engineers' precise Detail, which Error returns.
// Every Refusal wraps ErrRefused (machine.ErrRefused is the same error). The
// constructors (Other, New, InState, Balance, Bet, Amount, …) are what the
// machine refuses with; SampleRefusals gives one of each for the screen's tests.
//
// It must not touch: the machine (package machine imports it, never the
// reverse: which input is refused, and when, is the machine's), the words of a
// message (the screen's catalogue) or money formatting: it formats no money for
// the player.
//
// # Files
//
//   - refusal.go: ErrRefused, Reason, Values, Refusal, PlayerMessage, StateMsg,
//     the constructors and SampleRefusals.
package refusal
