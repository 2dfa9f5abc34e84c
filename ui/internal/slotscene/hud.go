//go:build cgo && !noscreen

package slotscene

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// Button is a cabinet button on the screen: its input, face and place.
type Button struct {
	Input      kit.Input
	Name       string
	X, Y, W, H float32
	C          color.RGBA
	Help       bool // HELP opens the rules instead of sending an input
}

// Buttons is the play scene's button deck, left to right. Their names are the
// keys of their words (buttonWords): the screen draws them in the player's
// language.
var Buttons = []Button{
	{kit.InputCashOut, "CASH OUT", 40, 968, 190, 86, paint.RGB(210, 60, 40), false},
	{0, "HELP", 250, 968, 130, 86, paint.RGB(60, 120, 220), true},
	{kit.InputDenom, "DENOM", 400, 968, 150, 86, paint.RGB(90, 90, 110), false},
	{kit.InputBetDown, "BET −", 570, 968, 130, 86, paint.RGB(90, 90, 110), false},
	{kit.InputBetUp, "BET +", 720, 968, 130, 86, paint.RGB(90, 90, 110), false},
	{kit.InputGamble, "GAMBLE", 1000, 968, 180, 86, paint.RGB(200, 40, 60), false},
	{kit.InputTakeWin, "TAKE WIN", 1200, 968, 200, 86, paint.RGB(40, 160, 70), false},
	{kit.InputMaxBet, "MAX BET", 1420, 968, 190, 86, paint.RGB(220, 140, 20), false},
	{kit.InputSpin, "SPIN", 1640, 940, 240, 120, paint.RGB(30, 170, 60), false},
}

func (b Button) Hit(x, y int) bool {
	return float32(x) >= b.X && float32(x) < b.X+b.W && float32(y) >= b.Y && float32(y) < b.Y+b.H
}

// buttonKey is a button's face: its size, colour and state (the face has no
// words: a name in any language draws on the same face).
type buttonKey struct {
	w, h    float32
	c       color.RGBA
	enabled bool
}

var (
	buttonCache = map[buttonKey]*ebiten.Image{}
	buttonOp    ebiten.DrawImageOptions
)

// DrawButton draws a button from its cached face (enabled or not) and its label.
func DrawButton(dst *ebiten.Image, b Button, enabled bool, pulse float64) {
	key := buttonKey{b.W, b.H, b.C, enabled}
	img := buttonCache[key]
	if img == nil {
		img = ebiten.NewImage(int(b.W)+8, int(b.H)+10)
		c := b.C
		if !enabled {
			c = paint.Mix(c, paint.RGB(60, 60, 60), 0.7)
		}
		paint.Antialiased(func() {
			paint.Fill(img, paint.RoundRect(3, 6, b.W, b.H, 22), paint.Solid(color.RGBA{0, 0, 0, 120}))
			paint.Panel(img, 0, 0, b.W, b.H, 22, paint.Lighten(c, 0.35), paint.Darken(c, 0.35), paint.Lighten(c, 0.5), 3)
			paint.Fill(img, paint.RoundRect(8, 5, b.W-16, b.H*0.38, 16), paint.Solid(color.RGBA{255, 255, 255, 46}))
		})
		buttonCache[key] = img
	}
	buttonOp.GeoM.Reset()
	buttonOp.GeoM.Translate(float64(b.X), float64(b.Y))
	dst.DrawImage(img, &buttonOp)
	tc := paint.RGB(255, 255, 255)
	if !enabled {
		tc = paint.RGB(170, 170, 170)
	}
	size := 30.0
	if b.Input == kit.InputSpin && enabled {
		size = 48 + 3*pulse
	}
	paint.LabelMid(dst, b.Name, paint.FitSize(b.Name, size, true, float64(b.W-20)), true, float64(b.X+b.W/2), float64(b.Y+b.H/2), paint.Center, tc, 2)
}

