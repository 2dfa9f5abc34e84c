//go:build cgo && !noscreen

package opmenu

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/tables/play"
	"egm/tables/roulette"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
)

// The recalled table round's screen: the game and the money along the top (as the
// slot recall), the table on the left, the steps and the bets or the settlement on
// the right, what the step did in a band under the table, and the replay's
// buttons at the bottom. Everything but the buttons is drawn once per step into a
// picture.

const (
	RcPanelX, RcPanelW = 1320, 580
	RcTop, rcBandY     = 150, 884
)

// GoTo shows step i.
func (t *TableRecall) GoTo(i int) {
	t.Cur = min(max(i, 0), len(t.Steps)-1)
	t.held = 0
}

func (t *TableRecall) update(o *Operator) {
	act := replayAction()
	if act == actList {
		o.Replay = nil
		return
	}
	if len(t.Steps) == 0 {
		return
	}
	if to, ok := replayMove(act, t.Cur, len(t.Steps)-1, &t.playing, true); ok {
		t.GoTo(to)
	}
	t.advance()
}

// advance moves the replay one tick: on to the next step every rcPlayTicks while
// playing, stopping at the last.
func (t *TableRecall) advance() {
	if !t.playing {
		return
	}
	if t.held++; t.held < rcPlayTicks {
		return
	}
	if t.Cur+1 < len(t.Steps) {
		t.GoTo(t.Cur + 1)
		return
	}
	t.playing = false
}

func (t *TableRecall) draw(dst *ebiten.Image, o *Operator) {
	if t.pic == nil {
		t.pic = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
		t.picAt = -1
	}
	if t.picAt != t.Cur {
		t.pic.Clear()
		t.drawStill(t.pic)
		t.picAt = t.Cur
	}
	dst.DrawImage(t.pic, nil)
	drawReplayButtons(dst, t.playing, len(t.Steps) > 0)
}

// close releases the picture.
func (t *TableRecall) close() {
	if t.pic != nil {
		t.pic.Deallocate()
		t.pic = nil
	}
}

// drawStill draws everything of the current step but the buttons.
func (t *TableRecall) drawStill(dst *ebiten.Image) {
	dst.Fill(paint.RGB(8, 12, 22))
	felt := paint.RGB(18, 110, 72)
	paint.Antialiased(func() {
		paint.Fill(dst, paint.RoundRect(10, RcTop, RcPanelX-20, paint.ScreenH-124-RcTop-10, 30), paint.Radial(650, 520, 820, paint.Lighten(felt, 0.15), paint.Darken(felt, 0.35)))
		paint.Stroke(dst, paint.RoundRect(10, RcTop, RcPanelX-20, paint.ScreenH-124-RcTop-10, 30), 3, paint.Solid(paint.RGB(230, 210, 150)))
	})
	t.drawInfo(dst)
	if t.Problem != "" {
		kit.OpText(dst, t.Problem, kit.OpFit(t.Problem, 28, true, RcPanelX-80), true, RcPanelX/2, 480, paint.Center, paint.RGB(255, 130, 110), 0)
	} else if len(t.Steps) > 0 {
		st := &t.Steps[t.Cur]
		if play.KindOf(t.game) == play.KindRoulette {
			t.drawRoulette(dst, st)
		}
		hands := 0 // blackjack's hands side by side: every row but the dealer's
		if play.KindOf(t.game) == play.KindBlackjack {
			hands = len(st.rows) - 1
		}
		for i := range st.rows {
			drawRecallRow(dst, &st.rows[i], hands)
		}
		opBox(dst, 20, rcBandY, RcPanelX-40, 60, boxPanel)
		kit.OpTextMid(dst, st.Name, kit.OpFit(st.Name, 26, true, RcPanelX-80), true, RcPanelX/2, rcBandY+30, paint.Center, paint.RGB(140, 220, 255), 0)
		t.drawPanel(dst, st)
	}
	opBox(dst, 0, paint.ScreenH-124, paint.ScreenW, 124, boxPanel)
	if len(t.Steps) > 0 {
		kit.OpText(dst, kit.OpTr("operator.replay.step_of", "Step", t.Cur+1, "Of", len(t.Steps)), 24, true, 1010, paint.ScreenH-110, paint.Left, paint.RGB(255, 220, 120), 0)
		kit.OpText(dst, t.Steps[t.Cur].Short, kit.OpFit(t.Steps[t.Cur].Short, 24, true, 570), true, 1010, paint.ScreenH-74, paint.Left, paint.RGB(140, 220, 255), 0)
	}
}

