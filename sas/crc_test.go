package sas

import (
	"bytes"
	"testing"
)

// Known answers from the project's shared vectors (shared/vectors/README.md).
func TestCRCKnownAnswers(t *testing.T) {
	if c := Checksum([]byte("123456789")); c != 0x2189 {
		t.Fatalf(`CRC("123456789") = %#04x, want 0x2189`, c)
	}
	tests := []struct {
		frame, want []byte
	}{
		{[]byte{0x01, 0x01}, []byte{0x51, 0x08}},
		{[]byte{0x01, 0x02}, []byte{0xCA, 0x3A}},
		{[]byte{0x01, 0x74, 0xFF, 0x00, 0x00, 0x00}, []byte{0x1A, 0xF9}},
	}
	for _, tc := range tests {
		got := AppendCRC(append([]byte(nil), tc.frame...))
		if !bytes.Equal(got[len(tc.frame):], tc.want) {
			t.Errorf("frame % X: CRC bytes % X, want % X", tc.frame, got[len(tc.frame):], tc.want)
		}
		if !CheckCRC(got) {
			t.Errorf("CheckCRC refuses its own frame % X", got)
		}
		got[len(got)-1] ^= 1
		if CheckCRC(got) {
			t.Errorf("CheckCRC accepts a corrupted frame % X", got)
		}
	}
	if CheckCRC([]byte{1, 2}) {
		t.Error("a frame too short for a CRC passed")
	}
}

func TestCRCUpdateIsIncremental(t *testing.T) {
	b := []byte("the quick brown fox")
	if Checksum(b) != Checksum(b[:7]).Update(b[7:]) {
		t.Fatal("Update over two parts differs from one pass")
	}
}