// ButtonWords is the name of a button of the slot scenes and the lobby in the
// player's language (another name as it is).
func ButtonWords(name string) string {
	switch name {
	case "CASH OUT":
		return kit.Tr("play.button.cash_out")
	case "HELP":
		return kit.Tr("play.button.help")
	case "DENOM":
		return kit.Tr("play.button.denom")
	case "BET −":
		return kit.Tr("play.button.bet_down")
	case "BET +":
		return kit.Tr("play.button.bet_up")
	case "GAMBLE":
		return kit.Tr("play.button.gamble")
	case "TAKE WIN":
		return kit.Tr("play.button.take_win")
	case "MAX BET":
		return kit.Tr("play.button.max_bet")
	case "SPIN":
		return kit.Tr("play.button.spin")
	case "RED":
		return kit.Tr("play.button.red")
	case "BLACK":
		return kit.Tr("play.button.black")
	case "COLLECT":
		return kit.Tr("play.button.collect")
	case "TABLE GAMES":
		return kit.Tr("play.lobby.table_games")
	case "SLOT GAMES":
		return kit.Tr("play.lobby.slot_games")
	}
	return name
}

// DrawWordedButton draws a button of the slot scenes with its name in the
// player's language.
func DrawWordedButton(dst *ebiten.Image, b Button, enabled bool, pulse float64) {
	b.Name = ButtonWords(b.Name)
	DrawButton(dst, b, enabled, pulse)
}

// MeterBox draws a labelled meter: the caption, the amount in euros, and a second
// line (credits).
func MeterBox(dst *ebiten.Image, x, y, w float32, caption, main, sub string, accent color.RGBA) {
	paint.Label(dst, caption, 20, true, float64(x+w/2), float64(y+6), paint.Center, paint.Lighten(accent, 0.4), 0)
	paint.Label(dst, main, paint.FitSize(main, 38, true, float64(w-16)), true, float64(x+w/2), float64(y+30), paint.Center, paint.RGB(255, 236, 140), 0)
	if sub != "" {
		paint.Label(dst, sub, paint.FitSize(sub, 20, false, float64(w-16)), false, float64(x+w/2), float64(y+72), paint.Center, paint.RGB(190, 190, 200), 0)
	}
}

type jp struct {
	name string
	c    color.RGBA
	x    float32
}

var jackpotLevels = []jp{{"GRAND", paint.RGB(220, 30, 50), 40}, {"MAJOR", paint.RGB(130, 60, 230), 1400}}

// The levels' names, GRAND and MAJOR, are the linked jackpots' own: every
// language shows them as they are.

// JackpotPanels draws the jackpot meters' panels (once, into a cached image).
func JackpotPanels(dst *ebiten.Image) {
	for _, j := range jackpotLevels {
		paint.Fill(dst, paint.RoundRect(j.x-4, 14, 488, 116, 24), paint.Solid(paint.Alpha(j.c, 0.4)))
		paint.Panel(dst, j.x, 18, 480, 108, 20, paint.Lighten(j.c, 0.2), paint.Darken(j.c, 0.6), paint.RGB(255, 210, 80), 4)
	}
}

// DrawJackpots draws the Grand and Major (and mystery) meters' amounts; the level
// names shimmer.
func DrawJackpots(dst *ebiten.Image, s kit.Snapshot, tick int) {
	glow := 0.5 + 0.5*math.Sin(float64(tick)/20)
	for i, j := range jackpotLevels {
		cents := s.Grand
		if i == 1 {
			cents = s.Major
		}
		paint.Label(dst, j.name, 30, true, float64(j.x+240), 24, paint.Center, paint.Mix(paint.RGB(255, 200, 90), paint.RGB(255, 255, 220), glow), 2)
		v := kit.Memo.Jackpot(cents)
		paint.Label(dst, v, paint.FitSize(v, 50, true, 440), true, float64(j.x+240), 60, paint.Center, paint.RGB(255, 255, 255), 3)
	}
	if s.Mystery > 0 {
		paint.Label(dst, TrMoney("play.jackpot.mystery", s.Mystery), 24, true, paint.ScreenW/2, 112, paint.Center, paint.RGB(255, 220, 120), 2)
	}
	drawBonusJackpot(dst, s)
}

