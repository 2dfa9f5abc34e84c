// Package games is the machine's catalogue of 25 titles (R-GAME-1): the Golden Link
// and Cash Connection families, each title compiled from its recipe with the coin
// weight that the tuner found for 94.00% RTP with the cap on one game's award
// counted (tuning.json, written by `go test ./games -run TestTuning -update`).
//
// The cap on one game's total award (base game, Super Colors, Free Games and Lock &
// Spin together; linked jackpot levels are paid in addition) is the profile's:
// 5,000× the total bet for the low and medium profiles, 10,000× for the high
// profile (slot.Profile.MaxWinX, Spec.MaxWinX). Play cuts an award at the cap and
// marks the outcome Capped; the PAR sheet states the cap, the largest award the
// rules allow before it and the resulting max win, and (PAR.Cap) the cap's cost in
// the RTP, the RTP with the cap counted and the odds of the top award (the true
// largest award and its odds where the cap is never reached).
//
// It owns the catalogue order, the title ids other tools rely on (Catalogue, Info:
// `egm titles`), the tuning file, and the PAR sheets of several titles computed
// on every core (PARs). It must not touch money, meters, the machine's state or chance: the titles
// play from the rng.Source the machine gives them.
package games
