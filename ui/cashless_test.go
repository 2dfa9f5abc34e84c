//go:build cgo && !noscreen

package ui

import (
	"crypto/ed25519"
	"image"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games"
	"egm/games/slot"
	"egm/machine"
	"egm/machine/aft"
	"egm/ui/internal/paint"
	"egm/ui/internal/qrpanel"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/wallet"
	"egm/wallet/qrscan"
)

// qrShotNow is the fixed clock of the QR shots: codes expire 2 minutes after it.
var qrShotNow = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// qrShotKey signs the shots' codes.
var qrShotKey = ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))

// qrShotScene is the cabinet's play scene under the QR panel, with a fixed status.
type qrShotScene struct {
	under scene.Scene
	cash  *qrpanel.Cashless
	st    machine.Status
	text  *string // the text the panel was given
}

func (q *qrShotScene) Update(m *scene.Manager) error {
	q.cash.Update(q.st, false)
	return q.under.Update(m)
}

func (q *qrShotScene) Draw(screen *ebiten.Image) {
	q.under.Draw(screen)
	q.cash.Draw(screen)
}

// recordingCodes is a WalletCodes that notes the text it gave.
type recordingCodes struct {
	p    *wallet.Presenter
	text *string
}

func (r recordingCodes) Present(k wallet.Kind) (string, wallet.Payload, error) {
	t, p, err := r.p.Present(k)
	*r.text = t
	return t, p, err
}

// qrShots are the cash-in and cash-out panels over a play scene, for TestMain.
var qrShotTexts [4]string

func qrShots(titles []*slot.Title) []scene.Shot {
	t, err := games.ByID(shotTitle)
	if err != nil {
		panic(err)
	}
	var out []scene.Shot
	for i, st := range []machine.Status{
		{State: machine.Idle},
		{State: machine.Idle, CreditsCents: 123_45, AFTCashout: &aft.Code{ID: "K7Q2M9X4B1ZT5WJ8N3RD", Kind: aft.CodeCashOut, Cents: 123_45}},
		{State: machine.Idle, CreditsCents: 45_67, IdleCashoutAt: qrShotNow.Add(95 * time.Second)},
		{State: machine.Idle}, // the attract mode's corner card
	} {
		iss := wallet.IssuerFunc(func(k wallet.Kind) (wallet.Code, error) {
			c := wallet.Code{ID: "K7Q2M9X4B1ZT5WJ8N3RD", Kind: k, Expiry: qrShotNow.Add(2*time.Minute + 5*time.Second)}
			if k == wallet.CashOut {
				c.Cents = 123_45
			}
			return c, nil
		})
		p, err := wallet.NewPresenter(qrShotKey, 1234, "EGM-0001", iss)
		if err != nil {
			panic(err)
		}
		d := slotscene.NewDemoSession(t, 5)
		sc := &qrShotScene{under: slotscene.NewPlay(d, titles), st: st, text: &qrShotTexts[i]}
		sc.cash = qrpanel.NewCashless(recordingCodes{p, sc.text}, func() time.Time { return qrShotNow }, 15)
		sc.cash.Compact = i == 3

		out = append(out, scene.Shot{Scene: sc, Frames: 12})
	}
	return out
}

// The QR panel shows a code a phone reads back from the screen: decoded from the
// rendered frame, it is the signed payload the machine presented, for the right
// kind, machine and amount.
func TestQRPanelDecodes(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	for i, c := range []struct {
		kind  wallet.Kind
		cents int64
	}{{wallet.CashIn, 0}, {wallet.CashOut, 123_45}} {
		img := shots.qr[i]
		if img == nil {
			t.Fatal("no QR shot")
		}
		// A phone frames the panel: decode the panel's part of the screen.
		text, err := qrscan.DecodeQR(img.SubImage(image.Rect(qrpanel.QrPanelX, qrpanel.QrPanelY, qrpanel.QrPanelX+qrpanel.QrPanelW, qrpanel.QrPanelY+qrpanel.QrPanelH)))
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		if text != qrShotTexts[i] {
			t.Fatalf("%s: the screen shows %q, the machine presented %q", c.kind, text, qrShotTexts[i])
		}
		s, err := wallet.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if s.Kind != c.kind || s.Cents != c.cents || s.Asset != 1234 || s.Machine != "EGM-0001" {
			t.Fatalf("payload %+v", s.Payload)
		}
		if err := s.Verify(qrShotKey.Public().(ed25519.PublicKey), qrShotNow); err != nil {
			t.Fatal(err)
		}
		// The QR square: white quiet zone at its corners, dark and light modules in it.
		qr := image.Rect(qrpanel.QrX, qrpanel.QrY, qrpanel.QrX+qrpanel.QrSize, qrpanel.QrY+qrpanel.QrSize)
		for _, pt := range []image.Point{{X: qrpanel.QrX + 4, Y: qrpanel.QrY + 4}, {X: qrpanel.QrX + qrpanel.QrSize - 5, Y: qrpanel.QrY + 4}, {X: qrpanel.QrX + 4, Y: qrpanel.QrY + qrpanel.QrSize - 5}} {
			if p := img.RGBAAt(pt.X, pt.Y); p.R < 240 || p.G < 240 || p.B < 240 {
				t.Errorf("%s: quiet zone at %v is %v, not white", c.kind, pt, p)
			}
		}
		dark, light := 0, 0
		for y := qr.Min.Y; y < qr.Max.Y; y += 3 {
			for x := qr.Min.X; x < qr.Max.X; x += 3 {
				p := img.RGBAAt(x, y)
				switch {
				case p.R < 20 && p.G < 20 && p.B < 20:
					dark++
				case p.R > 235 && p.G > 235 && p.B > 235:
					light++
				}
			}
		}
		total := (qrpanel.QrSize / 3) * (qrpanel.QrSize / 3)
		if dark < total/5 || light < total/3 || dark+light < total*95/100 {
			t.Errorf("%s: QR square has %d dark and %d light of %d samples", c.kind, dark, light, total)
		}
	}
}

