package main

import (
	"io"
	"testing"
)

// TestJackpotRTP is a short linked-play run (the lab runs `egm lab jackpot-rtp
// --games 30000000`): every mystery award in its window, the levels' accounts
// exact, the measured jackpot return inside its interval around the PAR's.
func TestJackpotRTP(t *testing.T) {
	r, err := jackpotRTP(3, 400_000, 7, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !r.InWindow || !r.Inside || r.Hits[2] == 0 || r.Games != 400_000 {
		t.Fatalf("%+v", r)
	}
	if r.Expected < 0.03 || r.Expected > 0.04 {
		t.Fatalf("PAR jackpot return %.4f", r.Expected)
	}
}