// drawInfo draws the game (left) and the money (right) along the top.
func (t *TableRecall) drawInfo(dst *ebiten.Image) {
	opBox(dst, 0, 0, 550, 142, boxPanel)
	opBox(dst, paint.ScreenW-550, 0, 550, 142, boxPanel)
	head := kit.OpTr("operator.table.recall_head")
	kit.OpText(dst, head, kit.OpFit(head, 30, true, 500), true, 24, 8, paint.Left, paint.RGB(255, 220, 120), 0)
	kit.OpText(dst, t.info[0], kit.OpFit(t.info[0], 24, false, 500), false, 24, 50, paint.Left, paint.RGB(235, 235, 240), 0)
	kit.OpText(dst, t.info[1], kit.OpFit(t.info[1], 26, true, 500), true, 24, 84, paint.Left, paint.RGB(235, 235, 240), 0)
	for i := 2; i < len(t.info); i++ {
		if t.info[i] == "" {
			continue
		}
		c := paint.RGB(235, 235, 240)
		if i == 5 {
			c = paint.RGB(255, 170, 120)
		}
		kit.OpText(dst, t.info[i], kit.OpFit(t.info[i], 24, i == 3, 500), i == 3, paint.ScreenW-24, 12+float64(i-2)*32, paint.Right, c, 0)
	}
}

// drawRecallRow draws a row of cards: the caption above, the cards face up (the
// fresh ones on a gold ground), the ones face down, and the note under them.
func drawRecallRow(dst *ebiten.Image, r *rcRow, nHands int) {
	narrow := nHands > 1
	cw, ch := float32(slotscene.CardW*rcCardScale), float32(slotscene.CardH*rcCardScale)
	n := len(r.cards) + r.down
	room := float32(900)
	if narrow { // hands side by side
		room = rcHandGap(nHands) - 20
	}
	sp := cw + 12
	if n > 1 && float32(n)*sp-12 > room {
		sp = (room - cw) / float32(n-1)
	}
	x0 := r.cx - (float32(n-1)*sp)/2
	capCol := paint.RGB(240, 235, 210)
	if r.active {
		capCol = paint.RGB(255, 210, 80)
	}
	kit.OpText(dst, r.caption, kit.OpFit(r.caption, 24, true, float64(max(room, 300))), true, float64(r.cx), float64(r.cy-ch/2-36), paint.Center, capCol, 2)
	for i := 0; i < n; i++ {
		x := x0 + float32(i)*sp
		if i < len(r.cards) && i < len(r.fresh) && r.fresh[i] {
			paint.Antialiased(func() {
				paint.Fill(dst, paint.RoundRect(x-cw/2-7, r.cy-ch/2-7, cw+14, ch+14, 14), paint.Solid(paint.RGB(255, 200, 60)))
			})
		}
		var img *ebiten.Image
		if i < len(r.cards) {
			img = slotscene.CardImage(r.cards[i])
		} else {
			img = slotscene.CardBack()
		}
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(rcCardScale, rcCardScale)
		op.GeoM.Translate(float64(x-cw/2), float64(r.cy-ch/2))
		dst.DrawImage(img, op)
	}
	if r.active {
		paint.Antialiased(func() {
			paint.Stroke(dst, paint.RoundRect(x0-cw/2-14, r.cy-ch/2-14, float32(n-1)*sp+cw+28, ch+28, 16), 4, paint.Solid(paint.RGB(255, 210, 80)))
		})
	}
	if r.note != "" {
		kit.OpText(dst, r.note, kit.OpFit(r.note, 22, true, float64(max(room, 300))), true, float64(r.cx), float64(r.cy+ch/2+12), paint.Center, paint.RGB(230, 230, 230), 2)
	}
}