// In its last two minutes the idle cash-out's countdown shows over the game
// (R-CASH-6); no QR panel covers the reels meanwhile.
func TestIdleCashoutBanner(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	img := shots.qr[2]
	if dir := os.Getenv("EGM_SHOTS"); dir != "" {
		_ = scene.WritePNG(dir+"/idle-cashout.png", img)
	}
	dark, gold := 0, 0 // the banner's dark purple panel and its gold text, over the reels
	for y := 118; y < 170; y++ {
		for x := paint.ScreenW/2 - 460; x < paint.ScreenW/2+460; x++ {
			c := img.RGBAAt(x, y)
			switch {
			case c.R < 70 && c.G < 60 && c.B < 100 && c.B > c.G+5:
				dark++
			case c.R > 240 && c.G > 205 && c.G < 240 && c.B > 90 && c.B < 150:
				gold++
			}
		}
	}
	if dark < 920*52/3 || gold < 800 {
		t.Errorf("no countdown banner (%d dark panel and %d gold text pixels)", dark, gold)
	}
	if qrShotTexts[2] != "" {
		t.Errorf("a code was issued while credits are on: %q", qrShotTexts[2])
	}
	if _, err := qrscan.DecodeQR(img.SubImage(image.Rect(qrpanel.QrPanelX, qrpanel.QrPanelY, qrpanel.QrPanelX+qrpanel.QrPanelW, qrpanel.QrPanelY+qrpanel.QrPanelH))); err == nil {
		t.Error("a QR code covers the game")
	}
}

// In attract mode the cash-in code is the card at the right edge: a phone reads it
// there, and the attract mode is neither covered nor dimmed.
func TestQRCardInAttract(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	img := shots.qr[3]
	if dir := os.Getenv("EGM_SHOTS"); dir != "" {
		_ = scene.WritePNG(dir+"/qr-card.png", img)
	}
	text, err := qrscan.DecodeQR(img.SubImage(image.Rect(qrpanel.QrCardX, qrpanel.QrCardY, qrpanel.QrCardX+qrpanel.QrCardW, qrpanel.QrCardY+qrpanel.QrCardH)))
	if err != nil {
		t.Fatal(err)
	}
	if text != qrShotTexts[3] {
		t.Fatalf("the card shows %q, the machine presented %q", text, qrShotTexts[3])
	}
	if s, err := wallet.Parse(text); err != nil || s.Kind != wallet.CashIn {
		t.Fatalf("payload %+v, %v", s, err)
	}
	if _, err := qrscan.DecodeQR(img.SubImage(image.Rect(qrpanel.QrPanelX, qrpanel.QrPanelY, qrpanel.QrPanelX+qrpanel.QrPanelW, qrpanel.QrPanelY+qrpanel.QrPanelH))); err == nil {
		t.Error("a QR code covers the middle of the screen")
	}
	// The first reel: dimmed under the full panel (mean luma about 80), in full
	// light beside the card.
	reel := image.Rect(360, 300, 560, 700)
	if m := meanLuma(shots.qr[0], reel); m >= 130 {
		t.Errorf("the full panel does not dim the game: mean luma %d", m)
	}
	if m := meanLuma(img, reel); m < 130 {
		t.Errorf("the game beside the card is dimmed: mean luma %d", m)
	}
}

// meanLuma is the mean of (R+G+B)/3 over r.
func meanLuma(img *image.RGBA, r image.Rectangle) int {
	sum, n := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			c := img.RGBAAt(x, y)
			sum += (int(c.R) + int(c.G) + int(c.B)) / 3
			n++
		}
	}
	return sum / n
}
