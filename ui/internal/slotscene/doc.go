// Package slotscene is the slot titles' scenes: play, help and the gamble.
//
//   - The presentation of one decided slot.Outcome (timeline.go): when each reel
//     stops, the win counted up, every free game, every Lock & Spin respin with
//     its counter (3-2-1, back to 3 when a symbol lands). The timeline is pure
//     data, and what sounds is read from it like what is drawn (soundcues.go,
//     Timeline.Cues). Steps are counted as the machine counts them
//     (machine.Steps); a restarted game resumes at Timeline.StartOfUnit(Step).
//   - The play scene (play*.go): the reels (reelview.go), the art drawn by code
//     for every title (art.go, symbols.go, emblems.go), the meters and buttons
//     (hud.go), the status line left of the QR panel (status_line.go), the lockup
//     cover, MAX BET's second press (play_maxbet.go), the attract mode's meters
//     (attract_money.go).
//   - The gamble's table, cards and buttons (gamble.go) and the rules pages of a
//     title (help.go, from kit's rules cache, generated from the title's Spec and
//     PAR sheet).
//
// LOBBY goes back to the lobby the cabinet shell registered (RegisterLobby): the
// lobby knows the table games and is above this package. The scenes present
// the outcome their Session gives them and send it input events; they never
// decide an outcome, change money or touch critical memory.
package slotscene