// drawRoulette draws the pocket (a disc in its colour with the number, or the
// wheel's rim waiting for the ball) and the bets placed on the layout.
func (t *TableRecall) drawRoulette(dst *ebiten.Image, st *rcStep) {
	cx, cy, r := float32(330), float32(520), float32(210)
	col, word := paint.RGB(40, 40, 48), "?"
	if st.pocket >= 0 {
		word = strconv.Itoa(st.pocket)
		switch {
		case st.pocket == 0:
			col = paint.RGB(20, 140, 60)
		case roulette.IsRed(st.pocket):
			col = paint.RGB(196, 24, 36)
		default:
			col = paint.RGB(24, 24, 30)
		}
	}
	paint.Antialiased(func() {
		paint.Fill(dst, paint.Circle(cx, cy, r+26), paint.Solid(paint.RGB(110, 70, 30)))
		paint.Fill(dst, paint.Circle(cx, cy, r), paint.Solid(col))
		paint.Stroke(dst, paint.Circle(cx, cy, r), 6, paint.Solid(paint.RGB(240, 210, 120)))
		if st.pocket >= 0 {
			paint.Fill(dst, paint.Circle(cx+r*0.62, cy-r*0.62, 18), paint.Solid(paint.RGB(250, 250, 250)))
		}
	})
	kit.OpTextMid(dst, word, 150, true, float64(cx), float64(cy), paint.Center, paint.RGB(255, 255, 255), 4)
	under := kit.OpTr("operator.roulette.no_more_bets")
	if st.pocket >= 0 {
		under = kit.OpTr("operator.roulette.winning_number")
	}
	kit.OpText(dst, under, kit.OpFit(under, 30, true, 560), true, float64(cx), float64(cy+r+40), paint.Center, paint.RGB(255, 220, 120), 2)
	layout := kit.OpTr("operator.roulette.bets_on_layout")
	kit.OpText(dst, layout, kit.OpFit(layout, 26, true, 640), true, 640, 200, paint.Left, paint.RGB(255, 220, 120), 2)
	for i, b := range t.Bets {
		y := 250 + float64(i)*40
		if i == 14 && len(t.Bets) > 15 {
			kit.OpText(dst, kit.OpTrN("operator.table.and_more", int64(len(t.Bets)-14)), 24, true, 640, y, paint.Left, paint.RGB(230, 230, 230), 2)
			break
		}
		kit.OpText(dst, b.name, kit.OpFit(b.name, 24, true, 440), true, 640, y, paint.Left, paint.RGB(240, 240, 240), 2)
		kit.OpText(dst, kit.OpMoney(b.Stake), 24, true, 1270, y, paint.Right, paint.RGB(240, 240, 240), 2)
	}
}

