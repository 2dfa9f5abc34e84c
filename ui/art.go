//go:build cgo && !noscreen

package ui

import (
	"hash/fnv"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/reels"
)

// titleArt is a title's drawn art, made once on first use: its symbols, its
// background and its colours.
type titleArt struct {
	title      *slot.Title
	bg, accent color.RGBA
	symbols    []*ebiten.Image // by reels.SymbolID
	background *ebiten.Image
	base, free [][]reels.SymbolID    // strips as symbol ids
	help       map[int]*ebiten.Image // the rules pages, drawn on first use
	chrome     *ebiten.Image
	boxes      [4]*ebiten.Image // the meters' boxes (hud.go)
	// the play scene's title banner: the name in capitals, the family and features
	bannerName, bannerSub string
}

// banner returns the title banner's two lines (made once).
func (a *titleArt) banner() (string, string) {
	if a.bannerName == "" {
		t := a.title
		a.bannerName = strings.ToUpper(t.Spec.Name)
		a.bannerSub = t.Spec.Family + "  ·  " + strings.Join(t.Features(), " · ")
	}
	return a.bannerName, a.bannerSub
}

// The art of the few titles last used is kept; older art is released, so the
// attract mode cycling all titles for days holds a bounded amount of images.
const artKept = 4

var (
	artCache = map[string]*titleArt{}
	artOrder []string // least recently used first
)

// artOf returns t's art, drawing it the first time.
func artOf(t *slot.Title) *titleArt {
	id := t.Spec.ID
	if a := artCache[id]; a != nil {
		if artOrder[len(artOrder)-1] != id {
			artOrder = append(slices.DeleteFunc(artOrder, func(s string) bool { return s == id }), id)
		}
		return a
	}
	for len(artOrder) >= artKept {
		artCache[artOrder[0]].release()
		delete(artCache, artOrder[0])
		artOrder = artOrder[1:]
	}
	artOrder = append(artOrder, id)
	a := &titleArt{title: t, bg: hexColor(t.Spec.Theme.Background), accent: hexColor(t.Spec.Theme.Accent)}
	for _, s := range t.Spec.Reels.Symbols {
		a.symbols = append(a.symbols, symbolArt(s.Name, s.Kind.String(), a.accent))
	}
	a.base = stripIDs(t, t.Spec.Reels.Base)
	a.free = a.base
	if len(t.Spec.Reels.Free) > 0 {
		a.free = stripIDs(t, t.Spec.Reels.Free)
	}
	artCache[t.Spec.ID] = a
	return a
}

// release frees the art's images; the titleArt must not be drawn afterwards.
func (a *titleArt) release() {
	imgs := append([]*ebiten.Image{a.background, a.chrome}, a.symbols...)
	imgs = append(imgs, a.boxes[:]...)
	for _, img := range a.help {
		imgs = append(imgs, img)
	}
	for _, img := range imgs {
		if img != nil {
			img.Deallocate()
		}
	}
	a.symbols, a.help, a.background, a.chrome, a.boxes = nil, nil, nil, nil, [4]*ebiten.Image{}
}

func stripIDs(t *slot.Title, strips [][]string) [][]reels.SymbolID {
	out := make([][]reels.SymbolID, len(strips))
	for r, s := range strips {
		out[r] = make([]reels.SymbolID, len(s))
		for i, n := range s {
			id, _ := t.Game.Symbol(n)
			out[r][i] = id
		}
	}
	return out
}

// backgroundImage is the title's backdrop: its colours in a deep gradient, a glow
// of the accent behind the reels, and a scatter of motif lights.
func (a *titleArt) backgroundImage() *ebiten.Image {
	if a.background != nil {
		return a.background
	}
	img := ebiten.NewImage(ScreenW, ScreenH)
	a.drawBackground(img) // soft shapes: no anti-aliasing needed on a full-screen image
	a.background = img
	return img
}

