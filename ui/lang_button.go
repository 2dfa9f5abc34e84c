//go:build cgo && !noscreen

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/tables/play"
)

// The language button: one tab per language the profile offers, each named in
// its own language ("Eesti", "Русский", "English"), the player's lit. A touch
// switches every text the player reads at the next frame; the choice lasts the
// player's session (resetPlayerLang). The lobby shows the tabs in a row beside
// TABLE GAMES (lobbyLangButton), the play scene in a column right of the reels
// (playLangButton), where neither covers a meter or a button.
type langButton struct {
	x, y     float32 // the first tab's top-left
	w, h     float32 // one tab
	vertical bool    // the tabs stacked, else side by side
}

var (
	lobbyLangButton = langButton{x: 1080, y: 138, w: 132, h: 44}
	playLangButton  = langButton{x: 1660, y: 560, w: 220, h: 52, vertical: true}
	// the table scenes': the top-left corner, clear of the title and the pay
	// tables; roulette's between the layout and the race track
	tableLangTabs    = langButton{x: 16, y: 12, w: 132, h: 40}
	rouletteLangTabs = langButton{x: 1398, y: 620, w: 132, h: 40}
)

// tableLangButton is the language button of a table game's scene.
func tableLangButton(game string) langButton {
	if play.KindOf(game) == play.KindRoulette {
		return rouletteLangTabs
	}
	return tableLangTabs
}

const (
	langTabGap  = 8
	langTabSize = 22.0
)

var tabBuf []langTab

// langTab is one language's tab and its place.
type langTab struct {
	lang       locale.Lang
	x, y, w, h float32
}

// tabs lays out the tabs of the profile's languages (in a buffer of the
// screen's: no allocation per frame).
func (b langButton) tabs() []langTab {
	ls := playerLangs()
	out := tabBuf[:0]
	for range ls {
		out = append(out, langTab{})
	}
	tabBuf = out
	for i, l := range ls {
		t := langTab{lang: l, x: b.x, y: b.y, w: b.w, h: b.h}
		if b.vertical {
			t.y += float32(i) * (b.h + langTabGap)
		} else {
			t.x += float32(i) * (b.w + langTabGap)
		}
		out[i] = t
	}
	return out
}

// at is the language whose tab covers (x, y).
func (b langButton) at(x, y int) (locale.Lang, bool) {
	for _, t := range b.tabs() {
		if float32(x) >= t.x && float32(x) < t.x+t.w && float32(y) >= t.y && float32(y) < t.y+t.h {
			return t.lang, true
		}
	}
	return "", false
}

// update switches the player's language on a touch of a tab ((x, y): this
// frame's touch, if touched) and reports whether the touch was the button's.
func (b langButton) update(x, y int, touched bool) bool {
	if !touched || len(playerLangs()) < 2 {
		return false
	}
	l, ok := b.at(x, y)
	if ok {
		setPlayerLang(l)
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

// draw draws the tabs, the player's language lit.
func (b langButton) draw(dst *ebiten.Image) {
	if len(playerLangs()) < 2 {
		return
	}
	cur := playerLang()
	for _, t := range b.tabs() {
		top, bottom, frame, text := rgb(40, 34, 64), rgb(18, 14, 30), rgb(120, 110, 150), rgb(200, 200, 215)
		if t.lang == cur {
			top, bottom, frame, text = rgb(250, 214, 96), rgb(196, 140, 30), rgb(255, 240, 180), rgb(30, 18, 4)
		}
		k := tabKey{t.w, t.h, t.lang == cur}
		img := tabFaces[k]
		if img == nil {
			img = ebiten.NewImage(int(t.w)+2, int(t.h)+2)
			antialiased(func() { panel(img, 0, 0, t.w, t.h, 12, top, bottom, frame, 2) })
			tabFaces[k] = img
		}
		tabOp.GeoM.Reset()
		tabOp.GeoM.Translate(float64(t.x), float64(t.y))
		dst.DrawImage(img, &tabOp)
		name := t.lang.Name()
		labelMid(dst, name, fitSize(name, langTabSize, true, float64(t.w-12)), true, float64(t.x+t.w/2), float64(t.y+t.h/2), center, text, 0)
	}
}
