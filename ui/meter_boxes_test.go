//go:build cgo && !noscreen

package ui

import (
	"image"
	"testing"

	"egm/games"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// A metered cabinet's attract mode shows no empty meter box: with no credit only
// the demo's notice has a box, with credit the player's credit has one too; the
// bet and denomination places stay the bare panel. A game in play shows all four.
func TestAttractMeterBoxes(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	// lit counts the pixels brighter than the bare panel in box i's place.
	lit := func(img *image.RGBA, i int) int {
		n := 0
		x0, w := int(slotscene.MeterBoxes[i][0]), int(slotscene.MeterBoxes[i][1])
		for y := slotscene.MeterBoxY - 2; y < slotscene.MeterBoxY+slotscene.MeterBoxH+2; y++ {
			for x := x0 - 2; x < x0+w+2; x++ {
				c := img.RGBAAt(x, y)
				if max(c.R, c.G, c.B) > 70 {
					n++
				}
			}
		}
		return n
	}
	for _, c := range []struct {
		name   string
		credit func() int64
		boxed  [4]bool
	}{
		{"play", nil, [4]bool{true, true, true, true}},
		{"attract, no credit", func() int64 { return 0 }, [4]bool{false, false, false, true}},
		{"attract, credit", func() int64 { return 12_50 }, [4]bool{true, false, false, true}},
	} {
		p := slotscene.NewPlay(NewDemoSession(ts[0], 1), ts)
		p.Credit = c.credit
		img := runManager(scene.NewManager(p), 3)
		for i, want := range c.boxed {
			n := lit(img, i)
			if want && n < 300 {
				t.Errorf("%s: meter box %d not drawn (%d lit pixels)", c.name, i, n)
			}
			if !want && n > 0 {
				t.Errorf("%s: meter box %d drawn with nothing in it (%d lit pixels)", c.name, i, n)
			}
		}
	}
}