// chromeImage is the play scene's fixed parts over the background: the jackpot
// and title panels, the reel frame and the meters' panel (the boxes are drawn
// with their meters).
func (a *titleArt) chromeImage() *ebiten.Image {
	if a.chrome != nil {
		return a.chrome
	}
	img := ebiten.NewImage(ScreenW, ScreenH)
	img.DrawImage(a.backgroundImage(), nil)
	antialiased(func() {
		jackpotPanels(img)
		panel(img, 560, 18, 800, 108, 26, darken(a.accent, 0.2), darken(a.bg, 0.6), rgb(255, 215, 90), 4)
		drawFrame(img, windowGeom(a.title.Spec.Reels.Reels, a.title.Spec.Reels.Rows), a)
		meterPanels(img, a.accent)
	})
	a.chrome = img
	return img
}

func (a *titleArt) drawBackground(img *ebiten.Image) {
	gradRect(img, 0, 0, ScreenW, ScreenH, lighten(a.bg, 0.12), darken(a.bg, 0.6))
	fill(img, ellipse(ScreenW/2, 480, 1100, 520), radial(ScreenW/2, 480, 1100, alpha(a.accent, 0.28), alpha(a.bg, 0)))
	h := fnv.New64a()
	h.Write([]byte(a.title.Spec.Theme.Motif))
	seed := h.Sum64()
	for i := 0; i < 70; i++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		x := float32(seed>>40) / float32(1<<24) * ScreenW
		y := float32((seed>>16)&0xffffff) / float32(1<<24) * ScreenH
		r := 4 + float32(seed&63)
		c := mix(a.accent, rgb(255, 255, 255), 0.3)
		fill(img, circle(x, y, r), radial(x, y, r, alpha(c, 0.35), alpha(c, 0)))
	}
	for i := 0; i < 14; i++ { // light rays
		ang := math.Pi * (0.08 + 0.84*float64(i)/13)
		x1 := ScreenW/2 + float32(1400*math.Cos(ang))
		y1 := -200 + float32(1400*math.Sin(ang))
		fill(img, polygon(ScreenW/2-8, -200, ScreenW/2+8, -200, x1+40, y1, x1-40, y1), solid(alpha(lighten(a.accent, 0.5), 0.04)))
	}
}

// Coins, jackpot and Scale Up badges, shared by every title (cached by label).
var badgeCache = map[string]*ebiten.Image{}

func coinImage(value string) *ebiten.Image {
	if img := badgeCache["coin:"+value]; img != nil { // no allocation for the lookup
		return img
	}
	k := "coin:" + value
	if len(badgeCache) > 256 { // coin values of many bets: start afresh
		for key, img := range badgeCache {
			img.Deallocate()
			delete(badgeCache, key)
		}
	}
	img := ebiten.NewImage(symSize, symSize)
	antialiased(func() { drawCoin(img, value, rgb(255, 196, 30)) })
	badgeCache[k] = img
	return img
}

func jackpotImage(level string) *ebiten.Image {
	k := "jp:" + level
	if img := badgeCache[k]; img != nil {
		return img
	}
	img := ebiten.NewImage(symSize, symSize)
	aa = true
	defer func() { aa = false }()
	c := rgb(220, 30, 50)
	if level == slot.Major {
		c = rgb(120, 60, 230)
	}
	fill(img, star(100, 100, 96, 70, 16, 0), radial(100, 100, 96, rgb(255, 240, 160), rgb(220, 140, 0)))
	fill(img, circle(100, 100, 70), radial(80, 70, 100, lighten(c, 0.4), darken(c, 0.5)))
	name := "GRAND"
	if level == slot.Major {
		name = "MAJOR"
	}
	labelMid(img, name, fitSize(name, 40, true, 124), true, 100, 100, center, rgb(255, 230, 120), 2)
	badgeCache[k] = img
	return img
}

func scaleImage(factor string) *ebiten.Image {
	k := "x:" + factor
	if img := badgeCache[k]; img != nil {
		return img
	}
	img := ebiten.NewImage(symSize, symSize)
	aa = true
	defer func() { aa = false }()
	fill(img, roundRect(14, 14, 172, 172, 36), radial(100, 80, 150, rgb(150, 255, 170), rgb(0, 110, 60)))
	stroke(img, roundRect(14, 14, 172, 172, 36), 6, solid(rgb(220, 255, 220)))
	label(img, "SCALE UP", 24, true, 100, 26, center, rgb(255, 255, 255), 2)
	labelMid(img, factor, 80, true, 100, 112, center, rgb(255, 240, 90), 4)
	badgeCache[k] = img
	return img
}
