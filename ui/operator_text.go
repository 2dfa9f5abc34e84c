//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The operator menu's text is drawn from images made once per string, size and
// colour, so a page that does not change allocates nothing per frame (text layout
// allocates on every call). The cache is bounded: when full it starts again.
type textKey struct {
	s       string
	size    float64
	bold    bool
	c       color.RGBA
	outline float64
}

type textImg struct {
	img *ebiten.Image
	w   float64
	pad float64
}

const textCacheMax = 1500

var (
	textCache = map[textKey]*textImg{}
	fitCache  = map[fitKey]float64{}
	textOp    ebiten.DrawImageOptions
)

type fitKey struct {
	s       string
	size, w float64
	bold    bool
}

// opText is label from a cached image of the text.
func opText(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a align, c color.RGBA, outline float64) {
	if s == "" {
		return
	}
	k := textKey{s, size, bold, c, outline}
	ti := textCache[k]
	if ti == nil {
		if len(textCache) >= textCacheMax {
			for k, v := range textCache {
				v.img.Deallocate()
				delete(textCache, k)
			}
		}
		m := face(size, bold).Metrics()
		pad := 2 + math.Ceil(outline*1.5)
		w := textWidth(s, size, bold)
		img := ebiten.NewImage(int(math.Ceil(w+2*pad)), int(math.Ceil(m.HAscent+m.HDescent+m.HLineGap+2*pad)))
		label(img, s, size, bold, pad, pad, left, c, outline)
		ti = &textImg{img, w, pad}
		textCache[k] = ti
	}
	switch a {
	case center:
		x -= ti.w / 2
	case right:
		x -= ti.w
	}
	textOp.GeoM.Reset()
	textOp.GeoM.Translate(x-ti.pad, y-ti.pad)
	dst.DrawImage(ti.img, &textOp)
}

// opTextMid is labelMid from a cached image.
func opTextMid(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a align, c color.RGBA, outline float64) {
	opText(dst, s, size, bold, x, y-size*0.62, a, c, outline)
}

// opFit is fitSize, measured once per string.
func opFit(s string, size float64, bold bool, w float64) float64 {
	k := fitKey{s, size, w, bold}
	if f, ok := fitCache[k]; ok {
		return f
	}
	if len(fitCache) >= textCacheMax {
		clear(fitCache)
	}
	f := fitSize(s, size, bold, w)
	fitCache[k] = f
	return f
}

// opCount writes a count grouped for the operator ("12 345", "12,345").
func opCount(n int64) string { return screenLang.operator.Count(n) }
