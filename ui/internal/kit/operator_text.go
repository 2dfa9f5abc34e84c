//go:build cgo && !noscreen

package kit

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/paint"
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

// OpText is label from a cached image of the text.
func OpText(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a paint.Align, c color.RGBA, outline float64) {
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
		m := paint.Face(size, bold).Metrics()
		pad := 2 + math.Ceil(outline*1.5)
		w := paint.TextWidth(s, size, bold)
		img := ebiten.NewImage(int(math.Ceil(w+2*pad)), int(math.Ceil(m.HAscent+m.HDescent+m.HLineGap+2*pad)))
		paint.Label(img, s, size, bold, pad, pad, paint.Left, c, outline)
		ti = &textImg{img, w, pad}
		textCache[k] = ti
	}
	switch a {
	case paint.Center:
		x -= ti.w / 2
	case paint.Right:
		x -= ti.w
	}
	textOp.GeoM.Reset()
	textOp.GeoM.Translate(x-ti.pad, y-ti.pad)
	dst.DrawImage(ti.img, &textOp)
}

// OpTextMid is labelMid from a cached image.
func OpTextMid(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, a paint.Align, c color.RGBA, outline float64) {
	OpText(dst, s, size, bold, x, y-size*0.62, a, c, outline)
}

// OpFit is fitSize, measured once per string.
func OpFit(s string, size float64, bold bool, w float64) float64 {
	k := fitKey{s, size, w, bold}
	if f, ok := fitCache[k]; ok {
		return f
	}
	if len(fitCache) >= textCacheMax {
		clear(fitCache)
	}
	f := paint.FitSize(s, size, bold, w)
	fitCache[k] = f
	return f
}

// OpCount writes a count grouped for the operator ("12 345", "12,345").
func OpCount(n int64) string { return ScreenLang.Operator.Count(n) }
