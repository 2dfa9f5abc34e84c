//go:build cgo && !noscreen

package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// The status line (a refusal, how to put money in, a cash-out on its way) sits at
// the bottom left of the reel area, above the meters, in a box that ends left of
// the QR panel (cashless.go), so that the panel never hides it. A message too long
// for one line takes two; one too long for two at the usual size is drawn smaller.
const (
	statusX, statusW  = 40, qrPanelX - 24 - 40 // the box: x and width
	statusBottom      = 838                    // its bottom edge (the meters' panel starts at 840)
	statusSize        = 20.0                   // the usual size (bold)
	statusMinSize     = 16.0                   // the smallest size it is shrunk to
	statusLines       = 2
	statusPad         = 8
	statusLineSpacing = 4
)

// statusLayout is how msg is drawn in the status box: its lines and their size.
// Beyond two lines at the smallest size the last line is shrunk to fit.
func statusLayout(msg string) ([]string, float64) {
	w := float64(statusW - 2*statusPad)
	size := statusSize
	lines := wrap(msg, size, true, w)
	for len(lines) > statusLines && size > statusMinSize {
		size--
		lines = wrap(msg, size, true, w)
	}
	return lines, size
}

// drawStatusLine draws msg in the status box (nothing when msg is empty).
func drawStatusLine(dst *ebiten.Image, msg string) {
	if msg == "" {
		return
	}
	w := float64(statusW - 2*statusPad)
	if msg != statusMemo.msg { // laid out once per message: a frame allocates nothing
		statusMemo.msg = msg
		statusMemo.lines, statusMemo.size = statusLayout(msg)
		statusMemo.w = 0
		for _, ln := range statusMemo.lines {
			statusMemo.w = max(statusMemo.w, min(w, textWidth(ln, statusMemo.size, true)))
		}
	}
	lines, size := statusMemo.lines, statusMemo.size
	h := float32(len(lines))*float32(size+statusLineSpacing) + statusPad
	y := float32(statusBottom) - h
	fill(dst, roundRect(statusX, y, float32(statusMemo.w)+2*statusPad, h, 10), solid(color.RGBA{0, 0, 0, 160}))
	for i, ln := range lines {
		label(dst, ln, fitSize(ln, size, true, w), true, statusX+statusPad, float64(y)+statusPad/2+float64(i)*(size+statusLineSpacing), left, rgb(255, 255, 255), 2)
	}
}

// statusMemo is the layout of the last status line drawn.
var statusMemo struct {
	msg   string
	lines []string
	size  float64
	w     float64 // the widest line
}
