//go:build cgo && !noscreen

package opmenu

import (
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/machine"
	"egm/machine/settings"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// ConfigPage edits the operator's settings (denominations offered, gamble on/off,
// handpay limit, idle cash-out minutes, AML threshold), checks them with
// settings.Config.Validate as they change, and applies them with InConfigure: the
// machine refuses them while a game is in progress.
type ConfigPage struct {
	cur, Edit settings.Config
	Problem   string    // Validate's objection to the edit, upper case
	lines     [5]string // the values shown
	changed   [5]bool
	head      string
}

// The steppers' values: the operator picks among them (the current value is added
// when it is none of them).
var (
	handpaySteps = []int64{100_000, 200_000, 250_000, 300_000, 500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 5_000_000}
	amlSteps     = []int64{100_000, 150_000, 200_000, 250_000, 300_000, 500_000, 1_000_000, 1_500_000}
	IdleSteps    = []int64{1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 240, 480, 1440}
)

func newConfigPage() *ConfigPage { return &ConfigPage{} }

func (p *ConfigPage) Name() string { return kit.OpTr("operator.page.config") }

func (p *ConfigPage) Open(o *Operator) {
	p.cur = o.S.Machine().Config()
	p.Edit = p.cur
	p.Edit.DenominationsCents = slices.Clone(p.cur.DenominationsCents)
	p.head = kit.OpTr("operator.config.head", "Machine", p.cur.MachineID, "Asset", strconv.FormatUint(uint64(p.cur.AssetNumber), 10))
	p.Check()
}

// Rows of the page: their places.
const (
	cfgRow0, cfgRowStep = OpY + 120, 115
	cfgValX             = OpX + 700
)

func (p *ConfigPage) RowY(i int) float32 { return cfgRow0 + float32(i)*cfgRowStep }

// DenomX is the place of denomination toggle i.
func DenomX(i int) float32 { return OpX + 420 + float32(i)*128 }

// Step moves v to the previous (d<0) or next value of steps.
func Step(v int64, steps []int64, d int) int64 {
	s := steps
	if !slices.Contains(s, v) {
		s = append(slices.Clone(steps), v)
		slices.Sort(s)
	}
	i := slices.Index(s, v) + d
	return s[min(max(i, 0), len(s)-1)]
}

func (p *ConfigPage) Update(o *Operator) {
	x, y, ok := scene.Pointer()
	if !ok {
		if scene.Pressed(ebiten.KeyEnter) {
			p.Apply(o)
		}
		return
	}
	e := &p.Edit
	for i, d := range kit.ProfileDenoms() {
		if HitRect(x, y, DenomX(i), p.RowY(0), 116, 80) {
			if j := slices.Index(e.DenominationsCents, d); j >= 0 {
				e.DenominationsCents = slices.Delete(e.DenominationsCents, j, j+1)
			} else {
				e.DenominationsCents = append(e.DenominationsCents, d)
				slices.SortFunc(e.DenominationsCents, func(a, b int64) int {
					return slices.Index(kit.ProfileDenoms(), a) - slices.Index(kit.ProfileDenoms(), b)
				})
			}
		}
	}
	if HitRect(x, y, OpX+420, p.RowY(1), 240, 80) {
		e.Gamble.Enabled = !e.Gamble.Enabled
	}
	for r, f := range []func(d int){
		2: func(d int) { e.HandpayLimitCents = Step(e.HandpayLimitCents, handpaySteps, d) },
		3: func(d int) { e.AMLThresholdCents = Step(e.AMLThresholdCents, amlSteps, d) },
		4: func(d int) { e.IdleCashoutMinutes = int(Step(int64(e.IdleCashoutMinutes), IdleSteps, d)) },
	} {
		if f == nil {
			continue
		}
		switch {
		case HitRect(x, y, OpX+420, p.RowY(r), 110, 80):
			f(-1)
		case HitRect(x, y, OpX+900, p.RowY(r), 110, 80):
			f(1)
		}
	}
	switch editFootHit(x, y) {
	case footRevert:
		p.Open(o)
	case footApply:
		p.Apply(o)
		return
	}
	p.Check()
}

// Check validates the edit and remakes the values shown.
func (p *ConfigPage) Check() {
	e := &p.Edit
	p.Problem = ""
	if err := e.Validate(); err != nil {
		p.Problem = errText(err)
	}
	gamble := kit.OpTr("operator.off")
	if e.Gamble.Enabled {
		gamble = kit.OpTrN("operator.config.gamble_on", int64(e.Gamble.MaxAttempts), "Limit", kit.OpMoney(e.Gamble.MaxWin))
	}
	p.lines = [5]string{"", gamble, kit.OpMoney(e.HandpayLimitCents), kit.OpMoney(e.AMLThresholdCents), kit.OpTrN("operator.config.minutes", int64(e.IdleCashoutMinutes))}
	p.changed = [5]bool{!slices.Equal(e.DenominationsCents, p.cur.DenominationsCents), e.Gamble != p.cur.Gamble,
		e.HandpayLimitCents != p.cur.HandpayLimitCents, e.AMLThresholdCents != p.cur.AMLThresholdCents,
		e.IdleCashoutMinutes != p.cur.IdleCashoutMinutes}
}

func (p *ConfigPage) Dirty() bool { return slices.Contains(p.changed[:], true) }

// Apply sends the edit to the machine.
func (p *ConfigPage) Apply(o *Operator) {
	applyConfig(o, p.Edit, p.Problem, p.Dirty(), kit.OpTr("operator.config.applied"))
}

// applyConfig sends an edited configuration to the machine (done said once it is
// kept); an edit refused (problem) or unchanged is only said.
func applyConfig(o *Operator, c settings.Config, problem string, dirty bool, done string) {
	switch {
	case problem != "":
		o.say(kit.OpTr("operator.config.not_applied", "Problem", problem), false)
	case !dirty:
		o.say(kit.OpTr("operator.config.nothing_changed"), true)
	default:
		c.DenominationsCents = slices.Clone(c.DenominationsCents) // not the page's edit
		o.request(machine.Input{Kind: machine.InConfigure, Config: &c, Who: "operator menu"}, done)
	}
}

// The buttons at the foot of an editing page.
const (
	footNone = iota
	footRevert
	footApply
)

// editFootHit is the button at the foot of an editing page (configuration, table
// games) under x, y: footRevert, footApply or footNone.
func editFootHit(x, y int) int {
	switch {
	case HitRect(x, y, OpX+OpW-560, OpY+OpH-120, 250, 90):
		return footRevert
	case HitRect(x, y, OpX+OpW-290, OpY+OpH-120, 250, 90):
		return footApply
	}
	return footNone
}

// drawEditFoot draws the foot of an editing page: why its edit is refused, REVERT,
// and APPLY, lit when the edit changes something and is not refused.
func drawEditFoot(dst *ebiten.Image, problem string, dirty bool) {
	if problem != "" {
		kit.OpText(dst, problem, kit.OpFit(problem, 22, true, OpW-640), true, OpX+40, OpY+OpH-100, paint.Left, paint.RGB(255, 130, 110), 0)
	}
	OpButtonAt(dst, kit.OpTr("operator.button.revert"), OpX+OpW-560, OpY+OpH-120, 250, 90, BoxKey)
	apply := boxOff
	if dirty && problem == "" {
		apply = boxGo
	}
	OpButtonAt(dst, kit.OpTr("operator.button.apply"), OpX+OpW-290, OpY+OpH-120, 250, 90, apply)
}

// denomNames are the denominations' captions, written once per operator
// language (the page draws them every frame).
var denomNames = map[locale.Lang][]string{}

// denomName is denomination i's caption in the operator's language.
func denomName(i int) string {
	l := kit.ScreenLang.Operator.Lang()
	names := denomNames[l]
	if names == nil {
		for _, d := range kit.ProfileDenoms() {
			names = append(names, kit.OpMoneyNum(d))
		}
		denomNames[l] = names
	}
	return names[i]
}

// cfgCaption is the caption of the page's row i.
func cfgCaption(i int) string {
	switch i {
	case 0:
		return kit.OpTr("operator.config.denominations")
	case 1:
		return kit.OpTr("operator.config.gamble")
	case 2:
		return kit.OpTr("operator.config.handpay_limit")
	case 3:
		return kit.OpTr("operator.config.aml_threshold")
	}
	return kit.OpTr("operator.config.idle_cashout")
}

func (p *ConfigPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	kit.OpText(dst, kit.OpTr("operator.page.config"), 30, true, OpX+30, OpY+20, paint.Left, paint.RGB(255, 220, 120), 0)
	kit.OpText(dst, p.head, kit.OpFit(p.head, 20, false, OpW-60), false, OpX+30, OpY+64, paint.Left, paint.RGB(170, 180, 200), 0)
	between := kit.OpTr("operator.config.between_games")
	kit.OpText(dst, between, kit.OpFit(between, 20, false, OpW-420), false, OpX+OpW-30, OpY+26, paint.Right, paint.RGB(170, 180, 200), 0)
	for i := range 5 {
		c := cfgCaption(i)
		y := p.RowY(i)
		col := paint.RGB(200, 210, 230)
		if p.changed[i] {
			col = paint.RGB(255, 210, 90)
		}
		kit.OpTextMid(dst, c, kit.OpFit(c, 26, true, 370), true, OpX+40, float64(y+40), paint.Left, col, 0)
	}
	for i, d := range kit.ProfileDenoms() {
		st := boxOff
		if slices.Contains(p.Edit.DenominationsCents, d) {
			st = boxOn
		}
		OpButtonAt(dst, denomName(i), DenomX(i), p.RowY(0), 116, 80, st)
	}
	st := boxOff
	if p.Edit.Gamble.Enabled {
		st = boxOn
	}
	onOff := kit.OpTr("operator.off")
	if p.Edit.Gamble.Enabled {
		onOff = kit.OpTr("operator.on")
	}
	OpButtonAt(dst, onOff, OpX+420, p.RowY(1), 240, 80, st)
	kit.OpTextMid(dst, p.lines[1], kit.OpFit(p.lines[1], 24, false, OpW-720), false, OpX+690, float64(p.RowY(1)+40), paint.Left, paint.RGB(230, 230, 230), 0)
	for r := 2; r < 5; r++ {
		y := p.RowY(r)
		OpButtonAt(dst, "−", OpX+420, y, 110, 80, BoxKey)
		opBox(dst, OpX+545, y, 340, 80, boxField)
		kit.OpTextMid(dst, p.lines[r], kit.OpFit(p.lines[r], 32, true, 320), true, OpX+715, float64(y+40), paint.Center, paint.RGB(20, 20, 30), 0)
		OpButtonAt(dst, "+", OpX+900, y, 110, 80, BoxKey)
	}
	drawEditFoot(dst, p.Problem, p.Dirty())
}
