//go:build cgo && !noscreen

package scene

import (
	"fmt"
	"image/color"
	"runtime/metrics"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/paint"
)

// overlay is the frame-cost overlay F12 toggles over every scene: FPS and TPS as
// Ebiten counts them, the Update and Draw time of the scene and the heap
// allocations made during them, averaged over the last half second. The figures
// are written into their text twice a second, so the overlay itself adds a few
// allocations a second, not a frame.
type overlay struct {
	on                 bool
	sample             [1]metrics.Sample
	frames             int
	upd, drw           time.Duration
	allocs             uint64
	Line1, Line2       string
	lastUpd, lastAlloc uint64
}

// OverlayEvery is the frames between two refreshes of the figures.
const OverlayEvery = 30

func newOverlay() *overlay {
	o := &overlay{}
	o.sample[0].Name = "/gc/heap/allocs:objects"
	return o
}

// heapAllocs is the count of heap allocations so far.
func (o *overlay) heapAllocs() uint64 {
	metrics.Read(o.sample[:])
	if o.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return o.sample[0].Value.Uint64()
}

// begin starts measuring an Update or Draw (0 when the overlay is off).
func (o *overlay) begin() (time.Time, uint64) {
	if !o.on {
		return time.Time{}, 0
	}
	return time.Now(), o.heapAllocs()
}

// end adds an Update's (draw false) or Draw's cost.
func (o *overlay) end(t0 time.Time, a0 uint64, draw bool) {
	if !o.on {
		return
	}
	d := time.Since(t0)
	o.allocs += o.heapAllocs() - a0
	if !draw {
		o.upd += d
		return
	}
	o.drw += d
	o.frames++
	if o.frames == OverlayEvery {
		n := time.Duration(o.frames)
		o.Line1 = fmt.Sprintf("FPS %.1f  TPS %.1f", ebiten.ActualFPS(), ebiten.ActualTPS())
		o.Line2 = fmt.Sprintf("UPDATE %.2f ms  DRAW %.2f ms  ALLOCS %.1f/FRAME",
			float64((o.upd/n).Microseconds())/1000, float64((o.drw/n).Microseconds())/1000, float64(o.allocs)/float64(o.frames))
		o.frames, o.upd, o.drw, o.allocs = 0, 0, 0, 0
	}
}

// Toggle switches the overlay (F12).
func (o *overlay) Toggle() {
	o.on = !o.on
	o.frames, o.upd, o.drw, o.allocs = 0, 0, 0, 0
	o.Line1, o.Line2 = "FPS …", "MEASURING …"
}

// draw shows the figures in the top right corner, over the jackpot meter.
func (o *overlay) draw(dst *ebiten.Image) {
	if !o.on {
		return
	}
	paint.Fill(dst, paint.RoundRect(paint.ScreenW-660, 134, 640, 84, 12), paint.Solid(color.RGBA{0, 0, 0, 190}))
	paint.Label(dst, o.Line1, 24, true, paint.ScreenW-36, 142, paint.Right, paint.RGB(120, 255, 120), 0)
	paint.Label(dst, o.Line2, 24, true, paint.ScreenW-36, 178, paint.Right, paint.RGB(120, 255, 120), 0)
}
