//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/locale"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// lobbyScene shows the 25 titles in their two families with the jackpot meters
// (R-JP-1); touching a title opens its play scene.
type lobbyScene struct {
	titles []*slot.Title
	snap   kit.Snapshot // jackpot meters
	tiles  []tile
	sel    int
	t      int
	idle   int // ticks without input
	bg     *ebiten.Image
	// Open makes the play scene of a chosen title (demo play by default).
	Open func(t *slot.Title) scene.Scene
	// Credit, when set, is the player's credit on a metered cabinet, shown under
	// the heading.
	Credit func() int64
	// Tables are the table games offered (lobby_tables.go), opened by OpenTable.
	Tables    []string
	OpenTable func(game string) scene.Scene
	Limits    map[string]play.Limits // each table game's limits (default play.DefaultLimits)
	// tablesPage: the table games' page is shown
	tablesPage bool
	tableImgs  map[string]*ebiten.Image
	imgLang    locale.Lang // the language the tiles' images are worded in
}

// lobbyIdle is how long the lobby waits untouched before the attract mode returns.
const lobbyIdle = 90 * slotscene.TPS

type tile struct {
	t          *slot.Title
	x, y, w, h float32
	img        *ebiten.Image
}

// newLobby lays out the titles; snap supplies the jackpot meters.
func newLobby(titles []*slot.Title, snap kit.Snapshot) *lobbyScene {
	l := &lobbyScene{titles: titles, snap: snap}
	l.Open = func(t *slot.Title) scene.Scene {
		return slotscene.NewPlay(slotscene.NewDemoSession(t, uint64(len(t.Spec.ID))*7919), titles)
	}
	l.defaultTables(20261130)
	const w, h, gap = tileW, tileH, 16
	y := float32(196)
	for _, fam := range []string{slot.GoldenLink, slot.CashConnection} {
		i := 0
		for _, t := range titles {
			if t.Spec.Family != fam {
				continue
			}
			x := float32(paint.ScreenW/2) - 2.5*(w+gap) + float32(i%5)*(w+gap)
			l.tiles = append(l.tiles, tile{t: t, x: x, y: y + float32(i/5)*(h+gap), w: w, h: h})
			i++
		}
		y += float32((i+4)/5)*(h+gap) + 56
	}
	return l
}

// Update implements Scene.
func (l *lobbyScene) Update(m *scene.Manager) error {
	l.t++
	n := len(l.tiles)
	tables := l.updateTables(m)
	switch {
	case tables:
	case scene.Pressed(ebiten.KeyArrowRight):
		l.sel = (l.sel + 1) % n
	case scene.Pressed(ebiten.KeyArrowLeft):
		l.sel = (l.sel + n - 1) % n
	case scene.Pressed(ebiten.KeyArrowDown):
		l.sel = min(l.sel+5, n-1)
	case scene.Pressed(ebiten.KeyArrowUp):
		l.sel = max(l.sel-5, 0)
	case scene.Pressed(ebiten.KeyEnter, ebiten.KeySpace):
		m.Go(l.Open(l.tiles[l.sel].t))
	}
	if scene.AnyKey() {
		l.idle = 0
	}
	if l.idle++; l.idle > lobbyIdle {
		m.Go(newAttract(l.titles, uint64(l.t)))
	}
	if x, y, ok := scene.Pointer(); ok && !tables {
		l.idle = 0
		if kit.LobbyLangButton.Update(x, y, ok) {
			return nil
		}
		for _, tl := range l.tiles {
			if float32(x) >= tl.x && float32(x) < tl.x+tl.w && float32(y) >= tl.y && float32(y) < tl.y+tl.h {
				m.Go(l.Open(tl.t))
			}
		}
	}
	return nil
}

// Draw implements Scene.
func (l *lobbyScene) Draw(screen *ebiten.Image) {
	if l.bg == nil {
		l.bg = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
		paint.Antialiased(func() {
			paint.GradRect(l.bg, 0, 0, paint.ScreenW, paint.ScreenH, paint.RGB(30, 16, 50), paint.RGB(4, 2, 10))
			slotscene.JackpotPanels(l.bg)
		})
	}
	screen.DrawImage(l.bg, nil)
	l.wordTiles()
	slotscene.DrawJackpots(screen, l.snap, l.t)
	choose := kit.Tr("play.lobby.choose")
	paint.Label(screen, choose, paint.FitSize(choose, 44, true, lobbyMidW), true, paint.ScreenW/2, 40, paint.Center, paint.RGB(255, 230, 140), 3)
	if l.Credit != nil {
		credit := slotscene.TrMoney("play.lobby.credit", l.Credit())
		paint.Label(screen, credit, paint.FitSize(credit, 30, true, lobbyMidW), true, paint.ScreenW/2, 96, paint.Center, paint.RGB(255, 236, 140), 2)
	} else {
		sub := lobbySubtitle(len(l.titles))
		paint.Label(screen, sub, paint.FitSize(sub, 22, false, lobbyMidW), false, paint.ScreenW/2, 100, paint.Center, paint.RGB(220, 220, 230), 0)
	}
	l.drawTables(screen)
	kit.LobbyLangButton.Draw(screen)
	if l.tablesPage {
		return
	}
	lastFam := ""
	for i := range l.tiles {
		tl := &l.tiles[i]
		if tl.t.Spec.Family != lastFam {
			lastFam = tl.t.Spec.Family
			paint.Label(screen, kit.Memo.Upper(lastFam), 32, true, float64(l.tiles[0].x), float64(tl.y-48), paint.Left, paint.RGB(255, 215, 90), 2)
		}
		if tl.img == nil {
			tl.img = tileImage(tl.t, tl.w, tl.h)
		}
		kit.ImgOp = ebiten.DrawImageOptions{}
		kit.ImgOp.GeoM.Translate(float64(tl.x), float64(tl.y))
		screen.DrawImage(tl.img, &kit.ImgOp)
		if i == l.sel {
			paint.Stroke(screen, paint.RoundRect(tl.x-4, tl.y-4, tl.w+8, tl.h+8, 22), 5, paint.Solid(paint.RGB(255, 255, 255)))
		}
	}
}

