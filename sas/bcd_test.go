package sas

import (
	"bytes"
	"testing"
)

func TestBCD(t *testing.T) {
	tests := []struct {
		v    uint64
		n    int
		want []byte
	}{
		{0, 4, []byte{0, 0, 0, 0}},
		{12345678, 4, []byte{0x12, 0x34, 0x56, 0x78}},
		{1, 5, []byte{0, 0, 0, 0, 1}},
		{100000000, 4, []byte{0, 0, 0, 0}}, // rolls over at 8 digits
		{123456789, 4, []byte{0x23, 0x45, 0x67, 0x89}},
		{9999999999, 5, []byte{0x99, 0x99, 0x99, 0x99, 0x99}},
	}
	for _, tc := range tests {
		got := AppendBCD(nil, tc.v, tc.n)
		if !bytes.Equal(got, tc.want) {
			t.Errorf("AppendBCD(%d, %d) = % X, want % X", tc.v, tc.n, got, tc.want)
		}
		back, err := ParseBCD(got)
		if err != nil || back != tc.v%pow10(2*tc.n) {
			t.Errorf("ParseBCD(% X) = %d, %v", got, back, err)
		}
	}
	for _, bad := range [][]byte{{0x1A}, {0xF0}, make([]byte, 10)} {
		if _, err := ParseBCD(bad); err == nil {
			t.Errorf("ParseBCD(% X) accepted", bad)
		}
	}
}

func pow10(n int) uint64 {
	p := uint64(1)
	for range n {
		p *= 10
	}
	return p
}

func FuzzParseBCD(f *testing.F) {
	f.Add([]byte{0x12, 0x34})
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := ParseBCD(b)
		if err != nil {
			return
		}
		if got := AppendBCD(nil, v, len(b)); !bytes.Equal(got, b) {
			t.Fatalf("% X → %d → % X", b, v, got)
		}
	})
}
