package wallet

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
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

// DecodeQR finds one QR code in img (a photo, a screenshot of the cabinet) and returns
// its text.
func DecodeQR(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("wallet: qr decode: %w", err)
	}
	hints := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", fmt.Errorf("wallet: no QR code found in the image: %w", err)
	}
	return res.GetText(), nil
}

// DecodePNG decodes a PNG and the QR code in it.
func DecodePNG(r io.Reader) (string, error) {
	img, err := png.Decode(r)
	if err != nil {
		return "", fmt.Errorf("wallet: png: %w", err)
	}
	return DecodeQR(img)
}

// DecodePNGBytes is DecodePNG over bytes.
func DecodePNGBytes(b []byte) (string, error) { return DecodePNG(bytes.NewReader(b)) }
