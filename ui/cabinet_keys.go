//go:build cgo && !noscreen

package ui

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/scene"
)

// The keys and buttons of the cabinet that the platform pushes to the screen
// (screen.Client.OnCabinet; package cabinet's names): "operator_key" opens or
// closes the operator menu as F11 does in development, "help" is the deck's HELP
// (the scenes' H). The deck's other buttons and the attendant key went to the
// machine on the platform already, and the screen shows what the machine does;
// the screen does nothing more with them.

// CabinetKeys is a channel for CabinetOptions.Keys fed by on
// (screen.Client.OnCabinet). It never blocks the caller of the function it
// installs (the client's reader): a key pushed while 16 wait unread, a screen
// that reads none, is dropped.
func CabinetKeys(on func(fn func(key string))) <-chan string {
	keys := make(chan string, 16)
	on(func(k string) {
		select {
		case keys <- k:
		default:
		}
	})
	return keys
}

// readPushed takes the keys the platform pushed since the last frame; this
// frame's scenes see them (pushed, devPressed).
func (c *cabinet) readPushed() {
	c.keys = c.keys[:0]
	clear(scene.PushedKeys[:])
	if c.opt.Keys == nil {
		return
	}
	for {
		select {
		case k, ok := <-c.opt.Keys:
			if !ok { // the platform went away: nothing more comes
				return
			}
			c.keys = append(c.keys, k)
			if k == "help" {
				scene.PushedKeys[ebiten.KeyH] = true
			}
		default:
			return
		}
	}
}

// pushed says whether the platform pushed the key named this frame.
func (c *cabinet) pushed(name string) bool { return slices.Contains(c.keys, name) }
