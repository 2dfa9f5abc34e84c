// Package games is the machine's catalogue of 25 titles (R-GAME-1): the Golden Link
// and Cash Connection families, each title compiled from its recipe with the coin
// weight that the tuner found for 94.00% RTP (tuning.json, written by
// `go test ./games -run TestTuning -update`).
//
// It owns the catalogue order, the title ids other tools rely on (Catalogue, Info:
// `egm titles`), the tuning file, and the PAR sheets of several titles computed
// on every core (PARs). It must not touch money, meters, the machine's state or chance: the titles
// play from the rng.Source the machine gives them.
package games
