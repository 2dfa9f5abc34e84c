// Package reserve is a machine reserved for its player (the house rules'
// "Väljamaksmise kord" point 5, R-CASH-6): with the staff's agreement a player
// may keep a given machine for up to one hour, during which no one plays it or
// pays into it and the idle cash-out waits; the balance stays on the machine for
// the player who comes back.
//
// It owns the reservation as pure data: its record kept in critical memory
// (Reservation: the balance's wallet, who reserved it, when, the wall-clock end,
// the balance kept), its rules (Check: a length of 1 minute up to the configured
// maximum; Left: the time left, counted from the recorded end, never more than
// the length granted when the clock is set backwards), the ways it ends (End:
// by time, by the player, by the staff) and the event kinds and texts the
// machine logs (EvReserve, EvReserveEnd). Its errors read "reserve: …".
//
// It must not touch: the machine (package machine imports it and does the
// commits, the state, the refusals and the idle cash-out), critical memory, the
// clock (the machine passes the time in), the screen or the floor link.
//
// # Files
//
//   - reserve.go: Reservation, New, Check, Left, Over, End and the events.
package reserve
