package sas

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
)

func TestEscapedStream(t *testing.T) {
	syms := []Symbol{{0x81, true}, {0x01, true}, {0x1A, false}, {0xFF, false}, {0x00, false}, {0xFF, true}, {0x00, true}}
	var enc []byte
	for _, s := range syms {
		enc = AppendSymbol(enc, s)
	}
	want := []byte{0xFF, 0x00, 0x81, 0xFF, 0x00, 0x01, 0x1A, 0xFF, 0xFF, 0x00, 0xFF, 0x00, 0xFF, 0xFF, 0x00, 0x00}
	if !bytes.Equal(enc, want) {
		t.Fatalf("encoded % X\nwant    % X", enc, want)
	}
	// Decoding must not depend on how the bytes arrive: one at a time here.
	d := NewDecoder(iotest.OneByteReader(bytes.NewReader(enc)))
	for i, w := range syms {
		s, err := d.Next()
		if err != nil || s != w {
			t.Fatalf("symbol %d: %+v %v, want %+v", i, s, err, w)
		}
	}
	if _, err := d.Next(); err != io.EOF {
		t.Fatalf("after the end: %v", err)
	}
}

func TestDecoderLineError(t *testing.T) {
	d := NewDecoder(bytes.NewReader([]byte{0xFF, 0x41, 0x42}))
	s, _ := d.Next()
	if s != (Symbol{B: 0x41}) || d.LineErrors != 1 {
		t.Fatalf("got %+v with %d line errors", s, d.LineErrors)
	}
	if s, _ := d.Next(); s != (Symbol{B: 0x42}) {
		t.Fatalf("after the error: %+v", s)
	}
}

func FuzzDecoder(f *testing.F) {
	f.Add([]byte{0xFF, 0x00, 0x81, 0xFF, 0xFF, 0x12})
	f.Add([]byte{0xFF})
	f.Fuzz(func(t *testing.T, b []byte) {
		d := NewDecoder(bytes.NewReader(b))
		var syms []Symbol
		for {
			s, err := d.Next()
			if err != nil {
				break
			}
			syms = append(syms, s)
		}
		if d.LineErrors > 0 {
			return
		}
		// Without line errors, re-encoding gives the input back (less a trailing
		// unfinished escape).
		var enc []byte
		for _, s := range syms {
			enc = AppendSymbol(enc, s)
		}
		if !bytes.HasPrefix(b, enc) || len(b)-len(enc) > 2 {
			t.Fatalf("% X decoded to %v, re-encoded % X", b, syms, enc)
		}
	})
}
