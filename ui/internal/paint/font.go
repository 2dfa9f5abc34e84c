//go:build cgo && !noscreen

package paint

import (
	"bytes"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"egm/internal/fonts"
)

// The embedded fonts, regular and bold: Noto Sans (OFL, internal/fonts), which
// has every letter of the four languages and the tenge sign, first; the Go fonts
// (BSD) behind it for the few signs Noto Sans lacks (CLDR's minus U+2212, the
// arrows), as internal/fonts' TestNotoNeedsAFallback records.
var (
	regularSrc   = mustFace(fonts.Regular)
	boldSrc      = mustFace(fonts.Bold)
	regularFalls = mustFace(goregular.TTF)
	boldFalls    = mustFace(gobold.TTF)
)

func mustFace(ttf []byte) *text.GoTextFaceSource {
	s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
	if err != nil {
		panic("ui: embedded font: " + err.Error())
	}
	return s
}

func ImageRect(x0, y0, x1, y1 int) image.Rectangle { return image.Rect(x0, y0, x1, y1) }

// Alignment of a text around its anchor point.
type Align uint8

const (
	Left Align = iota
	Center
	Right
)

// faceKey names a cached face.
type faceKey struct {
	size float64
	bold bool
}

var faces = map[faceKey]text.Face{}

// Face returns the cached face of a size (no allocation per frame): Noto Sans
// with the Go font of the same weight as its fallback.
func Face(size float64, bold bool) text.Face {
	k := faceKey{size, bold}
	if f := faces[k]; f != nil {
		return f
	}
	src, falls := regularSrc, regularFalls
	if bold {
		src, falls = boldSrc, boldFalls
	}
	f, err := text.NewMultiFace(&text.GoTextFace{Source: src, Size: size}, &text.GoTextFace{Source: falls, Size: size})
	if err != nil {
		panic("ui: font: " + err.Error()) // two horizontal faces: cannot fail
	}
	faces[k] = f
	return f
}

// Label draws s with its top-left, top-centre or top-right at (x, y); outline > 0
// draws a dark outline of that width first. The text is laid out and drawn once
// into an image kept in the label cache (labelcache.go), so a label drawn again on
// the next frame is one DrawImage and no allocation.
func Label(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a Align, c color.RGBA, outline float64) {
	if s == "" {
		return
	}
	// sizes in half points: a pulsing size is a few cached labels, not one a frame
	size = max(math.Floor(size*2)/2, 1)
	l := cachedLabel(labelKey{s: s, size: size, bold: bold, outline: outline})
	dx := x - l.pad
	switch a {
	case Center:
		dx -= l.w / 2
	case Right:
		dx -= l.w
	}
	labelImgOp.GeoM.Reset()
	labelImgOp.GeoM.Translate(math.Round(dx), math.Round(y-l.pad))
	labelImgOp.ColorScale.Reset()
	// the white text takes the colour, the black outline stays (color.RGBA is
	// premultiplied, as ColorScale wants; ScaleWithColor would allocate)
	labelImgOp.ColorScale.Scale(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255)
	dst.DrawImage(l.img, &labelImgOp)
}

var labelImgOp ebiten.DrawImageOptions

// renderLabel draws s (its outline first) at (x, y), top-left.
func renderLabel(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, c color.RGBA, outline float64) {
	face := Face(size, bold)
	op := &labelOp
	op.LayoutOptions = text.LayoutOptions{}
	if outline > 0 {
		oc := color.RGBA{0, 0, 0, c.A}
		for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {0, 1.4}, {1.4, 0}, {0, -1.4}, {-1.4, 0}} {
			op.GeoM.Reset()
			op.GeoM.Translate(x+d[0]*outline, y+d[1]*outline)
			op.ColorScale.Reset()
			op.ColorScale.ScaleWithColor(oc)
			text.Draw(dst, s, face, op)
		}
	}
	op.GeoM.Reset()
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}

var labelOp text.DrawOptions

// LabelMid draws s vertically centred on y.
func LabelMid(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a Align, c color.RGBA, outline float64) {
	Label(dst, s, size, bold, x, y-size*0.62, a, c, outline)
}

// LabelHeight is the height of a label's image at size, outline included (see
// cachedLabel).
func LabelHeight(size float64, bold bool, outline float64) float64 {
	size = max(math.Floor(size*2)/2, 1)
	m := Face(size, bold).Metrics()
	return m.HAscent + m.HDescent + 2*(math.Ceil(1.5*outline)+2)
}

// LabelBounds is the rectangle a label covers (its image, outline included), as
// Label draws it at (x, y) with alignment a.
func LabelBounds(s string, size float64, bold bool, x, y float64, a Align, outline float64) (x0, y0, x1, y1 float64) {
	size = max(math.Floor(size*2)/2, 1)
	w := TextWidth(s, size, bold)
	pad := math.Ceil(1.5*outline) + 2
	x0 = x - pad
	switch a {
	case Center:
		x0 -= w / 2
	case Right:
		x0 -= w
	}
	y0 = y - pad
	return x0, y0, x0 + w + 2*pad, y0 + LabelHeight(size, bold, outline)
}

// TextWidth measures s (cached: see labelcache.go).
func TextWidth(s string, size float64, bold bool) float64 {
	size = max(math.Floor(size*2)/2, 1) // as label draws it
	k := widthKey{s, size, bold}
	if w, ok := widths[k]; ok {
		return w
	}
	w, _ := text.Measure(s, Face(size, bold), 0)
	if len(widths) >= labelLimit {
		clear(widths)
	}
	widths[k] = w
	return w
}

// FitSize is the largest size ≤ size (in half points, as label draws it) at which
// s fits in width w. Widths do not scale exactly with the size (hinting, kerning),
// so the proportional guess is checked and stepped down until it fits.
func FitSize(s string, size float64, bold bool, w float64) float64 {
	tw := TextWidth(s, size, bold)
	if tw <= w {
		return size
	}
	fit := max(math.Floor(size*w/tw*2)/2, 1)
	for fit > 1 && TextWidth(s, fit, bold) > w {
		fit -= 0.5
	}
	return fit
}
