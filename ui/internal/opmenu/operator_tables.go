//go:build cgo && !noscreen

package opmenu

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine/settings"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// TablesPage switches each table game on or off and sets its bet limits in whole
// euros (the minimum and maximum of a main bet, the maximum of a side bet), checks
// them with play.Limits.Validate as they change, and applies them with
// InConfigure like the configuration page: the machine refuses them while a game
// is in progress, and logs a config_change event when it takes them.
//
// Keys: ↑/↓ the game, ←/→ the setting, +/− (or Space) change it, Enter applies,
// Backspace reverts; the on-screen buttons do the same by touch.
type TablesPage struct {
	cur, Edit settings.Config
	Row, Col  int    // the keyboard's cell: game, then 0 on/off, 1 min, 2 max, 3 side max
	Problem   string // why the edit cannot be applied, upper case ("" when it can)
	lines     [5][4]string
	changed   [5][4]bool
	gen       int // counts checks: the page's picture changes only with it and the cell
}

// still implements stillPage: the page is drawn once per edit or move.
func (p *TablesPage) still() [3]int { return [3]int{p.gen, p.Row, p.Col} }

// TableLimitSteps are the limits offered, in cents (whole euros); a current value
// that is none of them is added.
var TableLimitSteps = []int64{100, 200, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 200_000, 250_000, 500_000}

func (p *TablesPage) Name() string { return kit.OpTr("operator.page.tables") }

func (p *TablesPage) Open(o *Operator) {
	p.cur = o.S.Machine().Config()
	p.Edit = p.cur
	p.check()
}

// Places of the page's rows and columns.
const (
	tgRow0, tgRowStep = OpY + 145, 102
	tgStepW, tgFieldW = 64, 140
)

func (p *TablesPage) rowY(i int) float32 { return tgRow0 + float32(i)*tgRowStep }

// tgColX is the left edge of column c: the on/off button, then the three steppers.
var tgColX = [4]float32{OpX + 370, OpX + 510, OpX + 810, OpX + 1110}

// tgCaption is column c's caption.
func tgCaption(c int) string {
	switch c {
	case 0:
		return kit.OpTr("operator.tables.col_on_off")
	case 1:
		return kit.OpTr("operator.tables.col_min")
	case 2:
		return kit.OpTr("operator.tables.col_max")
	}
	return kit.OpTr("operator.tables.col_side_max")
}

// cell returns the setting of game i, column c (1–3) of the edit.
func (p *TablesPage) cell(i, c int) *int64 {
	tc := p.Edit.Tables.Of(play.IDs()[i])
	switch c {
	case 1:
		return &tc.Min
	case 2:
		return &tc.Max
	}
	return &tc.SideMax
}

// change steps game i's column c by d (−1, +1), or switches the game on or off.
func (p *TablesPage) change(i, c, d int) {
	if c == 0 {
		tc := p.Edit.Tables.Of(play.IDs()[i])
		tc.Enabled = !tc.Enabled
	} else {
		v := p.cell(i, c)
		*v = Step(*v, TableLimitSteps, d)
	}
	p.Row, p.Col = i, c
	p.check()
}

func (p *TablesPage) Update(o *Operator) {
	switch {
	case scene.Pressed(ebiten.KeyArrowUp):
		p.Row = (p.Row + len(play.IDs()) - 1) % len(play.IDs())
	case scene.Pressed(ebiten.KeyArrowDown):
		p.Row = (p.Row + 1) % len(play.IDs())
	case scene.Pressed(ebiten.KeyArrowLeft):
		p.Col = (p.Col + 3) % 4
	case scene.Pressed(ebiten.KeyArrowRight):
		p.Col = (p.Col + 1) % 4
	case scene.Pressed(ebiten.KeyEqual, ebiten.KeyNumpadAdd, ebiten.KeySpace):
		p.change(p.Row, p.Col, 1)
	case scene.Pressed(ebiten.KeyMinus, ebiten.KeyNumpadSubtract):
		p.change(p.Row, p.Col, -1)
	case scene.Pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
		p.apply(o)
	case scene.Pressed(ebiten.KeyBackspace):
		p.Open(o)
		o.say(kit.OpTr("operator.tables.reverted"), true)
	}
	x, y, ok := scene.Pointer()
	if !ok {
		return
	}
	for i := range play.IDs() {
		ry := p.rowY(i)
		if HitRect(x, y, tgColX[0], ry, 120, 80) {
			p.change(i, 0, 1)
		}
		for c := 1; c < 4; c++ {
			switch {
			case HitRect(x, y, tgColX[c], ry, tgStepW, 80):
				p.change(i, c, -1)
			case HitRect(x, y, tgColX[c]+tgStepW+tgFieldW+12, ry, tgStepW, 80):
				p.change(i, c, 1)
			}
		}
	}
	switch editFootHit(x, y) {
	case footRevert:
		p.Open(o)
	case footApply:
		p.apply(o)
	}
}

