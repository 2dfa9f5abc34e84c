//go:build cgo && !noscreen

package slotscene

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/reels"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// geom is the reel window's place on the screen.
type geom struct {
	X, Y, cw, ch float32
	Reels, Rows  int
}

// WindowGeom centres a reels × rows window in the play area.
func WindowGeom(nr, rows int) geom {
	const h = 640
	cw := float32(250)
	if nr <= 3 {
		cw = 300
	}
	g := geom{cw: cw, ch: h / float32(rows), Reels: nr, Rows: rows}
	g.X = (paint.ScreenW - cw*float32(nr)) / 2
	g.Y = 150
	return g
}

func (g geom) W() float32 { return g.cw * float32(g.Reels) }
func (g geom) H() float32 { return g.ch * float32(g.Rows) }

// cell returns the top-left of a cell.
func (g geom) cell(reel, row int) (float32, float32) {
	return g.X + g.cw*float32(reel), g.Y + g.ch*float32(row)
}

func (g geom) Centre(reel, row int) (float32, float32) {
	x, y := g.cell(reel, row)
	return x + g.cw/2, y + g.ch/2
}

// linePalette colours pay lines so that neighbours differ.
var linePalette = []color.RGBA{
	paint.RGB(255, 60, 60), paint.RGB(60, 200, 255), paint.RGB(255, 220, 40), paint.RGB(120, 255, 90), paint.RGB(255, 120, 230),
	paint.RGB(255, 150, 40), paint.RGB(160, 120, 255), paint.RGB(40, 255, 200), paint.RGB(255, 255, 255), paint.RGB(200, 255, 60),
}

// drawFrame draws the reel window's frame and the reels' backing.
func drawFrame(dst *ebiten.Image, g geom, a *titleArt) {
	paint.Panel(dst, g.X-26, g.Y-26, g.W()+52, g.H()+52, 28, paint.Lighten(a.Accent, 0.3), paint.Darken(a.Accent, 0.5), paint.RGB(255, 215, 90), 6)
	paint.Panel(dst, g.X-10, g.Y-10, g.W()+20, g.H()+20, 16, paint.Darken(a.BG, 0.7), paint.Darken(a.BG, 0.85), paint.Darken(a.Accent, 0.3), 3)
	for r := 0; r < g.Reels; r++ {
		x, _ := g.cell(r, 0)
		paint.GradRect(dst, x+3, g.Y, g.cw-6, g.H(), paint.RGB(250, 246, 236), paint.RGB(214, 206, 192))
		paint.GradRect(dst, x+3, g.Y, g.cw-6, 18, paint.RGB(150, 140, 130), paint.RGB(250, 246, 236))
		paint.GradRect(dst, x+3, g.Y+g.H()-18, g.cw-6, 18, paint.RGB(214, 206, 192), paint.RGB(140, 130, 120))
	}
}

// drawSymbol draws a symbol image into a cell, scaled to fit, with alpha a.
func drawSymbol(dst *ebiten.Image, g geom, img *ebiten.Image, x, y float32, a float32, grow float64) {
	s := math.Min(float64(g.cw), float64(g.ch)) * 0.86 / symSize * grow
	op := &symOp // reused: one per call would allocate
	*op = ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-symSize/2, -symSize/2)
	op.GeoM.Scale(s, s)
	op.GeoM.Translate(float64(x+g.cw/2), float64(y+g.ch/2))
	op.ColorScale.ScaleAlpha(a)
	dst.DrawImage(img, op)
}

var symOp ebiten.DrawImageOptions

// drawReel draws reel r of a strip scrolled pos symbols above its stop (see ReelPos).
func drawReel(dst *ebiten.Image, g geom, a *titleArt, strip []reels.SymbolID, r, stop int, pos float64) {
	x, _ := g.cell(r, 0)
	clip := kit.SubImage(dst, paint.ImageRect(int(x), int(g.Y), int(x+g.cw), int(g.Y+g.H())))
	n := len(strip)
	top := float64(stop) + pos
	first := int(math.Floor(top))
	fast := pos > 1.5 // at full speed the symbols blur
	for j := first - 1; j <= first+g.Rows; j++ {
		y := g.Y + float32(float64(j)-top)*g.ch
		id := strip[((j%n)+n)%n]
		if fast { // a motion streak: stretched along the reel, a little faded
			s := math.Min(float64(g.cw), float64(g.ch)) * 0.86 / symSize
			op := &kit.ImgOp
			*op = ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			op.GeoM.Translate(-symSize/2, -symSize/2)
			op.GeoM.Scale(s*0.92, s*1.45)
			op.GeoM.Translate(float64(x+g.cw/2), float64(y+g.ch/2))
			op.ColorScale.ScaleAlpha(0.8)
			clip.DrawImage(a.Symbols[id], op)
			continue
		}
		drawSymbol(clip, g, a.Symbols[id], x, y, 1, 1)
	}
}

// drawCells draws a stopped window's symbols; dim[r][row] fades cells not in a win.
func drawCells(dst *ebiten.Image, g geom, a *titleArt, cells *[reels.MaxReels][reels.MaxRows]reels.SymbolID, lit func(r, row int) bool, pulse float64) {
	for r := 0; r < g.Reels; r++ {
		for row := 0; row < g.Rows; row++ {
			x, y := g.cell(r, row)
			al, grow := float32(1), 1.0
			if lit != nil {
				if lit(r, row) {
					grow = 1 + 0.06*pulse
				} else {
					al = 0.35
				}
			}
			drawSymbol(dst, g, a.Symbols[cells[r][row]], x, y, al, grow)
		}
	}
}

// drawGlow frames a cell in a glowing border.
func drawGlow(dst *ebiten.Image, g geom, r, row int, c color.RGBA, pulse float64) {
	x, y := g.cell(r, row)
	w := float32(5 + 3*pulse)
	paint.Stroke(dst, paint.RoundRect(x+6, y+6, g.cw-12, g.ch-12, 14), w+8, paint.Solid(paint.Alpha(c, 0.3)))
	paint.Stroke(dst, paint.RoundRect(x+6, y+6, g.cw-12, g.ch-12, 14), w, paint.Solid(c))
}

// drawLine draws pay line l (rows per reel) over the window.
func drawLine(dst *ebiten.Image, g geom, rows []int, c color.RGBA, w float32) {
	px, py := g.X-20, float32(0)
	for r, row := range rows {
		x, y := g.Centre(r, row)
		if r == 0 {
			py = y
		}
		paint.Line(dst, px, py, x, y, w, c)
		px, py = x, y
	}
	paint.Line(dst, px, py, g.X+g.W()+20, py, w, c)
}
