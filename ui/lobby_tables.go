//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// The lobby's table games: TABLE GAMES (or Tab) turns to a page of the table
// games the cabinet offers (Lobby.Tables), each a tile with the game's cloth, its
// name, its bets and its limits; touching one opens its table (Lobby.OpenTable:
// demo play by default, the machine's table on a metered cabinet). SLOT GAMES
// (or Tab) turns back. Choosing a table game leaves the machine's slot title as
// it was.

// the page switch, right of the first family's heading
var lobbyPageButton = slotscene.Button{Input: 0, Name: "TABLE GAMES", X: 1520, Y: 136, W: 360, H: 52, C: paint.RGB(30, 130, 80), Help: false}

// a table game's tile
const tableTileW, tableTileH, tableTileGap, tableTileY = 352, 560, 16, 240

// tableBlurb says what sets each table game apart, in the player's language.
func tableBlurb(game string) string {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return kit.Tr("play.lobby.blurb.roulette")
	case play.KindThreeCard:
		return kit.Tr("play.lobby.blurb.three_card")
	case play.KindPuntoBanco:
		return kit.Tr("play.lobby.blurb.punto_banco")
	case play.KindBlackjack:
		return kit.Tr("play.lobby.blurb.blackjack")
	case play.KindHoldem:
		return kit.Tr("play.lobby.blurb.holdem")
	}
	return ""
}

// tableName is a table game's name in the player's language: Roulette and Three
// Card Poker are translated, the others are the games' own names in every
// language.
func tableName(game string) string {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return kit.Tr("play.lobby.game.roulette")
	case play.KindThreeCard:
		return kit.Tr("play.lobby.game.three_card")
	}
	return play.Name(game)
}

// tableTint is each game's cloth on its tile.
var tableTint = map[string]color.RGBA{
	play.Roulette: tablescene.RFelt, play.ThreeCard: tablescene.TcFelt, play.PuntoBanco: tablescene.PbFelt, play.Blackjack: tablescene.BjFelt, play.Holdem: tablescene.UthFelt,
}

// defaultLobbyTables: the demo lobby offers every table game in demo play.
func (l *Lobby) defaultTables(seed uint64) {
	l.Tables = play.IDs()
	l.OpenTable = func(game string) scene.Scene {
		sc, err := tablescene.NewTableScene(game, tablescene.NewDemoDealer(seed))
		if err != nil {
			return l
		}
		if play.KindOf(game) == play.KindBlackjack {
			tablescene.HouseStrategy()
		}
		sc.Core().Lobby = func() scene.Scene { return NewLobby(l.titles, l.snap) }
		return sc
	}
}

// tableTileX is the left edge of the i-th table tile.
func (l *Lobby) tableTileX(i int) float32 {
	n := float32(len(l.Tables))
	return paint.ScreenW/2 - (n*tableTileW+(n-1)*tableTileGap)/2 + float32(i)*(tableTileW+tableTileGap)
}

// updateTables reads the page switch and, on the table page, the tiles. It
// reports whether the frame's input was taken.
func (l *Lobby) updateTables(m *scene.Manager) bool {
	if len(l.Tables) == 0 || l.OpenTable == nil {
		return false
	}
	x, y, ok := scene.Pointer()
	if scene.Pressed(ebiten.KeyTab) || ok && lobbyPageButton.Hit(x, y) {
		l.tablesPage, l.sel, l.idle = !l.tablesPage, 0, 0
		return true
	}
	if !l.tablesPage {
		return false
	}
	n := len(l.Tables)
	switch {
	case scene.Pressed(ebiten.KeyArrowRight):
		l.sel = (l.sel + 1) % n
	case scene.Pressed(ebiten.KeyArrowLeft):
		l.sel = (l.sel + n - 1) % n
	case scene.Pressed(ebiten.KeyEnter, ebiten.KeySpace):
		m.Go(l.OpenTable(l.Tables[l.sel%n]))
	}
	if ok {
		for i, g := range l.Tables {
			tx := l.tableTileX(i)
			if float32(x) >= tx && float32(x) < tx+tableTileW && float32(y) >= tableTileY && float32(y) < tableTileY+tableTileH {
				m.Go(l.OpenTable(g))
			}
		}
	}
	return true
}

