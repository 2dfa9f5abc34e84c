// Package ui is the cabinet's screen: the Ebiten scenes (attract, lobby, play, help),
// the art drawn by code for every title, the presentation timeline of a decided
// game, and the player's rules pages (on screen and as HTML, R-HELP-1/2).
//
// # What it owns
//
//   - Scenes behind a small interface and a manager (scene.go, manager.go): Update
//     decides what is shown next, Draw only draws.
//   - The presentation of one decided slot.Outcome (timeline.go): when each reel
//     stops, the win counted up, every free game, every Lock & Spin respin with its
//     counter (3-2-1, back to 3 when a symbol lands). The timeline is pure data so
//     tests run without a window.
//   - The rules of a title (rules.go, rules_html.go), generated from the title's
//     Spec and PAR sheet so that they can never disagree with the math.
//   - A demo session (demo.go) that plays titles with a seeded rng for the attract
//     mode and for `egm demo`: demo play is not metered play.
//
// # What it must not touch
//
// The screen never decides an outcome: it presents the Outcome its Session gives
// it, and sends the Session input events (session.go). It never touches money,
// credits, meters or critical memory; amounts on screen are integer cents the
// Session reports. The machine (machine/) will satisfy Session for metered play.
//
// Only this package and cmd/egm import Ebiten. Files that do carry the cgo build
// tag (Ebiten's desktop backend needs cgo); the rest builds everywhere, so
// `egm rules --html` works in a CGO_ENABLED=0 build too.
package ui
