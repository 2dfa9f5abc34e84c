//go:build cgo && !noscreen

package ui

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/reserved"
)

// drawReserved covers the scene while the machine is reserved for its player
// (ui/internal/reserved), beside the QR panel's cash-in code when the cabinet
// has the wallet's codes.
func (c *cabinet) drawReserved(screen *ebiten.Image) {
	now := c.opt.Now
	if now == nil {
		now = time.Now
	}
	reserved.Draw(screen, c.s.Status(), now(), c.cash != nil)
}
