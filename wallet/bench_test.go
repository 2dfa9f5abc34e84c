package wallet

import (
	"crypto/ed25519"
	"testing"
)

func BenchmarkSign(b *testing.B) {
	k, p := testKey(1), cashOut()
	for b.Loop() {
		if _, err := Sign(k, p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	s, _ := Sign(testKey(1), cashOut())
	for b.Loop() {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	k := testKey(1)
	s, _ := Sign(k, cashOut())
	p, _ := Parse(s)
	pub := k.Public().(ed25519.PublicKey)
	for b.Loop() {
		if err := p.Verify(pub, t0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQRPNG(b *testing.B) {
	s, _ := Sign(testKey(1), cashOut())
	for b.Loop() {
		if _, err := QRPNG(s, 320); err != nil {
			b.Fatal(err)
		}
	}
}
