//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/games"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// F12's overlay draws the frame figures in green in the top right corner, over
// any scene, and they are refreshed with real figures after half a second.
func TestOverlay(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	m := scene.NewManager(slotscene.NewPlay(NewDemoSession(ts[0], 1), ts))
	before := runManager(m, 3)
	m.Overlay.Toggle()
	after := runManager(m, scene.OverlayEvery+2)
	count := func(pix []uint8, w int) int {
		n := 0
		for y := 140; y < 215; y++ {
			for x := paint.ScreenW - 650; x < paint.ScreenW-30; x++ {
				i := 4 * (y*w + x)
				if pix[i+1] > 200 && pix[i] < 160 && pix[i+2] < 160 {
					n++
				}
			}
		}
		return n
	}
	if n := count(before.Pix, paint.ScreenW); n > 50 {
		t.Errorf("%d green pixels before F12", n)
	}
	if n := count(after.Pix, paint.ScreenW); n < 500 {
		t.Errorf("only %d green pixels with the overlay on", n)
	}
	if !strings.HasPrefix(m.Overlay.Line1, "FPS ") || !strings.Contains(m.Overlay.Line2, "ALLOCS") || strings.Contains(m.Overlay.Line2, "MEASURING") {
		t.Errorf("overlay lines %q / %q", m.Overlay.Line1, m.Overlay.Line2)
	}
}
