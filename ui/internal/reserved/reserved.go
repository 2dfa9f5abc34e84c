package reserved

import (
	"fmt"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
)

// Lines are the cover's words.
type Lines struct {
	Title, For, Left, LeftCaption, Kept, Scan, Staff, End string
}

// Words are the cover's words for st at now ("" Title when st is no
// reservation). The time left is m:ss, counted from the recorded end.
func Words(st machine.Status, now time.Time) Lines {
	r := st.Reserved
	if st.State != machine.Reserved || r == nil {
		return Lines{}
	}
	s := int64(r.Left(now) / time.Second)
	return Lines{
		Title: kit.Tr("play.reserved.title"), For: kit.Tr("play.reserved.for_player"),
		Left: fmt.Sprintf("%d:%02d", s/60, s%60), LeftCaption: kit.Tr("play.reserved.time_left"),
		Kept: kit.Tr("play.reserved.kept", "Amount", kit.PlayerMoney(st.CreditsCents)),
		Scan: kit.Tr("play.reserved.back_scan"), Staff: kit.Tr("play.reserved.back_staff"), End: kit.Tr("play.reserved.end_note"),
	}
}

// Geometry: beside the QR panel (kit.QRPanelX, 640 wide, from y 120 to 940),
// one panel at each side; without the panel, one panel in the middle.
const (
	sideW, sideY, sideH = 560, 120, 820
	leftX               = (kit.QRPanelX - sideW) / 2
	rightX              = kit.QRPanelX + kit.QRPanelW + leftX
	midW, midX          = 1200, (paint.ScreenW - 1200) / 2
)

// Panel's colours.
var (
	top, bottom, frame = paint.RGB(18, 44, 86), paint.RGB(6, 14, 34), paint.RGB(120, 190, 255)
	white, gold, grey  = paint.RGB(255, 255, 255), paint.RGB(255, 220, 110), paint.RGB(190, 200, 220)
)

// Draw covers the screen for the reservation in st at now; beside is true when
// the QR panel is drawn in the middle (the machine's code to scan): the cover
// is then two panels at its sides, drawn after it.
func Draw(dst *ebiten.Image, st machine.Status, now time.Time, beside bool) {
	w := Words(st, now)
	if w.Title == "" {
		return
	}
	if !beside { // beside the QR panel, the panel has dimmed the scene already
		paint.Fill(dst, paint.RoundRect(0, 0, paint.ScreenW, paint.ScreenH, 0), paint.Solid(color.RGBA{0, 0, 0, 210}))
		paint.Antialiased(func() { paint.Panel(dst, midX, sideY, midW, sideH, 36, top, bottom, frame, 6) })
		cx, in := float64(paint.ScreenW/2), float64(midW-80)
		label(dst, w.Title, 110, true, cx, 230, in, white, 5)
		label(dst, w.For, 36, true, cx, 330, in, grey, 2)
		label(dst, w.Left, 130, true, cx, 470, in, gold, 5)
		label(dst, w.LeftCaption, 28, true, cx, 560, in, grey, 0)
		label(dst, w.Kept, 36, true, cx, 640, in, white, 2)
		label(dst, w.Scan, 30, true, cx, 740, in, gold, 2)
		label(dst, w.Staff, 30, true, cx, 800, in, gold, 2)
		label(dst, w.End, 22, false, cx, 880, in, grey, 0)
		return
	}
	paint.Antialiased(func() {
		paint.Panel(dst, leftX, sideY, sideW, sideH, 32, top, bottom, frame, 5)
		paint.Panel(dst, rightX, sideY, sideW, sideH, 32, top, bottom, frame, 5)
	})
	in := float64(sideW - 60)
	cx := float64(leftX + sideW/2)
	label(dst, w.Title, 84, true, cx, 240, in, white, 4)
	label(dst, w.For, 32, true, cx, 330, in, grey, 2)
	label(dst, w.Left, 120, true, cx, 520, in, gold, 5)
	label(dst, w.LeftCaption, 28, true, cx, 620, in, grey, 0)
	label(dst, w.Kept, 32, true, cx, 780, in, white, 2)
	cx = float64(rightX + sideW/2)
	wrapped(dst, w.Scan, 40, cx, 300, in, gold)
	label(dst, w.Staff, 36, true, cx, 620, in, gold, 2)
	wrapped(dst, w.End, 26, cx, 760, in, grey)
}

// label draws s centred on (x, y), fitted to width w.
func label(dst *ebiten.Image, s string, size float64, bold bool, x, y, w float64, c color.RGBA, outline float64) {
	paint.LabelMid(dst, s, paint.FitSize(s, size, bold, w), bold, x, y, paint.Center, c, outline)
}

// wrapKey is a sentence broken into lines at a size and width.
type wrapKey struct {
	s       string
	size, w float64
}

// wraps keeps the broken sentences (a few per language): not broken again each
// frame.
var wraps = map[wrapKey][]string{}

// wrapped draws s in bold lines of width w from y down, centred on x.
func wrapped(dst *ebiten.Image, s string, size, x, y, w float64, c color.RGBA) {
	k := wrapKey{s, size, w}
	lines, ok := wraps[k]
	if !ok {
		if len(wraps) > 64 {
			clear(wraps)
		}
		lines = slotscene.Wrap(s, size, true, w)
		wraps[k] = lines
	}
	for i, l := range lines {
		label(dst, l, size, true, x, y+float64(i)*size*1.3, w, c, 2)
	}
}
