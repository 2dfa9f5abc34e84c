//go:build cgo && !noscreen

package slotscene

import (
	"hash/fnv"
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"egm/ui/internal/paint"
)

// symSize is the side of a symbol's art in pixels; reels scale it to the cell.
const symSize = 200

// symbolArt draws one symbol into a new symSize image. kind is the reels kind
// ("regular", "wild", "scatter", "bonus"); accent is the title's accent colour.
func symbolArt(name, kind string, accent color.RGBA) *ebiten.Image {
	img := ebiten.NewImage(symSize, symSize)
	paint.Antialiased(func() { drawSymbolArt(img, name, kind, accent) })
	return img
}

func drawSymbolArt(img *ebiten.Image, name, kind string, accent color.RGBA) {
	switch {
	case kind == "wild":
		drawWild(img, name, accent)
	case kind == "scatter":
		drawScatter(img, name, accent)
	case name == "COIN":
		drawCoin(img, "", paint.RGB(255, 200, 40))
	case strings.Contains(name, "CLOVER"):
		drawClover(img)
	default:
		drawRegular(img, name, accent)
	}
}

func drawRegular(img *ebiten.Image, name string, accent color.RGBA) {
	switch name {
	case "A", "K", "Q", "J", "10":
		drawCard(img, name)
	case "RUBY":
		drawGem(img, paint.RGB(230, 30, 60), 8, 0)
	case "EMERALD":
		drawGem(img, paint.RGB(30, 200, 90), 4, math.Pi/4)
	case "SAPPHIRE":
		drawGem(img, paint.RGB(40, 90, 240), 6, 0)
	case "AMETHYST":
		drawGem(img, paint.RGB(170, 60, 230), 5, 0)
	case "DIAMOND":
		drawGem(img, paint.RGB(180, 240, 255), 8, math.Pi/8)
	case "CHERRY":
		drawCherry(img)
	case "LEMON":
		drawLemon(img)
	case "ORANGE":
		drawOrange(img)
	case "PLUM":
		drawPlum(img)
	case "GRAPES":
		drawGrapes(img)
	case "MELON", "WATERMELON":
		drawMelon(img)
	case "SEVEN", "NEON7":
		drawSeven(img, paint.RGB(235, 30, 40))
	case "BAR":
		drawBars(img, 1)
	case "TRIPLEBAR":
		drawBars(img, 3)
	case "BELL":
		drawBell(img)
	case "STAR":
		paint.Fill(img, paint.Star(100, 104, 84, 36, 5, 0), paint.Radial(100, 90, 90, paint.RGB(255, 250, 170), paint.RGB(240, 150, 0)))
		paint.Stroke(img, paint.Star(100, 104, 84, 36, 5, 0), 5, paint.Solid(paint.RGB(150, 80, 0)))
	case "HORSESHOE":
		drawHorseshoe(img)
	default:
		drawMedallion(img, name, accent)
	}
}

// drawCard draws a card rank in a clean bold style with a colour per rank.
func drawCard(img *ebiten.Image, r string) {
	c := map[string]color.RGBA{"A": paint.RGB(230, 50, 50), "K": paint.RGB(40, 120, 240), "Q": paint.RGB(200, 60, 220),
		"J": paint.RGB(40, 190, 80), "10": paint.RGB(255, 150, 20)}[r]
	size := 150.0
	if r == "10" {
		size = 120
	}
	paint.LabelMid(img, r, size, true, 104, 108, paint.Center, paint.Darken(c, 0.7), 0)
	paint.LabelMid(img, r, size, true, 100, 104, paint.Center, paint.Lighten(c, 0.25), 5)
	paint.LabelMid(img, r, size*0.96, true, 98, 100, paint.Center, paint.Lighten(c, 0.55), 0)
	paint.LabelMid(img, r, size*0.94, true, 100, 104, paint.Center, c, 0)
}

