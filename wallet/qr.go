package wallet

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	qrcode "github.com/skip2/go-qrcode"
)

// qrLevel is the error correction of the drawn code: Medium (15%) keeps a payload of
// about 150 characters at a size a phone reads from a cabinet's screen.
const qrLevel = qrcode.Medium

// QRImage draws the payload's text as a QR code of size×size pixels, black on white
// with the quiet zone. Every module is the same whole number of pixels (a scanner
// misreads modules of uneven widths); the white margin takes what is left over.
func QRImage(text string, size int) (*image.Gray, error) {
	q, err := qrcode.New(text, qrLevel)
	if err != nil {
		return nil, fmt.Errorf("wallet: qr: %w", err)
	}
	bm := q.Bitmap() // modules, quiet zone included; true is dark
	n := len(bm)
	if size < n {
		size = n
	}
	scale := size / n
	off := (size - n*scale) / 2
	img := image.NewGray(image.Rect(0, 0, size, size))
	for i := range img.Pix {
		img.Pix[i] = 0xFF
	}
	for y, row := range bm {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range scale {
				p := img.Pix[(off+y*scale+dy)*img.Stride+off+x*scale:]
				for dx := range scale {
					p[dx] = 0
				}
			}
		}
	}
	return img, nil
}

// QRPNG is QRImage as a PNG file.
func QRPNG(text string, size int) ([]byte, error) {
	img, err := QRImage(text, size)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("wallet: qr: %w", err)
	}
	return b.Bytes(), nil
}
