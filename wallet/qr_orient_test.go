package wallet

import (
	"egm/wallet/qrscan"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// TestDecodeEveryOrientation draws 200 payloads of the machine's length — a
// deterministic set, so a failure names its payload — on a dark screen and reads
// each back. Without the quarter turns in DecodeQR about 2% of them are missed.
func TestDecodeEveryOrientation(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	bg := image.NewUniform(color.RGBA{30, 20, 60, 255})
	for i := range n {
		raw := make([]byte, 100)
		for j := range raw {
			raw[j] = byte((i*131 + j*29 + i*j*7) ^ (j >> 1))
		}
		s := "EGM1." + base64.RawURLEncoding.EncodeToString(raw)
		q, err := QRImage(s, 320)
		if err != nil {
			t.Fatal(err)
		}
		scr := image.NewRGBA(image.Rect(0, 0, 500, 450))
		draw.Draw(scr, scr.Bounds(), bg, image.Point{}, draw.Src)
		draw.Draw(scr, image.Rect(90, 60, 410, 380), q, image.Point{}, draw.Src)
		got, err := qrscan.DecodeQR(scr)
		if err != nil || got != s {
			t.Fatalf("payload %d (%s): decoded %q, %v", i, s, got, err)
		}
	}
}