// drawGem draws a faceted stone: an n-sided cut with a crown of facets around a
// bright table, each facet shaded by its angle to the light.
func drawGem(img *ebiten.Image, base color.RGBA, n int, rot float64) {
	if n < 5 {
		n = 8 // an emerald cut: an octagon stretched tall
	}
	const cx, cy = 100, 100
	ro, ri := float32(86), float32(46)
	outer := make([][2]float32, n)
	inner := make([][2]float32, n)
	for i := 0; i < n; i++ {
		a := rot + 2*math.Pi*float64(i)/float64(n) - math.Pi/2
		sx := float32(1)
		if base.G > base.R && base.G > base.B {
			sx = 0.8
		}
		outer[i] = [2]float32{cx + ro*sx*float32(math.Cos(a)), cy + ro*float32(math.Sin(a))}
		inner[i] = [2]float32{cx + ri*sx*float32(math.Cos(a)), cy + ri*float32(math.Sin(a))}
	}
	// shadow
	var sh []float32
	for _, p := range outer {
		sh = append(sh, p[0]+5, p[1]+7)
	}
	paint.Fill(img, paint.Polygon(sh...), paint.Solid(color.RGBA{0, 0, 0, 110}))
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		mx := (outer[i][0] + outer[j][0]) / 2
		my := (outer[i][1] + outer[j][1]) / 2
		light := 0.5 + 0.5*math.Cos(math.Atan2(float64(my-cy), float64(mx-cx))+math.Pi*3/4)
		c := paint.Mix(paint.Darken(base, 0.45), paint.Lighten(base, 0.45), light)
		paint.Fill(img, paint.Polygon(outer[i][0], outer[i][1], outer[j][0], outer[j][1], inner[j][0], inner[j][1], inner[i][0], inner[i][1]), paint.Solid(c))
		// a star facet between the girdle and the table
		paint.Fill(img, paint.Polygon(outer[i][0], outer[i][1], mx, my, inner[i][0], inner[i][1]), paint.Solid(paint.Mix(c, paint.Lighten(base, 0.2), 0.4)))
	}
	var tab []float32
	for _, p := range inner {
		tab = append(tab, p[0], p[1])
	}
	paint.Fill(img, paint.Polygon(tab...), paint.Radial(cx-14, cy-16, 60, paint.Lighten(base, 0.75), base))
	var out []float32
	for _, p := range outer {
		out = append(out, p[0], p[1])
	}
	paint.Stroke(img, paint.Polygon(out...), 3, paint.Solid(paint.Darken(base, 0.6)))
	paint.Stroke(img, paint.Polygon(tab...), 2, paint.Solid(paint.Lighten(base, 0.6)))
	paint.Fill(img, paint.Star(cx-22, cy-24, 16, 4, 4, 0), paint.Solid(color.RGBA{255, 255, 255, 230}))
}

func drawCherry(img *ebiten.Image) {
	var stem vector.Path
	stem.MoveTo(70, 130)
	stem.QuadTo(80, 70, 125, 35)
	stem.MoveTo(135, 140)
	stem.QuadTo(130, 80, 125, 35)
	paint.Stroke(img, &stem, 7, paint.Solid(paint.RGB(70, 120, 30)))
	var lf vector.Path
	lf.MoveTo(125, 38)
	lf.QuadTo(150, 15, 178, 34)
	lf.QuadTo(150, 52, 125, 38)
	lf.Close()
	paint.Fill(img, &lf, paint.Vertical(20, 55, paint.RGB(130, 220, 70), paint.RGB(40, 130, 30)))
	for _, c := range [][2]float32{{66, 140}, {136, 148}} {
		paint.Fill(img, paint.Circle(c[0]+4, c[1]+5, 36), paint.Solid(color.RGBA{0, 0, 0, 90}))
		paint.Fill(img, paint.Circle(c[0], c[1], 36), paint.Radial(c[0]-12, c[1]-14, 46, paint.RGB(255, 120, 120), paint.RGB(170, 0, 20)))
		paint.Fill(img, paint.Ellipse(c[0]-12, c[1]-14, 9, 6), paint.Solid(color.RGBA{255, 255, 255, 200}))
	}
}

func drawLemon(img *ebiten.Image) {
	var p vector.Path
	p.MoveTo(18, 100)
	p.QuadTo(30, 60, 100, 45)
	p.QuadTo(170, 60, 182, 100)
	p.QuadTo(170, 140, 100, 155)
	p.QuadTo(30, 140, 18, 100)
	p.Close()
	paint.Fill(img, &p, paint.Radial(80, 75, 110, paint.RGB(255, 250, 150), paint.RGB(230, 170, 0)))
	paint.Stroke(img, &p, 4, paint.Solid(paint.RGB(170, 120, 0)))
	paint.Fill(img, paint.Ellipse(75, 78, 20, 9), paint.Solid(color.RGBA{255, 255, 255, 170}))
}

