package sound

import (
	"encoding/binary"
	"math"
	"testing"
)

// A cue's WAV has the header a player expects and the cue's samples as int16.
func TestWAV(t *testing.T) {
	w, err := WAV(CoinLock)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := Render(CoinLock)
	le := binary.LittleEndian
	if string(w[0:4]) != "RIFF" || string(w[8:16]) != "WAVEfmt " || string(w[36:40]) != "data" {
		t.Fatalf("header % X", w[:44])
	}
	if le.Uint32(w[4:]) != uint32(len(w)-8) || le.Uint32(w[40:]) != uint32(2*len(s)) || len(w) != 44+2*len(s) {
		t.Errorf("sizes: riff %d data %d, file %d, samples %d", le.Uint32(w[4:]), le.Uint32(w[40:]), len(w), len(s))
	}
	if le.Uint16(w[20:]) != 1 || le.Uint16(w[22:]) != 2 || le.Uint32(w[24:]) != SampleRate || le.Uint16(w[34:]) != 16 {
		t.Errorf("format % X", w[20:36])
	}
	for i := 0; i < len(s); i += 997 {
		got := int16(le.Uint16(w[44+2*i:]))
		if want := int16(math.Round(float64(s[i]) * 32767)); got != want {
			t.Fatalf("sample %d: %d, want %d", i, got, want)
		}
	}
	if _, err := WAV(Cues); err == nil {
		t.Error("WAV of no cue: no error")
	}
}