// drawTables draws the page switch and, on the table page, the tiles.
func (l *Lobby) drawTables(screen *ebiten.Image) {
	if len(l.Tables) == 0 || l.OpenTable == nil {
		return
	}
	b := lobbyPageButton
	if l.tablesPage {
		b.Name, b.C = "SLOT GAMES", paint.RGB(120, 60, 160)
	}
	slotscene.DrawWordedButton(screen, b, true, 0)
	if !l.tablesPage {
		return
	}
	paint.Label(screen, kit.Tr("play.lobby.table_games"), 32, true, float64(l.tableTileX(0)), tableTileY-56, paint.Left, paint.RGB(255, 215, 90), 2)
	if l.tableImgs == nil {
		l.tableImgs = map[string]*ebiten.Image{}
	}
	for i, g := range l.Tables {
		img := l.tableImgs[g]
		if img == nil {
			img = tableTileImage(g, l.tableLimits(g))
			l.tableImgs[g] = img
		}
		x := l.tableTileX(i)
		kit.ImgOp = ebiten.DrawImageOptions{}
		kit.ImgOp.GeoM.Translate(float64(x), tableTileY)
		screen.DrawImage(img, &kit.ImgOp)
		if i == l.sel%len(l.Tables) {
			paint.Stroke(screen, paint.RoundRect(x-4, tableTileY-4, tableTileW+8, tableTileH+8, 22), 5, paint.Solid(paint.RGB(255, 255, 255)))
		}
	}
}

// tableLimits are game's limits as the lobby states them.
func (l *Lobby) tableLimits(game string) play.Limits {
	if lim, ok := l.Limits[game]; ok {
		return lim
	}
	return play.DefaultLimits
}

// tableTileWords are a table tile's words: its name's lines, what sets it apart
// and its limits.
func tableTileWords(game string, lim play.Limits) (name []string, blurb, bets, side string) {
	name = slotscene.Wrap(strings.ToUpper(tableName(game)), 40, true, tableTileW-40)
	return name, tableBlurb(game), kit.Tr("play.lobby.bets", "Min", kit.PlayerMoney(lim.Min), "Max", kit.PlayerMoney(lim.Max)), kit.Tr("play.lobby.side_bets", "Max", kit.PlayerMoney(lim.SideMax))
}

// tableTileImage draws a table game's lobby tile: its cloth, a betting circle
// with a chip, two cards, and its words.
func tableTileImage(game string, lim play.Limits) *ebiten.Image {
	felt := tableTint[game]
	img := ebiten.NewImage(tableTileW, tableTileH)
	paint.Antialiased(func() {
		paint.Panel(img, 2, 2, tableTileW-4, tableTileH-4, 20, paint.Lighten(felt, 0.3), paint.Darken(felt, 0.5), paint.RGB(230, 210, 150), 4)
		paint.Stroke(img, paint.Circle(tableTileW/2, 300, 80), 4, paint.Solid(paint.RGB(240, 230, 200)))
	})
	tablescene.DrawTableChip(img, tableTileW/2, 300, 2500)
	name, blurb, bets, side := tableTileWords(game, lim)
	for i, ln := range name {
		paint.Label(img, ln, 40, true, tableTileW/2, 30+float64(i)*46, paint.Center, tablescene.RGold, 3)
	}
	paint.Label(img, blurb, paint.FitSize(blurb, 22, true, tableTileW-30), true, tableTileW/2, 420, paint.Center, paint.RGB(240, 240, 240), 0)
	paint.Label(img, bets, paint.FitSize(bets, 22, true, tableTileW-30), true, tableTileW/2, 462, paint.Center, paint.RGB(255, 236, 140), 0)
	paint.Label(img, side, paint.FitSize(side, 20, false, tableTileW-30), false, tableTileW/2, 498, paint.Center, paint.RGB(230, 230, 230), 0)
	return img
}
