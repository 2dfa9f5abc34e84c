//go:build cgo && !noscreen

package kit

import (
	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/tables/play"
	"egm/ui/internal/paint"
)

// The language button: one tab per language the profile offers, each named in
// its own language ("Eesti", "Русский", "English"), the player's lit. A touch
// switches every text the player reads at the next frame; the choice lasts the
// player's session (resetPlayerLang). The lobby shows the tabs in a row beside
// TABLE GAMES (lobbyLangButton), the play scene in a column right of the reels
// (playLangButton), where neither covers a meter or a button.
type LangButton struct {
	X, Y     float32 // the first tab's top-left
	w, h     float32 // one tab
	vertical bool    // the tabs stacked, else side by side
}

var (
	LobbyLangButton = LangButton{X: 1080, Y: 138, w: 132, h: 44}
	PlayLangButton  = LangButton{X: 1660, Y: 560, w: 220, h: 52, vertical: true}
	// the table scenes': the top-left corner, clear of the title and the pay
	// tables; roulette's between the layout and the race track
	tableLangTabs    = LangButton{X: 16, Y: 12, w: 132, h: 40}
	rouletteLangTabs = LangButton{X: 1398, Y: 620, w: 132, h: 40}
)

// TableLangButton is the language button of a table game's scene.
func TableLangButton(game string) LangButton {
	if play.KindOf(game) == play.KindRoulette {
		return rouletteLangTabs
	}
	return tableLangTabs
}

const (
	langTabGap  = 8
	LangTabSize = 22.0
)

var tabBuf []langTab

// langTab is one language's tab and its place.
type langTab struct {
	Lang       locale.Lang
	X, Y, W, H float32
}

// Tabs lays out the tabs of the profile's languages (in a buffer of the
// screen's: no allocation per frame).
func (b LangButton) Tabs() []langTab {
	ls := PlayerLangs()
	out := tabBuf[:0]
	for range ls {
		out = append(out, langTab{})
	}
	tabBuf = out
	for i, l := range ls {
		t := langTab{Lang: l, X: b.X, Y: b.Y, W: b.w, H: b.h}
		if b.vertical {
			t.Y += float32(i) * (b.h + langTabGap)
		} else {
			t.X += float32(i) * (b.w + langTabGap)
		}
		out[i] = t
	}
	return out
}

// at is the language whose tab covers (x, y).
func (b LangButton) at(x, y int) (locale.Lang, bool) {
	for _, t := range b.Tabs() {
		if float32(x) >= t.X && float32(x) < t.X+t.W && float32(y) >= t.Y && float32(y) < t.Y+t.H {
			return t.Lang, true
		}
	}
	return "", false
}

// Update switches the player's language on a touch of a tab ((x, y): this
// frame's touch, if touched) and reports whether the touch was the button's.
func (b LangButton) Update(x, y int, touched bool) bool {
	if !touched || len(PlayerLangs()) < 2 {
		return false
	}
	l, ok := b.at(x, y)
	if ok {
		SetPlayerLang(l)
	}
	return ok
}

// tabKey names a tab's cached face: its size and whether it is lit.
type tabKey struct {
	w, h float32
	lit  bool
}

var (
	tabFaces = map[tabKey]*ebiten.Image{}
	tabOp    ebiten.DrawImageOptions
)

// Draw draws the tabs, the player's language lit.
func (b LangButton) Draw(dst *ebiten.Image) {
	if len(PlayerLangs()) < 2 {
		return
	}
	cur := PlayerLang()
	for _, t := range b.Tabs() {
		top, bottom, frame, text := paint.RGB(40, 34, 64), paint.RGB(18, 14, 30), paint.RGB(120, 110, 150), paint.RGB(200, 200, 215)
		if t.Lang == cur {
			top, bottom, frame, text = paint.RGB(250, 214, 96), paint.RGB(196, 140, 30), paint.RGB(255, 240, 180), paint.RGB(30, 18, 4)
		}
		k := tabKey{t.W, t.H, t.Lang == cur}
		img := tabFaces[k]
		if img == nil {
			img = ebiten.NewImage(int(t.W)+2, int(t.H)+2)
			paint.Antialiased(func() { paint.Panel(img, 0, 0, t.W, t.H, 12, top, bottom, frame, 2) })
			tabFaces[k] = img
		}
		tabOp.GeoM.Reset()
		tabOp.GeoM.Translate(float64(t.X), float64(t.Y))
		dst.DrawImage(img, &tabOp)
		name := t.Lang.Name()
		paint.LabelMid(dst, name, paint.FitSize(name, LangTabSize, true, float64(t.W-12)), true, float64(t.X+t.W/2), float64(t.Y+t.H/2), paint.Center, text, 0)
	}
}