func drawOrange(img *ebiten.Image) {
	paint.Fill(img, paint.Circle(104, 112, 72), paint.Solid(color.RGBA{0, 0, 0, 90}))
	paint.Fill(img, paint.Circle(100, 106, 72), paint.Radial(78, 84, 90, paint.RGB(255, 200, 90), paint.RGB(230, 100, 0)))
	for i := 0; i < 14; i++ {
		a := float64(i) * 2.4
		x, y := 100+float32(45*math.Cos(a)*float64(i%3+1)/3), 106+float32(45*math.Sin(a)*float64(i%3+1)/3)
		paint.Fill(img, paint.Circle(x, y, 2.5), paint.Solid(color.RGBA{200, 90, 0, 150}))
	}
	var lf vector.Path
	lf.MoveTo(100, 38)
	lf.QuadTo(130, 12, 160, 30)
	lf.QuadTo(130, 50, 100, 38)
	lf.Close()
	paint.Fill(img, &lf, paint.Vertical(15, 50, paint.RGB(120, 210, 60), paint.RGB(30, 120, 30)))
	paint.Fill(img, paint.Ellipse(78, 80, 16, 9), paint.Solid(color.RGBA{255, 255, 255, 150}))
}

func drawPlum(img *ebiten.Image) {
	paint.Fill(img, paint.Ellipse(104, 112, 66, 76), paint.Solid(color.RGBA{0, 0, 0, 90}))
	paint.Fill(img, paint.Ellipse(100, 106, 66, 76), paint.Radial(78, 80, 100, paint.RGB(200, 120, 255), paint.RGB(80, 0, 120)))
	var crease vector.Path
	crease.MoveTo(100, 32)
	crease.QuadTo(80, 100, 100, 180)
	paint.Stroke(img, &crease, 4, paint.Solid(color.RGBA{60, 0, 90, 160}))
	paint.Line(img, 100, 32, 108, 12, 6, paint.RGB(100, 70, 30))
	paint.Fill(img, paint.Ellipse(78, 76, 14, 20), paint.Solid(color.RGBA{255, 255, 255, 120}))
}

func drawGrapes(img *ebiten.Image) {
	paint.Line(img, 100, 40, 110, 14, 6, paint.RGB(100, 70, 30))
	rows := []int{4, 3, 3, 2, 1}
	y := float32(54)
	for _, n := range rows {
		x0 := 100 - float32(n-1)*17
		for i := 0; i < n; i++ {
			x := x0 + float32(i)*34
			paint.Fill(img, paint.Circle(x+3, y+4, 19), paint.Solid(color.RGBA{0, 0, 0, 80}))
			paint.Fill(img, paint.Circle(x, y, 19), paint.Radial(x-6, y-7, 26, paint.RGB(150, 230, 110), paint.RGB(40, 120, 30)))
			paint.Fill(img, paint.Circle(x-6, y-7, 4), paint.Solid(color.RGBA{255, 255, 255, 170}))
		}
		y += 28
	}
}

func drawMelon(img *ebiten.Image) {
	var p vector.Path
	p.MoveTo(16, 70)
	p.Arc(100, 70, 84, 0, math.Pi, vector.Clockwise)
	p.Close()
	paint.Fill(img, &p, paint.Solid(paint.RGB(40, 140, 40)))
	var q vector.Path
	q.MoveTo(28, 70)
	q.Arc(100, 70, 72, 0, math.Pi, vector.Clockwise)
	q.Close()
	paint.Fill(img, &q, paint.Solid(paint.RGB(230, 250, 200)))
	var r vector.Path
	r.MoveTo(36, 70)
	r.Arc(100, 70, 64, 0, math.Pi, vector.Clockwise)
	r.Close()
	paint.Fill(img, &r, paint.Vertical(70, 134, paint.RGB(255, 80, 90), paint.RGB(200, 20, 40)))
	for i := 0; i < 7; i++ {
		a := math.Pi * (float64(i) + 0.5) / 7
		x, y := 100+float32(40*math.Cos(a)), 70+float32(36*math.Sin(a))
		paint.Fill(img, paint.Ellipse(x, y, 4, 7), paint.Solid(paint.RGB(30, 20, 20)))
	}
}

func drawSeven(img *ebiten.Image, c color.RGBA) {
	paint.LabelMid(img, "7", 190, true, 106, 112, paint.Center, color.RGBA{0, 0, 0, 140}, 0)
	paint.LabelMid(img, "7", 190, true, 100, 104, paint.Center, paint.RGB(255, 220, 60), 8)
	paint.LabelMid(img, "7", 190, true, 100, 104, paint.Center, c, 0)
	paint.LabelMid(img, "7", 176, true, 96, 100, paint.Center, paint.Lighten(c, 0.35), 0)
	paint.LabelMid(img, "7", 176, true, 100, 104, paint.Center, c, 0)
}

