//go:build cgo && !noscreen

package slotscene

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// The status line (a refusal, how to put money in, a cash-out on its way) sits at
// the bottom left of the screen, above the meters, in a box that ends left of the
// QR panel (cashless.go), so that the panel never hides it. On the play scene it
// stands in the column left of the reel frame, which it never overlaps: there it
// is narrower and may take more lines, growing upwards. A message too long for
// its lines at the usual size is drawn smaller.
const (
	statusX           = 40
	StatusW           = kit.QRPanelX - 24 - statusX // the widest box (table scenes)
	statusBottom      = 838                         // its bottom edge (the meters' panel starts at 840)
	StatusTop         = 140                         // no box reaches above (the jackpot panels end at 126)
	statusFrameGap    = 14                          // between the box and the reel frame
	statusSize        = 20.0                        // the usual size (bold)
	StatusMinSize     = 16.0                        // the smallest size it is shrunk to
	statusLines       = 2                           // the lines of the widest box
	statusNarrowLines = 8                           // the lines of a box beside the reel frame
	StatusPad         = 8
	statusLineSpacing = 4
)

// StatusBox is the place of a status line: its left edge, its widest width and the
// most lines it takes.
type StatusBox struct {
	x, W  float32
	Lines int
}

// WideStatus is the status box of the table scenes.
var WideStatus = StatusBox{statusX, StatusW, statusLines}

// PlayStatus is the status box of the play scene with reel window g: left of the
// reel frame (drawFrame's outer panel starts 26 left of the window).
func PlayStatus(g geom) StatusBox {
	w := min(StatusW, g.X-26-statusFrameGap-statusX)
	if w >= StatusW {
		return WideStatus
	}
	return StatusBox{statusX, w, statusNarrowLines}
}

// Layout is how msg is drawn in the box: its lines and their size. Beyond the
// box's lines at the smallest size the last line is shrunk to fit.
func (b StatusBox) Layout(msg string) ([]string, float64) {
	w := float64(b.W - 2*StatusPad)
	size := statusSize
	lines := Wrap(msg, size, true, w)
	for len(lines) > b.Lines && size > StatusMinSize {
		size--
		lines = Wrap(msg, size, true, w)
	}
	return lines, size
}

// StatusLayout is msg's layout in the widest box.
func StatusLayout(msg string) ([]string, float64) { return WideStatus.Layout(msg) }

// Rect is the box drawn around msg's lines: x, y, width and height.
func (b StatusBox) Rect(lines []string, size float64) (x, y, w, h float32) {
	inner := float64(b.W - 2*StatusPad)
	tw := 0.0
	for _, ln := range lines {
		tw = max(tw, min(inner, paint.TextWidth(ln, size, true)))
	}
	h = float32(len(lines))*float32(size+statusLineSpacing) + StatusPad
	return b.x, statusBottom - h, float32(tw) + 2*StatusPad, h
}

// DrawStatusLine draws msg in box b (nothing when msg is empty).
func DrawStatusLine(dst *ebiten.Image, b StatusBox, msg string) {
	if msg == "" {
		return
	}
	if msg != statusMemo.msg || b != statusMemo.box { // laid out once per message: a frame allocates nothing
		statusMemo.msg, statusMemo.box = msg, b
		statusMemo.lines, statusMemo.size = b.Layout(msg)
		statusMemo.x, statusMemo.y, statusMemo.w, statusMemo.h = b.Rect(statusMemo.lines, statusMemo.size)
	}
	m := &statusMemo
	paint.Fill(dst, paint.RoundRect(m.x, m.y, m.w, m.h, 10), paint.Solid(color.RGBA{0, 0, 0, 160}))
	inner := float64(b.W - 2*StatusPad)
	for i, ln := range m.lines {
		paint.Label(dst, ln, paint.FitSize(ln, m.size, true, inner), true, float64(m.x)+StatusPad, float64(m.y)+StatusPad/2+float64(i)*(m.size+statusLineSpacing), paint.Left, paint.RGB(255, 255, 255), 2)
	}
}

// statusMemo is the layout of the last status line drawn.
var statusMemo struct {
	msg        string
	box        StatusBox
	lines      []string
	size       float64
	x, y, w, h float32 // the box drawn
}
