package qrscan

import (
	"image"
	"strings"
	"testing"
)

// TestDecodeNoQR: a picture with no code and bytes that are no PNG are refused
// with the package's prefix.
func TestDecodeNoQR(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 100, 100))
	if _, err := DecodeQR(img); err == nil || !strings.HasPrefix(err.Error(), "qrscan: ") {
		t.Fatalf("error %v", err)
	}
	if _, err := DecodePNGBytes([]byte("not a png")); err == nil {
		t.Fatal("garbage decoded")
	}
}