func drawBars(img *ebiten.Image, n int) {
	h := float32(150) / float32(n)
	if n == 1 {
		h = 70
	}
	y := 100 - h*float32(n)/2 - float32(n-1)*3
	for i := 0; i < n; i++ {
		paint.Panel(img, 14, y, 172, h-4, 14, paint.RGB(60, 60, 70), paint.RGB(10, 10, 14), paint.RGB(230, 190, 60), 5)
		paint.LabelMid(img, "BAR", float64(h)*0.7, true, 100, float64(y+h/2), paint.Center, paint.RGB(255, 215, 70), 2)
		y += h + 6
	}
}

func drawBell(img *ebiten.Image) {
	var p vector.Path
	p.MoveTo(100, 22)
	p.CubicTo(52, 22, 52, 80, 46, 120)
	p.QuadTo(40, 150, 22, 158)
	p.LineTo(178, 158)
	p.QuadTo(160, 150, 154, 120)
	p.CubicTo(148, 80, 148, 22, 100, 22)
	p.Close()
	paint.Fill(img, &p, paint.Radial(80, 60, 140, paint.RGB(255, 245, 160), paint.RGB(210, 140, 0)))
	paint.Stroke(img, &p, 4, paint.Solid(paint.RGB(140, 90, 0)))
	paint.Fill(img, paint.Circle(100, 168, 16), paint.Radial(94, 162, 20, paint.RGB(255, 240, 150), paint.RGB(190, 120, 0)))
	paint.Fill(img, paint.Circle(100, 18, 9), paint.Solid(paint.RGB(200, 140, 0)))
	paint.Fill(img, paint.Ellipse(76, 70, 8, 28), paint.Solid(color.RGBA{255, 255, 255, 150}))
}

func drawHorseshoe(img *ebiten.Image) {
	var p vector.Path
	p.Arc(100, 96, 62, math.Pi*0.8, math.Pi*2.2, vector.Clockwise)
	paint.Stroke(img, &p, 30, paint.Solid(paint.RGB(120, 120, 130)))
	paint.Stroke(img, &p, 20, paint.Vertical(30, 160, paint.RGB(240, 240, 250), paint.RGB(140, 140, 160)))
	for i := 0; i < 6; i++ {
		a := math.Pi*0.85 + float64(i)*math.Pi*1.3/5
		paint.Fill(img, paint.Circle(100+float32(62*math.Cos(a)), 96+float32(62*math.Sin(a)), 4), paint.Solid(paint.RGB(60, 60, 70)))
	}
}

// drawCoin draws a gold coin; value, when set, is printed on it.
func drawCoin(img *ebiten.Image, value string, gold color.RGBA) {
	paint.Fill(img, paint.Circle(104, 106, 88), paint.Solid(color.RGBA{0, 0, 0, 100}))
	paint.Fill(img, paint.Circle(100, 100, 88), paint.Radial(70, 64, 150, paint.Lighten(gold, 0.6), paint.Darken(gold, 0.35)))
	paint.Stroke(img, paint.Circle(100, 100, 80), 4, paint.Solid(paint.Darken(gold, 0.45)))
	for i := 0; i < 36; i++ {
		a := 2 * math.Pi * float64(i) / 36
		x0, y0 := 100+float32(82*math.Cos(a)), 100+float32(82*math.Sin(a))
		x1, y1 := 100+float32(88*math.Cos(a)), 100+float32(88*math.Sin(a))
		paint.Line(img, x0, y0, x1, y1, 2, paint.Darken(gold, 0.3))
	}
	paint.Fill(img, paint.Circle(100, 100, 66), paint.Radial(80, 76, 110, paint.Lighten(gold, 0.35), paint.Darken(gold, 0.15)))
	if value == "" {
		paint.Fill(img, paint.Star(100, 102, 44, 18, 5, 0), paint.Solid(paint.Lighten(gold, 0.7)))
		paint.Stroke(img, paint.Star(100, 102, 44, 18, 5, 0), 3, paint.Solid(paint.Darken(gold, 0.4)))
		return
	}
	sz := paint.FitSize(value, 62, true, 118)
	paint.LabelMid(img, value, sz, true, 100, 102, paint.Center, paint.RGB(255, 255, 240), 3)
}

