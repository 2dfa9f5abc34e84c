//go:build cgo && !noscreen

package paint

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The label cache: every text drawn is laid out and drawn once into an image of
// its own, white with its black outline, keyed by the text, size, weight and
// outline; drawing it again is one DrawImage tinted with the label's colour. A label unused for labelIdle frames is released (the win meter
// counting up makes a new one on every frame for a few seconds), and the cache
// never holds more than labelLimit. Widths measured for fitSize are cached too.

type labelKey struct {
	s       string
	size    float64
	bold    bool
	outline float64
}

type labelImage struct {
	img  *ebiten.Image
	w    float64 // the text's advance width
	pad  float64 // room around it for the outline
	used int     // the frame it was last drawn in
}

type widthKey struct {
	s    string
	size float64
	bold bool
}

const (
	labelLimit = 2048
	LabelIdle  = 180 // frames
)

var (
	labels     = map[labelKey]*labelImage{}
	widths     = map[widthKey]float64{}
	labelFrame int // frames counted by sweepLabels
)

// cachedLabel returns the image of a label, drawing it the first time.
func cachedLabel(k labelKey) *labelImage {
	if l := labels[k]; l != nil {
		l.used = labelFrame
		return l
	}
	if len(labels) >= labelLimit {
		evictLabels(1) // all but this frame's
	}
	w := TextWidth(k.s, k.size, k.bold)
	pad := math.Ceil(1.5*k.outline) + 2
	m := Face(k.size, k.bold).Metrics()
	h := m.HAscent + m.HDescent
	img := ebiten.NewImage(int(math.Ceil(w+2*pad)), int(math.Ceil(h+2*pad)))
	renderLabel(img, k.s, k.size, k.bold, pad, pad, color.RGBA{255, 255, 255, 255}, k.outline)
	l := &labelImage{img: img, w: w, pad: pad, used: labelFrame}
	labels[k] = l
	return l
}

// SweepLabels counts a frame and, every idle frames, releases the labels not
// drawn for idle frames.
func SweepLabels(idle int) {
	labelFrame++
	if labelFrame%idle == 0 {
		evictLabels(idle)
	}
}

// evictLabels releases the labels not drawn for idle frames.
func evictLabels(idle int) {
	for k, l := range labels {
		if labelFrame-l.used >= idle {
			l.img.Deallocate()
			delete(labels, k)
		}
	}
	if len(widths) >= labelLimit/2 {
		clear(widths)
	}
}
