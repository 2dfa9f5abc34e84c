//go:build cgo && !noscreen

package paint

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Screen is the logical resolution, scaled to the display.
const (
	ScreenW = 1920
	ScreenH = 1080
)

var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(ImageRect(1, 1, 2, 2)).(*ebiten.Image)
}()

// HexColor parses "#rrggbb"; anything else is mid grey.
func HexColor(s string) color.RGBA {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

func RGB(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// Mix blends a towards b by t in [0,1].
func Mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

func Lighten(c color.RGBA, t float64) color.RGBA { return Mix(c, RGB(255, 255, 255), t) }
func Darken(c color.RGBA, t float64) color.RGBA  { return Mix(c, RGB(0, 0, 0), t) }
func Alpha(c color.RGBA, a float64) color.RGBA {
	c.A = uint8(255 * a)
	return c
}

// shader decides a vertex's colour from its position (gradients). It is a value,
// not a closure, so that choosing one allocates nothing.
type shader struct {
	kind           uint8 // shSolid, shVertical, shRadial
	a, b           color.RGBA
	x0, y0, x1, y1 float32 // vertical: y0..y1; radial: centre x0, y0 and radius x1
}

const (
	shSolid = iota
	shVertical
	shRadial
)

func Solid(c color.RGBA) shader { return shader{kind: shSolid, a: c} }

// Vertical is a top-to-bottom gradient between y0 and y1.
func Vertical(y0, y1 float32, top, bottom color.RGBA) shader {
	return shader{kind: shVertical, a: top, b: bottom, y0: y0, y1: y1}
}

// Radial is a gradient from the centre outwards.
func Radial(cx, cy, r float32, in, out color.RGBA) shader {
	return shader{kind: shRadial, a: in, b: out, x0: cx, y0: cy, x1: r}
}

// at is the colour at (x, y).
func (s shader) at(x, y float32) color.RGBA {
	switch s.kind {
	case shVertical:
		t := float64((y - s.y0) / (s.y1 - s.y0))
		return Mix(s.a, s.b, math.Max(0, math.Min(1, t)))
	case shRadial:
		d := math.Hypot(float64(x-s.x0), float64(y-s.y0)) / float64(s.x1)
		return Mix(s.a, s.b, math.Max(0, math.Min(1, d)))
	}
	return s.a
}

// AA turns on anti-aliasing. Ebiten renders an anti-aliased draw through an
// offscreen buffer, which is costly on every frame under software GL, so art that
// is drawn once (symbols, backgrounds, pages) is drawn with it and per-frame
// shapes without.
var AA = false

// Antialiased runs f with anti-aliasing on (art drawn once into a cached image).
func Antialiased(f func()) {
	old := AA
	AA = true
	defer func() { AA = old }()
	f()
}

func drawVertices(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, sh shader, rule ebiten.FillRule) {
	for i := range vs {
		c := sh.at(vs[i].DstX, vs[i].DstY)
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR = float32(c.R) / 255
		vs[i].ColorG = float32(c.G) / 255
		vs[i].ColorB = float32(c.B) / 255
		vs[i].ColorA = float32(c.A) / 255
	}
	triOp = ebiten.DrawTrianglesOptions{AntiAlias: AA, FillRule: rule}
	dst.DrawTriangles(vs, is, whitePixel, &triOp)
}

// Buffers reused by every fill and stroke (drawing is single-threaded; Ebiten
// copies the vertices it is given).
var (
	vertBuf  []ebiten.Vertex
	indexBuf []uint16
	triOp    ebiten.DrawTrianglesOptions
	strokeOp vector.StrokeOptions
)

// Fill fills a path with a shader. A path from the shape cache (roundRect, rect,
// Circle) is tessellated once; its vertices are copied and coloured each time.
func Fill(dst *ebiten.Image, p *vector.Path, sh shader) {
	if g, ok := tessellated(p, 0); ok {
		vertBuf, indexBuf = append(vertBuf[:0], g.vs...), append(indexBuf[:0], g.is...)
	} else {
		vertBuf, indexBuf = p.AppendVerticesAndIndicesForFilling(vertBuf[:0], indexBuf[:0])
		remember(p, 0, vertBuf, indexBuf)
	}
	drawVertices(dst, vertBuf, indexBuf, sh, ebiten.FillRuleNonZero)
}

// Stroke strokes a path (the width rounded to a quarter pixel for a cached path,
// so that a pulsing outline has a few shapes, not one per frame).
func Stroke(dst *ebiten.Image, p *vector.Path, width float32, sh shader) {
	if _, ok := shapeKeys[p]; ok {
		width = float32(math.Round(float64(width)*4) / 4)
	}
	if g, ok := tessellated(p, width); ok {
		vertBuf, indexBuf = append(vertBuf[:0], g.vs...), append(indexBuf[:0], g.is...)
	} else {
		strokeOp = vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
		vertBuf, indexBuf = p.AppendVerticesAndIndicesForStroke(vertBuf[:0], indexBuf[:0], &strokeOp)
		remember(p, width, vertBuf, indexBuf)
	}
	drawVertices(dst, vertBuf, indexBuf, sh, ebiten.FillRuleFillAll)
}

// RoundRect is a rounded rectangle path (from the shape cache).
func RoundRect(x, y, w, h, r float32) *vector.Path {
	k := shapeKey{kind: shapeRoundRect, x: x, y: y, w: w, h: h, r: r}
	if p := shapes[k]; p != nil {
		return p
	}
	p := newShape(k)
	r = min(r, w/2, h/2)
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.ArcTo(x+w, y, x+w, y+r, r)
	p.LineTo(x+w, y+h-r)
	p.ArcTo(x+w, y+h, x+w-r, y+h, r)
	p.LineTo(x+r, y+h)
	p.ArcTo(x, y+h, x, y+h-r, r)
	p.LineTo(x, y+r)
	p.ArcTo(x, y, x+r, y, r)
	p.Close()
	return p
}

// Circle is a circle path (from the shape cache).
func Circle(cx, cy, r float32) *vector.Path {
	k := shapeKey{kind: shapeCircle, x: cx, y: cy, r: r}
	if p := shapes[k]; p != nil {
		return p
	}
	p := newShape(k)
	p.Arc(cx, cy, r, 0, 2*math.Pi, vector.Clockwise)
	p.Close()
	return p
}

// Ellipse is an ellipse path (n segments).
func Ellipse(cx, cy, rx, ry float32) *vector.Path {
	var p vector.Path
	const n = 48
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := cx+rx*float32(math.Cos(a)), cy+ry*float32(math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
	return &p
}

// Polygon is a closed polygon through pts (x0, y0, x1, y1, …).
func Polygon(pts ...float32) *vector.Path {
	var p vector.Path
	p.MoveTo(pts[0], pts[1])
	for i := 2; i+1 < len(pts); i += 2 {
		p.LineTo(pts[i], pts[i+1])
	}
	p.Close()
	return &p
}

// Star is an n-pointed star.
func Star(cx, cy, ro, ri float32, n int, rot float64) *vector.Path {
	var p vector.Path
	for i := 0; i < 2*n; i++ {
		r := ro
		if i%2 == 1 {
			r = ri
		}
		a := rot + math.Pi*float64(i)/float64(n) - math.Pi/2
		x, y := cx+r*float32(math.Cos(a)), cy+r*float32(math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
	return &p
}

// Rect is a rectangle path (from the shape cache).
func Rect(x, y, w, h float32) *vector.Path {
	k := shapeKey{kind: shapeRect, x: x, y: y, w: w, h: h}
	if p := shapes[k]; p != nil {
		return p
	}
	p := newShape(k)
	p.MoveTo(x, y)
	p.LineTo(x+w, y)
	p.LineTo(x+w, y+h)
	p.LineTo(x, y+h)
	p.Close()
	return p
}

// GradRect fills a rectangle with a vertical gradient.
func GradRect(dst *ebiten.Image, x, y, w, h float32, top, bottom color.RGBA) {
	Fill(dst, Rect(x, y, w, h), Vertical(y, y+h, top, bottom))
}

// Panel is a rounded, framed panel with a vertical gradient.
func Panel(dst *ebiten.Image, x, y, w, h, r float32, top, bottom, frame color.RGBA, fw float32) {
	Fill(dst, RoundRect(x, y, w, h, r), Vertical(y, y+h, top, bottom))
	if fw > 0 {
		Stroke(dst, RoundRect(x, y, w, h, r), fw, Vertical(y, y+h, Lighten(frame, 0.4), Darken(frame, 0.3)))
	}
}

// Line strokes a straight line (a cached shape: a pay line is drawn on every frame
// it shows).
func Line(dst *ebiten.Image, x0, y0, x1, y1, w float32, c color.RGBA) {
	k := shapeKey{kind: shapeLine, x: x0, y: y0, w: x1, h: y1}
	p := shapes[k]
	if p == nil {
		p = newShape(k)
		p.MoveTo(x0, y0)
		p.LineTo(x1, y1)
	}
	Stroke(dst, p, w, Solid(c))
}