func drawClover(img *ebiten.Image) {
	paint.Line(img, 100, 110, 126, 180, 9, paint.RGB(40, 120, 30))
	for i := 0; i < 4; i++ {
		a := math.Pi/4 + float64(i)*math.Pi/2
		x, y := 100+float32(38*math.Cos(a)), 96+float32(38*math.Sin(a))
		paint.Fill(img, paint.Circle(x, y, 36), paint.Radial(x-10, y-10, 50, paint.RGB(150, 255, 120), paint.RGB(20, 140, 40)))
		paint.Stroke(img, paint.Circle(x, y, 36), 3, paint.Solid(paint.RGB(10, 90, 20)))
	}
	paint.Fill(img, paint.Circle(100, 96, 12), paint.Solid(paint.RGB(255, 230, 80)))
}

func drawWild(img *ebiten.Image, name string, accent color.RGBA) {
	paint.Fill(img, paint.Star(100, 100, 98, 62, 12, 0), paint.Radial(100, 100, 98, paint.Lighten(accent, 0.7), paint.Alpha(accent, 0)))
	paint.Panel(img, 10, 58, 180, 84, 20, paint.RGB(255, 230, 90), paint.RGB(200, 110, 0), paint.RGB(120, 50, 0), 5)
	sz := paint.FitSize(name, 56, true, 160)
	paint.LabelMid(img, name, sz, true, 100, 100, paint.Center, paint.RGB(200, 20, 30), 2)
	paint.Label(img, RoleCaption(name, "WILD"), 26, true, 100, 148, paint.Center, paint.RGB(255, 255, 255), 2)
}

func drawScatter(img *ebiten.Image, name string, accent color.RGBA) {
	paint.Fill(img, paint.Star(100, 96, 96, 56, 10, 0.1), paint.Radial(100, 96, 96, paint.RGB(255, 255, 255), accent))
	paint.Stroke(img, paint.Star(100, 96, 96, 56, 10, 0.1), 4, paint.Solid(paint.Darken(accent, 0.5)))
	paint.Fill(img, paint.Circle(100, 96, 54), paint.Radial(86, 80, 70, paint.Lighten(accent, 0.3), paint.Darken(accent, 0.6)))
	sz := paint.FitSize(name, 40, true, 100)
	paint.LabelMid(img, name, sz, true, 100, 96, paint.Center, paint.RGB(255, 255, 255), 2)
	paint.Label(img, RoleCaption(name, "SCATTER"), 22, true, 100, 160, paint.Center, paint.RGB(255, 240, 120), 2)
}

// RoleCaption is the caption under a wild's or scatter's name saying what it does
// (role: WILD, SCATTER); none when the name already says it ("WILD" under "WILD"
// reads twice).
func RoleCaption(name, role string) string {
	for _, w := range strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if w == role {
			return ""
		}
	}
	return role
}

// drawMedallion draws a title's character or object symbol: a framed medallion in
// a colour of its own with its emblem and name.
func drawMedallion(img *ebiten.Image, name string, accent color.RGBA) {
	h := fnv.New32a()
	h.Write([]byte(name))
	v := h.Sum32()
	hue := float64(v%360) / 360
	c := hsv(hue, 0.7, 0.85)
	paint.Fill(img, paint.Circle(104, 106, 90), paint.Solid(color.RGBA{0, 0, 0, 110}))
	paint.Fill(img, paint.Circle(100, 100, 90), paint.Radial(70, 60, 170, paint.Lighten(accent, 0.5), paint.Darken(accent, 0.5)))
	paint.Fill(img, paint.Circle(100, 100, 76), paint.Radial(80, 70, 120, paint.Lighten(c, 0.35), paint.Darken(c, 0.55)))
	drawEmblem(img, emblemFor(name, v), paint.Lighten(c, 0.45))
	sz := paint.FitSize(name, 30, true, 150)
	paint.Panel(img, 16, 138, 168, 42, 12, paint.Darken(accent, 0.2), paint.Darken(accent, 0.7), accent, 2)
	paint.LabelMid(img, name, sz, true, 100, 159, paint.Center, paint.RGB(255, 255, 255), 1.5)
}

func hsv(h, s, v float64) color.RGBA {
	i := math.Floor(h * 6)
	f := h*6 - i
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var r, g, b float64
	switch int(i) % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return paint.RGB(uint8(r*255), uint8(g*255), uint8(b*255))
}
