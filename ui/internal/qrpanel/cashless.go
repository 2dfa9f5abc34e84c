//go:build cgo && !noscreen

package qrpanel

import (
	"image/color"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
	"egm/wallet"
)

// The QR panel's place on the 1920×1080 screen: centred over the reels.
const (
	QrPanelW, QrPanelH = kit.QRPanelW, 820
	QrPanelX, QrPanelY = kit.QRPanelX, 120
	QrSize             = 520 // the QR code's square, quiet zone included
	QrX, QrY           = QrPanelX + (QrPanelW-QrSize)/2, QrPanelY + 120
)

// In attract mode the cash-in code is a card at the right edge instead: the attract
// mode (the cabinet's advertisement) stays in view behind it, undimmed.
const (
	QrCardW, QrCardH = 280, 420
	QrCardX, QrCardY = paint.ScreenW - QrCardW - 12, 140
	qrCardSize       = 252
	qrCardQX         = QrCardX + (QrCardW-qrCardSize)/2
	qrCardQY         = QrCardY + 70
)

// Cashless is the cabinet's QR panel (R-CASH-1/2): the cash-in code, shown while
// the machine is idle with no credits or on F3, and the cash-out code while the
// machine holds a live cash-out code (after CASH OUT or the idle cash-out) that
// waits for the player's wallet. It is drawn over the current scene: the whole
// panel over a dimmed game, or, in attract mode, the cash-in code as a card at the
// right edge so that the attract mode goes on beside it.
type Cashless struct {
	q         QrCode
	IdleMin   int  // the idle cash-out interval, shown on the panel (R-CASH-6)
	asked     bool // F3: the player asked for the cash-in code with credits on
	kind      wallet.Kind
	img       *ebiten.Image
	imgGen    int
	imgText   string
	assetLine string
	st        machine.Status // the latest status (the idle cash-out's countdown)
	// Compact: the attract mode is on screen; a cash-in code is drawn as the
	// corner card (a cash-out code always takes the whole panel).
	Compact bool
	imgSize int
	op      ebiten.DrawImageOptions
}

// idleWarn: in the last minutes before the idle cash-out (R-CASH-6) a banner says
// when the balance returns to the wallet.
const idleWarn = 2 * time.Minute

func NewCashless(codes WalletCodes, now func() time.Time, idleMinutes int) *Cashless {
	if now == nil {
		now = time.Now
	}
	return &Cashless{q: QrCode{Codes: codes, Now: now}, IdleMin: idleMinutes}
}

// Update decides which code is shown from the machine's status.
func (c *Cashless) Update(st machine.Status, key bool) {
	c.st = st
	if key {
		c.asked = !c.asked
	}
	switch {
	case st.AFTCashout != nil && st.CreditsCents > 0:
		c.kind = wallet.CashOut
		c.q.Want(wallet.CashOut, st.AFTCashout.ID)
	case st.State == machine.Idle && (st.CreditsCents == 0 || c.asked), st.State == machine.Reserved: // reserved: its scan is the player's way back
		c.kind = wallet.CashIn
		c.q.Want(wallet.CashIn, st.WalletRefused) // a code the wallet declined is spent: a new one
	default:
		if c.kind != 0 {
			c.q.Reset()
		}
		c.kind, c.asked = 0, false
	}
}

// visible tells whether the panel is drawn.
func (c *Cashless) visible() bool { return c.kind != 0 }

