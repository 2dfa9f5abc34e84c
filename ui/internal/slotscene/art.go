//go:build cgo && !noscreen

package slotscene

import (
	"hash/fnv"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/reels"
	"egm/ui/internal/paint"
)

// titleArt is a title's drawn art, made once on first use: its symbols, its
// background and its colours.
type titleArt struct {
	Title      *slot.Title
	BG, Accent color.RGBA
	Symbols    []*ebiten.Image // by reels.SymbolID
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
		t := a.Title
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

// ArtOf returns t's art, drawing it the first time.
func ArtOf(t *slot.Title) *titleArt {
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
	a := &titleArt{Title: t, BG: paint.HexColor(t.Spec.Theme.Background), Accent: paint.HexColor(t.Spec.Theme.Accent)}
	for _, s := range t.Spec.Reels.Symbols {
		a.Symbols = append(a.Symbols, symbolArt(s.Name, s.Kind.String(), a.Accent))
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
	imgs := append([]*ebiten.Image{a.background, a.chrome}, a.Symbols...)
	imgs = append(imgs, a.boxes[:]...)
	for _, img := range a.help {
		imgs = append(imgs, img)
	}
	for _, img := range imgs {
		if img != nil {
			img.Deallocate()
		}
	}
	a.Symbols, a.help, a.background, a.chrome, a.boxes = nil, nil, nil, nil, [4]*ebiten.Image{}
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

// BackgroundImage is the title's backdrop: its colours in a deep gradient, a glow
// of the accent behind the reels, and a scatter of motif lights.
func (a *titleArt) BackgroundImage() *ebiten.Image {
	if a.background != nil {
		return a.background
	}
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
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
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	img.DrawImage(a.BackgroundImage(), nil)
	paint.Antialiased(func() {
		JackpotPanels(img)
		paint.Panel(img, 560, 18, 800, 108, 26, paint.Darken(a.Accent, 0.2), paint.Darken(a.BG, 0.6), paint.RGB(255, 215, 90), 4)
		drawFrame(img, WindowGeom(a.Title.Spec.Reels.Reels, a.Title.Spec.Reels.Rows), a)
		meterPanels(img, a.Accent)
	})
	a.chrome = img
	return img
}

func (a *titleArt) drawBackground(img *ebiten.Image) {
	paint.GradRect(img, 0, 0, paint.ScreenW, paint.ScreenH, paint.Lighten(a.BG, 0.12), paint.Darken(a.BG, 0.6))
	paint.Fill(img, paint.Ellipse(paint.ScreenW/2, 480, 1100, 520), paint.Radial(paint.ScreenW/2, 480, 1100, paint.Alpha(a.Accent, 0.28), paint.Alpha(a.BG, 0)))
	h := fnv.New64a()
	h.Write([]byte(a.Title.Spec.Theme.Motif))
	seed := h.Sum64()
	for i := 0; i < 70; i++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		x := float32(seed>>40) / float32(1<<24) * paint.ScreenW
		y := float32((seed>>16)&0xffffff) / float32(1<<24) * paint.ScreenH
		r := 4 + float32(seed&63)
		c := paint.Mix(a.Accent, paint.RGB(255, 255, 255), 0.3)
		paint.Fill(img, paint.Circle(x, y, r), paint.Radial(x, y, r, paint.Alpha(c, 0.35), paint.Alpha(c, 0)))
	}
	for i := 0; i < 14; i++ { // light rays
		ang := math.Pi * (0.08 + 0.84*float64(i)/13)
		x1 := paint.ScreenW/2 + float32(1400*math.Cos(ang))
		y1 := -200 + float32(1400*math.Sin(ang))
		paint.Fill(img, paint.Polygon(paint.ScreenW/2-8, -200, paint.ScreenW/2+8, -200, x1+40, y1, x1-40, y1), paint.Solid(paint.Alpha(paint.Lighten(a.Accent, 0.5), 0.04)))
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
	paint.Antialiased(func() { drawCoin(img, value, paint.RGB(255, 196, 30)) })
	badgeCache[k] = img
	return img
}

func jackpotImage(level string) *ebiten.Image {
	k := "jp:" + level
	if img := badgeCache[k]; img != nil {
		return img
	}
	img := ebiten.NewImage(symSize, symSize)
	paint.AA = true
	defer func() { paint.AA = false }()
	c := paint.RGB(220, 30, 50)
	if level == slot.Major {
		c = paint.RGB(120, 60, 230)
	}
	paint.Fill(img, paint.Star(100, 100, 96, 70, 16, 0), paint.Radial(100, 100, 96, paint.RGB(255, 240, 160), paint.RGB(220, 140, 0)))
	paint.Fill(img, paint.Circle(100, 100, 70), paint.Radial(80, 70, 100, paint.Lighten(c, 0.4), paint.Darken(c, 0.5)))
	name := "GRAND"
	if level == slot.Major {
		name = "MAJOR"
	}
	paint.LabelMid(img, name, paint.FitSize(name, 40, true, 124), true, 100, 100, paint.Center, paint.RGB(255, 230, 120), 2)
	badgeCache[k] = img
	return img
}

func scaleImage(factor string) *ebiten.Image {
	k := "x:" + factor
	if img := badgeCache[k]; img != nil {
		return img
	}
	img := ebiten.NewImage(symSize, symSize)
	paint.AA = true
	defer func() { paint.AA = false }()
	paint.Fill(img, paint.RoundRect(14, 14, 172, 172, 36), paint.Radial(100, 80, 150, paint.RGB(150, 255, 170), paint.RGB(0, 110, 60)))
	paint.Stroke(img, paint.RoundRect(14, 14, 172, 172, 36), 6, paint.Solid(paint.RGB(220, 255, 220)))
	paint.Label(img, "SCALE UP", 24, true, 100, 26, paint.Center, paint.RGB(255, 255, 255), 2)
	paint.LabelMid(img, factor, 80, true, 100, 112, paint.Center, paint.RGB(255, 240, 90), 4)
	badgeCache[k] = img
	return img
}
