//go:build cgo && !noscreen

package scene

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// The development keyboard. On a cabinet the doors, the attendant and operator
// key switches and the button deck are the platform's (package cabinet): the
// machine hears them with the screen dead or restarting, and the platform pushes
// the keys that act on the screen (the operator key, HELP). On a development
// machine keys stand in for them: F9 the attendant key, F10 the main door, F11
// the operator key, and the deck's buttons (Space/Enter SPIN, M MAX BET, ↑/↓ bet,
// D, T, G, R, B, C, H/F1, and a table's deal and decision keys). Those keys act
// only in development mode (CabinetOptions.Dev, `--dev`): a keyboard plugged
// into a cabinet opens no door, resets no handpay and plays nothing. The touch
// screen, the player's on-screen buttons, the keys that only move about the
// screens (the lobby's arrows, the rules pages, Esc) and the operator menu's own
// keys once it is open stay, as do a script's presses (a script is not a
// keyboard).

// DevKeyboard is whether the keyboard stands in for the cabinet's hardware. A
// cabinet's screen sets it from CabinetOptions.Dev (newCabinet); the demo and
// the tests' scenes, which no cabinet runs, keep the keyboard.
var DevKeyboard = true

// PushedKeys are the keys of the cabinet's buttons the platform pushed this frame
// (the deck's HELP: the screen's H), set and cleared by the cabinet's Update.
var PushedKeys [ebiten.KeyMax + 1]bool

// DevPressed reports whether one of keys, a stand-in for a door, key switch or
// deck button, went down this frame: pressed by a script or pushed by the
// platform's cabinet always, from the keyboard only in development mode.
func DevPressed(keys ...ebiten.Key) bool {
	return slices.ContainsFunc(keys, func(k ebiten.Key) bool {
		if k < 0 || int(k) >= len(Injected) {
			return false
		}
		return Injected[k] || PushedKeys[k] || DevKeyboard && justPressed(k)
	})
}