// Draw draws the panel (nothing when no code is wanted).
func (c *Cashless) Draw(dst *ebiten.Image) {
	if c.kind == 0 {
		c.drawIdle(dst)
		return
	}
	text, p, gen, err := c.q.Shown()
	if c.Compact && c.kind == wallet.CashIn {
		c.drawCard(dst, text, p, gen, err)
		return
	}
	dst.DrawImage(dimmer(), nil)
	top, bottom, frame := paint.RGB(22, 30, 58), paint.RGB(8, 10, 24), paint.RGB(230, 190, 80)
	title := kit.Tr("play.qr.scan_to_play")
	if c.kind == wallet.CashOut {
		top, bottom, frame, title = paint.RGB(20, 60, 40), paint.RGB(6, 20, 14), paint.RGB(120, 230, 140), kit.Tr("play.qr.scan_to_cash_out")
	}
	paint.Antialiased(func() { paint.Panel(dst, QrPanelX, QrPanelY, QrPanelW, QrPanelH, 28, top, bottom, frame, 4) })
	cx := float64(QrPanelX + QrPanelW/2)
	paint.LabelMid(dst, title, paint.FitSize(title, 54, true, QrPanelW-48), true, cx, QrPanelY+62, paint.Center, paint.RGB(255, 255, 255), 3)
	switch {
	case err != nil:
		unavailable, call := kit.Tr("play.qr.unavailable"), kit.Tr("play.status.call_attendant") // the error is the engineers' (logged where it arose)
		paint.LabelMid(dst, unavailable, paint.FitSize(unavailable, 34, true, QrPanelW-48), true, cx, QrY+QrSize/2-30, paint.Center, paint.RGB(255, 120, 100), 2)
		paint.LabelMid(dst, call, paint.FitSize(call, 22, false, QrPanelW-48), false, cx, QrY+QrSize/2+20, paint.Center, paint.RGB(230, 230, 230), 0)
		return
	case text == "":
		paint.LabelMid(dst, kit.Tr("play.qr.preparing"), 34, true, cx, QrY+QrSize/2, paint.Center, paint.RGB(230, 230, 230), 2)
		return
	}
	if !c.drawCode(dst, text, gen, QrX, QrY, QrSize) {
		unavailable := kit.Tr("play.qr.unavailable")
		paint.LabelMid(dst, unavailable, paint.FitSize(unavailable, 34, true, QrPanelW-48), true, cx, QrY+QrSize/2, paint.Center, paint.RGB(255, 120, 100), 2)
		return
	}
	y := float64(QrY + QrSize + 46)
	if c.kind == wallet.CashOut {
		paint.LabelMid(dst, kit.PlayerMoney(p.Cents), 50, true, cx, y, paint.Center, paint.RGB(255, 220, 90), 3)
	} else {
		add := kit.Tr("play.qr.add_credits")
		paint.LabelMid(dst, add, paint.FitSize(add, 26, true, QrPanelW-48), true, cx, y, paint.Center, paint.RGB(255, 220, 90), 2)
	}
	remain := p.Expiry.Sub(c.q.Now())
	code := QrCodeLine(p.Asset, p.Machine, remain)
	paint.LabelMid(dst, code, paint.FitSize(code, 24, false, QrPanelW-48), false, cx, y+52, paint.Center, paint.RGB(220, 220, 220), 0)
	note := slotscene.TrCount("play.qr.idle_note", int64(c.IdleMin))
	switch {
	case c.kind == wallet.CashOut:
		note = kit.Tr("play.qr.cash_out_note")
	case c.st.State == machine.Reserved: // the idle cash-out waits for the reservation's end (the cover says when)
		return
	}
	paint.LabelMid(dst, note, paint.FitSize(note, 20, false, QrPanelW-48), false, cx, y+88, paint.Center, paint.RGB(170, 170, 190), 0)
}

// drawCode draws the code of text as a size×size square at x, y, made into an image
// once per code and size; false when it cannot be drawn.
func (c *Cashless) drawCode(dst *ebiten.Image, text string, gen int, x, y float64, size int) bool {
	if c.img == nil || c.imgGen != gen || c.imgText != text || c.imgSize != size {
		q, err := wallet.QRImage(text, size)
		if err != nil {
			return false
		}
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img, c.imgGen, c.imgText, c.imgSize = ebiten.NewImageFromImage(q), gen, text, size
	}
	c.op.GeoM.Reset()
	c.op.GeoM.Translate(x, y)
	dst.DrawImage(c.img, &c.op)
	return true
}

