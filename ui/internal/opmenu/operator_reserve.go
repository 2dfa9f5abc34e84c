package opmenu

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// ReservePanel is the HANDPAY / TILT page's part for a reservation of the
// machine for its player (machine/reserve, behind the PIN like every page):
// idle with a player's balance, the length is chosen with −/+ (5 minutes a step,
// up to the configuration's reserve_max_minutes) and RESERVE sends InReserve;
// reserved, END RESERVATION sends InReserveEnd. The attendant key ends it too.
type ReservePanel struct {
	Minutes int // the length chosen (0: the maximum, when the page opens)
}

// reserveStep is the −/+ buttons' step in minutes.
const reserveStep = 5

// Buttons of the panel.
const (
	resMinusX, resPlusX, resStepY, resStepW, resStepH = OpX + 300, OpX + OpW - 440, OpY + 260, 140, 110
	resGoX, resGoY, resGoW, resGoH                    = OpX + 540, OpY + 420, 400, 110
)

// shows tells whether the panel has anything to show in st: a reservation, or
// an idle machine with a balance to keep.
func (p *ReservePanel) shows(st machine.Status) bool {
	return st.State == machine.Reserved || st.State == machine.Idle && st.CreditsCents > 0
}

// length is the length chosen, within 1..most.
func (p *ReservePanel) length(most int) int {
	if p.Minutes <= 0 || p.Minutes > most {
		p.Minutes = most
	}
	return p.Minutes
}

// Act answers the panel's keys and buttons: minus, plus, and go (RESERVE, or END
// RESERVATION while reserved).
func (p *ReservePanel) Act(o *Operator, minus, plus, goes bool) {
	st := o.st
	most := o.S.Machine().Config().ReserveMaxMinutes
	switch {
	case st.State == machine.Reserved && goes:
		o.request(machine.Input{Kind: machine.InReserveEnd, Who: "operator menu"}, kit.OpTr("operator.reserve.ended"))
	case st.State != machine.Idle:
	case minus:
		p.Minutes = max(p.length(most)-reserveStep, min(reserveStep, most))
	case plus:
		p.Minutes = min(p.length(most)+reserveStep, most)
	case goes:
		n := p.length(most)
		o.request(machine.Input{Kind: machine.InReserve, Who: "operator menu", Minutes: n}, kit.OpTr("operator.reserve.done", "Minutes", n))
	}
}

// update reads the panel's keys and pointer.
func (p *ReservePanel) update(o *Operator) {
	x, y, ok := scene.Pointer()
	minus := scene.Pressed(ebiten.KeyArrowLeft, ebiten.KeyMinus) || ok && HitRect(x, y, resMinusX, resStepY, resStepW, resStepH)
	plus := scene.Pressed(ebiten.KeyArrowRight, ebiten.KeyEqual) || ok && HitRect(x, y, resPlusX, resStepY, resStepW, resStepH)
	goes := scene.Pressed(ebiten.KeyEnter) || ok && HitRect(x, y, resGoX, resGoY, resGoW, resGoH)
	p.Act(o, minus, plus, goes)
}

// draw draws the panel inside the page's box.
func (p *ReservePanel) draw(dst *ebiten.Image, o *Operator) {
	st := o.st
	cx := float64(OpX + OpW/2)
	line := func(s string, size float64, bold bool, y float64, c [3]uint8) {
		kit.OpText(dst, s, kit.OpFit(s, size, bold, OpW-80), bold, cx, y, paint.Center, paint.RGB(c[0], c[1], c[2]), 0)
	}
	kept := kit.OpTr("operator.reserve.kept", "Amount", kit.OpMoney(st.CreditsCents))
	if r := st.Reserved; st.State == machine.Reserved && r != nil {
		kit.OpText(dst, kit.OpTr("operator.state.reserved"), 56, true, cx, OpY+60, paint.Center, paint.RGB(140, 200, 255), 2)
		line(kit.OpTr("operator.reserve.until", "Time", r.Until.UTC().Format("15:04 UTC"), "Minutes", strconv.Itoa(int(r.Length().Minutes()))), 32, true, OpY+170, [3]uint8{255, 255, 255})
		line(kept, 28, false, OpY+240, [3]uint8{220, 220, 230})
		OpButtonAt(dst, kit.OpTr("operator.button.end_reserve"), resGoX, resGoY, resGoW, resGoH, boxGo)
		line(kit.OpTr("operator.reserve.end_help"), 24, false, OpY+600, [3]uint8{170, 180, 200})
		return
	}
	n := p.length(o.S.Machine().Config().ReserveMaxMinutes)
	kit.OpText(dst, kit.OpTr("operator.reserve.title"), 44, true, cx, OpY+60, paint.Center, paint.RGB(255, 220, 120), 2)
	line(kept, 28, false, OpY+150, [3]uint8{220, 220, 230})
	OpButtonAt(dst, "−", resMinusX, resStepY, resStepW, resStepH, BoxKey)
	OpButtonAt(dst, "+", resPlusX, resStepY, resStepW, resStepH, BoxKey)
	kit.OpText(dst, kit.OpTr("operator.reserve.minutes", "Minutes", n), 56, true, cx, resStepY+20, paint.Center, paint.RGB(255, 255, 255), 2)
	OpButtonAt(dst, kit.OpTr("operator.button.reserve"), resGoX, resGoY, resGoW, resGoH, boxGo)
	line(kit.OpTr("operator.reserve.help"), 24, false, OpY+600, [3]uint8{170, 180, 200})
}
