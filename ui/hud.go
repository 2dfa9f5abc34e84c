//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// button is a cabinet button on the screen: its input, face and place.
type button struct {
	input      Input
	name       string
	x, y, w, h float32
	c          color.RGBA
	help       bool // HELP opens the rules instead of sending an input
}

// buttons is the play scene's button deck, left to right. Their names are the
// keys of their words (buttonWords): the screen draws them in the player's
// language.
var buttons = []button{
	{InputCashOut, "CASH OUT", 40, 968, 190, 86, rgb(210, 60, 40), false},
	{0, "HELP", 250, 968, 130, 86, rgb(60, 120, 220), true},
	{InputDenom, "DENOM", 400, 968, 150, 86, rgb(90, 90, 110), false},
	{InputBetDown, "BET −", 570, 968, 130, 86, rgb(90, 90, 110), false},
	{InputBetUp, "BET +", 720, 968, 130, 86, rgb(90, 90, 110), false},
	{InputGamble, "GAMBLE", 1000, 968, 180, 86, rgb(200, 40, 60), false},
	{InputTakeWin, "TAKE WIN", 1200, 968, 200, 86, rgb(40, 160, 70), false},
	{InputMaxBet, "MAX BET", 1420, 968, 190, 86, rgb(220, 140, 20), false},
	{InputSpin, "SPIN", 1640, 940, 240, 120, rgb(30, 170, 60), false},
}