// drawBonusJackpot draws the machine's own bonus jackpot under the GRAND panel,
// on a title that funds it: its amount and the amount it must be won by.
func drawBonusJackpot(dst *ebiten.Image, s kit.Snapshot) {
	if s.BonusJackpot <= 0 {
		return
	}
	c := paint.RGB(20, 130, 170)
	paint.Panel(dst, 40, 150, 480, 110, 20, paint.Lighten(c, 0.2), paint.Darken(c, 0.6), paint.RGB(120, 230, 255), 3)
	v := TrMoney("play.jackpot.bonus", s.BonusJackpot)
	paint.Label(dst, v, paint.FitSize(v, 34, true, 440), true, 280, 166, paint.Center, paint.RGB(255, 255, 255), 2)
	w := TrMoney("play.jackpot.bonus_by", s.BonusJackpotCeiling)
	paint.Label(dst, w, paint.FitSize(w, 22, true, 440), true, 280, 216, paint.Center, paint.RGB(200, 240, 255), 2)
}

// The meters' places on the bottom panel: x and width. Each box is drawn with its
// meter, so a meter that is not shown (the bet and denomination in a metered
// cabinet's attract mode) leaves no empty box behind.
const (
	BoxCredit = iota
	BoxBet
	BoxDenom
	BoxWin
)

var MeterBoxes = [4][2]float32{{40, 440}, {500, 360}, {880, 320}, {1220, 660}}

const MeterBoxY, MeterBoxH = 856, 96

// meterPanels draws the bottom panel under the meters (once, into the chrome).
func meterPanels(dst *ebiten.Image, accent color.RGBA) {
	paint.GradRect(dst, 0, 840, paint.ScreenW, paint.ScreenH-840, paint.RGB(24, 22, 30), paint.RGB(4, 4, 6))
	paint.Line(dst, 0, 840, paint.ScreenW, 840, 4, accent)
}

// boxImage is the frame of meter box i in the title's colours (drawn once).
func (a *titleArt) boxImage(i int) *ebiten.Image {
	if a.boxes[i] == nil {
		w := MeterBoxes[i][1]
		img := ebiten.NewImage(int(w)+8, MeterBoxH+8)
		paint.Antialiased(func() {
			paint.Panel(img, 4, 4, w, MeterBoxH, 14, paint.RGB(20, 20, 26), paint.RGB(4, 4, 8), a.Accent, 2)
		})
		a.boxes[i] = img
	}
	return a.boxes[i]
}

var boxOp ebiten.DrawImageOptions

// drawMeter draws meter box i with its caption, amount and second line.
func drawMeter(dst *ebiten.Image, a *titleArt, i int, caption, main, sub string) {
	boxOp.GeoM.Reset()
	boxOp.GeoM.Translate(float64(MeterBoxes[i][0]-4), MeterBoxY-4)
	dst.DrawImage(a.boxImage(i), &boxOp)
	MeterBox(dst, MeterBoxes[i][0], MeterBoxY, MeterBoxes[i][1], caption, main, sub, a.Accent)
}

// drawMeters draws the credit, bet, denomination and win meters of the bottom panel.
func drawMeters(dst *ebiten.Image, a *titleArt, s kit.Snapshot, win int64) {
	drawMeter(dst, a, BoxCredit, kit.Tr("play.meter.credit"), kit.Memo.Euros(s.Credit), kit.Memo.Credits(s.Credit, s.Denom))
	bet := s.Bet.TotalCents()
	drawMeter(dst, a, BoxBet, kit.Tr("play.meter.bet"), kit.Memo.Euros(bet), BetLine(bet, s.Denom, s.Bet.Lines))
	drawMeter(dst, a, BoxDenom, kit.Tr("play.meter.denom"), kit.Memo.EurosNum(s.Denom), PerCredit())
	drawMeter(dst, a, BoxWin, kit.Tr("play.meter.win"), kit.Memo.Euros(win), kit.Memo.Credits(win, s.Denom))
}

// PerCredit is the denomination meter's second line: the currency per credit.
func PerCredit() string {
	return trName("play.meter.per_credit", kit.ScreenLang.Player.Currency().Symbol)
}

// BetLine is the bet meter's second line: credits and lines, kept by language
// and values.
func BetLine(c, denom int64, lines int) string {
	k := wordKey{lang: kit.PlayerLang(), id: "betLine", a: c, b: denom<<16 | int64(lines)}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, kit.Credits(c, denom)+"  ·  "+TrCount("play.meter.lines", int64(lines)))
}

func itoa(n int) string { return kit.Grouped(int64(n)) }
