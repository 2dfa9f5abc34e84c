// Package reserved is the cabinet screen's cover of a machine reserved for its
// player (machine/reserve, the state machine.Reserved): RESERVED, for its
// player, the time left counting down from the reservation's recorded end, the
// balance kept, and the ways back — the player's wallet scan of the machine's
// code (shown by the QR panel, ui/internal/qrpanel, beside it) or the staff —
// and what happens when the time runs out, in the player's language and
// currency (the "play" catalogue's play.reserved.*).
//
// It owns the cover's words (Words) and drawing (Draw) only. It must not touch
// the machine (it reads a machine.Status), critical memory, the QR panel's
// codes or the scenes under it; the cabinet (ui) draws it over the current
// scene and the QR panel, beside the panel.
//
// # Files
//
//   - reserved.go: Lines, Words, Draw.
package reserved