// lobbyMidW is the width between the jackpot panels, where the lobby's heading
// and its second line stand.
const lobbyMidW = 1400 - 528 - 40

// lobbySubtitle is the lobby's second line on a cabinet that shows no credit:
// how many titles it offers.
func lobbySubtitle(titles int) string { return slotscene.TrCount("play.lobby.subtitle", int64(titles)) }

// wordTiles drops the tiles' images when the player's language changed: they
// are drawn again in the new one.
func (l *lobbyScene) wordTiles() {
	if l.imgLang == kit.PlayerLang() {
		return
	}
	l.imgLang = kit.PlayerLang()
	for i := range l.tiles {
		if l.tiles[i].img != nil {
			l.tiles[i].img.Deallocate()
			l.tiles[i].img = nil
		}
	}
	for g, img := range l.tableImgs {
		img.Deallocate()
		delete(l.tableImgs, g)
	}
}

// A tile's layout: the wild at the top left, the name (two lines at most) and the
// reels beside it, the features across the tile's whole width at the bottom.
const (
	tileW, tileH       = 352, 150
	tileSymScale       = 0.48
	tileSymX, tileSymY = 14, 10
	tileTextX          = 122              // the name and the reels
	tileTextW          = tileW - 122 - 12 // their width
	tileFeatX          = 14               // the features
	tileFeatW          = tileW - 2*14     // their width
	tileNameSize       = 28.0
	tileInfoSize       = 18.0
	tileFeatSize       = 18.0
)

// tileTexts are the words of a title's tile: its name's lines and their size, its
// reels and lines, and what sets it apart.
func tileTexts(t *slot.Title) (name []string, size float64, info, feat string) {
	full := strings.ToUpper(t.Spec.Name)
	size = tileNameSize
	name = slotscene.Wrap(full, size, true, tileTextW)
	for len(name) > 2 {
		size -= 2
		name = slotscene.Wrap(full, size, true, tileTextW)
	}
	info = fmt.Sprintf("%d×%d · %s", t.Spec.Reels.Reels, t.Spec.Reels.Rows, kit.TrN("play.lobby.lines", int64(t.Lines())))
	var fs []string // every title has Lock & Spin, Gamble and the jackpots
	for _, f := range t.Features() {
		switch f {
		case "Lock & Spin", "Gamble", "Grand/Major":
		case "Special Expanding Symbol":
			fs = append(fs, kit.Tr("play.lobby.feature.expanding"))
		case "Free Games":
			fs = append(fs, kit.Tr("play.lobby.feature.free_games"))
		default: // Scale Up, Magic Clover, Super Colors: the features' own names
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		fs = []string{"Lock & Spin"}
	}
	return name, size, info, strings.Join(fs, " · ")
}

// tileImage draws a title's lobby tile: its colours, its wild and its words.
func tileImage(t *slot.Title, w, h float32) *ebiten.Image {
	a := slotscene.ArtOf(t)
	img := ebiten.NewImage(int(w), int(h))
	paint.AA = true
	defer func() { paint.AA = false }()
	paint.Panel(img, 2, 2, w-4, h-4, 20, paint.Lighten(a.BG, 0.25), paint.Darken(a.BG, 0.5), a.Accent, 4)
	sym := t.Game.Wild
	if int(sym) >= len(a.Symbols) {
		sym = 0
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(tileSymScale, tileSymScale)
	op.GeoM.Translate(tileSymX, tileSymY)
	img.DrawImage(a.Symbols[sym], op)
	name, size, info, feat := tileTexts(t)
	for i, ln := range name {
		paint.Label(img, ln, paint.FitSize(ln, size, true, tileTextW), true, tileTextX, 12+float64(i)*(size+4), paint.Left, paint.Lighten(a.Accent, 0.4), 2)
	}
	paint.Label(img, info, paint.FitSize(info, tileInfoSize, false, tileTextW), false, tileTextX, float64(h)-58, paint.Left, paint.RGB(235, 235, 240), 0)
	paint.Label(img, feat, paint.FitSize(feat, tileFeatSize, true, tileFeatW), true, tileFeatX, float64(h)-32, paint.Left, paint.RGB(255, 225, 150), 0)
	return img
}
