package wallet

import (
	"egm/wallet/qrscan"
	"image"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestQRRoundTrip(t *testing.T) {
	k := testKey(1)
	for _, p := range []Payload{cashIn(), cashOut()} {
		s, err := Sign(k, p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := QRPNG(s, 320)
		if err != nil {
			t.Fatal(err)
		}
		got, err := qrscan.DecodePNGBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		if got != s {
			t.Fatalf("decoded %q, want %q", got, s)
		}
		if _, err := Parse(got); err != nil {
			t.Fatal(err)
		}
	}
}

// TestQROnScreen: the code drawn into a larger image (as on the cabinet's screen,
// off-centre on a dark background) is still found and read.
func TestQROnScreen(t *testing.T) {
	s, _ := Sign(testKey(1), cashOut())
	q, err := QRImage(s, 256)
	if err != nil {
		t.Fatal(err)
	}
	scr := image.NewRGBA(image.Rect(0, 0, 800, 600))
	draw.Draw(scr, scr.Bounds(), image.NewUniform(image.Black), image.Point{}, draw.Src)
	draw.Draw(scr, q.Bounds().Add(image.Pt(470, 150)), q, image.Point{}, draw.Src)
	got, err := qrscan.DecodeQR(scr)
	if err != nil {
		t.Fatal(err)
	}
	if got != s {
		t.Fatalf("decoded %q", got)
	}
}

// TestQRZbarimg reads the PNG with an independent decoder (zbar-tools).
func TestQRZbarimg(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian zbar-tools)")
	}
	s, _ := Sign(testKey(1), cashIn())
	b, err := QRPNG(s, 320)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "code.png")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(zbar, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path).Output()
	if err != nil {
		t.Fatalf("zbarimg: %v", err)
	}
	if got := strings.TrimRight(string(out), "\n"); got != s {
		t.Fatalf("zbarimg read %q, want %q", got, s)
	}
}