func (b button) hit(x, y int) bool {
	return float32(x) >= b.x && float32(x) < b.x+b.w && float32(y) >= b.y && float32(y) < b.y+b.h
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

// drawButton draws a button from its cached face (enabled or not) and its label.
func drawButton(dst *ebiten.Image, b button, enabled bool, pulse float64) {
	key := buttonKey{b.w, b.h, b.c, enabled}
	img := buttonCache[key]
	if img == nil {
		img = ebiten.NewImage(int(b.w)+8, int(b.h)+10)
		c := b.c
		if !enabled {
			c = mix(c, rgb(60, 60, 60), 0.7)
		}
		antialiased(func() {
			fill(img, roundRect(3, 6, b.w, b.h, 22), solid(color.RGBA{0, 0, 0, 120}))
			panel(img, 0, 0, b.w, b.h, 22, lighten(c, 0.35), darken(c, 0.35), lighten(c, 0.5), 3)
			fill(img, roundRect(8, 5, b.w-16, b.h*0.38, 16), solid(color.RGBA{255, 255, 255, 46}))
		})
		buttonCache[key] = img
	}
	buttonOp.GeoM.Reset()
	buttonOp.GeoM.Translate(float64(b.x), float64(b.y))
	dst.DrawImage(img, &buttonOp)
	tc := rgb(255, 255, 255)
	if !enabled {
		tc = rgb(170, 170, 170)
	}
	size := 30.0
	if b.input == InputSpin && enabled {
		size = 48 + 3*pulse
	}
	labelMid(dst, b.name, fitSize(b.name, size, true, float64(b.w-20)), true, float64(b.x+b.w/2), float64(b.y+b.h/2), center, tc, 2)
}

// buttonWords is the name of a button of the slot scenes and the lobby in the
// player's language (another name as it is).
func buttonWords(name string) string {
	switch name {
	case "CASH OUT":
		return tr("play.button.cash_out")
	case "HELP":
		return tr("play.button.help")
	case "DENOM":
		return tr("play.button.denom")
	case "BET −":
		return tr("play.button.bet_down")
	case "BET +":
		return tr("play.button.bet_up")
	case "GAMBLE":
		return tr("play.button.gamble")
	case "TAKE WIN":
		return tr("play.button.take_win")
	case "MAX BET":
		return tr("play.button.max_bet")
	case "SPIN":
		return tr("play.button.spin")
	case "RED":
		return tr("play.button.red")
	case "BLACK":
		return tr("play.button.black")
	case "COLLECT":
		return tr("play.button.collect")
	case "TABLE GAMES":
		return tr("play.lobby.table_games")
	case "SLOT GAMES":
		return tr("play.lobby.slot_games")
	}
	return name
}

// drawWordedButton draws a button of the slot scenes with its name in the
// player's language.
func drawWordedButton(dst *ebiten.Image, b button, enabled bool, pulse float64) {
	b.name = buttonWords(b.name)
	drawButton(dst, b, enabled, pulse)
}

// meterBox draws a labelled meter: the caption, the amount in euros, and a second
// line (credits).
func meterBox(dst *ebiten.Image, x, y, w float32, caption, main, sub string, accent color.RGBA) {
	label(dst, caption, 20, true, float64(x+w/2), float64(y+6), center, lighten(accent, 0.4), 0)
	label(dst, main, fitSize(main, 38, true, float64(w-16)), true, float64(x+w/2), float64(y+30), center, rgb(255, 236, 140), 0)
	if sub != "" {
		label(dst, sub, fitSize(sub, 20, false, float64(w-16)), false, float64(x+w/2), float64(y+72), center, rgb(190, 190, 200), 0)
	}
}

type jp struct {
	name string
	c    color.RGBA
	x    float32
}

var jackpotLevels = []jp{{"GRAND", rgb(220, 30, 50), 40}, {"MAJOR", rgb(130, 60, 230), 1400}}

// The levels' names, GRAND and MAJOR, are the linked jackpots' own: every
// language shows them as they are.

// jackpotPanels draws the jackpot meters' panels (once, into a cached image).
func jackpotPanels(dst *ebiten.Image) {
	for _, j := range jackpotLevels {
		fill(dst, roundRect(j.x-4, 14, 488, 116, 24), solid(alpha(j.c, 0.4)))
		panel(dst, j.x, 18, 480, 108, 20, lighten(j.c, 0.2), darken(j.c, 0.6), rgb(255, 210, 80), 4)
	}
}

// drawJackpots draws the Grand and Major (and mystery) meters' amounts; the level
// names shimmer.
func drawJackpots(dst *ebiten.Image, s Snapshot, tick int) {
	glow := 0.5 + 0.5*math.Sin(float64(tick)/20)
	for i, j := range jackpotLevels {
		cents := s.Grand
		if i == 1 {
			cents = s.Major
		}
		label(dst, j.name, 30, true, float64(j.x+240), 24, center, mix(rgb(255, 200, 90), rgb(255, 255, 220), glow), 2)
		v := memo.jackpot(cents)
		label(dst, v, fitSize(v, 50, true, 440), true, float64(j.x+240), 60, center, rgb(255, 255, 255), 3)
	}
	if s.Mystery > 0 {
		label(dst, trMoney("play.jackpot.mystery", s.Mystery), 24, true, ScreenW/2, 112, center, rgb(255, 220, 120), 2)
	}
}

// The meters' places on the bottom panel: x and width. Each box is drawn with its
// meter, so a meter that is not shown (the bet and denomination in a metered
// cabinet's attract mode) leaves no empty box behind.
const (
	boxCredit = iota
	boxBet
	boxDenom
	boxWin
)

var meterBoxes = [4][2]float32{{40, 440}, {500, 360}, {880, 320}, {1220, 660}}

const meterBoxY, meterBoxH = 856, 96

// meterPanels draws the bottom panel under the meters (once, into the chrome).
func meterPanels(dst *ebiten.Image, accent color.RGBA) {
	gradRect(dst, 0, 840, ScreenW, ScreenH-840, rgb(24, 22, 30), rgb(4, 4, 6))
	line(dst, 0, 840, ScreenW, 840, 4, accent)
}

// boxImage is the frame of meter box i in the title's colours (drawn once).
func (a *titleArt) boxImage(i int) *ebiten.Image {
	if a.boxes[i] == nil {
		w := meterBoxes[i][1]
		img := ebiten.NewImage(int(w)+8, meterBoxH+8)
		antialiased(func() { panel(img, 4, 4, w, meterBoxH, 14, rgb(20, 20, 26), rgb(4, 4, 8), a.accent, 2) })
		a.boxes[i] = img
	}
	return a.boxes[i]
}

var boxOp ebiten.DrawImageOptions

// drawMeter draws meter box i with its caption, amount and second line.
func drawMeter(dst *ebiten.Image, a *titleArt, i int, caption, main, sub string) {
	boxOp.GeoM.Reset()
	boxOp.GeoM.Translate(float64(meterBoxes[i][0]-4), meterBoxY-4)
	dst.DrawImage(a.boxImage(i), &boxOp)
	meterBox(dst, meterBoxes[i][0], meterBoxY, meterBoxes[i][1], caption, main, sub, a.accent)
}

// drawMeters draws the credit, bet, denomination and win meters of the bottom panel.
func drawMeters(dst *ebiten.Image, a *titleArt, s Snapshot, win int64) {
	drawMeter(dst, a, boxCredit, tr("play.meter.credit"), memo.euros(s.Credit), memo.credits(s.Credit, s.Denom))
	bet := s.Bet.TotalCents()
	drawMeter(dst, a, boxBet, tr("play.meter.bet"), memo.euros(bet), betLine(bet, s.Denom, s.Bet.Lines))
	drawMeter(dst, a, boxDenom, tr("play.meter.denom"), memo.eurosNum(s.Denom), perCredit())
	drawMeter(dst, a, boxWin, tr("play.meter.win"), memo.euros(win), memo.credits(win, s.Denom))
}

// perCredit is the denomination meter's second line: the currency per credit.
func perCredit() string {
	return trName("play.meter.per_credit", screenLang.player.Currency().Symbol)
}

// betLine is the bet meter's second line: credits and lines, kept by language
// and values.
func betLine(c, denom int64, lines int) string {
	k := wordKey{lang: playerLang(), id: "betLine", a: c, b: denom<<16 | int64(lines)}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, credits(c, denom)+"  ·  "+trCount("play.meter.lines", int64(lines)))
}

func itoa(n int) string { return grouped(int64(n)) }