// check validates the edit (play.Limits.Validate for each game, then the whole
// configuration) and remakes the values shown.
func (p *TablesPage) check() {
	p.gen++
	p.Problem = ""
	for i, g := range play.IDs() {
		e, c := *p.Edit.Tables.Of(g), *p.cur.Tables.Of(g)
		onOff := kit.OpTr("operator.off")
		if e.Enabled {
			onOff = kit.OpTr("operator.on")
		}
		p.lines[i] = [4]string{onOff, OpWhole(e.Min), OpWhole(e.Max), OpWhole(e.SideMax)}
		p.changed[i] = [4]bool{e.Enabled != c.Enabled, e.Min != c.Min, e.Max != c.Max, e.SideMax != c.SideMax}
		if err := e.Limits.Validate(); err != nil && p.Problem == "" {
			p.Problem = limitsProblem(g, e.Limits, err)
		}
	}
	if p.Problem == "" {
		if err := p.Edit.Validate(); err != nil {
			p.Problem = errText(err)
		}
	}
}

// OpWhole is a limit in whole units of the currency for the operator ("25 €",
// "€25", "500 ₸"; limits are whole chips), or the amount in full when it has a
// fraction.
func OpWhole(minor int64) string {
	cur := kit.ScreenLang.Operator.Currency()
	if minor%cur.Unit() != 0 {
		return kit.OpMoney(minor)
	}
	cur.Shown = 0
	return cur.Format(minor, string(kit.ScreenLang.Operator.Lang()))
}

// limitsProblem says in the currency why a game's limits are refused
// (Validate's own words, in minor units, when none of the usual cases fits).
func limitsProblem(game string, l play.Limits, err error) string {
	name := strings.ToUpper(play.Name(game))
	switch {
	case l.Max < l.Min:
		return kit.OpTr("operator.tables.min_above_max", "Game", name, "Min", OpWhole(l.Min), "Max", OpWhole(l.Max))
	case l.SideMax > l.Max:
		return kit.OpTr("operator.tables.side_above_max", "Game", name, "Side", OpWhole(l.SideMax), "Max", OpWhole(l.Max))
	}
	return name + ": " + errText(err)
}

func (p *TablesPage) Dirty() bool {
	for _, r := range p.changed {
		for _, c := range r {
			if c {
				return true
			}
		}
	}
	return false
}

// apply sends the edit to the machine.
func (p *TablesPage) apply(o *Operator) {
	applyConfig(o, p.Edit, p.Problem, p.Dirty(), kit.OpTr("operator.tables.applied"))
}

func (p *TablesPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	kit.OpText(dst, kit.OpTr("operator.page.tables"), 30, true, OpX+30, OpY+20, paint.Left, paint.RGB(255, 220, 120), 0)
	sub := kit.OpTr("operator.tables.sub", "Currency", kit.ScreenLang.Operator.Currency().Symbol)
	kit.OpText(dst, sub, kit.OpFit(sub, 20, false, 700), false, OpX+30, OpY+64, paint.Left, paint.RGB(170, 180, 200), 0)
	between, keys := kit.OpTr("operator.config.between_games"), kit.OpTr("operator.tables.keys")
	kit.OpText(dst, between, kit.OpFit(between, 20, false, 700), false, OpX+OpW-30, OpY+26, paint.Right, paint.RGB(170, 180, 200), 0)
	kit.OpText(dst, keys, kit.OpFit(keys, 20, false, 700), false, OpX+OpW-30, OpY+64, paint.Right, paint.RGB(170, 180, 200), 0)
	for c := range 4 {
		s := tgCaption(c)
		x := float64(tgColX[c]) + 60
		if c > 0 {
			x = float64(tgColX[c]) + tgStepW + 6 + tgFieldW/2
		}
		kit.OpText(dst, s, kit.OpFit(s, 18, true, 280), true, x, OpY+112, paint.Center, paint.RGB(150, 160, 190), 0)
	}
	for i, g := range play.IDs() {
		y := p.rowY(i)
		col := paint.RGB(200, 210, 230)
		if p.changed[i] != [4]bool{} {
			col = paint.RGB(255, 210, 90)
		}
		kit.OpTextMid(dst, strings.ToUpper(play.Name(g)), kit.OpFit(strings.ToUpper(play.Name(g)), 24, true, 330), true, OpX+30, float64(y+40), paint.Left, col, 0)
		st := boxOff
		if p.Edit.Tables.Of(g).Enabled {
			st = boxOn
		}
		if p.Row == i && p.Col == 0 {
			opBox(dst, tgColX[0]-5, y-5, 130, 90, BoxTabOn)
		}
		OpButtonAt(dst, p.lines[i][0], tgColX[0], y, 120, 80, st)
		for c := 1; c < 4; c++ {
			x := tgColX[c]
			OpButtonAt(dst, "−", x, y, tgStepW, 80, BoxKey)
			fs := boxField
			if p.Row == i && p.Col == c {
				fs = boxFieldOn
			}
			opBox(dst, x+tgStepW+6, y, tgFieldW, 80, fs)
			tc := paint.RGB(20, 20, 30)
			if p.changed[i][c] {
				tc = paint.RGB(170, 90, 0)
			}
			kit.OpTextMid(dst, p.lines[i][c], kit.OpFit(p.lines[i][c], 28, true, tgFieldW-12), true, float64(x+tgStepW+6+tgFieldW/2), float64(y+40), paint.Center, tc, 0)
			OpButtonAt(dst, "+", x+tgStepW+tgFieldW+12, y, tgStepW, 80, BoxKey)
		}
	}
	drawEditFoot(dst, p.Problem, p.Dirty())
}
