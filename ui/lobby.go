//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
)

// Lobby shows the 25 titles in their two families with the jackpot meters
// (R-JP-1); touching a title opens its play scene.
type Lobby struct {
	titles []*slot.Title
	snap   Snapshot // jackpot meters
	tiles  []tile
	sel    int
	t      int
	idle   int // ticks without input
	bg     *ebiten.Image
	// Open makes the play scene of a chosen title (demo play by default).
	Open func(t *slot.Title) Scene
}

// lobbyIdle is how long the lobby waits untouched before the attract mode returns.
const lobbyIdle = 90 * TPS

type tile struct {
	t          *slot.Title
	x, y, w, h float32
	img        *ebiten.Image
}

// NewLobby lays out the titles; snap supplies the jackpot meters.
func NewLobby(titles []*slot.Title, snap Snapshot) *Lobby {
	l := &Lobby{titles: titles, snap: snap}
	l.Open = func(t *slot.Title) Scene { return NewPlay(NewDemoSession(t, uint64(len(t.Spec.ID))*7919), titles) }
	const w, h, gap = 352, 150, 16
	y := float32(196)
	for _, fam := range []string{slot.GoldenLink, slot.CashConnection} {
		i := 0
		for _, t := range titles {
			if t.Spec.Family != fam {
				continue
			}
			x := float32(ScreenW/2) - 2.5*(w+gap) + float32(i%5)*(w+gap)
			l.tiles = append(l.tiles, tile{t: t, x: x, y: y + float32(i/5)*(h+gap), w: w, h: h})
			i++
		}
		y += float32((i+4)/5)*(h+gap) + 56
	}
	return l
}

// Update implements Scene.
func (l *Lobby) Update(m *Manager) error {
	l.t++
	n := len(l.tiles)
	switch {
	case pressed(ebiten.KeyArrowRight):
		l.sel = (l.sel + 1) % n
	case pressed(ebiten.KeyArrowLeft):
		l.sel = (l.sel + n - 1) % n
	case pressed(ebiten.KeyArrowDown):
		l.sel = min(l.sel+5, n-1)
	case pressed(ebiten.KeyArrowUp):
		l.sel = max(l.sel-5, 0)
	case pressed(ebiten.KeyEnter, ebiten.KeySpace):
		m.Go(l.Open(l.tiles[l.sel].t))
	}
	if anyKey() {
		l.idle = 0
	}
	if l.idle++; l.idle > lobbyIdle {
		m.Go(NewAttract(l.titles, uint64(l.t)))
	}
	if x, y, ok := pointer(); ok {
		l.idle = 0
		for _, tl := range l.tiles {
			if float32(x) >= tl.x && float32(x) < tl.x+tl.w && float32(y) >= tl.y && float32(y) < tl.y+tl.h {
				m.Go(l.Open(tl.t))
			}
		}
	}
	return nil
}

// Draw implements Scene.
func (l *Lobby) Draw(screen *ebiten.Image) {
	if l.bg == nil {
		l.bg = ebiten.NewImage(ScreenW, ScreenH)
		antialiased(func() {
			gradRect(l.bg, 0, 0, ScreenW, ScreenH, rgb(30, 16, 50), rgb(4, 2, 10))
			jackpotPanels(l.bg)
		})
	}
	screen.DrawImage(l.bg, nil)
	drawJackpots(screen, l.snap, l.t)
	label(screen, "CHOOSE YOUR GAME", 44, true, ScreenW/2, 40, center, rgb(255, 230, 140), 3)
	label(screen, "25 titles · Grand and Major linked jackpots", 22, false, ScreenW/2, 100, center, rgb(220, 220, 230), 0)
	lastFam := ""
	for i := range l.tiles {
		tl := &l.tiles[i]
		if tl.t.Spec.Family != lastFam {
			lastFam = tl.t.Spec.Family
			label(screen, memo.upper(lastFam), 32, true, float64(l.tiles[0].x), float64(tl.y-48), left, rgb(255, 215, 90), 2)
		}
		if tl.img == nil {
			tl.img = tileImage(tl.t, tl.w, tl.h)
		}
		imgOp = ebiten.DrawImageOptions{}
		imgOp.GeoM.Translate(float64(tl.x), float64(tl.y))
		screen.DrawImage(tl.img, &imgOp)
		if i == l.sel {
			stroke(screen, roundRect(tl.x-4, tl.y-4, tl.w+8, tl.h+8, 22), 5, solid(rgb(255, 255, 255)))
		}
	}
}

// tileImage draws a title's lobby tile: its colours, its wild and its name.
func tileImage(t *slot.Title, w, h float32) *ebiten.Image {
	a := artOf(t)
	img := ebiten.NewImage(int(w), int(h))
	aa = true
	defer func() { aa = false }()
	panel(img, 2, 2, w-4, h-4, 20, lighten(a.bg, 0.25), darken(a.bg, 0.5), a.accent, 4)
	sym := t.Game.Wild
	if int(sym) >= len(a.symbols) {
		sym = 0
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(0.56, 0.56)
	op.GeoM.Translate(10, float64(h)/2-56)
	img.DrawImage(a.symbols[sym], op)
	name := strings.ToUpper(t.Spec.Name)
	tw := float64(w - 140)
	size := 28.0
	lines := wrap(name, size, true, tw)
	for len(lines) > 2 {
		size -= 2
		lines = wrap(name, size, true, tw)
	}
	for i, ln := range lines {
		label(img, ln, fitSize(ln, size, true, tw), true, 132, 14+float64(i)*(size+4), left, lighten(a.accent, 0.4), 2)
	}
	info := fmt.Sprintf("%d×%d · %d lines", t.Spec.Reels.Reels, t.Spec.Reels.Rows, t.Lines())
	label(img, info, 18, false, 132, float64(h)-52, left, rgb(235, 235, 240), 0)
	var fs []string // what sets the title apart: every title has Lock & Spin, Gamble and the jackpots
	for _, f := range t.Features() {
		switch f {
		case "Lock & Spin", "Gamble", "Grand/Major":
		case "Special Expanding Symbol":
			fs = append(fs, "Expanding Symbol")
		default:
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		fs = []string{"Lock & Spin"}
	}
	feat := strings.Join(fs, " · ")
	label(img, feat, fitSize(feat, 18, true, tw), true, 132, float64(h)-30, left, rgb(255, 225, 150), 0)
	return img
}
