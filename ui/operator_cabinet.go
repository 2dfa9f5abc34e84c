//go:build cgo && !noscreen

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// The cabinet's service keys. On a cabinet the attendant and operator key
// switches and the doors are the platform's (package cabinet): the attendant
// key and the doors go to the machine there, and the operator key is pushed to
// the screen (CabinetOptions.Keys), where it opens or closes the operator menu.
// In development mode only (CabinetOptions.Dev, dev_keys.go) the keyboard stands
// in for them, and with ServiceStrip the on-screen service strip too:
//
//	F9   attendant key turn: InAttendantKey (handpay reset, tilt clear)
//	F10  main door: open, or close when open
//	F11  the operator key: the operator menu (PIN first), or closes it
var (
	keyAttendant = ebiten.KeyF9
	keyDoor      = ebiten.KeyF10
	keyMenu      = ebiten.KeyF11
)

// serviceStrip are the service strip's buttons (mouse and touch in development
// mode), at the right edge, clear of the reels and the button deck.
var serviceStrip = [...]struct {
	key ebiten.Key
}{{ebiten.KeyF9}, {ebiten.KeyF10}, {ebiten.KeyF11}}

// stripCaption is a service strip button's caption.
func stripCaption(k ebiten.Key) string {
	switch k {
	case keyAttendant:
		return kit.OpTr("operator.strip.key")
	case keyDoor:
		return kit.OpTr("operator.strip.door")
	}
	return kit.OpTr("operator.strip.menu")
}

const stripX, stripY, stripW, stripH, stripGap = paint.ScreenW - 130, 300, 110, 70, 14

// service handles the service keys and runs the operator menu while it is open. It
// reports true when the frame belongs to the service side (the game's scene is not
// updated).
func (c *cabinet) service(m *scene.Manager) bool {
	var key ebiten.Key = -1
	switch {
	case c.pushed("operator_key"), scene.DevPressed(keyMenu):
		key = keyMenu
	case scene.DevPressed(keyAttendant):
		key = keyAttendant
	case scene.DevPressed(keyDoor):
		key = keyDoor
	}
	strip := false
	if x, y, ok := scene.Pointer(); ok && c.stripShown() {
		for i, b := range serviceStrip {
			if opmenu.HitRect(x, y, stripX, stripY+float32(i)*(stripH+stripGap), stripW, stripH) {
				key, strip = b.key, true
			}
		}
	}
	c.serviceKey(key)
	if c.op != nil {
		if !strip {
			_ = c.op.Update(m)
		}
		if c.op.Done() {
			c.op = nil
			if c.cash != nil { // the wallet panel states the idle cash-out interval in force
				c.cash.idleMin = c.s.Machine().Config().IdleCashoutMinutes
			}
		}
		return true
	}
	return strip
}

// stripShown says whether the service strip is on screen: asked for, and in
// development mode only.
func (c *cabinet) stripShown() bool { return c.opt.ServiceStrip && c.opt.Dev }

// serviceKey acts on a service key (-1: none).
func (c *cabinet) serviceKey(key ebiten.Key) {
	switch key {
	case keyAttendant:
		_ = c.s.Input(machine.Input{Kind: machine.InAttendantKey})
	case keyDoor:
		kind := machine.InDoorOpen
		if c.s.Status().DoorOpen {
			kind = machine.InDoorClose
		}
		_ = c.s.Input(machine.Input{Kind: kind})
	case keyMenu:
		if c.op != nil {
			c.op.Close()
			c.op = nil
		} else {
			c.openMenu()
		}
	}
}

// openMenu opens the operator menu, from idle or a lockup only: never while a
// game is being presented or its gamble is in play, nor while an input (a SPIN
// pressed on the frame before) is still on its way to the machine.
func (c *cabinet) openMenu() {
	if c.opt.PIN == nil {
		c.s.SetMessage(kit.OpTr("operator.cabinet.no_menu"))
		return
	}
	st := c.s.Status()
	p, playing := c.cur.(*slotscene.Play)
	switch {
	case st.State == machine.GameInProgress || st.State == machine.GambleOffered || playing && p.Presenting() || c.s.Busy():
		c.s.SetMessage(kit.OpTr("operator.cabinet.after_game"))
		return
	}
	c.op = opmenu.NewOperator(c.s, c.titles, c.opt.PIN, c.opt.Audio, c.cur)
}

// drawService draws the operator menu over the game, and the service strip.
func (c *cabinet) drawService(screen *ebiten.Image) {
	if c.op != nil {
		c.op.Draw(screen)
	}
	if !c.stripShown() {
		return
	}
	door := c.s.Status().DoorOpen
	for i, b := range serviceStrip {
		st := opmenu.BoxKey
		switch {
		case b.key == keyDoor && door:
			st = opmenu.BoxDanger
		case b.key == keyMenu && c.op != nil:
			st = opmenu.BoxTabOn
		}
		opmenu.OpButtonAt(screen, stripCaption(b.key), stripX, stripY+float32(i)*(stripH+stripGap), stripW, stripH, st)
	}
}
