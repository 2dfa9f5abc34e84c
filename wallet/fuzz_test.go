package wallet

import (
	"bytes"
	"crypto/ed25519"
	"egm/wallet/qrscan"
	"testing"
)

// FuzzDecodePNG: a picture from outside (a phone's photo, a screenshot) never
// panics the decoder; whatever it reads is text the payload parser then judges.
func FuzzDecodePNG(f *testing.F) {
	s, _ := Sign(testKey(1), cashIn())
	good, _ := QRPNG(s, 120)
	f.Add(good)
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 64<<10 {
			return
		}
		text, err := qrscan.DecodePNGBytes(b)
		if err == nil && bytes.Equal(b, good) && text != s {
			t.Fatalf("the good picture read as %q", text)
		}
	})
}

// FuzzParsePublicKey: the floor reads a machine's public key from a file; any
// accepted text is a 32-byte key that prints back the same.
func FuzzParsePublicKey(f *testing.F) {
	f.Add(PublicKeyText(testKey(2).Public().(ed25519.PublicKey)))
	f.Add("ed25519:")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParsePublicKey(s)
		if err != nil {
			return
		}
		if len(k) != ed25519.PublicKeySize {
			t.Fatalf("key of %d bytes", len(k))
		}
		again, err := ParsePublicKey(PublicKeyText(k))
		if err != nil || !again.Equal(k) {
			t.Fatalf("%q does not print back: %v", s, err)
		}
	})
}