// drawCard draws the attract mode's cash-in card at the right edge of the screen.
func (c *Cashless) drawCard(dst *ebiten.Image, text string, p wallet.Payload, gen int, err error) {
	paint.Antialiased(func() {
		paint.Panel(dst, QrCardX, QrCardY, QrCardW, QrCardH, 22, paint.RGB(22, 30, 58), paint.RGB(8, 10, 24), paint.RGB(230, 190, 80), 3)
	})
	cx := float64(QrCardX + QrCardW/2)
	scan := kit.Tr("play.qr.scan_to_play")
	paint.LabelMid(dst, scan, paint.FitSize(scan, 34, true, QrCardW-16), true, cx, QrCardY+38, paint.Center, paint.RGB(255, 255, 255), 2)
	mid := float64(qrCardQY + qrCardSize/2)
	switch {
	case err != nil:
		unavailable := kit.Tr("play.qr.unavailable")
		paint.LabelMid(dst, unavailable, paint.FitSize(unavailable, 20, true, QrCardW-16), true, cx, mid, paint.Center, paint.RGB(255, 120, 100), 1)
		return
	case text == "":
		preparing := kit.Tr("play.qr.preparing")
		paint.LabelMid(dst, preparing, paint.FitSize(preparing, 22, true, QrCardW-16), true, cx, mid, paint.Center, paint.RGB(230, 230, 230), 1)
		return
	}
	if !c.drawCode(dst, text, gen, qrCardQX, qrCardQY, qrCardSize) {
		unavailable := kit.Tr("play.qr.unavailable")
		paint.LabelMid(dst, unavailable, paint.FitSize(unavailable, 20, true, QrCardW-16), true, cx, mid, paint.Center, paint.RGB(255, 120, 100), 1)
		return
	}
	y := float64(qrCardQY + qrCardSize + 34)
	with := kit.Tr("play.qr.with_wallet")
	paint.LabelMid(dst, with, paint.FitSize(with, 22, true, QrCardW-16), true, cx, y, paint.Center, paint.RGB(255, 220, 90), 1)
	code := QrCardLine(p.Asset, p.Expiry.Sub(c.q.Now()))
	paint.LabelMid(dst, code, paint.FitSize(code, 18, false, QrCardW-16), false, cx, y+34, paint.Center, paint.RGB(220, 220, 220), 0)
}

var dimImage *ebiten.Image

// dimmer is a translucent black screen over the scene behind the panel.
func dimmer() *ebiten.Image {
	if dimImage == nil {
		dimImage = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
		dimImage.Fill(color.RGBA{0, 0, 0, 150})
	}
	return dimImage
}

// QrCodeLine is the QR panel's line under the code: the machine's asset number
// and id, and how long the code stays valid.
func QrCodeLine(asset uint32, machineID string, remain time.Duration) string {
	return kit.Tr("play.qr.code_line", "Asset", strconv.FormatUint(uint64(asset), 10), "Machine", machineID, "Time", Countdown(remain))
}

// QrCardLine is the attract card's line under the code.
func QrCardLine(asset uint32, remain time.Duration) string {
	return kit.Tr("play.qr.card_line", "Asset", strconv.FormatUint(uint64(asset), 10), "Time", Countdown(remain))
}

// IdleText is the idle cash-out's banner: the balance and the time left.
func IdleText(cents int64, left time.Duration) string {
	return kit.Tr("play.qr.idle_banner", "Amount", kit.PlayerMoney(cents), "Time", Countdown(left))
}

// drawIdle draws the idle cash-out's countdown banner in its last minutes.
func (c *Cashless) drawIdle(dst *ebiten.Image) {
	st := c.st
	if st.State != machine.Idle || st.CreditsCents == 0 || st.IdleCashoutAt.IsZero() {
		return
	}
	left := st.IdleCashoutAt.Sub(c.q.Now())
	if left > idleWarn || left < 0 {
		return
	}
	const w, h = 980, 64
	x, y := float32(paint.ScreenW-w)/2, float32(112)
	paint.Antialiased(func() {
		paint.Panel(dst, x, y, w, h, 18, paint.RGB(40, 30, 70), paint.RGB(16, 12, 30), paint.RGB(230, 190, 80), 3)
	})
	msg := IdleText(st.CreditsCents, left)
	paint.LabelMid(dst, msg, paint.FitSize(msg, 30, true, w-40), true, float64(paint.ScreenW)/2, float64(y)+h/2, paint.Center, paint.RGB(255, 225, 120), 2)
}

// Fetched tells whether the code asked for is held (or its error): for a rig
// that captures the panel once it shows its code.
func (c *Cashless) Fetched() bool {
	c.q.Mu.Lock()
	defer c.q.Mu.Unlock()
	return !c.q.Fetching && (c.q.text != "" || c.q.err != nil)
}
