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
//
// The decoder's finder-pattern detector misses about one code in fifty of the
// machine's own valid codes (measured over random payloads: the same codes zbarimg
// reads), depending on the modules' pattern; the same code turned a quarter turn
// is found. So the image is tried in its four orientations, and last as a bare
// code filling the image (a PNG of the code alone): with those, 0 of 600 random
// payloads were missed (wallet's TestDecodeEveryOrientation keeps the figure honest).
func DecodeQR(img image.Image) (string, error) {
	var first error
	for turn := 0; turn < 4; turn++ {
		text, err := decodeWith(img, gozxing.DecodeHintType_TRY_HARDER)
		if err == nil {
			return text, nil
		}
		if first == nil {
			first = err
		}
		img = quarterTurn(img)
	}
	if text, err := decodeWith(img, gozxing.DecodeHintType_PURE_BARCODE); err == nil {
		return text, nil
	}
	return "", fmt.Errorf("wallet: no QR code found in the image: %w", first)
}

func decodeWith(img image.Image, hint gozxing.DecodeHintType) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]interface{}{hint: true})
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}

// quarterTurn returns img turned 90° clockwise.
func quarterTurn(src image.Image) image.Image {
	b := src.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(b.Max.Y-1-y, x-b.Min.X, src.At(x, y))
		}
	}
	return out
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
