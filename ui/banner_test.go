//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"testing"

	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
)

// A banner (SCALE UP over the Lock & Spin grid) is drawn whole from its first
// tick, fading in: never a panel without its words growing over the symbols.
func TestBannerFadesInWhole(t *testing.T) {
	if k := slotscene.BannerOpacity(0); k != 0 {
		t.Errorf("opacity %v before the banner begins", k)
	}
	last := 0.0
	for lt := 1; lt <= slotscene.BannerFade; lt++ {
		k := slotscene.BannerOpacity(lt)
		if k <= last || k > 1 {
			t.Errorf("opacity %v at tick %d after %v", k, lt, last)
		}
		last = k
	}
	if last != 1 || slotscene.BannerOpacity(10*slotscene.BannerFade) != 1 {
		t.Errorf("the banner ends at opacity %v", last)
	}
	for _, c := range []color.RGBA{paint.RGB(255, 230, 110), paint.Alpha(paint.RGB(30, 170, 60), 0.35), paint.RGB(0, 0, 0)} {
		if got := slotscene.Faded(c, 1); got != c {
			t.Errorf("faded(%v, 1) = %v", c, got)
		}
		h := slotscene.Faded(c, 0.5)
		if h.A != c.A/2 || h.R > h.A && c.R <= c.A || h.G > h.A && c.G <= c.A || h.B > h.A && c.B <= c.A {
			t.Errorf("faded(%v, 0.5) = %v: not the colour at half opacity", c, h)
		}
	}
}
