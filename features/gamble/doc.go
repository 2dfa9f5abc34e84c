// Package gamble is the double-or-nothing step offered after a win (RULES.md R-GAME-9).
//
// It owns: the 52-card deck and its colours and suits, the player's bet on a colour
// (pays ×2) or a suit (pays ×4), the operator limits (Gamble switched on or off, the
// number of attempts per win, the money cap on a gamble win), the record of every
// step, and the history of the last cards drawn for the screen.
//
// One card is drawn per step with rng.Uint64n(src, 52); its colour and suit follow
// from the card, so the colour is exactly 50% red (26 of 52 cards) and each suit
// exactly 25%, independent of the amount, earlier cards and everything else. The
// draw happens only when the player has chosen, from the source the machine passes.
//
// RTP-neutral: on every step the expected amount after the step equals the stake
// (colour: 26/52 × 2 = 1; suit: 13/52 × 4 = 1), so Gamble adds nothing to and takes
// nothing from a title's return. The PAR sheet reports it as neutral and leaves it
// out of the 94% (R-RTP-1); declining is always possible (R-GAME-10).
//
// Money is int64 cents. A step whose possible win would exceed the configured cap
// is not offered, and neither is a step past the attempt limit.
//
// It must not touch: credits, meters, critical memory, the screen or any title's
// math. The machine commits each step (it is a separate game step with its own draw)
// and credits the amount the round ends with.
package gamble