// drawPanel draws the steps (the current one lit) and, below, the bets as placed
// or, from the settlement on, each bet's stake and return.
func (t *TableRecall) drawPanel(dst *ebiten.Image, st *rcStep) {
	x, w := float32(RcPanelX), float32(RcPanelW)
	opBox(dst, x, RcTop, w, 420, boxPanel)
	kit.OpText(dst, kit.OpTr("operator.table.steps"), 22, true, float64(x+20), RcTop+12, paint.Left, paint.RGB(150, 160, 190), 0)
	const rows, step = 10, 36
	top := min(max(t.Cur-rows/2, 0), max(len(t.Steps)-rows, 0))
	for i := top; i < len(t.Steps) && i < top+rows; i++ {
		y := float32(RcTop+48) + float32(i-top)*step
		c := paint.RGB(220, 225, 235)
		if i == t.Cur {
			opBox(dst, x+10, y-4, w-20, step, BoxTabOn)
			c = paint.RGB(20, 20, 30)
		}
		s := strconv.Itoa(i+1) + ". " + t.Steps[i].Short
		kit.OpText(dst, s, kit.OpFit(s, 22, true, float64(w-50)), true, float64(x+24), float64(y), paint.Left, c, 0)
	}
	y0 := float32(RcTop + 430)
	opBox(dst, x, y0, w, rcBandY+60-y0, boxPanel)
	grey := paint.RGB(150, 160, 190)
	if !st.Settled {
		kit.OpText(dst, kit.OpTr("operator.table.bets_placed"), 22, true, float64(x+20), float64(y0+12), paint.Left, grey, 0)
		kit.OpText(dst, kit.OpTr("operator.table.stake"), 18, true, float64(x+w-20), float64(y0+16), paint.Right, grey, 0)
		for i, b := range t.Bets {
			y := float64(y0+50) + float64(i)*30
			if i == 8 && len(t.Bets) > 9 {
				kit.OpText(dst, kit.OpTrN("operator.table.and_more", int64(len(t.Bets)-8)), 22, false, float64(x+20), y, paint.Left, paint.RGB(230, 230, 230), 0)
				break
			}
			kit.OpText(dst, b.name, kit.OpFit(b.name, 22, false, float64(w-200)), false, float64(x+20), y, paint.Left, paint.RGB(230, 230, 230), 0)
			kit.OpText(dst, kit.OpMoney(b.Stake), 22, true, float64(x+w-20), y, paint.Right, paint.RGB(230, 230, 230), 0)
		}
		return
	}
	kit.OpText(dst, kit.OpTr("operator.table.settlement"), 22, true, float64(x+20), float64(y0+12), paint.Left, paint.RGB(255, 220, 120), 0)
	kit.OpText(dst, kit.OpTr("operator.table.col_staked"), 18, true, float64(x+w-180), float64(y0+16), paint.Right, grey, 0)
	kit.OpText(dst, kit.OpTr("operator.table.col_returned"), 18, true, float64(x+w-20), float64(y0+16), paint.Right, grey, 0)
	lines := t.Set.Lines
	shown := len(lines)
	if shown > 9 {
		shown = 8
	}
	for i := 0; i < shown; i++ {
		l := lines[i]
		y := float64(y0+50) + float64(i)*30
		c := paint.RGB(230, 230, 230)
		if l.Returned > 0 {
			c = paint.RGB(150, 240, 150)
		}
		name := betWord(l.Bet)
		kit.OpText(dst, name, kit.OpFit(name, 22, false, float64(w-360)), false, float64(x+20), y, paint.Left, c, 0)
		kit.OpText(dst, kit.OpMoneyNum(l.Staked), 22, true, float64(x+w-180), y, paint.Right, c, 0)
		kit.OpText(dst, kit.OpMoneyNum(l.Returned), 22, true, float64(x+w-20), y, paint.Right, c, 0)
	}
	y := float64(y0+50) + float64(shown)*30
	if shown < len(lines) {
		kit.OpText(dst, kit.OpTrN("operator.table.and_more_bets", int64(len(lines)-shown)), 22, false, float64(x+20), y, paint.Left, paint.RGB(230, 230, 230), 0)
		y += 30
	}
	kit.OpText(dst, kit.OpTr("operator.table.total", "Currency", kit.ScreenLang.Operator.Currency().Symbol), 22, true, float64(x+20), y+6, paint.Left, paint.RGB(255, 220, 120), 0)
	kit.OpText(dst, kit.OpMoneyNum(t.Set.Staked), 22, true, float64(x+w-180), y+6, paint.Right, paint.RGB(255, 220, 120), 0)
	kit.OpText(dst, kit.OpMoneyNum(t.Set.Returned), 22, true, float64(x+w-20), y+6, paint.Right, paint.RGB(255, 220, 120), 0)
}
